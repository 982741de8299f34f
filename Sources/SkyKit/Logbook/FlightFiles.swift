import FoundationEssentials
import Glibc

/// File formats of logbook import and export.
public enum FlightFileFormat: String, CaseIterable, Sendable {
    /// skyshell's CSV: one row per flight, every field.
    case csv
    /// skyshell's JSON document.
    case json
    /// OpenFlights CSV (revision 0.41), as openflights.org imports and exports it.
    case openflights
    /// myFlightradar24's CSV export.
    case myflightradar24
    /// Flighty's CSV export.
    case flighty
    /// jetlog's CSV export.
    case jetlog
    /// AirTrail's JSON or CSV export.
    case airtrail
    /// App in the Air's data export (`data.txt`).
    case appintheair
    /// A flight calendar in iCalendar (TripIt's, jetlog's `.ics`).
    case icalendar
    /// GeoJSON routes and airports, for map tools (export only).
    case geojson
    /// KML routes and airports, for map tools (export only).
    case kml

    public var canImport: Bool { self != .geojson && self != .kml }
    public var canExport: Bool { self == .csv || self == .json || self == .openflights || self == .geojson || self == .kml }

    /// The formats that can be imported, by name.
    public static var importable: [FlightFileFormat] { allCases.filter(\.canImport) }
    public static var exportable: [FlightFileFormat] { allCases.filter(\.canExport) }
}

/// A file that cannot be imported: what is wrong and on which line.
public struct FlightFileError: Error, Equatable, Sendable {
    public var line: Int?
    public var message: String
    /// Reading was stopped on request (a signal), not by the file.
    public var stopped = false
    public init(line: Int? = nil, _ message: String) {
        self.line = line
        self.message = message
    }
    /// Reading ended because it was asked to stop.
    public static let stop: FlightFileError = {
        var e = FlightFileError("stopped")
        e.stopped = true
        return e
    }()
    public var text: String { line.map { "line \($0): " + message } ?? message }
}

/// Reading and writing logbook files.
public enum FlightFiles {
    public static let csvHeader = [
        "date", "origin", "destination", "airline", "aircraft", "flight_number", "registration",
        "class", "row", "seat_letter", "seat_position", "events", "notes",
        "departure_time", "arrival_time", "arrival_date", "duration_min", "reason", "trip", "distance_km",
    ]
    public static let openFlightsHeader = [
        "Date", "From", "To", "Flight_Number", "Airline", "Distance", "Duration", "Seat", "Seat_Type",
        "Class", "Reason", "Plane", "Registration", "Trip", "Note", "From_OID", "To_OID", "Airline_OID", "Plane_OID",
    ]
    /// The largest file read (a guard against reading anything by mistake).
    public static let maxBytes = 100 * 1024 * 1024

    /// The format a file's beginning shows, if any: JSON by its keys, App in the Air by its
    /// sections, CSV by its header.
    public static func guess(_ bytes: [UInt8]) -> FlightFileFormat? {
        let start = bytes.drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        let head = String(decoding: start.prefix(65_536), as: UTF8.self)
        if start.first == UInt8(ascii: "{") {
            if head.contains("skyshell-logbook") { return .json }
            if head.contains("\"users\"") || head.contains("\"datePrecision\"") || head.contains("\"aircraftReg\"") { return .airtrail }
            return head.contains("\"origin\"") ? .json : head.contains("\"from\"") ? .airtrail : .json
        }
        if head.hasPrefix("user:") || (head.contains("\ntrips:") && head.contains("Ownership.")) { return .appintheair }
        if head.uppercased().hasPrefix("BEGIN:VCALENDAR") { return .icalendar }
        // Only old OpenFlights exports began with a UTF-16 byte order mark (by mistake).
        if bytes.starts(with: [0xFE, 0xFF]) { return .openflights }
        var reader = CSVReader(Array(start.prefix(4096)))
        guard let header = (try? reader.next())??.map({ CSVTable.key($0.trimmedSpaces) }) else { return nil }
        let columns = Set(header)
        if columns.isSuperset(of: ["date", "flight number", "from", "to", "dep time"]) { return .myflightradar24 }
        // OpenFlights reads its columns by position: only its own names in its own order are
        // its file. Any other header names its columns, and the names decide.
        let openFlights = openFlightsHeader.map(CSVTable.key)
        if (3...openFlights.count).contains(header.count), zip(header, openFlights).allSatisfy(==) { return .openflights }
        if columns.isSuperset(of: ["date", "airline", "flight", "from", "to"]) { return .flighty }
        if columns.isSuperset(of: ["date", "from", "to", "flightnumber"]), !columns.isDisjoint(with: ["seatclass", "aircraftreg", "flightreason"]) {
            return .airtrail
        }
        if columns.contains("date"), NativeReader.names(of: .origin).contains(where: columns.contains),
            NativeReader.names(of: .destination).contains(where: columns.contains)
        {
            return columns.isDisjoint(with: JetlogReader.markers) ? .csv : .jetlog
        }
        return nil
    }

    // MARK: - Reading

    /// What importing a file's bytes would do: every row read in its format, every value looked
    /// up in the catalog (through `map` first), every flight checked against the logbook's rules.
    /// A CSV file from `partsFrom` bytes is read in parts, one per core (`cores`). `stop` is asked
    /// every few thousand rows (by every part) whether to give up: reading then ends with
    /// `FlightFileError.stop`.
    public static func plan(
        _ bytes: [UInt8], format: FlightFileFormat, catalog: Catalog, today: FlightDate, map: ValueMap = ValueMap(), dateOrder: DateOrder = .ymd,
        partsFrom minimum: Int = 1 << 20, cores: Int = Parallel.cores, stop: @escaping () -> Bool = { false }
    ) throws(FlightFileError) -> ImportPlan {
        // Old OpenFlights exports began with the UTF-16 byte order mark by mistake (help/csv.php).
        let bytes = format == .openflights && bytes.starts(with: [0xFE, 0xFF]) ? Array(bytes.dropFirst(2)) : bytes
        guard !bytes.isEmpty, bytes.contains(where: { $0 > 0x20 }) else { throw FlightFileError("the file is empty — nothing to import") }
        guard bytes.count <= maxBytes else {
            throw FlightFileError("the file is \(bytes.count / 1_048_576) MB; imports are limited to \(maxBytes / 1_048_576) MB")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw FlightFileError("the file is not UTF-8 text") }
        guard let parts = parts(of: bytes, format: format, minimum: minimum, cores: cores) else {
            return try read(
                bytes, format: format, into: RecordResolver(catalog: catalog, today: today, map: map, format: format), dateOrder: dateOrder, stop: stop)
        }
        // Each part puts its flights straight into the plan's one array, in a region as large as
        // the part has rows; the regions are closed up in order afterwards (a move, not a copy),
        // so no flight is copied or released on the way from its part to the plan.
        let limits = parts.map { rowLimit($0.bytes) }
        var results: [(plan: Result<ImportPlan, FlightFileError>, region: ArrayRegion<Flight>)] = []
        let flights = [Flight](unsafeUninitializedCapacity: limits.reduce(0, +)) { buffer, initialized in
            let regions = ArrayRegion.regions(from: buffer.baseAddress!, capacities: limits)
            results = Parallel.map(parts.count) { n in
                let resolver = RecordResolver(catalog: catalog, today: today, map: map, format: format)
                resolver.region = regions[n]
                let plan = Result { () throws(FlightFileError) in try read(parts[n].bytes, format: format, into: resolver, dateOrder: dateOrder, stop: stop) }
                return (plan, resolver.region!)
            }
            for result in results { initialized += result.region.move(to: buffer.baseAddress! + initialized) }
        }
        var partPlans: [ImportPlan] = []
        for (n, result) in results.enumerated() {
            switch result.plan {
            case .success(var plan):
                plan.shiftLines(by: parts[n].shift)
                partPlans.append(plan)
            case .failure(var error):
                error.line = error.line.map { $0 + parts[n].shift }
                throw error
            }
        }
        return ImportPlan(parts: partPlans, flights: flights)
    }

    /// The most records a CSV text can hold: each but the last ends at a CR or a LF.
    static func rowLimit(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { b in ByteCount.of(0x0A, 0x0D, in: b, b.indices) + 1 }
    }

    /// The plan of `bytes` (one file, or one part of it), its records resolved by `resolver`.
    static func read(
        _ bytes: [UInt8], format: FlightFileFormat, into resolver: RecordResolver, dateOrder: DateOrder = .ymd, stop: @escaping () -> Bool
    ) throws(FlightFileError) -> ImportPlan {
        let batch = RecordBatch(stop: stop, dateOrder: dateOrder) { resolver.add($0) }
        switch format {
        case .csv: try NativeReader.csv(bytes, into: batch)
        case .json: try NativeReader.json(bytes, into: batch)
        case .openflights: try OpenFlightsReader.read(bytes, into: batch)
        case .myflightradar24: try MyFlightradar24Reader.read(bytes, into: batch)
        case .flighty: try FlightyReader.read(bytes, into: batch)
        case .jetlog: try JetlogReader.read(bytes, into: batch)
        case .airtrail: try AirTrailReader.read(bytes, into: batch)
        case .appintheair: try AppInTheAirReader.read(bytes, into: batch)
        case .icalendar: try ICalendarReader.read(bytes, into: batch)
        case .geojson, .kml:
            throw FlightFileError("\(format.rawValue) is an export format; import \(FlightFileFormat.importable.map(\.rawValue).joined(separator: ", "))")
        }
        return resolver.finish(batch)
    }

    /// A CSV file large enough to share between cores, cut where rows start into one part per
    /// core: each part is the header followed by its rows, read on its own, with how far its
    /// lines are from the whole file's. Nil for a file read in one go.
    static func parts(of bytes: [UInt8], format: FlightFileFormat, minimum: Int, cores: Int) -> [(bytes: [UInt8], shift: Int)]? {
        let csvFormats: [FlightFileFormat] = [.csv, .openflights, .myflightradar24, .flighty, .jetlog]
        guard csvFormats.contains(format), bytes.count >= minimum, cores > 1 else { return nil }
        let headerStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard let body = CSVReader.rowStarts(in: bytes, atOrAfter: [headerStart + 1]).first else { return nil }
        let count = min(cores, 8)
        let targets = (1..<count).map { body.offset + (bytes.count - body.offset) * $0 / count }
        var cuts = [body]
        for cut in CSVReader.rowStarts(in: bytes, atOrAfter: targets) where cut.offset > cuts.last!.offset { cuts.append(cut) }
        guard cuts.count > 1 else { return nil }
        let header = bytes[..<body.offset]
        return cuts.indices.map { n in
            let end = n + 1 < cuts.count ? cuts[n + 1].offset : bytes.count
            return (Array(header) + bytes[cuts[n].offset..<end], cuts[n].line - body.line)
        }
    }

    // MARK: - Writing

    /// The flights of `logbook` in `format` (one of the formats that can be exported).
    /// `openFlightsTrips` are the ids of the flights whose trip is an OpenFlights trip (they came
    /// from an OpenFlights file): only those are written in OpenFlights' Trip column.
    public static func write<S: Sequence>(
        _ flights: S, format: FlightFileFormat, logbook: String, catalog: Catalog, openFlightsTrips: Set<Int64> = []
    ) throws(FlightFileError) -> String
    where S.Element == Flight {
        switch format {
        case .myflightradar24, .flighty, .jetlog, .airtrail, .appintheair, .icalendar:
            throw FlightFileError(
                "\(format.rawValue) is read, not written; export \(FlightFileFormat.exportable.map(\.rawValue).joined(separator: ", "))")
        case .csv:
            var out = CSVWriter.row(csvHeader)
            for f in flights { out += CSVWriter.row(nativeFields(f).map { numericFields.contains($0.0) ? .number($0.1) : .text($0.1) }) }
            return out
        case .json:
            let list = flights.map { f in
                Datum.object(
                    nativeFields(f).map { key, value in
                        (key, jsonValue(key, value, f))
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
                let fields = openFlightsFields(f, catalog, tripIsOpenFlights: f.id.map(openFlightsTrips.contains) ?? false)
                out += CSVWriter.row(fields.enumerated().map { $0.offset == 5 ? .number($0.element) : .text($0.element) })
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
            ("departure_time", f.departureTime?.description ?? ""), ("arrival_time", f.arrivalTime?.description ?? ""),
            ("arrival_date", f.arrivalDate?.description ?? ""), ("duration_min", f.duration.map(String.init) ?? ""),
            ("reason", f.reason?.rawValue ?? ""), ("trip", f.trip ?? ""),
            ("distance_km", f.recordedDistance.map { JSONWriter.number(($0.kilometers * 1000).rounded() / 1000) } ?? ""),
        ]
    }

    /// The native fields that are numbers (written as numbers in CSV and JSON).
    static let numericFields: Set<String> = ["row", "duration_min", "distance_km"]

    static func jsonValue(_ key: String, _ value: String, _ f: Flight) -> Datum {
        switch key {
        case "events": .list(f.events.map { .string($0.rawValue) })
        case "row": f.row.map { .int($0) } ?? .null
        case "duration_min": f.duration.map { .int($0) } ?? .null
        case "distance_km": value.isEmpty ? .null : Datum.rounded(f.recordedDistance!.kilometers, 3)
        default: value.isEmpty ? .null : .string(value)
        }
    }

    /// A flight as OpenFlights' columns, in a form its import accepts: a date it knows (a
    /// month-only date is written as its year, the month kept in the note), its trip only when
    /// it is an OpenFlights trip (another tool's trip goes into the note), and the events.
    static func openFlightsFields(_ f: Flight, _ catalog: Catalog, tripIsOpenFlights: Bool = false) -> [String] {
        let origin = catalog.airport(icao: f.origin), destination = catalog.airport(icao: f.destination)
        let airline = catalog.airline(code: f.airline)
        let type = f.aircraft.flatMap { catalog.aircraftType(designator: $0) }
        var miles = ""
        if let recorded = f.recordedDistance {
            miles = String(Int(recorded.statuteMiles.rounded()))
        } else if let origin, let destination {
            miles = String(Int(Geodesic.wgs84.inverse(origin.coordinate, destination.coordinate).distance.statuteMiles.rounded()))
        }
        let seatType = f.seatPosition.map { ["window": "W", "aisle": "A", "middle": "M"][$0.rawValue]! } ?? ""
        let cabin = f.cabinClass.flatMap { ["economy": "Y", "premium": "P", "business": "C", "first": "F"][$0.rawValue] } ?? ""
        let reason = f.reason.map { ["business": "B", "leisure": "L", "crew": "C", "other": "O"][$0.rawValue]! } ?? ""
        let duration = f.duration.map { FlightDate.digits($0 / 60, 2) + ":" + FlightDate.digits($0 % 60, 2) } ?? ""
        // OpenFlights takes YYYY-MM-DD, MM/DD/YYYY, DD.MM.YYYY or a year alone (help/csv.php).
        let date = (f.date.precision == .month ? String(f.date.year) : f.date.description) + (f.departureTime.map { " \($0):00" } ?? "")
        var tags: [(String, String)] = []
        if f.date.precision == .month { tags.append(("date", f.date.description)) }
        if let trip = f.trip, !tripIsOpenFlights { tags.append(("trip", trip)) }
        if !f.events.isEmpty { tags.append(("events", f.events.map(\.rawValue).joined(separator: "; "))) }
        let note = NoteTags.append(tags, to: f.notes ?? "")
        return [
            date, origin?.iata ?? f.origin, destination?.iata ?? f.destination, f.flightNumber ?? "",
            airline?.name ?? "", miles, duration, f.seat ?? "", seatType, cabin, reason, type?.name ?? f.aircraft ?? "", f.registration ?? "",
            tripIsOpenFlights ? f.trip ?? "" : "", note, origin.flatMap { catalog.openFlightsID(ofAirportAt: $0.rank) }.map(String.init) ?? "",
            destination.flatMap { catalog.openFlightsID(ofAirportAt: $0.rank) }.map(String.init) ?? "",
            airline.flatMap { $0.openFlightsID > 0 ? String($0.openFlightsID) : nil } ?? "", "",
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

extension Airline {
    /// The code logbooks store: ICAO when there is one, else IATA.
    public var storedCodeInCatalog: String { icao ?? iata ?? name }

    /// The codes a logbook may hold for this airline (its ICAO and IATA codes, or its name
    /// when it has neither).
    public var spellings: [String] { [icao, iata].compactMap { $0 }.isEmpty ? [name] : [icao, iata].compactMap { $0 } }
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

/// What skyshell keeps in the note of a format that has no column for it: `[key: value]` tags
/// at its end ("Lovely views [date: 2006-02] [events: diversion]"), read back on import.
enum NoteTags {
    static let keys: Set<String> = ["date", "trip", "events"]

    /// The note with `tags` after it.
    static func append(_ tags: [(String, String)], to note: String) -> String {
        ([note] + tags.map { "[\($0.0): \($0.1)]" }).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The note without the tags at its end, and the tags by key.
    static func split(_ text: String) -> (note: String, tags: [String: String]) {
        var note = text.trimmedSpaces
        var tags: [String: String] = [:]
        while note.hasSuffix("]"), let open = note.lastRange(of: "[") {
            let inside = note[open.upperBound..<note.index(before: note.endIndex)]
            guard let colon = inside.firstRange(of: ": "), keys.contains(String(inside[..<colon.lowerBound])), tags[String(inside[..<colon.lowerBound])] == nil
            else { break }
            tags[String(inside[..<colon.lowerBound])] = String(inside[colon.upperBound...])
            note = String(note[..<open.lowerBound]).trimmedSpaces
        }
        return (note, tags)
    }
}
