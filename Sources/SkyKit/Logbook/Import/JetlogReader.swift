/// jetlog's CSV export: ICAO airports and airline, local times, the duration in minutes, the
/// distance in kilometres, the aircraft by name, and notes with `\n` for line breaks.
enum JetlogReader {
    static let columns = [
        "date", "origin", "destination", "departure_time", "arrival_time", "arrival_date", "seat", "aircraft_side", "ticket_class", "purpose",
        "duration", "distance", "airplane", "airline", "tail_number", "flight_number", "notes",
    ]
    static let classes: [String: CabinClass] = ["economy": .economy, "economy+": .premium, "business": .business, "first": .first, "private": .private]
    static let seats: [String: SeatPosition] = ["window": .window, "middle": .middle, "aisle": .aisle]
    static let purposes: [String: FlightReason] = ["leisure": .leisure, "business": .business, "crew": .crew, "other": .other]

    /// The columns that tell jetlog's export from skyshell's (both have date, origin, destination).
    static let markers: Set<String> = ["ticket class", "airplane", "aircraft side", "purpose", "tail number"]

    static func read(_ bytes: [UInt8], into batch: RecordBatch) throws(FlightFileError) {
        let table = try CSVTable(bytes)
        // jetlog's own columns it has no field of skyshell's for (the username of shared
        // instances, the aircraft side) are not worth a note.
        batch.ignoredColumns = table.unknownColumns(Set((columns + ["id", "username"]).map(CSVTable.key))).filter { $0 != "aircraft_side" }
        while try table.next() {
            let line = table.line
            try batch.read(line: line) { () throws(FlightFileError) in try record(table, line: line, order: batch.dateOrder) }
        }
    }

    static func record(_ t: CSVTable, line: Int, order: DateOrder = .ymd) throws(FlightFileError) -> FlightRecord {
        func text(_ column: String, multiline: Bool = false) throws(FlightFileError) -> String? {
            try t.text(column, multiline: multiline)
        }
        var r = FlightRecord(line: line)
        guard let date = try text("date") else { throw FlightFileError("no date") }
        r.date = try FieldText.date(date, "date", order: order)
        r.origin = try text("origin")
        r.destination = try text("destination")
        if let v = try text("departure_time") { r.departureTime = try FieldText.time(v, "departure_time") }
        if let v = try text("arrival_time") { r.arrivalTime = try FieldText.time(v, "arrival_time") }
        if let v = try text("arrival_date") {
            let arrival = try FieldText.date(v, "arrival_date", order: order)
            if arrival != r.date { r.arrivalDate = arrival }
        }
        if let v = try text("seat") { r.seatPosition = try FieldText.word(v, "seat", seats) }
        if let v = try text("ticket_class") { r.cabinClass = try FieldText.word(v, "ticket class", classes) }
        if let v = try text("purpose") { r.reason = try FieldText.word(v, "purpose", purposes) }
        if let v = try text("duration") { r.duration = try FieldText.integer(v, "duration", in: Flight.durations) }
        if let v = try text("distance") { r.distance = Distance(try FieldText.number(v, "distance", in: Flight.distances), .kilometers) }
        r.aircraft = try text("airplane")
        r.airline = try text("airline")
        r.registration = try text("tail_number")
        r.flightNumber = try text("flight_number")
        r.notes = try FieldText.checked(t["notes"]?.replacingAll("\\n", with: "\n"), "notes", multiline: true)
        return r
    }
}
