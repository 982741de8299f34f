/// Flighty's CSV export: the airline as its ICAO code and the flight number as digits, IATA
/// airports, local `YYYY-MM-DDTHH:MM` gate, take-off and landing times (scheduled and actual),
/// `Canceled` flights (not flown: counted, not imported) and `Diverted To`.
enum FlightyReader {
    static let columns = [
        "Date", "Airline", "Flight", "From", "To", "Dep Terminal", "Dep Gate", "Arr Terminal", "Arr Gate", "Canceled", "Diverted To",
        "Gate Departure (Scheduled)", "Gate Departure (Actual)", "Take off (Scheduled)", "Take off (Actual)", "Landing (Scheduled)",
        "Landing (Actual)", "Gate Arrival (Scheduled)", "Gate Arrival (Actual)", "Aircraft Type Name", "Tail Number", "PNR", "Seat",
        "Seat Type", "Cabin Class", "Flight Reason", "Notes", "Flight Flighty ID", "Airline Flighty ID", "Departure Airport Flighty ID",
        "Arrival Airport Flighty ID", "Diverted To Airport Flighty ID", "Aircraft Type Flighty ID",
    ]
    static let classes: [String: CabinClass] = [
        "economy": .economy, "premium_economy": .premium, "premium economy": .premium, "business": .business, "first": .first, "private": .private,
    ]
    static let seatTypes: [String: SeatPosition] = ["window": .window, "middle": .middle, "aisle": .aisle]
    static let reasons: [String: FlightReason] = ["leisure": .leisure, "personal": .leisure, "business": .business, "crew": .crew, "other": .other]

    static func read(_ bytes: [UInt8], into batch: RecordBatch) throws(FlightFileError) {
        let table = try CSVTable(bytes)
        batch.ignoredColumns = table.unknownColumns(Set(columns.map(CSVTable.key)))
        while try table.next() {
            let line = table.line
            try batch.read(line: line) { () throws(FlightFileError) in try record(table, line: line) }
        }
    }

    static func record(_ t: CSVTable, line: Int) throws(FlightFileError) -> FlightRecord {
        func text(_ column: String, multiline: Bool = false) throws(FlightFileError) -> String? {
            try t.text(column, multiline: multiline)
        }
        /// The first of `columns` (gate, then runway) with an actual time; else the first with a
        /// scheduled one, so an actual landing beats a scheduled gate arrival (`actualOnly`: a
        /// diverted flight's scheduled arrival is at the airport it did not reach).
        func first(_ columns: [String], actualOnly: Bool = false) throws(FlightFileError) -> (FlightDate, ClockTime?)? {
            for kind in actualOnly ? ["Actual"] : ["Actual", "Scheduled"] {
                for column in columns {
                    if let value = try text("\(column) (\(kind))") { return try FieldText.dateAndTime(value, "\(column) (\(kind))") }
                }
            }
            return nil
        }
        var r = FlightRecord(line: line)
        guard let date = try text("Date") else { throw FlightFileError("no date") }
        r.date = try FieldText.date(date, "Date")
        r.airline = try text("Airline")
        r.flightNumber = try text("Flight")
        r.origin = try text("From")
        r.destination = try text("To")
        if let canceled = try text("Canceled") {
            r.cancelled = try FieldText.word(canceled, "Canceled value", ["true": true, "false": false, "yes": true, "no": false, "1": true, "0": false])
        }
        if let diverted = try text("Diverted To") {
            r.divertedTo = diverted
            r.events = [.diversion]
        }
        if let (day, clock) = try first(["Gate Departure", "Take off"]) {
            r.date = day
            r.departureTime = clock
        }
        if let (day, clock) = try first(["Gate Arrival", "Landing"], actualOnly: r.divertedTo != nil) {
            r.arrivalTime = clock
            if day != r.date { r.arrivalDate = day }
        }
        r.aircraft = try text("Aircraft Type Name")
        r.registration = try text("Tail Number")
        if let seat = try text("Seat") { try FieldText.seat(seat, into: &r) }
        if let v = try text("Seat Type") { r.seatPosition = try FieldText.word(v, "seat type", seatTypes) }
        if let v = try text("Cabin Class") { r.cabinClass = try FieldText.word(v, "cabin class", classes) }
        if let v = try text("Flight Reason") { r.reason = try FieldText.word(v, "flight reason", reasons) }
        r.notes = try text("Notes", multiline: true)
        return r
    }
}
