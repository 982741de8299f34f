import Foundation
import Testing

@testable import SkyKit

/// The events of watched aircraft through a run of snapshots: seen, closest, emergency, lost.
@Suite("Watch events")
struct WatchEventsTests {
    static let home = Coordinate(validLatitude: 48, longitude: 2)
    static let geometry = RadarGeometry(observer: home, height: Height(meters: 0))
    /// Metres of longitude per degree at 48°N, roughly: enough to lay a straight line by.
    static let metresPerDegree = 111_320 * cos(48 * Double.pi / 180)

    /// An aircraft `east` metres east of the observer and 1 km north, at 1,000 m.
    static func aircraft(_ hex: String, east: Double, squawk: String? = nil, callsign: String = "TST1") -> AircraftState {
        AircraftState(
            icao24: hex, callsign: callsign, coordinate: Coordinate(validLatitude: 48 + 1_000 / 111_200, longitude: 2 + east / metresPerDegree),
            baroAltitude: Height(meters: 1_000), squawk: squawk)
    }

    func run(_ snapshots: [TrafficSnapshot], entries: [WatchEntry], finish: Bool = false) -> [WatchEvent] {
        var tracker = WatchTracker(geometry: Self.geometry, range: Distance(50, .kilometers), entries: entries)
        var events = snapshots.flatMap { tracker.update($0) }
        if finish { events += tracker.finish() }
        return events
    }

    @Test func aPassIsSeenOnceClosestOnceAtItsNearestAndLostAMinuteAfterItLeaves() {
        // West to east past the observer, 500 m a step, with ±100 m of position noise; then gone.
        var snapshots: [TrafficSnapshot] = []
        for k in 0...40 {
            let noise = k % 2 == 0 ? 100.0 : -100
            let east = -10_000 + 500 * Double(k) + noise
            snapshots.append(
                TrafficSnapshot(time: Double(k), aircraft: [Self.aircraft("3c6444", east: east), Self.aircraft("aaaaaa", east: east, callsign: "OTH1")]))
        }
        snapshots += (41...110).map { TrafficSnapshot(time: Double($0), aircraft: []) }
        let events = run(snapshots, entries: [WatchEntry(.callsign, "TST*")])
        #expect(events.map(\.kind) == [.seen, .closest, .lost], "\(events.map(\.kind))")
        #expect(events.allSatisfy { $0.sighting.aircraft.icao24 == "3c6444" && $0.reasons == ["callsign TST*"] })
        // The nearest snapshot: k = 20 (east = 0 + 100 m of noise); found once the distance has
        // grown by 250 m, never earlier than that moment.
        let closest = events[1]
        #expect(closest.time == 20, "\(closest.time)")
        #expect(abs(closest.sighting.groundDistance.meters - hypot(1_000, 100)) < 30)
        // Lost: last in the feed at 40, a minute of absence later.
        #expect(events[2].time == 40)
    }

    @Test func anEmergencyIsSaidWhenItStartsAndAnUnwatchedAircraftSquawkingOneIsFollowed() {
        let snapshots = (0...5).map { k in
            TrafficSnapshot(time: Double(k), aircraft: [Self.aircraft("bbbbbb", east: 5_000 - 200 * Double(k), squawk: k >= 3 ? "7700" : "1000")])
        }
        // Not watched at first: followed from the moment it squawks 7700.
        let unwatched = run(snapshots, entries: [])
        #expect(unwatched.map(\.kind) == [.seen] && unwatched[0].time == 3 && unwatched[0].reasons == ["squawk 7700 — general emergency"])
        // Watched from the start: seen at 0, the emergency at 3.
        let watched = run(snapshots, entries: [WatchEntry(.hex, "bbbbbb")])
        #expect(watched.map(\.kind) == [.seen, .emergency] && watched[1].time == 3)
        #expect(watched[1].reasons == ["hex BBBBBB", "squawk 7700 — general emergency"])
    }

    @Test func aSecondApproachIsASecondPassAndTheEndSaysWhatIsStillFollowed() {
        // In, out, in again (an aircraft in a holding pattern), then the recording ends.
        let easts: [Double] = [8_000, 4_000, 1_000, 4_000, 8_000, 12_000, 8_000, 4_000, 2_000, 5_000]
        let snapshots = easts.enumerated().map { TrafficSnapshot(time: Double($0.offset), aircraft: [Self.aircraft("cccccc", east: $0.element)]) }
        let events = run(snapshots, entries: [WatchEntry(.hex, "cccccc")], finish: true)
        #expect(events.map(\.kind) == [.seen, .closest, .closest, .lost], "\(events.map(\.kind))")
        #expect(events[1].time == 2 && events[2].time == 8 && events[3].time == 9)
        // Still approaching when it ends: no pass is made up.
        let approaching = run(Array(snapshots.prefix(2)), entries: [WatchEntry(.hex, "cccccc")], finish: true)
        #expect(approaching.map(\.kind) == [.seen, .lost])
    }
}
