import SkyKit
import SkyTestSupport
import Testing

/// Each statistic over a small logbook whose answers are counted by hand.
@Suite("Logbook statistics")
struct StatisticsTests {
    let dir = TemporaryDirectory("stats")

    /// SFO→JFK (UA, B738, economy, 23A window) ×2; JFK→SFO (UA, B739, 23C aisle);
    /// JFK→LHR (BA, B744, business, 2A window); LAX→SFO (AS, no type, no seat).
    func sample(year: Int? = nil) throws -> LogbookStatistics {
        let store = try LogbookStore(path: dir.path + "/l.sqlite")
        func f(_ o: String, _ d: String, _ date: String, _ a: String?, _ t: String?, _ c: CabinClass?, _ row: Int?, _ p: SeatPosition?) -> Flight {
            Flight(origin: o, destination: d, airline: a, aircraft: t, date: FlightDate(iso: date)!, cabinClass: c, row: row, seatPosition: p)
        }
        try store.add(
            [
                f("KSFO", "KJFK", "2024-01-01", "UAL", "B738", .economy, 23, .window),
                f("KSFO", "KJFK", "2024-02-01", "UAL", "B738", .economy, 23, .window),
                f("KJFK", "KSFO", "2024-03-01", "UAL", "B739", nil, 23, .aisle),
                f("KJFK", "EGLL", "2025-04-01", "BAW", "B744", .business, 2, .window),
                f("KLAX", "KSFO", "2025-05-01", "ASA", nil, nil, nil, nil),
            ], to: "default")
        return try LogbookStatistics.compute(store, logbook: "default", catalog: .embedded, year: year)
    }

    /// The same sample with times on two flights and an old flight known only by its year.
    func timed(year: Int? = nil) throws -> LogbookStatistics {
        let store = try LogbookStore(path: dir.path + "/t.sqlite")
        var a = Flight(origin: "KSFO", destination: "KJFK", date: FlightDate(iso: "2024-01-01")!)
        a.duration = 325
        var b = Flight(origin: "KJFK", destination: "EGLL", date: FlightDate(iso: "2024-01-20")!)
        b.duration = 415
        let c = Flight(origin: "KLAX", destination: "KSFO", date: FlightDate(year: 1998)!)
        try store.add([a, b, c], to: "default")
        return try LogbookStatistics.compute(store, logbook: "default", catalog: .embedded, year: year)
    }

    @Test func yearsCountFlightsDistanceAndTimeWhereKnown() throws {
        let s = try timed()
        #expect(s.minutes == 740 && s.timedFlights == 2)
        #expect(s.years.map(\.year) == [1998, 2024] && s.years.map(\.flights) == [1, 2] && s.years.map(\.minutes) == [0, 740])
        let sfoJfk = Geodesic.wgs84.inverse(Catalog.embedded.airport(icao: "KSFO")!.coordinate, Catalog.embedded.airport(icao: "KJFK")!.coordinate).distance
        let jfkLhr = Geodesic.wgs84.inverse(Catalog.embedded.airport(icao: "KJFK")!.coordinate, Catalog.embedded.airport(icao: "EGLL")!.coordinate).distance
        #expect(abs(s.years[1].distance.meters - (sfoJfk + jfkLhr).meters) < 1e-6)
        #expect(s.months == [Ranked("2024-01", 2)], "a flight known only by its year is in no month")
    }

    @Test func aYearFilterCoversEverySection() throws {
        let s = try timed(year: 1998)
        #expect(s.flights == 1 && s.airports == [Ranked("KLAX", 1), Ranked("KSFO", 1)] && s.years.map(\.year) == [1998])
        #expect(try timed(year: 2030).flights == 0)
    }

    @Test func countriesAndRecords() throws {
        let s = try sample()
        #expect(s.countries == [Ranked("US", 5), Ranked("GB", 1)])
        #expect(s.northernmost?.icao == "EGLL" && s.southernmost?.icao == "KLAX" && s.easternmost?.icao == "EGLL" && s.westernmost?.icao == "KSFO")
        #expect(s.routesByDistance.first.map { $0.a + $0.b } == "EGLLKJFK" && s.routesByDistance.last.map { $0.a + $0.b } == "KLAXKSFO")
        let highest = try #require(s.highest)
        #expect(s.airportPlaces.count == 4 && s.airportPlaces.allSatisfy { ($0.elevation?.meters ?? -1000) <= highest.elevation!.meters })
        #expect(s.firstFlight?.number == 1 && s.latestFlight?.number == 5 && s.latestFlight?.origin == "KLAX")
    }

    @Test func flightsAndDates() throws {
        let s = try sample()
        #expect(s.flights == 5)
        #expect(s.firstDate?.description == "2024-01-01" && s.lastDate?.description == "2025-05-01")
    }

    @Test func airlinesRankedByFlights() throws {
        #expect(try sample().airlines == [Ranked("UAL", 3), Ranked("ASA", 1), Ranked("BAW", 1)])
    }

    @Test func airportsCountEveryFlightAtEachEnd() throws {
        #expect(try sample().airports == [Ranked("KJFK", 4), Ranked("KSFO", 4), Ranked("EGLL", 1), Ranked("KLAX", 1)])
    }

    @Test func regionsCountAFlightOncePerRegion() throws {
        // California (SFO, LAX): 4 flights touch it, LAX→SFO only once. New York: 4. England: 1.
        #expect(try sample().regions == [Ranked("US-CA", 4), Ranked("US-NY", 4), Ranked("GB-ENG", 1)])
    }

    @Test func routesAreUnorderedPairs() throws {
        let s = try sample()
        #expect(s.routes.map { "\($0.a)-\($0.b):\($0.count)" } == ["KJFK-KSFO:3", "EGLL-KJFK:1", "KLAX-KSFO:1"])
        #expect(s.departures == [Ranked("KJFK", 2), Ranked("KSFO", 2), Ranked("KLAX", 1)])
        #expect(s.arrivals == [Ranked("KJFK", 2), Ranked("KSFO", 2), Ranked("EGLL", 1)])
    }

    @Test func distanceIsTheSumOfGeodesics() throws {
        let s = try sample()
        let sfoJfk = Geodesic.wgs84.inverse(Catalog.embedded.airport(icao: "KSFO")!.coordinate, Catalog.embedded.airport(icao: "KJFK")!.coordinate).distance
        let jfkLhr = Geodesic.wgs84.inverse(Catalog.embedded.airport(icao: "KJFK")!.coordinate, Catalog.embedded.airport(icao: "EGLL")!.coordinate).distance
        let laxSfo = Geodesic.wgs84.inverse(Catalog.embedded.airport(icao: "KLAX")!.coordinate, Catalog.embedded.airport(icao: "KSFO")!.coordinate).distance
        let expected = sfoJfk.meters * 3 + jfkLhr.meters + laxSfo.meters
        #expect(abs(s.totalDistance.meters - expected) < 1e-6)
        #expect(s.routesByDistance.map(\.a) == ["EGLL", "KJFK", "KLAX"])
    }

    @Test func aircraftAndSeats() throws {
        let s = try sample()
        #expect(s.aircraft == [Ranked("B738", 2), Ranked("B739", 1), Ranked("B744", 1)])
        #expect(s.seatPositions == [Ranked("window", 3), Ranked("aisle", 1)])
        #expect(s.rows == [Ranked("23", 3), Ranked("2", 1)])
        #expect(s.classes == [Ranked("economy", 2), Ranked("business", 1)])
    }

    @Test func anEmptyOrMissingLogbookHasNothing() throws {
        let store = try LogbookStore(path: dir.path + "/e.sqlite")
        let s = try LogbookStatistics.compute(store, logbook: "nothing", catalog: .embedded)
        #expect(s.flights == 0 && s.routes.isEmpty && s.totalDistance.meters == 0)
    }
}
