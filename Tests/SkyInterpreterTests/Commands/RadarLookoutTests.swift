import Foundation
import Testing

@testable import SkyInterpreter

/// What `radar live` alerts about, from the two alert settings, on the Paris sample.
@Suite("Radar lookout")
struct RadarLookoutTests {
    /// The lookout of a shell at LFPG at `time` of the Paris recording, after `settings`.
    func lookout(at time: String, _ settings: [String]) -> RadarLookout {
        let shell = makeShell()
        for line in ["observer LFPG", "radar time \(time)"] + settings { _ = shell.output(line) }
        return withExtendedLifetime(shell) { RadarLookout.look(shell.context) }
    }

    @Test func bothAlertsAreOffByDefault() {
        let found = lookout(at: "13:06", [])
        #expect(found.alerts.isEmpty)
        // The countdown is there all the same: SWR63M passes first, at 13:06:46.
        #expect(found.countdown?.hasPrefix("next: SWR63M passes 1.9 km from you in 46 s") == true)
    }

    @Test func anAircraftAboutToPassNearerThanTheAlertDistanceIsRaised() {
        #expect(lookout(at: "13:06", ["set alert-distance 3km"]).alerts.map(\.name) == ["SWR63M"])
        // 1 km is nearer than it passes: no alert.
        #expect(lookout(at: "13:06", ["set alert-distance 1km"]).alerts.isEmpty)
        // More than a minute ahead (at 13:05 it passes in 1 min 46 s): not yet.
        #expect(lookout(at: "13:05", ["set alert-distance 3km"]).alerts.isEmpty)
    }

    @Test func anAircraftAboutToClimbAboveTheAlertElevationIsRaised() {
        // AFR96EU rises through 30° at 13:08:54 and peaks at 53°.
        #expect(lookout(at: "13:08:10", ["set alert-elevation 30"]).alerts.map(\.name) == ["AFR96EU"])
        #expect(lookout(at: "13:08:10", ["set alert-elevation 60"]).alerts.isEmpty)
        let both = lookout(at: "13:08:10", ["set alert-elevation 30", "set alert-distance 50km"])
        // Each aircraft once, soonest first.
        #expect(Set(both.alerts.map(\.icao24)).count == both.alerts.count)
        #expect(both.alerts.map(\.time) == both.alerts.map(\.time).sorted())
    }
}
