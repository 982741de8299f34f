/// App in the Air's `data.txt`: sections (`user:`, `devices:`, `trips:`…); each trip is a line
/// `Ownership.MINE;…` followed by `flights:` and one `;`-separated row per flight — field 1
/// (1-based) the cabin as the fare names it (`BUSINESS (C)`, `ECO LIGHT`), field 2 the seat,
/// fields 8 to 12 the carrier, the number, the aircraft's IATA code, the two airports' IATA
/// codes, then departure and arrival in UTC and in local time (`YYYY-MM-DDTHH:MM:SS`);
/// `None` is empty. Flights of trips that are not the user's (`Ownership.NOT_MINE`) are counted,
/// not imported.
enum AppInTheAirReader {
    static func read(_ bytes: [UInt8], into batch: RecordBatch) throws(FlightFileError) {
        var inFlights = false
        var mine = true
        var lineNumber = 0
        for raw in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            if line.hasPrefix("Ownership.") {
                mine = line.hasPrefix("Ownership.MINE;")
                inFlights = false
                continue
            }
            if line == "flights:" { inFlights = true; continue }
            // Any other section name ends the flights ("hotels:", "rental cars:"…).
            if line.hasSuffix(":") || line.isEmpty { inFlights = false; continue }
            guard inFlights else { continue }
            guard mine else { batch.notYours += 1; continue }
            let number = lineNumber
            try batch.read(line: number) { () throws(FlightFileError) in try record(line, line: number) }
        }
    }

    /// The cabin a fare's name says, by its first word: FIRST, BUSINESS, PLUS or PREMIUM
    /// (premium economy), ECONOMY or ECO (ECO LIGHT, ECONOMY FLEX); nil for any other name.
    static func cabinClass(_ fare: String) -> CabinClass? {
        let word = fare.uppercased().prefix { $0.isLetter }
        switch word {
        case "FIRST": return .first
        case "BUSINESS": return .business
        case "PLUS", "PREMIUM": return .premium
        case "ECONOMY", "ECO", "ECOLIGHT": return .economy
        default: return nil
        }
    }

    static func record(_ text: String, line: Int) throws(FlightFileError) -> FlightRecord {
        let fields = text.split(separator: ";", omittingEmptySubsequences: false).map { $0 == "None" ? "" : String($0) }
        guard fields.count >= 16 else { throw FlightFileError("\(fields.count) fields where App in the Air's flight rows have 16 or more") }
        func field(_ n: Int, _ name: String) throws(FlightFileError) -> String? { try FieldText.checked(fields[n], name) }
        var r = FlightRecord(line: line)
        if let cabin = try field(0, "class") {
            // The fare's name, perhaps with its booking class: "BUSINESS (C)", "ECO LIGHT", "PLUS".
            if let known = cabinClass(cabin) { r.cabinClass = known } else { r.notes = "class: \(cabin)" }
        }
        if let seat = try field(1, "seat") { try FieldText.seat(seat, into: &r) }
        let carrier = try field(7, "carrier")
        r.airline = carrier
        if let number = try field(8, "number") { r.flightNumber = (carrier ?? "") + number }
        r.aircraft = try field(9, "aircraft")
        r.origin = try field(10, "departure airport")
        r.destination = try field(11, "arrival airport")
        if let v = try field(12, "departure (UTC)") { r.departureInstant = try FieldText.instant(v + "Z", "departure (UTC)") }
        if let v = try field(13, "arrival (UTC)") { r.arrivalInstant = try FieldText.instant(v + "Z", "arrival (UTC)") }
        guard let local = try field(14, "departure (local)") else { throw FlightFileError("no departure time") }
        (r.date, r.departureTime) = try FieldText.dateAndTime(local, "departure (local)")
        if let arrival = try field(15, "arrival (local)") {
            let (day, clock) = try FieldText.dateAndTime(arrival, "arrival (local)")
            r.arrivalTime = clock
            if day != r.date { r.arrivalDate = day }
        }
        return r
    }
}
