import Foundation
import SkyKit

extension Shell {
    /// The logbook database in the data directory (`logbook.sqlite`), opened on first use.
    /// `SKYSHELL_DB_MAX_PAGES` caps its size in pages, to test a full disk.
    func logbookStore() throws -> LogbookStore {
        if let store = openedLogbookStore { return store }
        guard let paths else { throw ShellError(.io, "no data directory: set SKYSHELL_HOME or HOME") }
        try ensurePrivateDirectory(paths.data)
        let maxPages =
            environment["SKYSHELL_DB_MAX_PAGES"] == nil
            ? nil
            : Int(environmentNumber("SKYSHELL_DB_MAX_PAGES", 1...Double(Int32.max), default: Double(Int32.max), what: "pages", whole: true))
        let store = try LogbookStore(path: paths.logbookFile, maxPages: maxPages)
        store.today = { [unowned self] in self.today }
        openedLogbookStore = store
        return store
    }

    /// The logbook database only if it already exists (cards look, they never create one).
    func existingLogbookStore() -> LogbookStore? {
        if let store = openedLogbookStore { return store }
        guard let paths, FileManager.default.fileExists(atPath: paths.logbookFile) else { return nil }
        return try? logbookStore()
    }

    /// The flights of the active logbook matching `filter`, for cards: count and the latest few.
    func yourFlights(_ filter: FlightFilter, latest: Int = 5) -> (count: Int, latest: [Flight]) {
        guard let store = existingLogbookStore(), let count = try? store.count(in: session.logbook, filter), count > 0 else { return (0, []) }
        var limited = filter
        limited.limit = latest
        let cursor = try? store.flights(in: session.logbook, limited)
        return (count, cursor.map(Array.init) ?? [])
    }

    /// A card field listing "your flights": the count and the latest ones, one per line.
    func yourFlightsField(_ filter: FlightFilter, none: String) -> Field {
        let (count, latest) = yourFlights(filter)
        let lines = latest.map { "#\($0.id ?? 0)  \(FlightFields.summary($0, self))" }
        let text = count == 0 ? none : "\(count) in logbook \(session.logbook)\n" + lines.joined(separator: "\n") + (count > latest.count ? "\n…" : "")
        return Field("your_flights", "your flights", Cell(.int(count), text: text))
    }

    /// Today's date where the user is (the TZ of the process), from the shell's clock.
    var today: FlightDate {
        let now = clock.now
        return CivilTime(now.timeIntervalSince1970, offset: TimeZone.current.secondsFromGMT(for: now)).date
    }

    /// How an airport is shown in lists: its ICAO code, or its city with the `codes names` setting.
    func airportLabel(_ icao: String) -> String {
        guard setting(.codes) == .names, let a = catalog.airport(icao: icao) else { return icao }
        return a.city.isEmpty ? a.name : a.city
    }

    /// The catalog airline stored under `code` (ICAO preferred, else IATA).
    func airline(code: String?) -> Airline? { catalog.airline(code: code) }
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

extension Shell {
    /// Stored codes of the favourite airlines (none when the logbook cannot be opened).
    var favoriteAirlineCodes: [String] {
        (try? logbookStore().favoriteAirlines()) ?? []
    }
}
