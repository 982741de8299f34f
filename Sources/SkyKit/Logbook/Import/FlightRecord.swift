/// What a file says of one flight, read but not yet looked up: the airports, airline and
/// aircraft as the file names them (codes or names), everything else already in skyshell's
/// types. Each format's reader makes these; `RecordResolver` turns them into flights.
public struct FlightRecord: Sendable {
    /// The line of the file the flight starts on.
    public var line: Int
    public var date: FlightDate?
    public var origin: String?
    public var destination: String?
    public var airline: String?
    /// OpenFlights' airline id, which names one airline exactly.
    public var airlineID: Int?
    /// OpenFlights' airport ids, which name the airports exactly.
    public var originID: Int?
    public var destinationID: Int?
    public var aircraft: String?
    /// As the file writes it: whole (UA155) or the digits alone (2192).
    public var flightNumber: String?
    public var registration: String?
    public var cabinClass: CabinClass?
    public var row: Int?
    public var seatLetter: String?
    public var seatPosition: SeatPosition?
    public var reason: FlightReason?
    public var departureTime: ClockTime?
    public var arrivalTime: ClockTime?
    public var arrivalDate: FlightDate?
    public var duration: Int?
    public var distance: Distance?
    public var trip: String?
    public var notes: String?
    public var events: [FlightEvent] = []
    /// Departure and arrival as moments (Unix seconds), when the file gives them in UTC: the
    /// local times are worked out from the airports' time zones.
    public var departureInstant: Double?
    public var arrivalInstant: Double?
    /// A flight that did not fly (Flighty's Canceled): counted, not imported.
    public var cancelled = false
    /// Where a diverted flight landed instead: the flight's destination, the one it was bound
    /// for (`destination`) kept in its note. Its arrival times must be the actual ones there.
    public var divertedTo: String?

    public init(line: Int) { self.line = line }
}

/// What a reader makes of a whole file: each record handed on as it is read (a large file is
/// never held as records), and what is not a record.
public final class RecordBatch {
    let sink: (FlightRecord) -> Void
    /// Rows that cannot be read, with their lines.
    public var bad: [FlightFileError] = []
    /// Columns of the file that no field of skyshell's takes.
    public var ignoredColumns: [String] = []
    /// Flights the file marks as someone else's (App in the Air's trips not "MINE").
    public var notYours = 0
    /// Entries of the file that are no flights (a calendar's hotels and trip headers).
    public var otherEvents = 0
    /// How many records were handed on.
    public var records = 0
    /// Asked every `stopEvery` rows whether to stop reading.
    let stop: () -> Bool
    var rows = 0
    static let stopEvery = 4_096

    /// How a date with slashes or dots is read (`import --date-order`).
    let dateOrder: DateOrder

    init(stop: @escaping () -> Bool = { false }, dateOrder: DateOrder = .ymd, sink: @escaping (FlightRecord) -> Void) {
        self.stop = stop
        self.dateOrder = dateOrder
        self.sink = sink
    }

    /// Hands on the record `make` reads, or keeps its error as a bad row of `line`; every
    /// `stopEvery` rows, ends reading with `FlightFileError.stop` when asked to stop.
    func read(line: Int, _ make: () throws(FlightFileError) -> FlightRecord) throws(FlightFileError) {
        rows &+= 1
        if rows % RecordBatch.stopEvery == 0, stop() { throw FlightFileError.stop }
        do {
            sink(try make())
            records += 1
        } catch {
            bad.append(FlightFileError(line: error.line ?? line, error.message))
        }
    }
}

/// The fields of one CSV file by column name: a header row, then rows read by name (any case,
/// spaces and underscores alike, surrounding spaces ignored), with a spreadsheet formula guard
/// removed. Where each name is found is worked out once per file, not per row; a field is
/// trimmed and checked on the file's bytes and made a String once.
final class CSVTable {
    var reader: CSVReader
    let header: [String]
    /// Column positions by their key (`key`), and by the names readers ask for.
    var positions: [String: Int] = [:]
    var asked: [String: Int] = [:]

    /// Opens `bytes` and reads the header.
    init(_ bytes: [UInt8]) throws(FlightFileError) {
        reader = CSVReader(bytes)
        let names: [String]?
        do { names = try reader.header() } catch { throw FlightFileError(line: error.line, error.message) }
        guard let names else { throw FlightFileError("the file is empty — nothing to import") }
        header = names
        for (n, name) in names.enumerated() where !name.isEmpty { positions[CSVTable.key(name)] = n }
    }

    /// The name a column is known by: lower case, spaces and underscores alike.
    static func key(_ name: String) -> String { String(name.lowercased().map { $0 == "_" ? " " : $0 }) }

    /// The header's columns none of `known` names, as the file writes them.
    func unknownColumns(_ known: Set<String>) -> [String] {
        header.filter { !$0.isEmpty && !known.contains(CSVTable.key($0)) }
    }

    /// Reads the next row that is not blank; false at the end.
    func next() throws(FlightFileError) -> Bool {
        while true {
            do {
                guard try reader.advance() else { return false }
            } catch {
                throw FlightFileError(line: error.line, error.message)
            }
            if !reader.withRecord({ $0.isBlank }) { return true }
        }
    }

    var line: Int { reader.line }

    /// Where `column` is (-1: not in this file), found once.
    func position(_ column: String) -> Int {
        if let known = asked[column] { return known }
        let found = positions[CSVTable.key(column)] ?? -1
        asked[column] = found
        return found
    }

    /// The positions of `names` in this file (-1 for those it does not have), for readers
    /// that read the same columns of every row.
    func positions(of names: [String]) -> [Int] { names.map(position) }

    /// Runs `body` over the current row.
    func withRow<R, E: Error>(_ body: (Row) throws(E) -> R) throws(E) -> R {
        try reader.withRecord { (record) throws(E) -> R in try body(Row(record: record)) }
    }

    /// The current row's field of `column` (trimmed, nil when empty or absent), unchecked.
    subscript(column: String) -> String? {
        let n = position(column)
        return reader.withRecord { Row(record: $0).field(n) }
    }

    /// The current row's text of `column`, checked as `Row.text` does.
    func text(_ column: String, multiline: Bool = false) throws(FlightFileError) -> String? {
        let n = position(column)
        return try withRow { (row) throws(FlightFileError) in try row.text(n, column, multiline: multiline) }
    }

    /// One row's fields, read where they lie in the file (valid inside `withRow` only).
    struct Row {
        let record: CSVReader.Record

        /// The number of fields.
        var count: Int { record.count }

        /// The bytes of the field at a position from `positions(of:)`, trimmed and with the
        /// formula guard removed; nil when empty or absent.
        func cell(_ n: Int) -> UnsafeBufferPointer<UInt8>? {
            guard n >= 0, n < record.count else { return nil }
            let bytes = record[n], cell = FormulaGuard.cell(bytes)
            return cell.isEmpty ? nil : UnsafeBufferPointer(rebasing: bytes[cell])
        }

        /// The field at `n` as text, unchecked.
        func field(_ n: Int) -> String? { cell(n).map { String(decoding: $0, as: UTF8.self) } }

        /// The field at `n`, named `name` in errors, checked as `FieldText.checked` checks text:
        /// an error when it holds a control character.
        func text(_ n: Int, _ name: String, multiline: Bool = false) throws(FlightFileError) -> String? {
            guard let kept = cell(n) else { return nil }
            let text = String(decoding: kept, as: UTF8.self)
            // The few fields with a byte that may start a control character get the whole check.
            return FlightText.mayHoldControlCharacter(kept) ? try FieldText.checked(text, name, multiline: multiline) : text
        }
    }
}
