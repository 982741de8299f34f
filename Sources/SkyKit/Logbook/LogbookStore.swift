import FoundationEssentials
import Glibc

/// A flight field the logbook can count its flights by.
public enum FlightGroupKey: String, Sendable, Equatable, CaseIterable {
    case airline, aircraft, origin, destination, year

    var sql: String { self == .year ? "substr(f.date, 1, 4)" : "f." + rawValue }
}

/// Which flights a listing or count covers.
public struct FlightFilter: Sendable, Equatable {
    public var year: Int?
    /// Airline codes as stored (ICAO or IATA): a flight matches when its airline is any of
    /// them (every spelling of every airline a code names); nil: any airline.
    public var airlines: [String]?
    /// ICAO code of an airport at either end.
    public var airport: String?
    public var limit: Int?
    /// Conditions on the route's length, done with the lengths the logbook keeps (`routes`):
    /// a flight whose route has no length (an airport the catalog does not know) matches none.
    public var distances: [RouteCondition] = []
    /// Listed by the route's length (true: the longest first) instead of the list's order;
    /// flights of one length stay in the list's order, and a route with no length sorts as
    /// smaller than any (last when the longest come first).
    public var byDistance: Bool?

    /// `distance > 5000km`: the route's length compared with `meters` as the stored kilometres
    /// times 1,000 (the same product a `where` stage compares).
    public struct RouteCondition: Sendable, Equatable {
        public enum Comparison: String, Sendable { case lt = "<", le = "<=", gt = ">", ge = ">=" }
        public var comparison: Comparison
        public var meters: Double
        public init(_ comparison: Comparison, meters: Double) {
            self.comparison = comparison
            self.meters = meters
        }
    }

    public init(year: Int? = nil, airlines: [String]? = nil, airport: String? = nil, limit: Int? = nil) {
        self.year = year
        self.airlines = airlines
        self.airport = airport
        self.limit = limit
    }
}

/// The logbooks in one SQLite file: WAL journal, foreign keys, a busy timeout so concurrent
/// shells queue instead of failing, every write in one transaction. It never repairs or
/// replaces a damaged file, and never touches the network.
public final class LogbookStore {
    public let db: SQLiteDatabase
    public var path: String { db.path }
    /// Today's date where the user is: flights may be dated up to a year after it.
    public var today: () -> FlightDate = { CivilTime(Date().timeIntervalSince1970).date }
    /// The current time (Unix seconds), for the records the store keeps.
    public var now: () -> Double = { Date().timeIntervalSince1970 }

    /// Refuses a flight that breaks a rule of the logbook (`Flight.violation`).
    func check(_ flight: Flight, today: FlightDate? = nil) throws {
        if let violation = flight.violation(today: today ?? self.today()) { throw StoreError(.invalid, violation) }
    }

    /// Opens or creates the store at `path`. `maxPages` caps the file size (a test of a full
    /// disk); `schemaVersion` stops migrations early (a test of upgrades).
    public init(path: String, maxPages: Int? = nil, schemaVersion: Int? = nil) throws {
        let schemaVersion = schemaVersion ?? Schema.current
        db = try Self.open(path)
        if !db.isReadOnly {
            // Switching to WAL needs a moment alone with the file; another shell creating the
            // same database may hold it, and this pragma does not wait by itself.
            try Self.retryWhileBusy { try db.execute("PRAGMA journal_mode = WAL") }
            try db.execute("PRAGMA synchronous = NORMAL")
        }
        // Reads go through a memory map instead of a pread() per page.
        try db.execute("PRAGMA mmap_size = 268435456")
        if let maxPages { try db.execute("PRAGMA max_page_count = \(maxPages)") }
        if try db.userVersion() < schemaVersion, db.isReadOnly {
            throw StoreError(.readOnly, "\(path) cannot be written, and it needs an upgrade")
        }
        // Upgrades rebuild tables, which needs foreign keys off (a pragma that a transaction
        // ignores): on only once the schema is current.
        try db.execute("PRAGMA foreign_keys = OFF")
        try Schema.migrate(db, to: schemaVersion)
        try db.execute("PRAGMA foreign_keys = ON")
    }

    /// The connection: read-write, or — when the file or its folder cannot be written — read
    /// only, so that listing and exporting still work.
    static func open(_ path: String) throws -> SQLiteDatabase {
        func connect(immutable: Bool) throws -> SQLiteDatabase {
            let db = try SQLiteDatabase(path: path, immutable: immutable)
            // Wait for other shells instead of failing: set before anything touches the file.
            try db.execute("PRAGMA busy_timeout = 10000")
            // Reading the schema version first detects a file that is not a database at all.
            _ = try db.userVersion()
            return db
        }
        do {
            return try connect(immutable: false)
        } catch let error as StoreError where error.kind == .readOnly {
            var info = stat()
            guard stat(path, &info) == 0, info.st_size > 0 else { throw error }
            return try connect(immutable: true)
        }
    }

    /// Runs `body` again while it fails with "busy", for up to ten seconds.
    static func retryWhileBusy(_ body: () throws -> Void) throws {
        let deadline = Date().addingTimeInterval(10)
        while true {
            do {
                return try body()
            } catch let error as StoreError where error.kind == .busy && Date() < deadline {
                usleep(5000)
            }
        }
    }

    public var schemaVersion: Int { (try? db.userVersion()) ?? 0 }

    /// The schema version this build writes.
    public static var currentSchemaVersion: Int { Schema.current }

    // MARK: - Logbooks

    /// Every logbook with its number of flights, by name.
    public func logbooks() throws -> [(name: String, flights: Int)] {
        let s = try db.statement("SELECT l.name, COUNT(f.id) FROM logbooks l LEFT JOIN flights f ON f.logbook_id = l.id GROUP BY l.id ORDER BY l.name")
        var result: [(String, Int)] = []
        while try s.step() { result.append((s.text(0) ?? "", Int(s.int(1)))) }
        return result
    }

    /// The names of every logbook, alphabetically (no counting: cheap on any size).
    public func logbookNames() throws -> [String] {
        let s = try db.statement("SELECT name FROM logbooks ORDER BY name")
        var result: [String] = []
        while try s.step() { result.append(s.text(0) ?? "") }
        return result
    }

    /// The id of the logbook called `name`, creating it when `create` is set.
    public func logbookID(_ name: String, create: Bool) throws -> Int64? {
        if let id = try db.statement("SELECT id FROM logbooks WHERE name = ?").bind([.text(name)]).first({ $0.int(0) }) { return id }
        guard create else { return nil }
        try db.statement("INSERT INTO logbooks (name, created) VALUES (?, ?)").bind([.text(name), .text(timestamp())]).run()
        return db.lastInsertRowID
    }

    /// Creates an empty logbook; fails when the name is taken.
    public func createLogbook(_ name: String) throws {
        try db.writeTransaction {
            if try logbookID(name, create: false) != nil { throw StoreError(.invalid, "a logbook called \(name) already exists") }
            _ = try logbookID(name, create: true)
        }
    }

    public func renameLogbook(_ name: String, to newName: String) throws {
        try db.writeTransaction {
            guard try logbookID(name, create: false) != nil else { throw StoreError(.invalid, "there is no logbook called \(name)") }
            if try logbookID(newName, create: false) != nil { throw StoreError(.invalid, "a logbook called \(newName) already exists") }
            try db.statement("UPDATE logbooks SET name = ? WHERE name = ?").bind([.text(newName), .text(name)]).run()
        }
    }

    /// Deletes a logbook and its flights; returns how many flights went with it.
    @discardableResult
    public func removeLogbook(_ name: String) throws -> Int {
        try db.writeTransaction {
            guard let id = try logbookID(name, create: false) else { throw StoreError(.invalid, "there is no logbook called \(name)") }
            let count = try flightCount(logbookID: id)
            try db.statement("DELETE FROM logbooks WHERE id = ?").bind([.integer(id)]).run()
            return count
        }
    }

    /// Deletes every flight of a logbook; returns how many.
    @discardableResult
    public func clear(_ name: String) throws -> Int {
        try db.writeTransaction {
            guard let id = try logbookID(name, create: false) else { return 0 }
            try db.statement("DELETE FROM flights WHERE logbook_id = ?").bind([.integer(id)]).run()
            return db.changes
        }
    }

    // MARK: - Flights

    static let columns = """
        f.id, f.number, f.origin, f.destination, f.airline, f.aircraft, f.date, f.class, f.row, f.seat_position, f.seat_letter, \
        f.flight_number, f.registration, f.notes, f.departure_time, f.arrival_time, f.arrival_date, f.duration, f.reason, f.trip, \
        f.distance, (SELECT group_concat(event, ',') FROM (SELECT event FROM flight_events e WHERE e.flight_id = f.id ORDER BY event))
        """

    /// Adds one flight to a logbook (created when missing); returns it with its id and number.
    @discardableResult
    /// A `duplicate` is a flight kept although the logbook had it: badges pass it by.
    public func add(_ flight: Flight, to logbook: String, duplicate: Bool = false) throws -> Flight {
        try check(flight)
        return try db.writeTransaction {
            let id = try logbookID(logbook, create: true)!
            var saved = flight
            saved.number = try nextNumber(logbookID: id)
            saved.id = try insert(saved, number: saved.number!, logbookID: id, duplicate: duplicate)
            try setNextNumber(saved.number! + 1, logbookID: id)
            return saved
        }
    }

    /// Where a batch of flights comes from: the file recorded as one import (`logbook imports`,
    /// `logbook import undo`), and which of its flights repeat ones the logbook had.
    public struct ImportSource: Sendable {
        public var file: String
        public var format: String
        /// Flights kept although the logbook had them (`--keep-duplicates`): badges pass them by.
        public var duplicates: Set<Int>
        /// Leave out the flights the logbook has when the batch is written (another shell may
        /// have added them since the file was read): checked under the write lock.
        public var skipExisting: Bool
        public init(file: String, format: String, duplicates: Set<Int> = [], skipExisting: Bool = false) {
            self.file = file
            self.format = format
            self.duplicates = duplicates
            self.skipExisting = skipExisting
        }
    }

    /// What a batch wrote: its import's id (with a source), the flights added, and those left
    /// out because the logbook had them when the batch was written.
    public struct BatchResult: Sendable, Equatable {
        public var importID: Int64?
        public var added: Int
        public var alreadyThere: Int
        public init(importID: Int64?, added: Int, alreadyThere: Int) {
            self.importID = importID
            self.added = added
            self.alreadyThere = alreadyThere
        }
    }

    /// Adds flights in one transaction: all or none. `progress` is told every 1,000 flights
    /// and may return false to cancel (nothing is saved then). With a `source`, the batch is
    /// recorded as an import (unless nothing is left to add).
    @discardableResult
    public func add(_ flights: [Flight], to logbook: String, source: ImportSource? = nil, progress: ((Int) -> Bool)? = nil) throws -> BatchResult {
        let today = today()
        for flight in flights { try check(flight, today: today) }
        // A page cache that holds what the import writes (about 100 bytes a flight, with the
        // index) keeps SQLite from spilling pages to the WAL and reading them back before the
        // commit.
        try db.execute("PRAGMA cache_size = -\(max(2000, flights.count / 6))")
        // No foreign-key lookups per row (a tenth of SQLite's work for each flight): every
        // reference the batch makes is to a row this transaction writes or finds first (the
        // logbook, the import, the flights its events name). The pragma is outside the
        // transaction, where SQLite takes it, and back on before anything else runs.
        try db.execute("PRAGMA foreign_keys = OFF")
        defer {
            try? db.execute("PRAGMA foreign_keys = ON")
            try? db.execute("PRAGMA cache_size = -2000")
        }
        let result: BatchResult = try db.writeTransaction {
            let id = try logbookID(logbook, create: true)!
            let order = try insertionOrder(flights, logbookID: id, skipExisting: source?.skipExisting == true)
            let alreadyThere = flights.count - order.count
            guard !order.isEmpty else { return BatchResult(importID: nil, added: 0, alreadyThere: alreadyThere) }
            var importID: Int64?
            if let source {
                let duplicates = order.count { source.duplicates.contains($0) }
                try db.statement("INSERT INTO imports (logbook_id, file, format, time, flights, duplicates) VALUES (?, ?, ?, ?, ?, ?)")
                    .bind([.integer(id), .text(source.file), .text(source.format), .text(timestamp()), .of(order.count), .of(duplicates)])
                    .run()
                importID = db.lastInsertRowID
            }
            let first = try nextNumber(logbookID: id)
            try listingRoutesOnce(of: order.lazy.map { flights[$0] }) {
                try insertRows(order, of: flights, numberedFrom: first, logbookID: id, importID: importID, duplicates: source?.duplicates, progress: progress)
            }
            try setNextNumber(first + order.count, logbookID: id)
            return BatchResult(importID: importID, added: order.count, alreadyThere: alreadyThere)
        }
        // After a large import, move the pages into the database file now (best effort: another
        // reader may hold the WAL): reads that follow then map the file instead of searching
        // and copying WAL frames.
        if result.added >= 10_000 { try? db.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        return result
    }

    /// Writes `flights[order[k]]` numbered `first + k`, many rows to a statement (one start and
    /// finish of the statement for all), with their events; `progress` is told every 1,000 and
    /// may return false to cancel.
    private func insertRows(
        _ order: [Int], of flights: [Flight], numberedFrom first: Int, logbookID id: Int64, importID: Int64?, duplicates: Set<Int>?,
        progress: ((Int) -> Bool)?
    ) throws {
        var start = 0
        while start < order.count {
            let rows = order.count - start >= Self.rowsPerInsert ? Self.rowsPerInsert : 1
            let s = try insertStatement(rows: rows)
            s.rewindForRebinding()
            for r in 0..<rows {
                let n = order[start + r]
                bind(flights[n], number: first + start + r, logbookID: id, importID: importID, duplicate: duplicates?.contains(n) == true, to: s, row: r)
            }
            try s.run()
            for r in 0..<rows where !flights[order[start + r]].events.isEmpty {
                try insertEvents(flights[order[start + r]].events, logbookID: id, number: first + start + r)
            }
            if (start + rows) / 1000 > start / 1000, let progress, !progress((start + rows) / 1000 * 1000) { throw CancellationError() }
            start += rows
        }
    }

    /// The positions of the flights a batch writes, in the order of their dates (file order
    /// within a date): numbers then count up through time, and the date index grows at its end
    /// instead of everywhere. Sorted as plain integers (the date's digits above the position) so
    /// the sort never copies a Flight: comparing flights[i].date in the sort's closure did,
    /// millions of times for a large import. With `skipExisting`, the flights the logbook has
    /// now (read inside the write transaction) are left out.
    func insertionOrder(_ flights: [Flight], logbookID: Int64, skipExisting: Bool) throws -> [Int] {
        let existing = skipExisting ? try duplicateIndex(logbookID: logbookID) : DuplicateIndex()
        var keys: [Int] = []
        keys.reserveCapacity(flights.count)
        for i in flights.indices where existing.count == 0 || !existing.contains(flights[i]) {
            let d = flights[i].date
            // Years are 1...9999 (FlightDate's range), months and days two digits: 27 bits.
            keys.append((min(max(d.year, 0), 9_999) * 10_000 + min(max(d.month, 0), 99) * 100 + min(max(d.day, 0), 99)) << 36 | i)
        }
        keys.sort()
        return keys.map { $0 & (1 << 36 - 1) }
    }

    func nextNumber(logbookID: Int64) throws -> Int {
        Int(try db.statement("SELECT next_number FROM logbooks WHERE id = ?").bind([.integer(logbookID)]).first { $0.int(0) } ?? 1)
    }

    func setNextNumber(_ number: Int, logbookID: Int64) throws {
        try db.statement("UPDATE logbooks SET next_number = ? WHERE id = ?").bind([.of(number), .integer(logbookID)]).run()
    }

    /// Flights an import inserts with one statement.
    static let rowsPerInsert = 64
    /// A flight's own columns, in the order `bindFields` binds them.
    static let fieldColumns = [
        "origin", "destination", "airline", "aircraft", "date", "class", "row", "seat_position", "seat_letter", "flight_number", "registration",
        "notes", "departure_time", "arrival_time", "arrival_date", "duration", "reason", "trip", "distance",
    ]
    /// The columns a flight is inserted with: `bind` binds them in this order.
    static let insertColumns = "logbook_id, number, " + fieldColumns.joined(separator: ", ") + ", import_id, duplicate"
    static let insertColumnCount = fieldColumns.count + 4
    /// The inserts of one flight and of `rowsPerInsert`, prepared once (imports run them for every row).
    var insertStatements: [Int: SQLiteStatement] = [:]

    func insertStatement(rows: Int) throws -> SQLiteStatement {
        if let prepared = insertStatements[rows] { return prepared }
        let row = "(" + Array(repeating: "?", count: Self.insertColumnCount).joined(separator: ", ") + ")"
        // OR FAIL: a row that breaks a CHECK ends the import, whose transaction is rolled back
        // whole, so SQLite need not open a statement journal for every statement.
        let statement = try db.statement(
            "INSERT OR FAIL INTO flights (\(Self.insertColumns)) VALUES " + Array(repeating: row, count: rows).joined(separator: ", "))
        insertStatements[rows] = statement
        return statement
    }

    /// Inserts `f` as flight `number` of the logbook; returns its id.
    func insert(_ f: Flight, number: Int, logbookID: Int64, duplicate: Bool = false) throws -> Int64 {
        let s = try insertStatement(rows: 1)
        s.rewindForRebinding()
        bind(f, number: number, logbookID: logbookID, importID: nil, duplicate: duplicate, to: s, row: 0)
        try s.run()
        let id = db.lastInsertRowID
        if !f.events.isEmpty { try insertEvents(f.events, logbookID: logbookID, number: number) }
        return id
    }

    /// Binds every column of row `row` of an insert (`insertColumns`).
    func bind(_ f: Flight, number: Int, logbookID: Int64, importID: Int64?, duplicate: Bool, to s: SQLiteStatement, row: Int) {
        let b = Int32(row * Self.insertColumnCount)
        s.bind(b + 1, logbookID)
        s.bind(b + 2, Int64(number))
        bindFields(f, to: s, after: b + 2)
        s.bind(b + 3 + Int32(Self.fieldColumns.count), importID)
        s.bind(b + 4 + Int32(Self.fieldColumns.count), Int64(duplicate ? 1 : 0))
    }

    /// Binds the flight's own columns (`fieldColumns`) to the parameters after `b`, the texts in
    /// place (an import binds a hundred thousand rows).
    func bindFields(_ f: Flight, to s: SQLiteStatement, after b: Int32) {
        s.bindInPlace(b + 1, f.origin); s.bindInPlace(b + 2, f.destination); s.bindInPlace(b + 3, f.airline); s.bindInPlace(b + 4, f.aircraft)
        s.bindInPlace(b + 5, f.date.description); s.bindInPlace(b + 6, f.cabinClass?.rawValue); s.bind(b + 7, f.row.map(Int64.init))
        s.bindInPlace(b + 8, f.seatPosition?.rawValue); s.bindInPlace(b + 9, f.seatLetter); s.bindInPlace(b + 10, f.flightNumber)
        s.bindInPlace(b + 11, f.registration); s.bindInPlace(b + 12, f.notes); s.bindInPlace(b + 13, f.departureTime?.description)
        s.bindInPlace(b + 14, f.arrivalTime?.description); s.bindInPlace(b + 15, f.arrivalDate?.description)
        s.bind(b + 16, f.duration.map(Int64.init)); s.bindInPlace(b + 17, f.reason?.rawValue); s.bindInPlace(b + 18, f.trip)
        s.bind(b + 19, f.recordedDistance.map { SQLiteValue.real($0.kilometers) })
    }

    /// Adds events to flight `number` of a logbook.
    func insertEvents(_ events: [FlightEvent], logbookID: Int64, number: Int) throws {
        let id = try db.statement("SELECT id FROM flights WHERE logbook_id = ? AND number = ?").bind([.integer(logbookID), .of(number)]).first { $0.int(0) }
        guard let id else { throw StoreError(.other, "flight \(number) was not saved") }
        try insertEvents(events, flightID: id)
    }

    func insertEvents(_ events: [FlightEvent], flightID: Int64) throws {
        for event in events {
            try db.statement("INSERT OR IGNORE INTO flight_events (flight_id, event) VALUES (?, ?)").bind([.integer(flightID), .text(event.rawValue)]).run()
        }
    }

    /// Replaces a saved flight's fields (it keeps its id, number and logbook).
    public func update(_ flight: Flight) throws {
        guard let id = flight.id else { throw StoreError(.invalid, "the flight has no id") }
        try check(flight)
        try db.writeTransaction {
            // Marked as changed by hand: an undo of its import keeps it.
            let s = try db.statement("UPDATE flights SET " + Self.fieldColumns.map { "\($0) = ?" }.joined(separator: ", ") + ", edited = 1 WHERE id = ?")
            bindFields(flight, to: s, after: 0)
            s.bind(Int32(Self.fieldColumns.count + 1), id)
            try s.run()
            try db.statement("DELETE FROM flight_events WHERE flight_id = ?").bind([.integer(id)]).run()
            try insertEvents(flight.events, flightID: id)
        }
    }

    /// Deletes flight number `number` of `logbook`; false when it has no such flight. The
    /// number is not given to another flight.
    @discardableResult
    public func delete(number: Int, from logbook: String) throws -> Bool {
        try db.writeTransaction {
            guard let logbookID = try logbookID(logbook, create: false) else { return false }
            try db.statement("DELETE FROM flights WHERE number = ? AND logbook_id = ?").bind([.of(number), .integer(logbookID)]).run()
            return db.changes == 1
        }
    }

    /// Flight number `number` of `logbook`.
    public func flight(number: Int, in logbook: String) throws -> Flight? {
        guard let logbookID = try logbookID(logbook, create: false) else { return nil }
        return try db.statement("SELECT \(Self.columns) FROM flights f WHERE f.number = ? AND f.logbook_id = ?")
            .bind([.of(number), .integer(logbookID)]).first(Self.flight)
    }

    /// Flights of a logbook matching `filter`, newest first, read one at a time. `listed`: only
    /// the fields a list shows (number, route, airline, aircraft, date), the others left empty.
    public func flights(in logbook: String, _ filter: FlightFilter = FlightFilter(), listed: Bool = false) throws -> FlightCursor {
        guard let id = try logbookID(logbook, create: false) else { return FlightCursor(statement: nil) }
        let (clause, params) = where_(filter, logbookID: id)
        let limit = filter.limit.map { " LIMIT \($0)" } ?? ""
        let order = filter.byDistance.map { "r.km \($0 ? "DESC" : "ASC"), " } ?? ""
        // Not the statement cache: a cursor may still be open when another query runs.
        var raw: OpaquePointer?
        let sql = "SELECT \(listed ? Self.listedColumns : Self.columns) FROM flights f \(clause) ORDER BY \(order)f.date DESC, f.number DESC\(limit)"
        _ = sql.withCString { sqlite3_prepare_v2_shim(db, $0, &raw) }
        guard let raw else { throw StoreError(.other, "cannot list flights") }
        let decode: (SQLiteStatement) -> Flight = listed ? { Self.listedFlight($0) } : { Self.flight($0) }
        return FlightCursor(statement: SQLiteStatement(raw, database: db).bind(params), decode: decode)
    }

    /// The columns of `listedFlight`: the first seven of `columns`.
    static let listedColumns = "f.id, f.number, f.origin, f.destination, f.airline, f.aircraft, f.date"

    /// A flight with the fields of `listedColumns`.
    static func listedFlight(_ s: SQLiteStatement) -> Flight {
        Flight(
            id: s.int(0), number: Int(s.int(1)), origin: s.text(2) ?? "", destination: s.text(3) ?? "", airline: s.text(4), aircraft: s.text(5),
            date: s.text(6).flatMap(FlightDate.init(text:)) ?? FlightDate(daysSinceEpoch: 0))
    }

    /// How many flights of a logbook match `filter`.
    public func count(in logbook: String, _ filter: FlightFilter = FlightFilter()) throws -> Int {
        guard let id = try logbookID(logbook, create: false) else { return 0 }
        let (clause, params) = where_(filter, logbookID: id)
        return try db.statement("SELECT COUNT(*) FROM flights f \(clause)").bind(params).first { Int($0.int(0)) } ?? 0
    }

    /// How many flights of a logbook match `filter`, counted by the values of `keys` as stored:
    /// per group, a flight holding the group's values (its other fields empty) and the count, in
    /// no particular order. A year is the first four characters of the date.
    public func flightGroups(in logbook: String, _ filter: FlightFilter, by keys: [FlightGroupKey]) throws -> [(sample: Flight, count: Int)] {
        guard let id = try logbookID(logbook, create: false) else { return [] }
        let (clause, params) = where_(filter, logbookID: id)
        let columns = keys.map(\.sql).joined(separator: ", ")
        let s = try db.statement(
            "SELECT \(columns), COUNT(*) FROM flights f \(clause) GROUP BY \(columns)"
        ).bind(params)
        var groups: [(Flight, Int)] = []
        while try s.step() {
            var f = Flight(origin: "", destination: "", date: FlightDate(daysSinceEpoch: 0))
            for (n, key) in keys.enumerated() {
                let value = s.text(Int32(n))
                switch key {
                case .airline: f.airline = value
                case .aircraft: f.aircraft = value
                case .origin: f.origin = value ?? ""
                case .destination: f.destination = value ?? ""
                case .year: f.date = value.flatMap(FlightDate.init(text:)) ?? f.date
                }
            }
            groups.append((f, Int(s.int(Int32(keys.count)))))
        }
        return groups
    }

    func flightCount(logbookID: Int64) throws -> Int {
        try db.statement("SELECT COUNT(*) FROM flights WHERE logbook_id = ?").bind([.integer(logbookID)]).first { Int($0.int(0)) } ?? 0
    }

    /// The SQL condition of a filter (with the join to the route lengths when it has a distance
    /// condition), to follow `FROM flights f`. A year matches its partial dates too ("2006",
    /// "2006-02"), which sort between "2006" and "2007" like its whole ones.
    func where_(_ filter: FlightFilter, logbookID: Int64) -> (String, [SQLiteValue?]) {
        var clauses = ["f.logbook_id = ?"]
        var params: [SQLiteValue?] = [.integer(logbookID)]
        if let year = filter.year {
            clauses.append("f.date >= ? AND f.date < ?")
            params += [.text(FlightDate.digits(year, 4)), .text(FlightDate.digits(year + 1, 4))]
        }
        if let airlines = filter.airlines {
            clauses.append("f.airline IN (" + Array(repeating: "?", count: airlines.count).joined(separator: ", ") + ")")
            params += airlines.map { .text($0) }
        }
        if let airport = filter.airport {
            clauses.append("(f.origin = ? OR f.destination = ?)")
            params += [.text(airport), .text(airport)]
        }
        for condition in filter.distances {
            clauses.append("r.km * 1000.0 \(condition.comparison.rawValue) ?")
            params.append(.real(condition.meters))
        }
        let join = filter.distances.isEmpty && filter.byDistance == nil ? "" : "JOIN routes r ON r.origin = f.origin AND r.destination = f.destination "
        return (join + "WHERE " + clauses.joined(separator: " AND "), params)
    }

    static func flight(_ s: SQLiteStatement) -> Flight {
        var f = listedFlight(s)
        f.cabinClass = s.text(7).flatMap(CabinClass.init(rawValue:))
        f.row = s.optionalInt(8).map(Int.init)
        f.seatPosition = s.text(9).flatMap(SeatPosition.init(rawValue:))
        f.seatLetter = s.text(10)
        f.flightNumber = s.text(11)
        f.registration = s.text(12)
        f.notes = s.text(13)
        f.events = (s.text(21) ?? "").split(separator: ",").compactMap { FlightEvent(rawValue: String($0)) }
        f.departureTime = s.text(14).flatMap(ClockTime.init(text:))
        f.arrivalTime = s.text(15).flatMap(ClockTime.init(text:))
        f.arrivalDate = s.text(16).flatMap(FlightDate.init(text:))
        f.duration = s.optionalInt(17).map(Int.init)
        f.reason = s.text(18).flatMap(FlightReason.init(rawValue:))
        f.trip = s.text(19)
        f.recordedDistance = s.isNull(20) ? nil : Distance(meters: s.double(20) * 1000)
        return f
    }

    /// The ids of a logbook's flights that came from a file of `format` with a trip (an
    /// OpenFlights trip id is OpenFlights' own: only such a trip goes back into its Trip column).
    public func flightIDsWithTrips(importedAs format: FlightFileFormat, in logbook: String) throws -> Set<Int64> {
        guard let id = try logbookID(logbook, create: false) else { return [] }
        let s = try db.statement(
            "SELECT f.id FROM flights f JOIN imports i ON i.id = f.import_id WHERE f.logbook_id = ? AND i.format = ? AND f.trip IS NOT NULL"
        ).bind([.integer(id), .text(format.rawValue)])
        var ids = Set<Int64>()
        while try s.step() { ids.insert(s.int(0)) }
        return ids
    }

    /// The flights of a logbook as a `DuplicateIndex`, in one scan.
    /// The flight of `logbook` that `flight` repeats, by the rule imports use (the same date
    /// and route, and the same number when both have one) and in the same seat (two people of
    /// one party log one flight each); nil when it is new.
    public func repeated(_ flight: Flight, in logbook: String) throws -> Flight? {
        try flights(in: logbook, FlightFilter(year: flight.date.year, airport: flight.origin)).first { f in
            guard f.row == flight.row, f.seatLetter == flight.seatLetter, f.seatPosition == flight.seatPosition else { return false }
            var logged = DuplicateIndex()
            logged.insert(f)
            return logged.contains(flight)
        }
    }

    public func duplicateIndex(in logbook: String) throws -> DuplicateIndex {
        guard let id = try logbookID(logbook, create: false) else { return DuplicateIndex() }
        return try duplicateIndex(logbookID: id)
    }

    func duplicateIndex(logbookID id: Int64) throws -> DuplicateIndex {
        var index = DuplicateIndex()
        let s = try db.statement("SELECT date, origin, destination, flight_number FROM flights WHERE +logbook_id = ?").bind([.integer(id)])
        while try s.step() {
            let date = s.compactDate(0)
            index.insert(DuplicateIndex.routeDay(date: date, origin: s.packedCode(1) ?? 0, destination: s.packedCode(2) ?? 0), number: s.packedCode(3))
        }
        return index
    }

    // MARK: - Imports

    /// One import into a logbook.
    public struct ImportRecord: Sendable, Equatable {
        public var id: Int64
        public var file: String
        public var format: String
        /// When it was made (ISO 8601, UTC).
        public var time: String
        public var flights: Int
        public var duplicates: Int
        /// When it was undone, if it was.
        public var undone: String?
    }

    /// The imports into `logbook`, oldest first.
    public func imports(in logbook: String) throws -> [ImportRecord] {
        guard let id = try logbookID(logbook, create: false) else { return [] }
        let s = try db.statement("SELECT id, file, format, time, flights, duplicates, undone FROM imports WHERE logbook_id = ? ORDER BY id").bind([.integer(id)]
        )
        var records: [ImportRecord] = []
        while try s.step() {
            records.append(
                ImportRecord(
                    id: s.int(0), file: s.text(1) ?? "", format: s.text(2) ?? "", time: s.text(3) ?? "", flights: Int(s.int(4)),
                    duplicates: Int(s.int(5)), undone: s.text(6)))
        }
        return records
    }

    /// What an undo did: the flights it removed, and those it kept because they were changed
    /// by hand since the import.
    public struct Undone: Sendable, Equatable {
        public var removed: Int
        public var keptEdited: Int
        public init(removed: Int, keptEdited: Int) {
            self.removed = removed
            self.keptEdited = keptEdited
        }
    }

    /// Removes the flights import `id` of `logbook` added (those still there and not changed by
    /// hand since) and marks it undone.
    @discardableResult
    public func undoImport(_ importID: Int64, in logbook: String) throws -> Undone {
        try db.writeTransaction {
            guard let id = try logbookID(logbook, create: false),
                let undone = try db.statement("SELECT undone FROM imports WHERE id = ? AND logbook_id = ?").bind([.integer(importID), .integer(id)])
                    .first({ $0.text(0) })
            else { throw StoreError(.invalid, "logbook \(logbook) has no import #\(importID)") }
            if let undone { throw StoreError(.invalid, "import #\(importID) was already undone (\(undone))") }
            try db.statement("DELETE FROM flights WHERE import_id = ? AND logbook_id = ? AND edited = 0").bind([.integer(importID), .integer(id)]).run()
            let removed = db.changes
            let kept =
                try db.statement("SELECT count(*) FROM flights WHERE import_id = ? AND logbook_id = ?").bind([.integer(importID), .integer(id)])
                .first { Int($0.int(0)) } ?? 0
            try db.statement("UPDATE imports SET undone = ? WHERE id = ?").bind([.text(timestamp()), .integer(importID)]).run()
            return Undone(removed: removed, keptEdited: kept)
        }
    }

    // MARK: - Favourite airlines

    public func favoriteAirlines() throws -> [String] {
        let s = try db.statement("SELECT airline FROM favorite_airlines ORDER BY airline")
        var result: [String] = []
        while try s.step() { if let code = s.text(0) { result.append(code) } }
        return result
    }

    public func setFavorite(_ airline: String, _ favorite: Bool) throws {
        try db.writeTransaction {
            let sql = favorite ? "INSERT OR IGNORE INTO favorite_airlines (airline) VALUES (?)" : "DELETE FROM favorite_airlines WHERE airline = ?"
            try db.statement(sql).bind([.text(airline)]).run()
        }
    }

    // MARK: - Maintenance

    /// SQLite's integrity check: ["ok"] for a sound file, else the problems found.
    public func integrityCheck() throws -> [String] {
        let s = try db.statement("PRAGMA integrity_check")
        var lines: [String] = []
        while try s.step() { lines.append(s.text(0) ?? "") }
        let fk = try db.statement("PRAGMA foreign_key_check")
        while try fk.step() { lines.append("foreign key problem in \(fk.text(0) ?? "?") row \(fk.int(1))") }
        return lines.count > 1 && lines.first == "ok" ? Array(lines.dropFirst()) : lines
    }

    /// The current time for the records the store keeps (when a logbook was made, an import).
    func timestamp() -> String { CivilTime(now()).iso }
}

/// Flights read one at a time from an open query.
public final class FlightCursor: Sequence, IteratorProtocol {
    let statement: SQLiteStatement?
    let decode: (SQLiteStatement) -> Flight
    public private(set) var failure: StoreError?

    init(statement: SQLiteStatement?, decode: @escaping (SQLiteStatement) -> Flight = { LogbookStore.flight($0) }) {
        self.statement = statement
        self.decode = decode
    }

    public func next() -> Flight? {
        guard let statement, failure == nil else { return nil }
        do {
            return try statement.step() ? decode(statement) : nil
        } catch {
            failure = error
            return nil
        }
    }
}
