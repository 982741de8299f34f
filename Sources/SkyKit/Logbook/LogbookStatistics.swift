/// A name or code with how many flights it has.
public struct Ranked: Sendable, Equatable {
    public var key: String
    public var count: Int
    public init(_ key: String, _ count: Int) {
        self.key = key
        self.count = count
    }
}

/// An unordered pair of airports flown between, with its flights and geodesic length.
public struct RouteStatistic: Sendable, Equatable {
    /// The pair in alphabetical order.
    public var a: String
    public var b: String
    public var count: Int
    public var distance: Distance
}

/// FlyLines' statistics of a logbook, in its order: flights, airlines, airports, regions,
/// routes (with departures and arrivals), distance, aircraft, seats.
public struct LogbookStatistics: Sendable {
    public var flights = 0
    public var firstDate: FlightDate?
    public var lastDate: FlightDate?
    public var airlines: [Ranked] = []
    /// Airports flown to or from; a flight counts once at each end.
    public var airports: [Ranked] = []
    /// Regions (ISO 3166-2 code, or "region, country") flown to or from; a flight counts once
    /// per region it touches.
    public var regions: [Ranked] = []
    /// Names of the region keys: "California, US".
    public var regionNames: [String: String] = [:]
    public var routes: [RouteStatistic] = []
    public var departures: [Ranked] = []
    public var arrivals: [Ranked] = []
    /// The sum of every flight's geodesic length.
    public var totalDistance = Distance.zero
    /// Routes longest first.
    public var routesByDistance: [RouteStatistic] = []
    public var aircraft: [Ranked] = []
    public var seatPositions: [Ranked] = []
    public var rows: [Ranked] = []
    public var classes: [Ranked] = []

    public init() {}

    /// Computes the statistics of `logbook` with grouped queries (the work grows with the
    /// number of distinct routes, not flights).
    public static func compute(_ store: LogbookStore, logbook: String, catalog: Catalog) throws -> LogbookStatistics {
        var stats = LogbookStatistics()
        guard let id = try store.logbookID(logbook, create: false) else { return stats }
        let db = store.db
        let summary = try db.statement("SELECT COUNT(*), MIN(date), MAX(date) FROM flights WHERE logbook_id = ?").bind([.integer(id)])
            .first { ($0.int(0), $0.text(1), $0.text(2)) }
        stats.flights = Int(summary?.0 ?? 0)
        stats.firstDate = summary?.1.flatMap(FlightDate.init(iso:))
        stats.lastDate = summary?.2.flatMap(FlightDate.init(iso:))

        func grouped(_ column: String) throws -> [Ranked] {
            let s = try db.statement("SELECT \(column), COUNT(*) FROM flights WHERE logbook_id = ? AND \(column) IS NOT NULL GROUP BY \(column)").bind([.integer(id)])
            var result: [Ranked] = []
            while try s.step() { result.append(Ranked(s.text(0) ?? "", Int(s.int(1)))) }
            return rank(result)
        }
        stats.airlines = try grouped("airline")
        stats.aircraft = try grouped("aircraft")
        stats.classes = try grouped("class")
        stats.seatPositions = try grouped("seat_position")
        stats.rows = try grouped("row")

        var airports: [String: Int] = [:], departures: [String: Int] = [:], arrivals: [String: Int] = [:]
        var regions: [String: Int] = [:], routes: [String: (String, String, Int)] = [:]
        var regionOf: [String: String] = [:]
        func region(_ icao: String) -> String {
            if let known = regionOf[icao] { return known }
            let a = catalog.airport(icao: icao)
            let key = a.map { $0.regionCode ?? ($0.region.isEmpty ? $0.countryCode : "\($0.region), \($0.countryCode)") } ?? "?"
            regionOf[icao] = key
            stats.regionNames[key] = a.map { $0.region.isEmpty ? $0.countryName : "\($0.region), \($0.countryCode)" } ?? "unknown"
            return key
        }
        let pairs = try db.statement("SELECT origin, destination, COUNT(*) FROM flights WHERE logbook_id = ? GROUP BY origin, destination").bind([.integer(id)])
        while try pairs.step() {
            let o = pairs.text(0) ?? "", d = pairs.text(1) ?? "", n = Int(pairs.int(2))
            departures[o, default: 0] += n
            arrivals[d, default: 0] += n
            airports[o, default: 0] += n
            if d != o { airports[d, default: 0] += n }
            let ro = region(o), rd = region(d)
            regions[ro, default: 0] += n
            if rd != ro { regions[rd, default: 0] += n }
            let key = o < d ? o + "-" + d : d + "-" + o
            routes[key, default: (min(o, d), max(o, d), 0)].2 += n
        }
        stats.airports = rank(airports.map { Ranked($0.key, $0.value) })
        stats.departures = rank(departures.map { Ranked($0.key, $0.value) })
        stats.arrivals = rank(arrivals.map { Ranked($0.key, $0.value) })
        stats.regions = rank(regions.map { Ranked($0.key, $0.value) })
        var routeStats: [RouteStatistic] = []
        for (_, (a, b, n)) in routes {
            let length: Distance
            if let pa = catalog.airport(icao: a), let pb = catalog.airport(icao: b) {
                length = Geodesic.wgs84.inverse(pa.coordinate, pb.coordinate).distance
            } else {
                length = .zero
            }
            routeStats.append(RouteStatistic(a: a, b: b, count: n, distance: length))
            stats.totalDistance = stats.totalDistance + length * Double(n)
        }
        stats.routes = routeStats.sorted { ($0.count, $1.a, $1.b) > ($1.count, $0.a, $0.b) }
        stats.routesByDistance = routeStats.sorted { ($0.distance.meters, $1.a, $1.b) > ($1.distance.meters, $0.a, $0.b) }
        return stats
    }

    /// Most flights first, then by key.
    static func rank(_ items: [Ranked]) -> [Ranked] {
        items.sorted { $0.count != $1.count ? $0.count > $1.count : $0.key < $1.key }
    }
}
