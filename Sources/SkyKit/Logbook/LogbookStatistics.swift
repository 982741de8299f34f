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
        // The first and last dates are two index seeks (SQLite's min/max optimisation needs one
        // aggregate per query); the count comes from the scan below.
        func date(_ aggregate: String) throws -> FlightDate? {
            try db.statement("SELECT \(aggregate)(date) FROM flights WHERE logbook_id = ?").bind([.integer(id)])
                .first { $0.text(0) }?.flatMap(FlightDate.init(iso:))
        }
        stats.firstDate = try date("MIN")
        stats.lastDate = try date("MAX")

        // One sequential scan (+logbook_id keeps SQLite from walking the index row by row);
        // codes are counted as packed integers, not strings, and the small fields in arrays.
        var pairs: [UInt64: Int] = [:]  // origin << 32 | destination (ICAO codes are 4 bytes)
        var airlineCounts: [UInt64: Int] = [:], typeCounts: [UInt64: Int] = [:]
        var classCounts = [Int](repeating: 0, count: CabinClass.allCases.count)
        var positionCounts = [Int](repeating: 0, count: SeatPosition.allCases.count)
        var rowCounts = [Int](repeating: 0, count: Flight.rows.upperBound + 1)
        var longText: [String: Int] = [:]  // airline names stored where an airline had no code
        let scan = try db.statement("SELECT origin, destination, airline, aircraft, class, seat_position, row FROM flights WHERE +logbook_id = ?")
            .bind([.integer(id)])
        let classCodes = CabinClass.allCases.map { SQLiteStatement.pack($0.rawValue) }
        let positionCodes = SeatPosition.allCases.map { SQLiteStatement.pack($0.rawValue) }
        while try scan.step() {
            stats.flights += 1
            let o = scan.packedCode(0) ?? 0, d = scan.packedCode(1) ?? 0
            pairs[(o & 0xFFFF_FFFF) << 32 | (d & 0xFFFF_FFFF), default: 0] += 1
            if let a = scan.packedCode(2) {
                if a != 0 { airlineCounts[a, default: 0] += 1 }
            } else if let name = scan.text(2) {
                longText[name, default: 0] += 1
            }
            if let t = scan.packedCode(3), t != 0 { typeCounts[t, default: 0] += 1 }
            if let c = scan.packedCode(4), c != 0, let i = classCodes.firstIndex(of: c) { classCounts[i] += 1 }
            if let p = scan.packedCode(5), p != 0, let i = positionCodes.firstIndex(of: p) { positionCounts[i] += 1 }
            let row = Int(scan.int(6))
            if rowCounts.indices.contains(row), row > 0 { rowCounts[row] += 1 }
        }
        func nonZero(_ counts: [Int], _ key: (Int) -> String) -> [Ranked] {
            rank(counts.indices.filter { counts[$0] > 0 }.map { Ranked(key($0), counts[$0]) })
        }
        func ranked(_ counts: [UInt64: Int]) -> [Ranked] { rank(counts.map { Ranked(SQLiteStatement.unpack($0.key), $0.value) }) }
        stats.airlines = rank(ranked(airlineCounts) + longText.map { Ranked($0.key, $0.value) })
        stats.aircraft = ranked(typeCounts)
        stats.classes = nonZero(classCounts) { CabinClass.allCases[$0].rawValue }
        stats.seatPositions = nonZero(positionCounts) { SeatPosition.allCases[$0].rawValue }
        stats.rows = nonZero(rowCounts) { String($0) }

        var airports: [String: Int] = [:], departures: [String: Int] = [:], arrivals: [String: Int] = [:]
        var regions: [String: Int] = [:], routes: [String: (String, String, Int)] = [:]
        // What each airport contributes, looked up once: its region and position.
        var known: [String: (region: String, coordinate: Coordinate?)] = [:]
        func place(_ icao: String) -> (region: String, coordinate: Coordinate?) {
            if let found = known[icao] { return found }
            let a = catalog.airport(icao: icao)
            let key = a.map { $0.regionCode ?? ($0.region.isEmpty ? $0.countryCode : "\($0.region), \($0.countryCode)") } ?? "?"
            stats.regionNames[key] = a.map { $0.region.isEmpty ? $0.countryName : "\($0.region), \($0.countryCode)" } ?? "unknown"
            known[icao] = (key, a?.coordinate)
            return (key, a?.coordinate)
        }
        func region(_ icao: String) -> String { place(icao).region }
        for (pair, n) in pairs {
            do {
                let o = SQLiteStatement.unpack(pair >> 32), d = SQLiteStatement.unpack(pair & 0xFFFF_FFFF)
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
        }
        stats.airports = rank(airports.map { Ranked($0.key, $0.value) })
        stats.departures = rank(departures.map { Ranked($0.key, $0.value) })
        stats.arrivals = rank(arrivals.map { Ranked($0.key, $0.value) })
        stats.regions = rank(regions.map { Ranked($0.key, $0.value) })
        var routeStats: [RouteStatistic] = []
        for (_, (a, b, n)) in routes {
            let length: Distance
            if let pa = place(a).coordinate, let pb = place(b).coordinate {
                length = Geodesic.wgs84.inverse(pa, pb).distance
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
