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

/// One year of a logbook: its flights, their distance, and their time in the air where known.
public struct YearStatistic: Sendable, Equatable {
    public var year: Int
    public var flights: Int
    public var distance: Distance
    /// Minutes in the air, and how many of the year's flights have a duration.
    public var minutes: Int
    public var timedFlights: Int
}

/// A flight that holds a record: its number, date and route.
public struct RecordFlight: Sendable, Equatable {
    public var number: Int
    public var date: FlightDate
    public var origin: String
    public var destination: String
}

/// FlyLines' statistics of a logbook, in its order: flights, airlines, airports, regions,
/// routes (with departures and arrivals), distance, aircraft, seats — and the years, countries
/// and records people ask for.
public struct LogbookStatistics: Sendable {
    public var flights = 0
    public var firstDate: FlightDate?
    public var lastDate: FlightDate?
    /// The first and the latest flight (by date, then number).
    public var firstFlight: RecordFlight?
    public var latestFlight: RecordFlight?
    /// Minutes in the air of the flights that have a duration, and how many do.
    public var minutes = 0
    public var timedFlights = 0
    /// Each year flown, oldest first (partial dates count in their year).
    public var years: [YearStatistic] = []
    /// Months flown (YYYY-MM), most flights first; flights known only by their year are not in it.
    public var months: [Ranked] = []
    /// Countries flown to or from (ISO code); a flight counts once per country it touches.
    public var countries: [Ranked] = []
    public var countryNames: [String: String] = [:]
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
    /// The airports flown to or from, for the records (northernmost, highest…).
    public var airportPlaces: [Airport] = []

    public init() {}

    /// The airports furthest north, south, east and west, and the highest.
    public var northernmost: Airport? { airportPlaces.max { $0.coordinate.latitude < $1.coordinate.latitude } }
    public var southernmost: Airport? { airportPlaces.min { $0.coordinate.latitude < $1.coordinate.latitude } }
    public var easternmost: Airport? { airportPlaces.max { $0.coordinate.longitude < $1.coordinate.longitude } }
    public var westernmost: Airport? { airportPlaces.min { $0.coordinate.longitude < $1.coordinate.longitude } }
    public var highest: Airport? {
        airportPlaces.filter { $0.elevation != nil }.max { $0.elevation!.meters < $1.elevation!.meters }
    }

    /// Computes the statistics of `logbook` (the flights of `year` only, when given) with one
    /// scan and grouped lookups (the catalog and geodesic work grows with the number of distinct
    /// routes, not flights).
    public static func compute(_ store: LogbookStore, logbook: String, catalog: Catalog, year: Int? = nil) throws -> LogbookStatistics {
        var stats = LogbookStatistics()
        guard let id = try store.logbookID(logbook, create: false) else { return stats }
        let db = store.db
        var range = ""
        var params: [SQLiteValue?] = [.integer(id)]
        if let year {
            range = " AND date >= ? AND date < ?"
            params += [.text(FlightDate.digits(year, 4)), .text(FlightDate.digits(year + 1, 4))]
        }
        // The first and latest flights are two index seeks; the count comes from the scan below.
        func edge(_ order: String) throws -> RecordFlight? {
            try db.statement(
                "SELECT number, date, origin, destination FROM flights WHERE logbook_id = ?\(range) ORDER BY date \(order), number \(order) LIMIT 1"
            )
            .bind(params).first { s in
                RecordFlight(
                    number: Int(s.int(0)), date: s.text(1).flatMap(FlightDate.init(text:)) ?? FlightDate(daysSinceEpoch: 0), origin: s.text(2) ?? "",
                    destination: s.text(3) ?? "")
            }
        }
        stats.firstFlight = try edge("ASC")
        stats.latestFlight = try edge("DESC")
        stats.firstDate = stats.firstFlight?.date
        stats.lastDate = stats.latestFlight?.date

        // One sequential scan (+logbook_id keeps SQLite from walking the index row by row);
        // codes are counted as packed integers, not strings, and the small fields in arrays.
        var pairs: [UInt64: Int] = [:]  // origin << 32 | destination (ICAO codes are 4 bytes)
        var airlineCounts: [UInt64: Int] = [:], typeCounts: [UInt64: Int] = [:]
        var classCounts = [Int](repeating: 0, count: CabinClass.allCases.count)
        var positionCounts = [Int](repeating: 0, count: SeatPosition.allCases.count)
        var rowCounts = [Int](repeating: 0, count: Flight.rows.upperBound + 1)
        var longText: [String: Int] = [:]  // airline names stored where an airline had no code
        // Per year: flights, minutes and timed flights, and the routes (for the distance).
        var yearFlights: [Int: (flights: Int, minutes: Int, timed: Int)] = [:]
        var yearPairs: [Int: [UInt64: Int]] = [:]
        var monthCounts: [Int32: Int] = [:]
        let scan = try db.statement(
            "SELECT origin, destination, airline, aircraft, class, seat_position, row, date, duration FROM flights WHERE +logbook_id = ?\(range)"
        ).bind(params)
        let classCodes = CabinClass.allCases.map { SQLiteStatement.pack($0.rawValue) }
        let positionCodes = SeatPosition.allCases.map { SQLiteStatement.pack($0.rawValue) }
        while try scan.step() {
            stats.flights += 1
            let o = scan.packedCode(0) ?? 0, d = scan.packedCode(1) ?? 0
            let pair = (o & 0xFFFF_FFFF) << 32 | (d & 0xFFFF_FFFF)
            pairs[pair, default: 0] += 1
            let date = scan.compactDate(7)
            let year = Int(date / 10000)
            let minutes = scan.isNull(8) ? nil : Int(scan.int(8))
            yearFlights[year, default: (0, 0, 0)].flights += 1
            if let minutes {
                yearFlights[year]!.minutes += minutes
                yearFlights[year]!.timed += 1
                stats.minutes += minutes
                stats.timedFlights += 1
            }
            yearPairs[year, default: [:]][pair, default: 0] += 1
            if date / 100 % 100 != 0 { monthCounts[date / 100, default: 0] += 1 }
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
        var regions: [String: Int] = [:], routes: [String: (String, String, Int)] = [:], countries: [String: Int] = [:]
        // What each airport contributes, looked up once: its region, country and position.
        var known: [String: (region: String, country: String, coordinate: Coordinate?)] = [:]
        func place(_ icao: String) -> (region: String, country: String, coordinate: Coordinate?) {
            if let found = known[icao] { return found }
            let a = catalog.airport(icao: icao)
            let key = a.map { $0.regionCode ?? ($0.region.isEmpty ? $0.countryCode : "\($0.region), \($0.countryCode)") } ?? "?"
            stats.regionNames[key] = a.map { $0.region.isEmpty ? $0.countryName : "\($0.region), \($0.countryCode)" } ?? "unknown"
            let country = a?.countryCode ?? "?"
            stats.countryNames[country] = a?.countryName ?? "unknown"
            known[icao] = (key, country, a?.coordinate)
            return (key, country, a?.coordinate)
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
                let co = place(o).country, cd = place(d).country
                countries[co, default: 0] += n
                if cd != co { countries[cd, default: 0] += n }
                let key = o < d ? o + "-" + d : d + "-" + o
                routes[key, default: (min(o, d), max(o, d), 0)].2 += n
            }
        }
        stats.airports = rank(airports.map { Ranked($0.key, $0.value) })
        stats.departures = rank(departures.map { Ranked($0.key, $0.value) })
        stats.arrivals = rank(arrivals.map { Ranked($0.key, $0.value) })
        stats.regions = rank(regions.map { Ranked($0.key, $0.value) })
        stats.countries = rank(countries.map { Ranked($0.key, $0.value) })
        var lengths: [String: Distance] = [:]
        func length(_ a: String, _ b: String) -> Distance {
            let key = a < b ? a + "-" + b : b + "-" + a
            if let known = lengths[key] { return known }
            var found = Distance.zero
            if let pa = place(a).coordinate, let pb = place(b).coordinate { found = Geodesic.wgs84.inverse(pa, pb).distance }
            lengths[key] = found
            return found
        }
        var routeStats: [RouteStatistic] = []
        for (_, (a, b, n)) in routes {
            let length = length(a, b)
            routeStats.append(RouteStatistic(a: a, b: b, count: n, distance: length))
            stats.totalDistance = stats.totalDistance + length * Double(n)
        }
        stats.years = yearFlights.keys.sorted().map { year in
            let counts = yearFlights[year]!
            var distance = Distance.zero
            for (pair, n) in yearPairs[year] ?? [:] {
                distance = distance + length(SQLiteStatement.unpack(pair >> 32), SQLiteStatement.unpack(pair & 0xFFFF_FFFF)) * Double(n)
            }
            return YearStatistic(year: year, flights: counts.flights, distance: distance, minutes: counts.minutes, timedFlights: counts.timed)
        }
        stats.months = rank(monthCounts.map { Ranked(FlightDate(compact: $0.key * 100)?.description ?? "?", $0.value) })
        stats.airportPlaces = stats.airports.compactMap { a in catalog.airport(icao: a.key) }
        stats.routes = routeStats.sorted { ($0.count, $1.a, $1.b) > ($1.count, $0.a, $0.b) }
        stats.routesByDistance = routeStats.sorted { ($0.distance.meters, $1.a, $1.b) > ($1.distance.meters, $0.a, $0.b) }
        return stats
    }

    /// Most flights first, then by key.
    /// Most first; ties by key, numbers (seat rows) by their value: 2 before 12.
    static func rank(_ items: [Ranked]) -> [Ranked] {
        items.sorted { a, b in
            if a.count != b.count { return a.count > b.count }
            if let x = Int(a.key), let y = Int(b.key) { return x < y }
            return a.key < b.key
        }
    }
}
