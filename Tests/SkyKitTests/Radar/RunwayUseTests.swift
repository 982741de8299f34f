import Foundation
import SkyKit
import Testing

/// Runway-in-use inference: on made-up tracks whose answer is known, on the Paris recording
/// (west flow until about 13:18 UTC, then east), and the catalog's runways against the
/// headings OurAirports states.
@Suite("Runway use")
struct RunwayUseTests {
    let catalog = Catalog.embedded

    @Test func runwaysComeWithTheirEndsAndThresholds() throws {
        let lfpg = try #require(catalog.airport(icao: "LFPG"))
        let runways = catalog.runways(of: lfpg)
        let names = Set(runways.map(\.name))
        #expect(names.isSuperset(of: ["08L/26R", "08R/26L", "09L/27R", "09R/27L"]))
        // The headings are computed from the thresholds; OurAirports' runways.csv states true
        // headings of 85.3° for 09L and 86° (rounded to the degree) for 09R.
        let r09L = try #require(runways.first { $0.lowEnd == "09L" })
        #expect(abs(r09L.heading.degrees - 85.3) < 0.3)
        #expect(try #require(r09L.directions.last).designator == "27R")
        #expect(abs(try #require(r09L.directions.last).heading.degrees - 265.3) < 0.3)
        let r09R = try #require(runways.first { $0.lowEnd == "09R" })
        #expect(abs(r09R.heading.degrees - 86) < 1)
        #expect(r09R.lowThreshold != nil && r09R.highThreshold != nil)
        // Every airport's runways are its own (the records are found by the airport's position).
        let lszh = try #require(catalog.airport(icao: "LSZH"))
        #expect(Set(catalog.runways(of: lszh).map(\.lowEnd)).isSuperset(of: ["10", "14", "16"]))
    }

    /// A made-up airport with one runway 09/27 along the parallel 45° N.
    func field() -> RunwayUseInference {
        let west = Coordinate(validLatitude: 45, longitude: 4.98), east = Coordinate(validLatitude: 45, longitude: 5.02)
        let heading = Geodesic.wgs84.inverse(west, east).initialAzimuth
        return RunwayUseInference(
            field: Coordinate(validLatitude: 45, longitude: 5), elevation: Height(meters: 100),
            runways: [Runway(lowEnd: "09", highEnd: "27", lowThreshold: west, highThreshold: east, heading: heading, length: Distance(meters: 3_150))])
    }

    /// A straight track: `count` points 10 s apart from `start` heading `track`, at heights from
    /// `from` to `to` metres above the ellipsoid, on the ground where `ground` says.
    func track(
        _ name: String, start: Coordinate, track: Double, speed: Double, from: Double, to: Double, count: Int = 20, ground: (Int) -> Bool = { _ in false }
    ) -> [TrafficSnapshot] {
        (0..<count).map { k in
            let f = Double(k) / Double(count - 1)
            let p = Geodesic.wgs84.direct(from: start, azimuth: Angle(degrees: track), distance: Distance(meters: speed * 10 * Double(k))).coordinate
            let a = AircraftState(
                icao24: name, callsign: name.uppercased(), coordinate: p, baroAltitude: ground(k) ? nil : Height(meters: from + (to - from) * f),
                onGround: ground(k), groundSpeed: Speed(metersPerSecond: speed), track: track)
            return TrafficSnapshot(time: Double(k) * 10, aircraft: [a])
        }
    }

    func merged(_ tracks: [[TrafficSnapshot]]) -> TrafficWindow {
        let times = Set(tracks.flatMap { $0.map(\.time) }).sorted()
        return TrafficWindow(times.map { t in TrafficSnapshot(time: t, aircraft: tracks.flatMap { $0.filter { $0.time == t }.flatMap(\.aircraft) }) })
    }

    @Test func aDescentAlongTheLineIsALandingOnTheEndItHeadsFor() throws {
        let f = field()
        // Approaching from the east, heading west: a landing on 27, from 8 km out at 500 m down to 120 m.
        let approachStart = Geodesic.wgs84.direct(
            from: Coordinate(validLatitude: 45, longitude: 5.02), azimuth: Angle(degrees: 90), distance: Distance(meters: 8_000))
        let landing = track("land1", start: approachStart.coordinate, track: 270, speed: 70, from: 600, to: 120, count: 12)
        // Off the line by 1.5 km: not counted.
        let offset = Geodesic.wgs84.direct(from: approachStart.coordinate, azimuth: Angle(degrees: 0), distance: Distance(meters: 1_500)).coordinate
        let beside = track("beside", start: offset, track: 270, speed: 70, from: 600, to: 120, count: 12)
        // On the line but crossing it at 60°: not counted.
        let crossing = track("cross", start: approachStart.coordinate, track: 330, speed: 70, from: 600, to: 120, count: 12)
        let moves = f.movements(merged([landing, beside, crossing]), in: 0...1_000)
        #expect(moves.count == 1)
        let m = try #require(moves.first)
        #expect(m.kind == .arrival && m.runway == "27" && m.completed && !m.groundSeen)
        // Its moment is the lowest point.
        #expect(m.time == 110)
        #expect(RunwayUse(moves).landing.map(\.runway) == ["27"])
    }

    @Test func aTakeOffRollThatLeavesTheGroundIsADepartureWithItsLiftOff() throws {
        let f = field()
        // From the 09 threshold heading east: on the ground for 4 points, then climbing.
        let departure = track("dep1", start: Coordinate(validLatitude: 45, longitude: 4.98), track: 90, speed: 80, from: 150, to: 1_200, count: 15) { $0 < 4 }
        let moves = f.movements(merged([departure]), in: 0...1_000)
        let m = try #require(moves.first)
        #expect(moves.count == 1)
        #expect(m.kind == .departure && m.runway == "09" && m.groundSeen && m.time == 40)
        let use = RunwayUse(moves)
        #expect(use.departing.map(\.runway) == ["09"] && use.landing.isEmpty)
        #expect(abs((use.flow?.degrees ?? 0) - 90) < 1)
        // Outside the period asked, it is not there.
        #expect(f.movements(merged([departure]), in: 100...1_000).isEmpty)
    }

    @Test func aClimbFirstSeenHighTookOffBeforeTheWindow() {
        let f = field()
        let late = track("late", start: Coordinate(validLatitude: 45, longitude: 5.03), track: 90, speed: 80, from: 800, to: 1_000, count: 8)
        #expect(f.movements(merged([late]), in: 0...1_000).isEmpty)
    }

    @Test func aLiveHistoryKeepsOnlyAircraftThatCanMatterToARunway() {
        let here = Coordinate(validLatitude: 45, longitude: 5)
        #expect(RunwayUseInference.mayMatter(AircraftState(icao24: "g", coordinate: here, onGround: true)))
        #expect(RunwayUseInference.mayMatter(AircraftState(icao24: "l", coordinate: here, baroAltitude: Height(meters: 1_000))))
        // Above the highest fields' approach heights, or without an altitude: never matched.
        #expect(!RunwayUseInference.mayMatter(AircraftState(icao24: "h", coordinate: here, baroAltitude: Height(meters: 9_000))))
        #expect(!RunwayUseInference.mayMatter(AircraftState(icao24: "u", coordinate: here)))
    }

    /// The movements at an airport in the Paris recording's `seconds` up to `t`.
    func paris(_ icao: String, at t: Double, seconds: Double) throws -> [RunwayMovement] {
        let airport = try #require(catalog.airport(icao: icao))
        let feed = SampleFeed(.paris)
        let window = try #require(feed.window(from: t - seconds, to: t))
        return RunwayUseInference(airport: airport, runways: catalog.runways(of: airport)).movements(window, in: (t - seconds)...t)
    }

    @Test func charlesDeGaulleFlowsWestAt1305AndEastAt1340() throws {
        // 13:05 UTC: every landing and take-off heads west (26L/26R, 265°).
        let west = try paris("LFPG", at: 1_633_611_900, seconds: 900)
        #expect(west.count >= 6)
        #expect(west.allSatisfy { abs(($0.heading - Angle(degrees: 265)).signedTurn.degrees) < 5 })
        #expect(west.contains { $0.kind == .arrival } && west.contains { $0.kind == .departure })
        let use = RunwayUse(west)
        #expect(abs(((use.flow ?? Angle(degrees: 0)) - Angle(degrees: 265)).signedTurn.degrees) < 5)
        // 13:40 UTC: east (08L/08R/09R, 85°).
        let east = try paris("LFPG", at: 1_633_614_000, seconds: 900)
        #expect(east.count >= 6)
        #expect(east.allSatisfy { abs(($0.heading - Angle(degrees: 85)).signedTurn.degrees) < 5 })
    }

    @Test func leBourgetsTouchdownsAndLiftOffsAreSeenOnTheGround() throws {
        let moves = try paris("LFPB", at: 1_633_614_000, seconds: 3_600)
        let seen = moves.filter(\.groundSeen)
        #expect(seen.filter { $0.kind == .departure }.count >= 8)
        #expect(seen.filter { $0.kind == .arrival }.count >= 4)
        // Before 13:15 its take-offs head west-south-west (runway 25), after 13:25 east (09).
        #expect(moves.filter { $0.kind == .departure && $0.time < 1_633_612_500 && $0.groundSeen }.allSatisfy { $0.runway == "25" })
        #expect(moves.filter { $0.kind == .departure && $0.time > 1_633_613_100 && $0.groundSeen }.allSatisfy { $0.runway == "09" || $0.runway == "07" })
    }
}
