/// myFlightradar24's CSV export (15 columns, or 19 with `Dep_id`, `Arr_id`, `Airline_id`,
/// `Aircraft_id`): airports as `City / Name (IATA/ICAO)`, the airline as `Name (IATA/ICAO)`
/// (` (/)` for none), the aircraft as `Name (ICAO type)`, local times and the duration as
/// `HH:MM:SS` with `00:00:00` for unknown, and numbered seat types, classes and reasons.
enum MyFlightradar24Reader {
    static let columns = [
        "Date", "Flight number", "From", "To", "Dep time", "Arr time", "Duration", "Airline", "Aircraft", "Registration", "Seat number",
        "Seat type", "Flight class", "Flight reason", "Note", "Dep_id", "Arr_id", "Airline_id", "Aircraft_id",
    ]
    /// 0 none, 1 window, 2 middle, 3 aisle.
    static let seatTypes: [String: SeatPosition?] = ["0": nil, "1": .window, "2": .middle, "3": .aisle]
    /// 0 none, 1 economy, 2 business, 3 first, 4 economy+, 5 private.
    static let classes: [String: CabinClass?] = ["0": nil, "1": .economy, "2": .business, "3": .first, "4": .premium, "5": .private]
    /// 0 none, 1 leisure, 2 business, 3 crew, 4 other.
    static let reasons: [String: FlightReason?] = ["0": nil, "1": .leisure, "2": .business, "3": .crew, "4": .other]

    static func read(_ bytes: [UInt8]) throws(FlightFileError) -> RecordBatch {
        var table = try CSVTable(bytes)
        var batch = RecordBatch()
        batch.ignoredColumns = table.unknownColumns(Set(columns.map(CSVTable.key)))
        while try table.next() {
            let line = table.line
            let current = table
            batch.read(line: line) { () throws(FlightFileError) in try record(current, line: line) }
        }
        return batch
    }

    static func record(_ t: CSVTable, line: Int) throws(FlightFileError) -> FlightRecord {
        func text(_ column: String, multiline: Bool = false) throws(FlightFileError) -> String? {
            try FieldText.checked(t[column], column, multiline: multiline)
        }
        /// "HH:MM:SS", where 00:00:00 means "not known".
        func known(_ column: String) throws(FlightFileError) -> String? {
            guard let value = try text(column), value != "00:00:00", value != "00:00" else { return nil }
            return value
        }
        var r = FlightRecord(line: line)
        guard let date = try text("Date") else { throw FlightFileError("no date") }
        r.date = try FieldText.date(date, "Date")
        r.flightNumber = try text("Flight number")
        r.origin = try text("From")
        r.destination = try text("To")
        if let dep = try known("Dep time") { r.departureTime = try FieldText.time(dep, "Dep time") }
        if let arr = try known("Arr time") { r.arrivalTime = try FieldText.time(arr, "Arr time") }
        if let duration = try known("Duration") { r.duration = try FieldText.clockDuration(duration, "Duration") }
        r.airline = try text("Airline").flatMap(CodedName.nonEmpty)
        r.aircraft = try text("Aircraft").flatMap(CodedName.nonEmpty)
        r.registration = try text("Registration")
        if let seat = try text("Seat number") { try FieldText.seat(seat, into: &r) }
        if let v = try text("Seat type") { r.seatPosition = try FieldText.word(v, "seat type (0 to 3)", seatTypes) }
        if let v = try text("Flight class") { r.cabinClass = try FieldText.word(v, "flight class (0 to 5)", classes) }
        if let v = try text("Flight reason") { r.reason = try FieldText.word(v, "flight reason (0 to 4)", reasons) }
        r.notes = try text("Note", multiline: true)
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

    /// Nil for a name without a name or a code (` (/)`, ` ()`).
    static func nonEmpty(_ text: String) -> String? {
        let (name, codes) = split(text)
        return name.isEmpty && codes.isEmpty ? nil : text
    }

    /// What to look `text` up by, in turn: its codes, longest first (ICAO before IATA), then
    /// its name, then the whole text.
    static func attempts(_ text: String) -> [String] {
        let (name, codes) = split(text)
        var tries = codes.sorted { $0.count > $1.count }
        // myFlightradar24's airports: "City / Airport name": the airport's name is the part after the slash.
        if !name.isEmpty {
            tries.append(name)
            if let slash = name.range(of: " / ") { tries.append(String(name[slash.upperBound...]).trimmedSpaces) }
        }
        if tries.isEmpty || tries.last != text { tries.append(text) }
        var seen: Set<String> = []
        return tries.filter { seen.insert($0).inserted }
    }
}
