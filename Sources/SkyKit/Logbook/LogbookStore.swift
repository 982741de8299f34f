import Foundation

/// Which flights a listing or count covers.
public struct FlightFilter: Sendable, Equatable {
    public var year: Int?
    /// Airline code as stored (ICAO or IATA).
    public var airline: String?
    /// ICAO code of an airport at either end.
    public var airport: String?
    public var limit: Int?
    public init(year: Int? = nil, airline: String? = nil, airport: String? = nil, limit: Int? = nil) {
        self.year = year
        self.airline = airline
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

    /// Refuses a flight that breaks a rule of the logbook (`Flight.violation`).
    func check(_ flight: Flight) throws {
        if let violation = flight.violation(today: today()) { throw StoreError(.invalid, violation) }
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
        try db.execute("PRAGMA foreign_keys = ON")
        // Reads go through a memory map instead of a pread() per page.
        try db.execute("PRAGMA mmap_size = 268435456")
        if let maxPages { try db.execute("PRAGMA max_page_count = \(maxPages)") }
        if try db.userVersion() < schemaVersion, db.isReadOnly {
            throw StoreError(.readOnly, "\(path) cannot be written, and it needs an upgrade")
        }
        try Schema.migrate(db, to: schemaVersion)
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
        try db.statement("INSERT INTO logbooks (name, created) VALUES (?, ?)").bind([.text(name), .text(Self.timestamp())]).run()
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

    static let columns =
        "f.id, f.origin, f.destination, f.airline, f.aircraft, f.date, f.class, f.row, f.seat_position, f.seat_letter, f.flight_number, f.registration, f.notes, (SELECT group_concat(event, ',') FROM (SELECT event FROM flight_events e WHERE e.flight_id = f.id ORDER BY event))"

    /// Adds one flight to a logbook (created when missing) and returns its id.
    @discardableResult
    public func add(_ flight: Flight, to logbook: String) throws -> Int64 {
        try check(flight)
        return try db.writeTransaction {
            let id = try logbookID(logbook, create: true)!
            return try insert(flight, logbookID: id)
        }
    }

    /// Adds flights in one transaction: all or none. `progress` is told every 1,000 flights
    /// and may return false to cancel (nothing is saved then).
    public func add(_ flights: [Flight], to logbook: String, progress: ((Int) -> Bool)? = nil) throws {
        // A page cache that holds what the import writes (about 100 bytes a flight, with the
        // index) keeps SQLite from spilling pages to the WAL and reading them back before the
        // commit.
        for flight in flights { try check(flight) }
        try db.execute("PRAGMA cache_size = -\(max(2000, flights.count / 8))")
        defer { try? db.execute("PRAGMA cache_size = -2000") }
        try db.writeTransaction {
            // Checked once at commit instead of per row: an immediate foreign-key check makes
            // SQLite open a statement journal for every insert.
            try db.execute("PRAGMA defer_foreign_keys = ON")
            let id = try logbookID(logbook, create: true)!
            for (n, flight) in flights.enumerated() {
                _ = try insert(flight, logbookID: id)
                if n % 1000 == 999, let progress, !progress(n + 1) { throw CancellationError() }
            }
        }
        // After a large import, move the pages into the database file now (best effort: another
        // reader may hold the WAL): reads that follow then map the file instead of searching
        // and copying WAL frames.
        if flights.count >= 10_000 { try? db.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// The insert of one flight, prepared once (imports run it for every row).
    lazy var insertStatement: SQLiteStatement? = try? db.statement(
        """
        INSERT OR FAIL INTO flights (logbook_id, origin, destination, airline, aircraft, date, class, row, seat_position, seat_letter,
                             flight_number, registration, notes)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)

    func insert(_ f: Flight, logbookID: Int64) throws -> Int64 {
        // OR FAIL: a one-row insert has nothing to undo when a CHECK fails (checks run before
        // any write), so SQLite need not open a statement journal for every row.
        guard let s = insertStatement else { throw StoreError(.other, "cannot prepare the flight insert") }
        s.rewind()
        s.bind(1, logbookID)
        s.bind(2, f.origin); s.bind(3, f.destination); s.bind(4, f.airline); s.bind(5, f.aircraft)
        s.bind(6, f.date.description); s.bind(7, f.cabinClass?.rawValue); s.bind(8, f.row.map(Int64.init))
        s.bind(9, f.seatPosition?.rawValue); s.bind(10, f.seatLetter); s.bind(11, f.flightNumber)
        s.bind(12, f.registration); s.bind(13, f.notes)
        try s.run()
        let id = db.lastInsertRowID
        if !f.events.isEmpty { try insertEvents(f.events, flightID: id) }
        return id
    }

    func values(_ f: Flight, logbookID: Int64) -> [SQLiteValue?] {
        [
            .integer(logbookID), .text(f.origin), .text(f.destination), .of(f.airline), .of(f.aircraft), .text(f.date.description),
            .of(f.cabinClass?.rawValue), .of(f.row), .of(f.seatPosition?.rawValue), .of(f.seatLetter), .of(f.flightNumber),
            .of(f.registration), .of(f.notes),
        ]
    }

    func insertEvents(_ events: [FlightEvent], flightID: Int64) throws {
        for event in events {
            try db.statement("INSERT OR IGNORE INTO flight_events (flight_id, event) VALUES (?, ?)").bind([.integer(flightID), .text(event.rawValue)]).run()
        }
    }

    /// Replaces a saved flight's fields (it keeps its id and logbook).
    public func update(_ flight: Flight) throws {
        guard let id = flight.id else { throw StoreError(.invalid, "the flight has no id") }
        try check(flight)
        try db.writeTransaction {
            try db.statement(
                """
                UPDATE flights SET origin = ?, destination = ?, airline = ?, aircraft = ?, date = ?, class = ?, row = ?,
                                   seat_position = ?, seat_letter = ?, flight_number = ?, registration = ?, notes = ?
                WHERE id = ?
                """
            ).bind(Array(values(flight, logbookID: 0).dropFirst()) + [.integer(id)]).run()
            try db.statement("DELETE FROM flight_events WHERE flight_id = ?").bind([.integer(id)]).run()
            try insertEvents(flight.events, flightID: id)
        }
    }

    /// Deletes a flight of `logbook`; false when it has no such flight.
    @discardableResult
    public func delete(id: Int64, from logbook: String) throws -> Bool {
        try db.writeTransaction {
            guard let logbookID = try logbookID(logbook, create: false) else { return false }
            try db.statement("DELETE FROM flights WHERE id = ? AND logbook_id = ?").bind([.integer(id), .integer(logbookID)]).run()
            return db.changes == 1
        }
    }

    /// The flight with `id` in `logbook`.
    public func flight(id: Int64, in logbook: String) throws -> Flight? {
        guard let logbookID = try logbookID(logbook, create: false) else { return nil }
        return try db.statement("SELECT \(Self.columns) FROM flights f WHERE f.id = ? AND f.logbook_id = ?")
            .bind([.integer(id), .integer(logbookID)]).first(Self.flight)
    }

    /// Flights of a logbook matching `filter`, newest first, read one at a time.
    public func flights(in logbook: String, _ filter: FlightFilter = FlightFilter()) throws -> FlightCursor {
        guard let id = try logbookID(logbook, create: false) else { return FlightCursor(statement: nil) }
        let (clause, params) = where_(filter, logbookID: id)
        let limit = filter.limit.map { " LIMIT \($0)" } ?? ""
        // Not the statement cache: a cursor may still be open when another query runs.
        var raw: OpaquePointer?
        let sql = "SELECT \(Self.columns) FROM flights f \(clause) ORDER BY f.date DESC, f.id DESC\(limit)"
        _ = sql.withCString { sqlite3_prepare_v2_shim(db, $0, &raw) }
        guard let raw else { throw StoreError(.other, "cannot list flights") }
        return FlightCursor(statement: SQLiteStatement(raw, database: db).bind(params))
    }

    /// How many flights of a logbook match `filter`.
    public func count(in logbook: String, _ filter: FlightFilter = FlightFilter()) throws -> Int {
        guard let id = try logbookID(logbook, create: false) else { return 0 }
        let (clause, params) = where_(filter, logbookID: id)
        return try db.statement("SELECT COUNT(*) FROM flights f \(clause)").bind(params).first { Int($0.int(0)) } ?? 0
    }

    func flightCount(logbookID: Int64) throws -> Int {
        try db.statement("SELECT COUNT(*) FROM flights WHERE logbook_id = ?").bind([.integer(logbookID)]).first { Int($0.int(0)) } ?? 0
    }

    func where_(_ filter: FlightFilter, logbookID: Int64) -> (String, [SQLiteValue?]) {
        var clauses = ["f.logbook_id = ?"]
        var params: [SQLiteValue?] = [.integer(logbookID)]
        if let year = filter.year {
            clauses.append("f.date >= ? AND f.date < ?")
            params += [.text(String(format: "%04d-01-01", year)), .text(String(format: "%04d-01-01", year + 1))]
        }
        if let airline = filter.airline { clauses.append("f.airline = ?"); params.append(.text(airline)) }
        if let airport = filter.airport {
            clauses.append("(f.origin = ? OR f.destination = ?)")
            params += [.text(airport), .text(airport)]
        }
        return ("WHERE " + clauses.joined(separator: " AND "), params)
    }

    static func flight(_ s: SQLiteStatement) -> Flight {
        Flight(
            id: s.int(0), origin: s.text(1) ?? "", destination: s.text(2) ?? "", airline: s.text(3), aircraft: s.text(4),
            date: s.text(5).flatMap(FlightDate.init(iso:)) ?? FlightDate(daysSinceEpoch: 0),
            cabinClass: s.text(6).flatMap(CabinClass.init(rawValue:)), row: s.optionalInt(7).map(Int.init),
            seatPosition: s.text(8).flatMap(SeatPosition.init(rawValue:)), seatLetter: s.text(9), flightNumber: s.text(10),
            registration: s.text(11), notes: s.text(12),
            events: (s.text(13) ?? "").split(separator: ",").compactMap { FlightEvent(rawValue: String($0)) })
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

    static func timestamp() -> String { CivilTime(Date().timeIntervalSince1970).iso }
}

/// Flights read one at a time from an open query.
public final class FlightCursor: Sequence, IteratorProtocol {
    let statement: SQLiteStatement?
    public private(set) var failure: StoreError?

    init(statement: SQLiteStatement?) { self.statement = statement }

    public func next() -> Flight? {
        guard let statement, failure == nil else { return nil }
        do {
            return try statement.step() ? LogbookStore.flight(statement) : nil
        } catch {
            failure = error
            return nil
        }
    }
}
