/// myFlightradar24's CSV export (15 columns, or 19 with `Dep_id`, `Arr_id`, `Airline_id`,
/// `Aircraft_id`): airports as `City / Name (IATA/ICAO)`, the airline as `Name (IATA/ICAO)`
/// (` (/)` for none), the aircraft as `Name (ICAO type)`, local times and the duration as
/// `HH:MM:SS` with `00:00:00` for unknown, and numbered seat types, classes and reasons.
enum MyFlightradar24Reader {
    static let columns = [
        "Date", "Flight number", "From", "To", "Dep time", "Arr time", "Duration", "Airline", "Aircraft", "Registration", "Seat number",
        "Seat type", "Flight class", "Flight reason", "Note", "Dep_id", "Arr_id", "Airline_id", "Aircraft_id",
    ]
    /// The columns read, in the order of `columns`.
    enum Column: Int {
        case date, number, from, to, dep, arr, duration, airline, aircraft, registration, seat, seatType, flightClass, reason, note
    }
    /// 0 none, 1 window, 2 middle, 3 aisle.
    static let seatTypes: [String: SeatPosition?] = ["0": nil, "1": .window, "2": .middle, "3": .aisle]
    /// 0 none, 1 economy, 2 business, 3 first, 4 economy+, 5 private.
    static let classes: [String: CabinClass?] = ["0": nil, "1": .economy, "2": .business, "3": .first, "4": .premium, "5": .private]
    /// 0 none, 1 leisure, 2 business, 3 crew, 4 other.
    static let reasons: [String: FlightReason?] = ["0": nil, "1": .leisure, "2": .business, "3": .crew, "4": .other]

    static func read(_ bytes: [UInt8], into batch: RecordBatch) throws(FlightFileError) {
        let table = try CSVTable(bytes)
        batch.ignoredColumns = table.unknownColumns(Set(columns.map(CSVTable.key)))
        let at = table.positions(of: columns)
        while try table.next() {
            let line = table.line
            try table.withRow { (row) throws(FlightFileError) in
                try batch.read(line: line) { () throws(FlightFileError) in try record(row, at, line: line, order: batch.dateOrder) }
            }
        }
    }

    static func record(_ t: CSVTable.Row, _ at: [Int], line: Int, order: DateOrder = .ymd) throws(FlightFileError) -> FlightRecord {
        func text(_ column: Column, multiline: Bool = false) throws(FlightFileError) -> String? {
            try t.text(at[column.rawValue], columns[column.rawValue], multiline: multiline)
        }
        /// "HH:MM:SS", where 00:00:00 means "not known".
        func known(_ column: Column) throws(FlightFileError) -> String? {
            guard let value = try text(column), value != "00:00:00", value != "00:00" else { return nil }
            return value
        }
        var r = FlightRecord(line: line)
        guard let date = try text(.date) else { throw FlightFileError("no date") }
        r.date = try FieldText.date(date, "Date", order: order)
        r.flightNumber = try text(.number)
        r.origin = try text(.from)
        r.destination = try text(.to)
        if let dep = try known(.dep) { r.departureTime = try FieldText.time(dep, "Dep time") }
        if let arr = try known(.arr) { r.arrivalTime = try FieldText.time(arr, "Arr time") }
        if let duration = try known(.duration) { r.duration = try FieldText.clockDuration(duration, "Duration") }
        r.airline = try text(.airline).flatMap(CodedName.nonEmpty)
        r.aircraft = try text(.aircraft).flatMap(CodedName.nonEmpty)
        r.registration = try text(.registration)
        if let seat = try text(.seat) { try FieldText.seat(seat, into: &r) }
        if let v = try text(.seatType) { r.seatPosition = try FieldText.word(v, "seat type (0 to 3)", seatTypes) }
        if let v = try text(.flightClass) { r.cabinClass = try FieldText.word(v, "flight class (0 to 5)", classes) }
        if let v = try text(.reason) { r.reason = try FieldText.word(v, "flight reason (0 to 4)", reasons) }
        r.notes = try text(.note, multiline: true)
        return r
    }
}

/// Names with their codes in parentheses, as myFlightradar24 and OpenFlights write them:
/// `Delta Air Lines (DL/DAL)`, `Amsterdam / Schiphol (AMS/EHAM)`, `Airbus A330-900neo (A339)`,
/// `American Airlines (AA)`, ` (/)` for none.
enum CodedName {
    /// The codes in the final parentheses (placeholders left out) and the name before them.
    static func split(_ text: String) -> (name: String, codes: [String]) {
        guard text.hasSuffix(")"), let open = text.lastIndex(of: "(") else { return (text, []) }
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        let codes = inside.split(separator: "/").map { String($0).trimmedSpaces }.filter { code in
            !code.isEmpty && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } && !code.allSatisfy { $0 == "X" || $0 == "0" }
        }
        return (String(text[..<open]).trimmedSpaces, codes)
    }

    /// Nil for a name without a name or a code (` (/)`, ` ()`): text with no letter or digit.
    static func nonEmpty(_ text: String) -> String? {
        text.utf8.contains { ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 122) || $0 >= 0x80 } ? text : nil
    }

    /// What to look `text` up by, in turn: its codes, longest first (ICAO before IATA), then
    /// its name, then the whole text.
    static func attempts(_ text: String) -> [String] {
        let (name, codes) = split(text)
        var tries = codes.sorted { $0.count > $1.count }
        // myFlightradar24's airports: "City / Airport name": the airport's name is the part after the slash.
        if !name.isEmpty {
            tries.append(name)
            if let slash = name.firstRange(of: " / ") { tries.append(String(name[slash.upperBound...]).trimmedSpaces) }
        }
        if tries.isEmpty || tries.last != text { tries.append(text) }
        var seen: Set<String> = []
        return tries.filter { seen.insert($0).inserted }
    }
}
