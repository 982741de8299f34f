/// AirTrail's exports (docs/content/docs/features/export.mdx). The JSON: `{"users": […],
/// "flights": […]}`, each flight with `from`/`to` airport objects, `airline` and `aircraft`
/// objects carrying codes and names, UTC `departure`/`arrival` times, `datePrecision` (day,
/// month or year), and the seats of the people on board — the first user's seat is yours; a
/// newer export puts the airports, times and seats of each leg in a `legs` list under the
/// flight's date, reason and note. The CSV: one row per leg of your own flights, airports by
/// IATA code or name, airline and aircraft by name, ISO 8601 times, the duration in seconds,
/// your seat.
enum AirTrailReader {
    static let classes: [String: CabinClass] = [
        "economy": .economy, "economy+": .premium, "economyplus": .premium, "premium": .premium, "business": .business, "first": .first,
        "private": .private,
    ]
    static let seats: [String: SeatPosition] = ["window": .window, "middle": .middle, "aisle": .aisle]
    static let reasons: [String: FlightReason] = ["leisure": .leisure, "business": .business, "crew": .crew, "other": .other]
    /// The columns of the CSV export (older and newer).
    static let csvColumns = [
        "date", "from", "to", "departure", "arrival", "duration", "flightNumber", "flightReason", "airline", "aircraft", "aircraftReg", "note",
        "seat", "seatNumber", "seatClass", "flightId", "legOrder",
    ]

    static func read(_ bytes: [UInt8], into batch: RecordBatch) throws(FlightFileError) {
        guard bytes.first(where: { $0 > 0x20 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) == UInt8(ascii: "{") else {
            return try csv(bytes, into: batch)
        }
        let (document, flights, lines) = try JSONRecords.document("flights", in: bytes, what: "an AirTrail export", stop: batch.stop)
        let owner = document["users"]?.list?.first?["id"]?.string
        for (n, item) in flights.enumerated() {
            // A flight of legs: each leg is a flight, with the flight's date, reason and note.
            guard case .object(let pairs) = item, let legs = item["legs"]?.list else {
                try batch.read(line: lines[n]) { () throws(FlightFileError) in try record(item, number: n + 1, line: lines[n], owner: owner) }
                continue
            }
            let shared = pairs.filter { $0.0 != "legs" }
            for leg in legs {
                guard case .object(let own) = leg else {
                    batch.bad.append(FlightFileError(line: lines[n], "a leg of flight \(n + 1) is not an object"))
                    continue
                }
                try batch.read(line: lines[n]) { () throws(FlightFileError) in
                    try record(.object(own + shared), number: n + 1, line: lines[n], owner: owner)
                }
            }
        }
    }

    /// The CSV export: the same fields as the JSON's, the airports, airline and aircraft as text.
    static func csv(_ bytes: [UInt8], into batch: RecordBatch) throws(FlightFileError) {
        let table = try CSVTable(bytes)
        batch.ignoredColumns = table.unknownColumns(Set(csvColumns.map(CSVTable.key)))
        while try table.next() {
            let line = table.line
            try batch.read(line: line) { () throws(FlightFileError) in
                var fields: [(String, Datum)] = []
                for column in csvColumns {
                    guard let value = try table.text(column, multiline: column == "note") else { continue }
                    fields.append((column, column == "duration" ? .int(try FieldText.integer(value, "duration", in: 0...Int(Int32.max))) : .string(value)))
                }
                return try record(.object(fields), number: line - 1, line: line, owner: nil, seat: .object(fields))
            }
        }
    }

    /// One flight (or leg) object; `seat` is the seat to read when it is known to be yours (the
    /// CSV's), else the one of the export's first user in `seats`.
    static func record(_ item: Datum, number n: Int, line: Int, owner: String?, seat given: Datum? = nil) throws(FlightFileError) -> FlightRecord {
        guard case .object = item else { throw FlightFileError("flight \(n) is not an object") }
        /// A text value (nil for null or absent); another type is an error naming the key.
        func string(_ value: Datum?, _ key: String, multiline: Bool = false) throws(FlightFileError) -> String? {
            switch value {
            case nil, .null?: return nil
            case .string(let text)?: return try FieldText.checked(text, key, multiline: multiline)
            case let other?: throw FlightFileError("\"\(key)\" of flight \(n) must be text or null, not \(JSONWriter.compact(other).prefix(40))")
            }
        }
        /// An airport, airline or aircraft object: its ICAO code, else its IATA code, else its name.
        func entry(_ key: String) throws(FlightFileError) -> String? {
            guard let object = item[key], object != .null else { return nil }
            guard case .object = object else { return try string(object, key) }
            for field in ["icao", "iata", "name"] {
                if let value = try string(object[field], key + "." + field) { return value }
            }
            return nil
        }
        var r = FlightRecord(line: line)
        guard let date = try string(item["date"], "date") else { throw FlightFileError("flight \(n) has no date") }
        let whole = try FieldText.date(String(date.prefix(10)), "date")
        switch try string(item["datePrecision"], "datePrecision") ?? "day" {
        case "day": r.date = whole
        case "month": r.date = FlightDate(year: whole.year, month: whole.month)
        case "year": r.date = FlightDate(year: whole.year)
        case let other: throw FlightFileError("'\(other)' is not a date precision (day, month, year)")
        }
        r.origin = try entry("from")
        r.destination = try entry("to")
        r.airline = try entry("airline")
        r.aircraft = try entry("aircraft")
        r.registration = try string(item["aircraftReg"], "aircraftReg")
        r.flightNumber = try string(item["flightNumber"], "flightNumber")
        r.notes = try string(item["note"], "note", multiline: true)
        if let v = try string(item["flightReason"], "flightReason") { r.reason = try FieldText.word(v, "flight reason", reasons) }
        if r.date?.precision == .day {
            if let v = try string(item["departure"], "departure") { r.departureInstant = try FieldText.instant(v, "departure") }
            if let v = try string(item["arrival"], "arrival") { r.arrivalInstant = try FieldText.instant(v, "arrival") }
        }
        switch item["duration"] {
        case .int(let seconds)? where seconds > 0: r.duration = Int((Double(seconds) / 60).rounded())
        case nil, .null?, .int?: break
        case let other?: throw FlightFileError("\"duration\" of flight \(n) must be whole seconds, not \(JSONWriter.compact(other).prefix(40))")
        }
        // Your seat: the one of the export's first user, else the only one.
        let seats = item["seats"]?.list ?? item["passengers"]?.list ?? []
        if let seat = given ?? seats.first(where: { owner != nil && $0["userId"]?.string == owner }) ?? (seats.count == 1 ? seats.first : nil) {
            if let number = try string(seat["seatNumber"], "seatNumber") { try FieldText.seat(number, into: &r) }
            if let v = try string(seat["seat"], "seat") { r.seatPosition = position(v) }
            if let v = try string(seat["seatClass"], "seatClass") { r.cabinClass = try FieldText.word(v, "seat class", classes) }
            // A newer export keeps the reason with each passenger.
            if r.reason == nil, let v = try string(seat["flightReason"], "flightReason") { r.reason = try FieldText.word(v, "flight reason", reasons) }
        }
        return r
    }

    /// window, middle or aisle; AirTrail's other seats (pilot, jumpseat…) have no position.
    static func position(_ word: String) -> SeatPosition? { seats[word.lowercased()] }
}
