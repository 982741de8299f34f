import Foundation
import SkyKit
import SkyTestSupport
import Testing

@Suite("Catalog")
struct CatalogTests {
    let catalog = Catalog.embedded

    @Test func holdsTheWholeDataSet() {
        #expect(catalog.airportCount == 28_298)
        #expect(catalog.airlineCount > 6_000)
        #expect(catalog.aircraftCount > 2_700)
        var withIATA = 0
        for i in 0..<catalog.airportCount where catalog.airport(at: i).iata != nil { withIATA += 1 }
        #expect(withIATA == 7_884)
    }

    /// The version the logbook's route lengths are measured with: that of the airport records
    /// alone — a changed byte among them changes it, one elsewhere does not.
    @Test func theAirportsVersionFollowsTheAirportRecordsOnly() throws {
        var bytes = try FileBytes.read(Executable.packageRoot + "/Sources/CSkyData/catalog.bin")
        func version(_ bytes: [UInt8]) throws -> String {
            try bytes.withUnsafeBytes { raw in try #require(Catalog(bytes: raw)).airportsVersion }
        }
        #expect(try version(bytes) == catalog.airportsVersion && catalog.airportsVersion.hasPrefix("records64:"))
        let last = bytes.count - 1
        bytes[last] ^= 1
        #expect(try version(bytes) == catalog.airportsVersion, "a string changed, the airports not")
        bytes[400] ^= 0x80
        #expect(try version(bytes) != catalog.airportsVersion, "an airport record changed")
    }

    @Test func airportsByEveryCodeKind() throws {
        let sfo = try #require(catalog.airport(icao: "KSFO"))
        #expect(sfo.iata == "SFO")
        #expect(sfo.name == "San Francisco International Airport")
        #expect(sfo.city == "San Francisco")
        #expect(sfo.region == "California" && sfo.regionCode == "US-CA")
        #expect(sfo.countryCode == "US" && sfo.countryName == "United States")
        #expect(abs(sfo.coordinate.latitude - 37.618806) < 1e-9 && abs(sfo.coordinate.longitude + 122.375417) < 1e-9)
        #expect(sfo.elevation.map { Int($0.feet.rounded()) } == 13)
        #expect(sfo.timeZone == "America/Los_Angeles")
        #expect(sfo.runwayCount == 4)
        #expect(sfo.longestRunway.map { Int($0.feet.rounded()) } == 11_870)
        #expect(catalog.airport(iata: "sfo") == sfo)
        #expect(catalog.airport(code: "ksfo") == sfo)
        #expect(catalog.airport(code: "SFO") == sfo)
        #expect(catalog.airport(icao: "QQQQ") == nil)
        #expect(catalog.airport(code: "SF") == nil)
        // The coordinate alone is the record's, for every airport.
        for i in 0..<catalog.airportCount {
            let airport = catalog.airport(at: i)
            #expect(catalog.coordinate(icao: airport.icao.lowercased()) == airport.coordinate, "\(airport.icao)")
        }
        #expect(catalog.coordinate(icao: "QQQQ") == nil)
    }

    @Test func bigAirportsComeFirst() throws {
        let atl = try #require(catalog.airport(icao: "KATL"))
        let lhr = try #require(catalog.airport(icao: "EGLL"))
        let strip = try #require(catalog.airport(icao: "00AK"))
        #expect(atl.rank < 20 && lhr.rank < 20)
        #expect(strip.rank > 1000)
        #expect(catalog.airports(withCodePrefix: "KS", limit: 3).map(\.icao) == ["KSFO", "KSEA", "KSLC"])
        #expect(catalog.airports(withCodePrefix: "KSF", limit: 5).first?.icao == "KSFO")
    }

    @Test func searchByNameAndCityWords() {
        #expect(catalog.searchAirports("heathrow").first?.icao == "EGLL")
        #expect(catalog.searchAirports("london city").first?.icao == "EGLC")
        #expect(catalog.searchAirports("zurich").first?.icao == "LSZH")
        #expect(catalog.searchAirports("Zürich").first?.icao == "LSZH")
        #expect(catalog.searchAirports("london").prefix(3).map(\.icao) == ["EGLL", "EGKK", "EGSS"])
        #expect(catalog.searchAirports("no such place anywhere").isEmpty)
    }

    @Test func airportsNearAPlaceNearestFirst() throws {
        let lhr = try #require(catalog.airport(icao: "EGLL"))
        let near = catalog.airports(near: lhr.coordinate, within: Distance(20, .kilometers), limit: 10)
        #expect(near.first?.airport.icao == "EGLL")
        #expect(near.map(\.distance.meters) == near.map(\.distance.meters).sorted())
        #expect(near.allSatisfy { $0.distance.kilometers <= 20 })
        #expect(near.contains { $0.airport.icao == "EGWU" })
        // Across the antimeridian.
        let fiji = catalog.airports(near: Coordinate(validLatitude: -16.8, longitude: 179.99), within: Distance(200, .kilometers), limit: 50)
        #expect(fiji.contains { $0.airport.coordinate.longitude < 0 } && fiji.contains { $0.airport.coordinate.longitude > 0 })
    }

    /// The search by latitude band finds what looking at every airport finds: random places
    /// (the poles, the antimeridian and every airport's own spot among them) and radii.
    @Test func airportsNearAPlaceAreTheSameAsLookingAtEveryOne() {
        var random = SplitMix64(seed: 11)
        func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        let everyOne = (0..<catalog.airportCount).map { catalog.airport(at: $0) }
        var places = (0..<150).map { _ in Coordinate(validLatitude: asin(uniform() * 2 - 1) * 180 / .pi, longitude: uniform() * 360 - 180) }
        places += [
            Coordinate(validLatitude: 89.9, longitude: 0), Coordinate(validLatitude: -89.9, longitude: 10), Coordinate(validLatitude: 64.8, longitude: -179.99),
        ]
        places += (0..<100).map { _ in everyOne[Int(uniform() * Double(everyOne.count))].coordinate }
        for (n, place) in places.enumerated() {
            let radius = Distance([3, 25, 300, 2_000][n % 4], .kilometers)
            let expected = everyOne.enumerated().compactMap { k, a -> (Int, Double)? in
                // On the sphere first (within 0.6% of the ellipsoid), exactly for what may be in.
                let (p1, p2) = (place.latitude * .pi / 180, a.coordinate.latitude * .pi / 180)
                let dl = (a.coordinate.longitude - place.longitude) * .pi / 180
                let h = pow(sin((p2 - p1) / 2), 2) + cos(p1) * cos(p2) * pow(sin(dl / 2), 2)
                guard 2 * 6_371_008.8 * asin(min(1, h.squareRoot())) <= radius.meters * 1.01 + 1_000 else { return nil }
                let d = Geodesic.wgs84.inverse(place, a.coordinate).distance.meters
                return d <= radius.meters ? (k, d) : nil
            }.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(40).map { everyOne[$0.0].icao }
            #expect(catalog.airports(near: place, within: radius, limit: 40).map(\.airport.icao) == expected, "\(place) \(radius.kilometers) km")
        }
    }

    @Test func airlinesByCodeAndName() throws {
        let alaska = try #require(catalog.airlines(code: "AS").first)
        #expect(alaska.name == "Alaska Airlines")
        #expect(alaska.icao == "ASA" && alaska.callsign == "ALASKA" && alaska.country == "United States")
        #expect(alaska.isActive)
        #expect(catalog.airlines(code: "ASA").first == alaska)
        #expect(catalog.searchAirlines("united airlines").first?.icao == "UAL")
        let inactiveFirst = catalog.searchAirlines("a", limit: 2000)
        let firstInactive = inactiveFirst.firstIndex { !$0.isActive } ?? inactiveFirst.count
        #expect(inactiveFirst[firstInactive...].allSatisfy { !$0.isActive })
    }

    @Test func hubsAndFleetsComeFromRoutes() throws {
        let alaska = try #require(catalog.airlines(code: "AS").first)
        #expect(alaska.hubIndices.map { catalog.airport(at: $0).icao } == ["KSEA", "PANC", "KPDX", "KLAX"])
        let fleet = alaska.fleetIndices.map { catalog.aircraftType(at: $0.type).designator }
        #expect(fleet.contains("B734") && fleet.contains("B739"))
        #expect(alaska.fleetIndices.map(\.routes) == alaska.fleetIndices.map(\.routes).sorted(by: >))
        let united = try #require(catalog.airlines(code: "UA").first)
        #expect(Set(united.hubIndices.map { catalog.airport(at: $0).icao }).isSuperset(of: ["KORD", "KDEN", "KSFO", "KEWR", "KIAH"]))
        let sfo = try #require(catalog.airport(icao: "KSFO"))
        #expect(catalog.airlines(withHub: sfo.rank).contains(united))
    }

    @Test func theHubIndexNamesExactlyTheAirlinesWhoseHubsHoldTheAirport() {
        var expected: [Int: [Int]] = [:]
        for index in 0..<catalog.airlineCount {
            for hub in Set(catalog.airline(at: index).hubIndices) { expected[hub, default: []].append(index) }
        }
        #expect(expected.count > 500)
        for airport in 0..<catalog.airportCount {
            #expect(catalog.airlines(withHub: airport).map(\.rank) == expected[airport, default: []], "airport \(airport)")
        }
        #expect(catalog.airlines(withHub: catalog.airportCount).isEmpty)
    }

    @Test func aircraftByDesignatorIATAAndName() throws {
        let b738 = try #require(catalog.aircraftType(designator: "B738"))
        #expect(b738.name == "Boeing 737-800" && b738.manufacturer == "Boeing")
        #expect(b738.iataCodes == ["738"] && b738.engineCount == 2 && b738.engineType == "Jet" && b738.wakeCategory == "M")
        #expect(b738.description == .landplane)
        #expect(catalog.aircraftType(iata: "738") == b738)
        #expect(catalog.searchAircraft("737-800").first == b738)
        #expect(catalog.searchAircraft("Boeing 737-800").first == b738)
        #expect(catalog.searchAircraft("b738").first == b738)
        #expect(catalog.aircraftType(designator: "A388")?.wakeCategory == "J")
        #expect(catalog.aircraftType(designator: "R44")?.description == .helicopter)
        #expect(catalog.aircraft(withCodePrefix: "B7", limit: 1).first?.designator == "B738")
    }

    @Test func countryNames() {
        #expect(catalog.countryName("FR") == "France")
        #expect(catalog.countryName("QQ") == nil)
    }

    @Test func foldingMatchesTheBuilder() {
        #expect(TextFolding.fold("Zürich-Kloten") == "zurich kloten")
        #expect(TextFolding.words("São Paulo/Guarulhos International Airport", stopWords: TextFolding.airportStopWords) == ["sao", "paulo", "guarulhos"])
        #expect(TextFolding.words("The Airport", keepLast: true, stopWords: TextFolding.airportStopWords) == ["airport"])
        #expect(TextFolding.words("London City Airport", keepLast: true, stopWords: TextFolding.airportStopWords) == ["london", "city"])
        #expect(TextFolding.words("United Airl", keepLast: true) == ["united", "airl"])
        #expect(TextFolding.words("london c", keepLast: true) == ["london", "c"])
    }
}
