import Foundation

/// File formats of logbook import and export.
public enum FlightFileFormat: String, CaseIterable, Sendable {
    /// skyshell's CSV: one row per flight, every field.
    case csv
    /// skyshell's JSON document.
    case json
    /// OpenFlights CSV (revision 0.41), as openflights.org imports and exports it.
    case openflights
    /// GeoJSON routes and airports, for map tools (export only).
    case geojson
    /// KML routes and airports, for map tools (export only).
    case kml

    public var canImport: Bool { self == .csv || self == .json || self == .openflights }
}

/// A file that cannot be imported: what is wrong and on which line.
public struct FlightFileError: Error, Equatable, Sendable {
    public var line: Int?
    public var message: String
    public init(line: Int? = nil, _ message: String) {
        self.line = line
        self.message = message
    }
    public var text: String { line.map { "line \($0): " + message } ?? message }
}

/// The result of reading a file: the flights, and what was skipped with --skip-bad.
public struct ImportedFlights: Sendable {
    public var flights: [Flight] = []
    public var skipped: [FlightFileError] = []
    public var futureDates = 0
}

/// Reading and writing logbook files.
public enum FlightFiles {
    public static let csvHeader = [
        "date", "origin", "destination", "airline", "aircraft", "flight_number", "registration",
        "class", "row", "seat_letter", "seat_position", "events", "notes",
    ]
    public static let openFlightsHeader = [
        "Date", "From", "To", "Flight_Number", "Airline", "Distance", "Duration", "Seat", "Seat_Type",
        "Class", "Reason", "Plane", "Registration", "Trip", "Note", "From_OID", "To_OID", "Airline_OID", "Plane_OID",
    ]
    /// The largest file read (a guard against reading anything by mistake).
    public static let maxBytes = 100 * 1024 * 1024

    /// The format a file's first bytes show, if any.
    public static func guess(_ bytes: [UInt8]) -> FlightFileFormat? {
        let start = bytes.drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        if start.first == UInt8(ascii: "{") { return .json }
        var reader = CSVReader(Array(bytes.prefix(4096)))
        guard let header = (try? reader.next())??.map({ $0.trimmedSpaces.lowercased() }) else { return nil }
        if header.starts(with: ["date", "from", "to"]) { return .openflights }
        if header.contains("origin"), header.contains("destination"), header.contains("date") { return .csv }
        return nil
    }

    // MARK: - Reading

    /// Reads flights from a file's bytes. Every flight is checked against the catalog; the
    /// first bad one fails the whole read unless `skipBad`, which collects it instead.
    public static func read(_ bytes: [UInt8], format: FlightFileFormat, catalog: Catalog, skipBad: Bool, today: FlightDate) throws(FlightFileError)
        -> ImportedFlights
    {
        guard !bytes.isEmpty, bytes.contains(where: { $0 > 0x20 }) else { throw FlightFileError("the file is empty — nothing to import") }
        guard bytes.count <= maxBytes else {
            throw FlightFileError("the file is \(bytes.count / 1_048_576) MB; imports are limited to \(maxBytes / 1_048_576) MB")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw FlightFileError("the file is not UTF-8 text") }
        var result = ImportedFlights()
        func accept(_ line: Int, _ make: () throws -> Flight) throws(FlightFileError) {
            do {
                let flight = try make()
                if flight.date > today { result.futureDates += 1 }
                result.flights.append(flight)
            } catch {
                let failure = (error as? FlightFileError) ?? FlightFileError("\(error)")
                let located = FlightFileError(line: failure.line ?? line, failure.message)
                if skipBad { result.skipped.append(located) } else { throw located }
            }
        }
        let resolver = Resolver(catalog: catalog, today: today)
        switch format {
        case .json:
            let (records, lines) = try jsonRecords(bytes)
            for (n, record) in records.enumerated() {
                try accept(lines[n]) { try resolver.flight(Record(fields: record.get()), source: .native) }
            }
        case .csv, .openflights:
            var reader = CSVReader(bytes)
            let names: [String]?
            do {
                names = try reader.header()
            } catch {
                throw FlightFileError(line: error.line, error.message)
            }
            guard let header = names else { throw FlightFileError("the file is empty — nothing to import") }
            let expected = format == .csv ? csvHeader : openFlightsHeader
            let known = Set(expected.map { $0.lowercased() })
            if let unknown = header.first(where: { !known.contains($0.lowercased()) && !$0.isEmpty }) {
                throw FlightFileError(line: 1, "unknown column '\(unknown)' for \(format.rawValue) — the columns are \(expected.joined(separator: ","))")
            }
            let required = format == .csv ? ["date", "origin", "destination"] : ["date", "from", "to"]
            for column in required where !header.map({ $0.lowercased() }).contains(column) {
                throw FlightFileError(line: 1, "the header has no '\(column)' column — the columns are \(expected.joined(separator: ","))")
            }
            // Column positions are found once; rows are read by position.
            let positions = Record.positions(header)
            let source: Resolver.Source = format == .csv ? .native : .openFlights
            while true {
                let next: [String]?
                do {
                    next = try reader.next()
                } catch {
                    throw FlightFileError(line: error.line, error.message)
                }
                guard let row = next else { break }
                if row.count == 1, row[0].trimmedSpaces.isEmpty { continue }
                let line = reader.line
                guard row.count == header.count else {
                    try accept(line) { throw FlightFileError("\(row.count) fields where the header has \(header.count)") }
                    continue
                }
                try accept(line) { try resolver.flight(Record(positions: positions, values: row), source: source) }
            }
        case .geojson, .kml:
            throw FlightFileError("\(format.rawValue) is an export format; import csv, json or openflights")
        }
        return result
    }

    /// The flights of a JSON export as text fields, each with the line it starts on. A value of
    /// the wrong type is an error of its flight; a document that is not JSON is an error with
    /// the line and column where it stops being JSON.
    static func jsonRecords(_ bytes: [UInt8]) throws(FlightFileError) -> ([Result<[String: String], FlightFileError>], [Int]) {
        let document: Datum, offsets: [Int]
        do {
            (document, offsets) = try JSONParser.parse(bytes, itemOffsetsOf: "flights")
        } catch {
            throw FlightFileError(line: error.line, "the file is not valid JSON: \(error.message) (column \(error.column))")
        }
        guard case .object = document, let flights = document["flights"]?.list else {
            throw FlightFileError("the JSON has no \"flights\" list — is it a skyshell logbook export?")
        }
        var records: [Result<[String: String], FlightFileError>] = []
        var lines: [Int] = []
        for (n, item) in flights.enumerated() {
            lines.append(n < offsets.count ? JSONParser.position(of: offsets[n], in: bytes).line : n + 1)
            records.append(Result { () throws(FlightFileError) in try jsonRecord(item, number: n + 1) })
        }
        return (records, lines)
    }

    /// One flight object as text fields: strings (or null) for text, a whole number for the
    /// row, a list of strings (or one string) for the events; unknown keys are left alone.
    static func jsonRecord(_ item: Datum, number n: Int) throws(FlightFileError) -> [String: String] {
        guard case .object(let pairs) = item else { throw FlightFileError("flight \(n) is not an object") }
        var record: [String: String] = [:]
        for (key, value) in pairs {
            guard let column = FileColumn(rawValue: key), FileColumn.native.contains(column) else { continue }
            func wrong(_ expected: String) -> FlightFileError {
                FlightFileError("\"\(key)\" of flight \(n) must be \(expected), not \(JSONWriter.compact(value).prefix(40))")
            }
            switch (column, value) {
            case (_, .null): continue
            case (.row, .int(let row)): record[key] = String(row)
            case (.row, _): throw wrong("a whole number or null")
            case (.events, .list(let items)):
                var words: [String] = []
                for event in items {
                    guard let word = event.string else { throw wrong("a list of event names") }
                    words.append(word)
                }
                record[key] = words.joined(separator: ";")
            case (_, .string(let text)): record[key] = text
            case (.events, _): throw wrong("a list of event names")
            default: throw wrong("text or null")
            }
        }
        return record
    }

    // MARK: - Writing

    /// The flights of `logbook` in `format`.
    public static func write<S: Sequence>(_ flights: S, format: FlightFileFormat, logbook: String, catalog: Catalog) -> String where S.Element == Flight {
        switch format {
        case .csv:
            var out = CSVWriter.row(csvHeader)
            for f in flights { out += CSVWriter.row(nativeFields(f).map { $0.0 == "row" ? .number($0.1) : .text($0.1) }) }
            return out
        case .json:
            let list = flights.map { f in
                Datum.object(
                    nativeFields(f).map { key, value in
                        (
                            key,
                            key == "events"
                                ? .list(f.events.map { .string($0.rawValue) })
                                : key == "row" ? (f.row.map { .int($0) } ?? .null) : (value.isEmpty ? .null : .string(value))
                        )
                    })
            }
            return JSONWriter.write(
                .object([
                    ("format", .string("skyshell-logbook")), ("version", .int(1)), ("logbook", .string(logbook)),
                    ("flights", .list(list)),
                ])) + "\n"
        case .openflights:
            var out = "\u{FEFF}" + CSVWriter.row(openFlightsHeader)
            for f in flights {
                // Distance (miles) is the one number; every other cell is text.
                out += CSVWriter.row(openFlightsFields(f, catalog).enumerated().map { $0.offset == 5 ? .number($0.element) : .text($0.element) })
            }
            return out
        case .geojson:
            return routeFeatures(Array(flights), catalog: catalog).geoJSON
        case .kml:
            return routeFeatures(Array(flights), catalog: catalog).kml
        }
    }

    static func nativeFields(_ f: Flight) -> [(String, String)] {
        [
            ("date", f.date.description), ("origin", f.origin), ("destination", f.destination), ("airline", f.airline ?? ""),
            ("aircraft", f.aircraft ?? ""), ("flight_number", f.flightNumber ?? ""), ("registration", f.registration ?? ""),
            ("class", f.cabinClass?.rawValue ?? ""), ("row", f.row.map(String.init) ?? ""), ("seat_letter", f.seatLetter ?? ""),
            ("seat_position", f.seatPosition?.rawValue ?? ""), ("events", f.events.map(\.rawValue).joined(separator: ";")), ("notes", f.notes ?? ""),
        ]
    }

    static func openFlightsFields(_ f: Flight, _ catalog: Catalog) -> [String] {
        let origin = catalog.airport(icao: f.origin), destination = catalog.airport(icao: f.destination)
        let airline = catalog.airline(code: f.airline)
        let type = f.aircraft.flatMap { catalog.aircraftType(designator: $0) }
        var miles = ""
        if let origin, let destination {
            miles = String(Int(Geodesic.wgs84.inverse(origin.coordinate, destination.coordinate).distance.statuteMiles.rounded()))
        }
        let seatType = f.seatPosition.map { ["window": "W", "aisle": "A", "middle": "M"][$0.rawValue]! } ?? ""
        let cabin = f.cabinClass.map { ["economy": "Y", "premium": "P", "business": "C", "first": "F"][$0.rawValue]! } ?? ""
        var note = f.notes ?? ""
        if !f.events.isEmpty { note += (note.isEmpty ? "" : " ") + "[events: " + f.events.map(\.rawValue).joined(separator: "; ") + "]" }
        return [
            f.date.description, origin?.iata ?? f.origin, destination?.iata ?? f.destination, f.flightNumber ?? "",
            airline?.name ?? "", miles, "", f.seat ?? "", seatType, cabin, "", type?.name ?? f.aircraft ?? "", f.registration ?? "",
            "", note, "", "", airline.map { String($0.openFlightsID) } ?? "", "",
        ]
    }

    /// Every route flown as a geodesic line (with its number of flights) and every airport.
    public static func routeFeatures(_ flights: [Flight], catalog: Catalog) -> GeoFeatures {
        var routes: [String: (String, String, Int)] = [:]
        var airports: [String: Int] = [:]
        for f in flights {
            let key = min(f.origin, f.destination) + "-" + max(f.origin, f.destination)
            routes[key, default: (min(f.origin, f.destination), max(f.origin, f.destination), 0)].2 += 1
            airports[f.origin, default: 0] += 1
            airports[f.destination, default: 0] += 1
        }
        var features = GeoFeatures()
        for (key, (a, b, n)) in routes.sorted(by: { $0.key < $1.key }) {
            guard let pa = catalog.airport(icao: a), let pb = catalog.airport(icao: b) else { continue }
            let length = Geodesic.wgs84.inverse(pa.coordinate, pb.coordinate).distance
            features.lines.append(
                GeoFeatures.Line(
                    name: key, points: GeoFeatures.geodesic(pa.coordinate, pb.coordinate),
                    properties: [("flights", .int(n)), ("distance_km", Datum.rounded(length.kilometers, 1))]))
        }
        for (icao, n) in airports.sorted(by: { $0.key < $1.key }) {
            guard let a = catalog.airport(icao: icao) else { continue }
            features.points.append(GeoFeatures.Point(name: icao, coordinate: a.coordinate, properties: [("airport", .string(a.name)), ("flights", .int(n))]))
        }
        return features
    }
}

/// The columns skyshell reads, of both CSV formats.
enum FileColumn: String, CaseIterable {
    case date, origin, destination, airline, aircraft, flight_number, registration, `class`, row, seat_letter, seat_position, events, notes
    case from, to, seat, seat_type, plane, note, airline_oid

    /// Every column in declaration order (made once: `allCases` builds a new array each time).
    static let ordered = allCases
    /// The columns of skyshell's own formats.
    static let native: Set<FileColumn> = [
        .date, .origin, .destination, .airline, .aircraft, .flight_number, .registration, .`class`, .row,
        .seat_letter, .seat_position, .events, .notes,
    ]
    /// The column's place in `ordered`.
    var ordinal: Int { FileColumn.ordered.firstIndex(of: self)! }
}

/// One record of a file: fields by column, empty ones absent.
struct Record {
    /// Where each column is in a CSV row (found once per file), by FileColumn order.
    var positions: [Int?] = []
    var values: [String] = []
    var fields: [String: String]? = nil

    init(positions: [Int?], values: [String]) {
        self.positions = positions
        self.values = values
    }

    init(fields: [String: String]) { self.fields = fields }

    /// Column positions for a header.
    static func positions(_ header: [String]) -> [Int?] {
        let lower = header.map { $0.lowercased() }
        return FileColumn.ordered.map { lower.firstIndex(of: $0.rawValue) }
    }

    /// The field's text, trimmed; a CSV cell loses the guard against spreadsheet formulas
    /// that exports add (see `FormulaGuard`).
    subscript(key: FileColumn) -> String? {
        if let fields {
            guard let text = fields[key.rawValue]?.trimmedSpaces, !text.isEmpty else { return nil }
            return text
        }
        guard let text = positions[key.ordinal].map({ FormulaGuard.remove(values[$0].trimmedSpaces) }), !text.isEmpty else { return nil }
        return text
    }
}

/// Turns one record of a file into a checked flight. Lookups are cached: a file names the same
/// airports, airlines and types again and again.
/// Turns one record of a file into a checked flight, through the catalog's one lookup (the
/// same as the prompt's: an ambiguous name is an error, never one of its candidates). Lookups
/// are cached: a file names the same airports, airlines and types again and again.
final class Resolver {
    enum Source { case native, openFlights }
    let catalog: Catalog
    let today: FlightDate
    var cache: [String: Result<String, LookupError>] = [:]

    init(catalog: Catalog, today: FlightDate) {
        self.catalog = catalog
        self.today = today
    }

    /// A lookup's stored code, cached under `key`; a failure is this row's error.
    func cached(_ key: String, _ lookup: () throws(LookupError) -> String) throws(FlightFileError) -> String {
        let result = cache[key] ?? Result { () throws(LookupError) in try lookup() }
        cache[key] = result
        switch result {
        case .success(let code): return code
        case .failure(let error): throw FlightFileError(error.message)
        }
    }

    func flight(_ r: Record, source: Source) throws -> Flight {
        /// A field's text; a control character (other than a tab or line feed in notes) is an
        /// error naming the column, never stored or cut short.
        func value(_ key: FileColumn) throws -> String? {
            guard let text = r[key] else { return nil }
            if let bad = FlightText.controlCharacter(in: text, multiline: key == .notes || key == .note) {
                throw FlightFileError("the \(key.rawValue) column holds a control character (\(bad))")
            }
            return text
        }
        let native = source == .native
        guard let dateText = try value(.date) else { throw FlightFileError("no date") }
        let date = try parseDate(dateText)
        guard let fromText = try value(native ? .origin : .from) else { throw FlightFileError("no departure airport") }
        guard let toText = try value(native ? .destination : .to) else { throw FlightFileError("no arrival airport") }
        let origin = try airport(fromText), destination = try airport(toText)
        guard origin != destination else { throw FlightFileError("the departure and arrival airports are both \(origin)") }
        var flight = Flight(origin: origin, destination: destination, date: date)
        if let number = try value(.flight_number) {
            guard let checked = FlightText.flightNumber(number) else {
                throw FlightFileError("'\(number)' is not a flight number (the airline code and digits, like UA155)")
            }
            flight.flightNumber = checked
        }
        flight.registration = try value(.registration)
        if native {
            if let code = try value(.airline) { flight.airline = try airline(code) }
            if let type = try value(.aircraft) { flight.aircraft = try aircraft(type) }
            if let cabin = try value(.`class`) {
                guard let c = CabinClass(rawValue: cabin.lowercased()) else {
                    throw FlightFileError("'\(cabin)' is not a class (economy, premium, business, first)")
                }
                flight.cabinClass = c
            }
            if let row = try value(.row) { flight.row = try parseRow(row) }
            if let letter = try value(.seat_letter) {
                guard let checked = FlightText.seatLetter(letter) else { throw FlightFileError("'\(letter)' is not a seat letter (one letter, A to Z)") }
                flight.seatLetter = checked
            }
            if let position = try value(.seat_position) {
                guard let p = SeatPosition(rawValue: position.lowercased()) else {
                    throw FlightFileError("'\(position)' is not a seat position (window, middle, aisle)")
                }
                flight.seatPosition = p
            }
            flight.events = try parseEvents(try value(.events) ?? "")
            flight.notes = try value(.notes)
        } else {
            flight.airline = try openFlightsAirline(name: try value(.airline), id: try value(.airline_oid), number: flight.flightNumber)
            if let plane = try value(.plane) { flight.aircraft = try aircraft(plane) }
            if let seat = try value(.seat) {
                guard let (row, letter) = SeatMap.parse(seat) else { throw FlightFileError("'\(seat)' is not a seat") }
                if let row { flight.row = try parseRow(String(row)) }
                flight.seatLetter = letter
            }
            if let t = try value(.seat_type) {
                guard let p = ["W": SeatPosition.window, "A": .aisle, "M": .middle][t.uppercased()] else {
                    throw FlightFileError("'\(t)' is not a seat type (W, A, M)")
                }
                flight.seatPosition = p
            }
            if let c = try value(.`class`) {
                guard let cabin = ["Y": CabinClass.economy, "P": .premium, "C": .business, "F": .first][c.uppercased()] else {
                    throw FlightFileError("'\(c)' is not a class (Y, P, C, F)")
                }
                flight.cabinClass = cabin
            }
            var note = try value(.note) ?? ""
            if let open = note.range(of: "[events: ", options: .backwards), note.hasSuffix("]") {
                flight.events = try parseEvents(String(note[open.upperBound..<note.index(before: note.endIndex)]))
                note = String(note[..<open.lowerBound]).trimmedSpaces
            }
            flight.notes = note.isEmpty ? nil : note
        }
        if let violation = flight.violation(today: today) { throw FlightFileError(violation) }
        return flight
    }

    func parseDate(_ text: String) throws -> FlightDate {
        if let iso = FlightDate(iso: text) { return iso }
        let day = String(text.split(separator: " ").first ?? "")
        var date: FlightDate?
        if let iso = FlightDate(iso: day) {
            date = iso
        } else if day.count == 4, let y = Int(day) {
            date = FlightDate(year: y, month: 1, day: 1)
        } else if day.contains("/") {
            let p = day.split(separator: "/").compactMap { Int($0) }
            if p.count == 3 { date = FlightDate(year: p[2], month: p[0], day: p[1]) }
        } else if day.contains(".") {
            let p = day.split(separator: ".").compactMap { Int($0) }
            if p.count == 3 { date = FlightDate(year: p[2], month: p[1], day: p[0]) }
        }
        guard let date else { throw FlightFileError("'\(text)' is not a date (YYYY-MM-DD, a day that exists)") }
        return date
    }

    func parseRow(_ text: String) throws -> Int {
        guard let row = Int(text), Flight.rows.contains(row) else { throw FlightFileError("row '\(text)' is out of range (1 to 88)") }
        return row
    }

    func parseEvents(_ text: String) throws -> [FlightEvent] {
        try text.split(whereSeparator: { $0 == ";" || $0 == "," }).map { raw in
            let word = String(raw).trimmedSpaces.lowercased()
            guard let e = FlightEvent(rawValue: word) else {
                throw FlightFileError("'\(word)' is not an event (\(FlightEvent.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return e
        }
    }

    func airport(_ text: String) throws(FlightFileError) -> String {
        try cached("airport|" + text) { () throws(LookupError) in try catalog.resolveAirport(text).icao }
    }

    func airline(_ text: String) throws(FlightFileError) -> String {
        try cached("airline|" + text) { () throws(LookupError) in try catalog.resolveAirline(text).storedCodeInCatalog }
    }

    /// OpenFlights' airline: the id when the catalog has exactly that id; else the name; else
    /// the airline the flight number names; else none.
    func openFlightsAirline(name: String?, id: String?, number: String?) throws(FlightFileError) -> String? {
        if let id, let n = NumberParser.integer(id, in: 0...Int(Int32.max)), let a = catalog.airline(openFlightsID: n) { return a.storedCodeInCatalog }
        if let name, name.lowercased() != "unknown" { return try airline(name) }
        guard let number else { return nil }
        return catalog.airline(flightNumber: number)?.storedCodeInCatalog
    }

    func aircraft(_ text: String) throws(FlightFileError) -> String {
        try cached("aircraft|" + text) { () throws(LookupError) in try catalog.resolveAircraft(text).designator }
    }
}

extension Airline {
    /// The code logbooks store: ICAO when there is one, else IATA.
    public var storedCodeInCatalog: String { icao ?? iata ?? name }
}

extension Catalog {
    /// The airline with this OpenFlights id.
    public func airline(openFlightsID id: Int) -> Airline? {
        // Ids are stored in 16 bits (the largest is about 21,300): a larger id is no airline here.
        guard (1..<65536).contains(id) else { return nil }
        for index in 0..<airlineCount where Int(data.u16(airlineOffset(index) + 42)) == id { return airline(at: index) }
        return nil
    }
}
