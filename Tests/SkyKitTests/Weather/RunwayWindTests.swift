import Glibc
import SkyTestSupport
import Testing

@testable import SkyKit

/// Headwind and crosswind on each runway end, and the runways the wind favours, on the
/// catalog's real runways.
@Suite("Runway wind")
struct RunwayWindTests {
    static let catalog = Catalog.embedded

    func runways(_ icao: String) throws -> [Runway] {
        let airport = try #require(Self.catalog.airport(icao: icao))
        return Self.catalog.runways(of: airport)
    }

    @Test func componentsAreTheWindAlongAndAcrossEachEnd() throws {
        let strip = Runway(lowEnd: "09", highEnd: "27", lowThreshold: nil, highThreshold: nil, heading: Angle(degrees: 90), length: nil)
        var wind = Wind(direction: Angle(degrees: 120), speed: Speed(20, .knots), gust: Speed(30, .knots), unit: .knots)
        let rw = RunwayWind(wind, runways: [strip])
        let east = try #require(rw.ends.first { $0.designator == "09" })
        // 30° off the nose from the right: 20 cos 30° = 17.3 kt headwind, 20 sin 30° = 10 kt across.
        #expect(abs(east.headwind.knots - 17.32) < 0.01 && abs(east.crosswind.knots - 10) < 0.01)
        #expect(abs(east.gustHeadwind!.knots - 25.98) < 0.01 && abs(east.gustCrosswind!.knots - 15) < 0.01)
        let west = try #require(rw.ends.first { $0.designator == "27" })
        #expect(abs(west.headwind.knots + 17.32) < 0.01 && abs(west.tailwind!.knots - 17.32) < 0.01 && abs(west.crosswind.knots + 10) < 0.01)
        #expect(rw.favoured.map(\.designator) == ["09"])
        wind.direction = Angle(degrees: 0)
        let across = RunwayWind(wind, runways: [strip])
        #expect(abs(across.ends[0].headwind.knots) < 1e-9 && abs(abs(across.ends[0].crosswind.knots) - 20) < 1e-9)
    }

    @Test func aWestWindFavoursTheWestEndsAtCharlesDeGaulle() throws {
        let wind = Wind(direction: Angle(degrees: 250), speed: Speed(12, .knots), unit: .knots)
        let rw = RunwayWind(wind, runways: try runways("LFPG"))
        // OurAirports also lists the helicopter strip 08H/26H there.
        #expect(Set(rw.favoured.map(\.designator)) == ["26L", "26R", "27L", "27R", "26H"])
        #expect(rw.agreement(with: ["26R", "27L"]) == .agrees)
        if case .tailwind(let end, let speed) = rw.agreement(with: ["08L", "09R"]) {
            #expect(["08L", "09R"].contains(end) && speed.knots > 11)
        } else {
            Issue.record("an east flow in a west wind has a tailwind")
        }
    }

    @Test func calmVariableAndLightWindsFavourNothing() throws {
        let list = try runways("LFPG")
        #expect(RunwayWind(Wind(direction: nil, speed: Speed(0, .knots), unit: .knots), runways: list).favoured.isEmpty)
        #expect(RunwayWind(Wind(direction: nil, speed: Speed(8, .knots), unit: .knots), runways: list).favoured.isEmpty)
        let light = RunwayWind(Wind(direction: Angle(degrees: 80), speed: Speed(4, .knots), unit: .knots), runways: list)
        #expect(light.favoured.isEmpty && light.agreement(with: ["26L"]) == .noPreference)
        let just = RunwayWind(Wind(direction: Angle(degrees: 80), speed: Speed(5, .knots), unit: .knots), runways: list)
        #expect(Set(just.favoured.map(\.designator)) == ["08L", "08R", "09L", "09R", "08H"])
    }

    @Test func aCrosswindRunwayWithAHeadwindIsNotTheFavouredOne() throws {
        // Zurich: 10/28, 14/32, 16/34. A 300° wind favours 28 and 32; 34 still has a headwind.
        let rw = RunwayWind(Wind(direction: Angle(degrees: 300), speed: Speed(15, .knots), unit: .knots), runways: try runways("LSZH"))
        let favoured = Set(rw.favoured.map(\.designator))
        #expect(favoured.contains("28") || favoured.contains("32"))
        #expect(rw.agreement(with: ["34"]) == .headwindOnly(notFavoured: ["34"]))
    }
}
