import FoundationEssentials
import Glibc
import SkyKit

/// The logbook service's state: the database, opened on first use.
final class LogbookContext: ServiceContext {
    private let context: CommandContext
    private var opened: LogbookStore?

    init(context: CommandContext) { self.context = context }

    /// The logbook database in the data directory (`logbook.sqlite`), opened on first use.
    /// `SKYSHELL_DB_MAX_PAGES` caps its size in pages, to test a full disk.
    func store() throws -> LogbookStore {
        if let opened { return opened }
        guard let paths = context.runner.paths else { throw ShellError(.io, "no data directory: set SKYSHELL_HOME or HOME") }
        try context.files.ensurePrivateDirectory(paths.data)
        let maxPages =
            context.runner.environment["SKYSHELL_DB_MAX_PAGES"] == nil
            ? nil
            : Int(context.runner.environmentNumber("SKYSHELL_DB_MAX_PAGES", 1...Double(Int32.max), default: Double(Int32.max), what: "pages", whole: true))
        let store = try LogbookStore(path: paths.logbookFile, maxPages: maxPages)
        let clock = context.runner.clock
        store.today = { clock.today }
        store.now = { clock.now.timeIntervalSince1970 }
        opened = store
        return store
    }

    /// The logbook database only if it already exists (cards look, they never create one).
    func existingStore() -> LogbookStore? {
        if let opened { return opened }
        guard let paths = context.runner.paths, FileManager.default.fileExists(atPath: paths.logbookFile) else { return nil }
        return try? store()
    }

    /// The flights of the active logbook matching `filter`, for cards: count and the latest few.
    func yourFlights(_ filter: FlightFilter, latest: Int = 5) -> (count: Int, latest: [Flight]) {
        let logbook = context.session.logbook
        guard let store = existingStore(), let count = try? store.count(in: logbook, filter), count > 0 else { return (0, []) }
        var limited = filter
        limited.limit = latest
        let cursor = try? store.flights(in: logbook, limited)
        return (count, cursor.map(Array.init) ?? [])
    }

    /// A card field listing "your flights": the count and the latest ones, one per line.
    func yourFlightsField(_ filter: FlightFilter, none: String) -> Field {
        let (count, latest) = yourFlights(filter)
        let lines = latest.map { "#\($0.number ?? 0)  \(FlightFields.summary($0, context))" }
        let text =
            count == 0 ? none : "\(count) in logbook \(context.session.logbook)\n" + lines.joined(separator: "\n") + (count > latest.count ? "\n…" : "")
        return Field("your_flights", "your flights", Cell(.int(count), text: text))
    }

    /// Brings the logbook's route lengths up to date with the catalog (each route's length as
    /// `distance_km` gives it), so a distance condition can be SQLite's; false when they cannot
    /// be (a logbook that cannot be written): the stages then measure every flight themselves.
    func routesMeasured() -> Bool {
        guard let store = try? store() else { return false }
        do {
            try store.measureRoutes(catalog: context.catalog.airportsVersion, length: storedRouteKilometers)
            return true
        } catch {
            return false
        }
    }

    /// A route's length as the logbook keeps it: `distance_km`'s number (km to the metre).
    func storedRouteKilometers(_ origin: String, _ destination: String) -> Double? {
        guard let length = routeLength(origin, destination), case .number(let km) = Datum.rounded(length.kilometers, 3) else { return nil }
        return km
    }

    /// Stored codes of the favourite airlines (none when the logbook cannot be opened).
    var favoriteAirlineCodes: [String] { (try? store().favoriteAirlines()) ?? [] }

    /// Each route's geodesic length, found once for both ways (a logbook flies the same routes
    /// again and again; a listing of 100,000 flights in a pipeline asks for every one): each
    /// airport code seen gets a number and its position, a route is the pair of numbers.
    private var airportNumbers: [String: Int] = [:]
    private var airportPositions: [Coordinate?] = []
    private var routeLengths: [Int: Distance?] = [:]
    /// The route asked last and its length (a pipeline's stages ask of one flight in turn).
    private var lastRoute: (origin: String, destination: String, length: Distance?)?

    /// The geodesic length from `origin` to `destination` (nil when an airport is unknown). It
    /// is the same both ways: the inverse problem is solved in one canonical order of the two
    /// points (`GeodesicTests` holds the two orders to a micrometre).
    func routeLength(_ origin: String, _ destination: String) -> Distance? {
        if let last = lastRoute, last.origin == origin, last.destination == destination { return last.length }
        let a = airportNumber(origin), b = airportNumber(destination)
        let key = min(a, b) << 32 | max(a, b)
        let length: Distance?
        if let known = routeLengths[key] {
            length = known
        } else {
            if let p = airportPositions[min(a, b)], let q = airportPositions[max(a, b)] { length = Geodesic.wgs84.inverse(p, q).distance } else { length = nil }
            routeLengths[key] = length
        }
        lastRoute = (origin, destination, length)
        return length
    }

    private func airportNumber(_ code: String) -> Int {
        if let n = airportNumbers[code] { return n }
        airportNumbers[code] = airportPositions.count
        airportPositions.append(context.catalog.coordinate(icao: code))
        return airportPositions.count - 1
    }

    /// How an airport is shown in lists: its ICAO code; its IATA code with `codes iata`; its
    /// city with `codes names`.
    func label(airport icao: String) -> String { labeler()(icao) }

    /// `label(airport:)` with the naming setting read once, for a long list.
    func labeler() -> (String) -> String {
        let naming = context.settings.value(.codes)
        let catalog = context.catalog
        return { icao in
            guard naming != .icao, let a = catalog.airport(icao: icao) else { return icao }
            if naming == .iata { return a.iata ?? icao }
            return a.city.isEmpty ? a.name : a.city
        }
    }
}

extension CommandContext {
    /// The logbook service.
    var logbook: LogbookContext { services.context() }
}

extension ShellError {
    /// The shell error for a logbook database failure.
    init(storeError e: StoreError) {
        switch e.kind {
        case .corrupt: self.init(.data, e.message)
        case .invalid: self.init(.usage, e.message)
        case .busy: self.init(.unavailable, e.message)
        case .readOnly, .full, .cannotOpen, .other: self.init(.io, e.message)
        }
    }
}

extension Airline {
    /// The code a logbook stores for the airline: ICAO when it has one, else IATA.
    var storedCode: String { storedCodeInCatalog }
}
