/// OpenFlights CSV as openflights.org writes and reads it (revision 0.41, help/csv.php): the
/// first line is a header and always ignored; fields are by position, and a row may stop early
/// (the spec's rows of 3, 4, 5 and 15 fields, its exports' 18 fields under a 19-column header).
/// Dates are YYYY-MM-DD, MM/DD/YYYY, DD.MM.YYYY or a year alone, perhaps with the departure
/// time; the airline is the one the flight number's first two characters name, else the name.
enum OpenFlightsReader {
    /// The columns in order.
    enum Column: Int, CaseIterable {
        case date, from, to, flightNumber, airline, distance, duration, seat, seatType, cabinClass, reason, plane, registration, trip, note
        case fromOID, toOID, airlineOID, planeOID

        /// The name OpenFlights' header gives the column (Flight_Number), as messages say it.
        var name: String { FlightFiles.openFlightsHeader[rawValue] }
    }

    static let seatTypes: [String: SeatPosition] = ["w": .window, "a": .aisle, "m": .middle]
    /// Y economy, P premium economy, C business, F first; B is business in older files.
    static let classes: [String: CabinClass] = ["y": .economy, "p": .premium, "c": .business, "b": .business, "f": .first]
    /// B business, L leisure, C crew, O other.
    static let reasons: [String: FlightReason] = ["b": .business, "l": .leisure, "c": .crew, "o": .other]

    static func read(_ bytes: [UInt8], into batch: RecordBatch) throws(FlightFileError) {
        var reader = CSVReader(bytes)
        do { _ = try reader.next() } catch { throw FlightFileError(line: error.line, error.message) }
        while true {
            let next: [String]?
            do { next = try reader.next() } catch { throw FlightFileError(line: error.line, error.message) }
            guard let row = next else { break }
            if row.allSatisfy({ $0.trimmedSpaces.isEmpty }) { continue }
            let line = reader.line
            try batch.read(line: line) { () throws(FlightFileError) in try record(row, line: line) }
        }
    }

    /// The date (and perhaps the time) in any of the spec's forms: slashes are month first and
    /// dots day first (help/csv.php), so the order is the format's, never a guess.
    static func dateAndTime(_ text: String) throws(FlightFileError) -> (FlightDate, ClockTime?) {
        let day = text.prefix { $0 != " " }
        let order: DateOrder = day.contains("/") ? .mdy : day.contains(".") ? .dmy : .ymd
        guard order != .ymd else { return try FieldText.dateAndTime(text, "Date") }
        do {
            return try FieldText.dateAndTime(text, "Date", order: order)
        } catch {
            throw FlightFileError("'\(text)' is not a date (YYYY-MM-DD, MM/DD/YYYY, DD.MM.YYYY or YYYY)")
        }
    }

    static func record(_ row: [String], line: Int) throws(FlightFileError) -> FlightRecord {
        guard row.count >= 3 else { throw FlightFileError("\(row.count) field\(row.count == 1 ? "" : "s"): OpenFlights rows have at least date, from and to") }
        guard row.count <= Column.allCases.count else { throw FlightFileError("\(row.count) fields where OpenFlights has at most 19") }
        func text(_ column: Column, multiline: Bool = false) throws(FlightFileError) -> String? {
            guard column.rawValue < row.count else { return nil }
            return try FieldText.checked(FormulaGuard.remove(row[column.rawValue].trimmedSpaces), column.name, multiline: multiline)
        }
        var r = FlightRecord(line: line)
        guard let date = try text(.date) else { throw FlightFileError("no date") }
        (r.date, r.departureTime) = try dateAndTime(date)
        r.origin = try text(.from)
        r.destination = try text(.to)
        r.flightNumber = try text(.flightNumber)
        r.airline = try text(.airline)
        // "First two characters of Flight_Number as IATA code, if alphanumeric and not numeric."
        if let number = r.flightNumber, number.count > 2 {
            let code = number.prefix(2)
            if code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), !code.allSatisfy(\.isNumber) { r.airline = String(code).uppercased() }
        }
        if let id = try text(.airlineOID) { r.airlineID = NumberParser.integer(id, in: 1...Int(Int32.max)) }
        if let id = try text(.fromOID) { r.originID = NumberParser.integer(id, in: 1...Int(Int32.max)) }
        if let id = try text(.toOID) { r.destinationID = NumberParser.integer(id, in: 1...Int(Int32.max)) }
        if let miles = try text(.distance), miles != "0" {
            r.distance = Distance(try FieldText.number(miles, "Distance", in: 0...12_500), .statuteMiles)
        }
        if let duration = try text(.duration), duration != "00:00" { r.duration = try FieldText.clockDuration(duration, "Duration") }
        if let seat = try text(.seat) { try FieldText.seat(seat, into: &r) }
        if let t = try text(.seatType) { r.seatPosition = try FieldText.word(t, "seat type", seatTypes) }
        if let c = try text(.cabinClass) { r.cabinClass = try FieldText.word(c, "class", classes) }
        if let reason = try text(.reason) { r.reason = try FieldText.word(reason, "reason", reasons) }
        r.aircraft = try text(.plane)
        r.registration = try text(.registration)
        r.trip = try text(.trip)
        // skyshell's own export keeps at the end of the note what OpenFlights has no column for:
        // "… [date: 2006-02] [trip: Summer] [events: diversion]".
        let (note, tags) = NoteTags.split(try text(.note, multiline: true) ?? "")
        if let events = tags["events"] { r.events = try FieldText.events(events) }
        if let trip = tags["trip"], r.trip == nil { r.trip = trip }
        if let month = tags["date"], let date = FlightDate(text: month), date.precision == .month, date.year == r.date?.year,
            r.date?.precision == .year
        {
            r.date = date
        }
        r.notes = note.isEmpty ? nil : note
        return r
    }
}
