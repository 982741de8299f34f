/// skyshell's own CSV and JSON: every field of a flight by name (see `FlightFiles.csvHeader`).
enum NativeReader {
    static let columns = FlightFiles.csvHeader
    static let classes = FieldText.names(CabinClass.self)
    static let seats = FieldText.names(SeatPosition.self)
    static let reasons = FieldText.names(FlightReason.self)

    /// The columns, in the order of `columns`.
    enum Column: Int, CaseIterable {
        case date, origin, destination, airline, aircraft, flightNumber, registration, cabinClass, row, seatLetter, seatPosition
        case events, notes, departureTime, arrivalTime, arrivalDate, duration, reason, trip, distance
        var name: String { NativeReader.columns[rawValue] }
    }

    /// One flight from its fields by column: `field` gives a column's text checked as
    /// `FieldText.checked` does (multiline or not).
    static func record(line: Int, order: DateOrder = .ymd, _ field: (Column, Bool) throws(FlightFileError) -> String?) throws(FlightFileError)
        -> FlightRecord
    {
        func text(_ column: Column, multiline: Bool = false) throws(FlightFileError) -> String? {
            try field(column, multiline)
        }
        var r = FlightRecord(line: line)
        guard let date = try text(.date) else { throw FlightFileError("no date") }
        r.date = try FieldText.date(date, "date", order: order)
        r.origin = try text(.origin)
        r.destination = try text(.destination)
        r.airline = try text(.airline)
        r.aircraft = try text(.aircraft)
        r.flightNumber = try text(.flightNumber)
        r.registration = try text(.registration)
        if let cabin = try text(.cabinClass) { r.cabinClass = try FieldText.word(cabin, "class", classes) }
        if let row = try text(.row) {
            guard let n = NumberParser.integer(row, in: Flight.rows) else { throw FlightFileError("row '\(row)' is out of range (1 to 88)") }
            r.row = n
        }
        if let letter = try text(.seatLetter) {
            if let checked = FlightText.seatLetter(letter) {
                r.seatLetter = checked
            } else {
                // A `seat` column (a spreadsheet's 14C): the row and the letter.
                let row = r.row
                do {
                    try FieldText.seat(letter, into: &r)
                } catch {
                    throw FlightFileError("'\(letter)' is not a seat letter (one letter, A to Z) or a seat (14C)")
                }
                if let row, r.row != row { throw FlightFileError("seat \(letter) and row \(row) disagree") }
            }
        }
        if let position = try text(.seatPosition) { r.seatPosition = try FieldText.word(position, "seat position", seats) }
        if let events = try text(.events) { r.events = try FieldText.events(events) }
        r.notes = try text(.notes, multiline: true)
        if let t = try text(.departureTime) { r.departureTime = try FieldText.time(t, "departure_time") }
        if let t = try text(.arrivalTime) { r.arrivalTime = try FieldText.time(t, "arrival_time") }
        if let d = try text(.arrivalDate) { r.arrivalDate = try FieldText.date(d, "arrival_date", order: order) }
        if let d = try text(.duration) { r.duration = try FieldText.integer(d, "duration_min", in: Flight.durations) }
        if let reason = try text(.reason) { r.reason = try FieldText.word(reason, "reason", reasons) }
        r.trip = try text(.trip)
        if let d = try text(.distance) { r.distance = Distance(try FieldText.number(d, "distance_km", in: Flight.distances), .kilometers) }
        return r
    }

    /// Other names a CSV made by hand or by another program gives skyshell's columns ("from",
    /// "to", "note", "flight"…), as `CSVTable.key` writes them.
    static let aliases: [Column: [String]] = [
        .origin: ["from", "departure airport"], .destination: ["to", "arrival airport"],
        .aircraft: ["plane", "aircraft type"], .flightNumber: ["flight", "flight number", "flight no"],
        .registration: ["tail number", "tail"], .cabinClass: ["cabin", "cabin class"], .notes: ["note", "comment", "comments"],
        .seatLetter: ["seat", "seat number"],
    ]

    /// The names a column is known by: its own, then its aliases.
    static func names(of column: Column) -> [String] { [CSVTable.key(column.name)] + (aliases[column] ?? []) }

    /// skyshell's CSV, or any CSV whose header names its columns: by skyshell's names or their
    /// aliases, in any order; a column of neither is named once in the summary.
    static func csv(_ bytes: [UInt8], into batch: RecordBatch) throws(FlightFileError) {
        let table = try CSVTable(bytes)
        batch.ignoredColumns = table.unknownColumns(Set(Column.allCases.flatMap(names(of:))))
        let at = Column.allCases.map { column in names(of: column).lazy.map { table.positions[$0] ?? -1 }.first { $0 >= 0 } ?? -1 }
        for column in [Column.date, .origin, .destination] where at[column.rawValue] < 0 {
            throw FlightFileError(line: 1, "the header has no '\(column.name)' column — the columns are \(columns.joined(separator: ","))")
        }
        let width = table.header.count
        while try table.next() {
            let line = table.line
            try table.withRow { (row) throws(FlightFileError) in
                guard row.count == width else {
                    batch.bad.append(FlightFileError(line: line, "\(row.count) fields where the header has \(width)"))
                    return
                }
                try batch.read(line: line) { () throws(FlightFileError) in
                    try record(line: line, order: batch.dateOrder) { (column, multiline) throws(FlightFileError) in
                        try row.text(at[column.rawValue], table.header[max(0, at[column.rawValue])], multiline: multiline)
                    }
                }
            }
        }
    }

    /// skyshell's JSON export: `{"flights": [{…}, …]}`. A value of the wrong type is an error of
    /// its flight; a document that is not JSON is an error with the line and column where it
    /// stops being JSON.
    static func json(_ bytes: [UInt8], into batch: RecordBatch) throws(FlightFileError) {
        let (flights, lines) = try JSONRecords.list("flights", in: bytes, what: "a skyshell logbook export", stop: batch.stop)
        for (n, item) in flights.enumerated() {
            try batch.read(line: lines[n]) { () throws(FlightFileError) in
                let fields = try jsonFields(item, number: n + 1)
                return try record(line: lines[n]) { (column, multiline) throws(FlightFileError) in
                    try FieldText.checked(fields[column.name], column.name, multiline: multiline)
                }
            }
        }
    }

    /// One flight object as text fields: strings (or null) for text, whole numbers for the row
    /// and the duration, a number for the distance, a list of strings (or one string) for the
    /// events; unknown keys are left alone.
    static func jsonFields(_ item: Datum, number n: Int) throws(FlightFileError) -> [String: String] {
        guard case .object(let pairs) = item else { throw FlightFileError("flight \(n) is not an object") }
        var record: [String: String] = [:]
        for (key, value) in pairs where columns.contains(key) {
            func wrong(_ expected: String) -> FlightFileError {
                FlightFileError("\"\(key)\" of flight \(n) must be \(expected), not \(JSONWriter.compact(value).prefix(40))")
            }
            switch (key, value) {
            case (_, .null): continue
            case ("row", .int(let i)), ("duration_min", .int(let i)): record[key] = String(i)
            case ("row", _), ("duration_min", _): throw wrong("a whole number or null")
            case ("distance_km", .int(let i)): record[key] = String(i)
            case ("distance_km", .number(let d)): record[key] = JSONWriter.number(d)
            case ("distance_km", _): throw wrong("a number or null")
            case ("events", .list(let items)):
                var words: [String] = []
                for event in items {
                    guard let word = event.string else { throw wrong("a list of event names") }
                    words.append(word)
                }
                record[key] = words.joined(separator: ";")
            case (_, .string(let text)): record[key] = text
            case ("events", _): throw wrong("a list of event names")
            default: throw wrong("text or null")
            }
        }
        return record
    }
}

/// The list of flights in a JSON document, each with the line it starts on.
enum JSONRecords {
    static func list(_ key: String, in bytes: [UInt8], what: String, stop: @escaping () -> Bool) throws(FlightFileError) -> ([Datum], [Int]) {
        let (_, items, lines) = try document(key, in: bytes, what: what, stop: stop)
        return (items, lines)
    }

    /// The same with the whole document (read once); `stop` is asked while it is read.
    static func document(_ key: String, in bytes: [UInt8], what: String, stop: @escaping () -> Bool) throws(FlightFileError) -> (Datum, [Datum], [Int]) {
        let document: Datum, offsets: [Int]
        do {
            (document, offsets) = try JSONParser.parse(bytes, itemOffsetsOf: key, stop: stop)
        } catch {
            if error.message == JSONParser.stoppedMessage { throw FlightFileError.stop }
            throw FlightFileError(line: error.line, "the file is not valid JSON: \(error.message) (column \(error.column))")
        }
        guard case .object = document, let items = document[key]?.list else {
            throw FlightFileError("the JSON has no \"\(key)\" list — is it \(what)?")
        }
        let found = JSONParser.lines(of: offsets, in: bytes)
        let lines = items.indices.map { n in n < found.count ? found[n] : n + 1 }
        return (document, items, lines)
    }
}
