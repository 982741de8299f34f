import Foundation
import Testing

@testable import SkyKit

/// Where a satellite is in an observer's sky.
@Suite("Satellite sightings")
struct SightingTests {
    @Test func aSatelliteIsSeenOnlyAboveTheHorizon() throws {
        let sgp4 = try SGP4(TLE.builtInISS)
        let observer = Observer(place: Place(coordinate: Coordinate(validLatitude: 51.4775, longitude: -0.4614), name: "x"), altitude: Height(meters: 25))
        var above = 0, below = 0
        // A day at one-minute steps from the epoch: every answer agrees with the local frame.
        for minute in stride(from: 0, to: 1440, by: 1) {
            let date = TLE.builtInISS.epoch.addingTimeInterval(Double(minute) * 60)
            let state = try sgp4.propagate(to: date)
            let (p, _) = OrbitFrames.ecef(state, julianDate: JulianDate.of(date))
            let look = observer.localFrame.enu(p)
            if let s = sgp4.sighting(at: date, from: observer) {
                above += 1
                #expect(look.elevation > 0 && abs(s.elevation - look.elevation) < 1e-9 && abs(s.azimuth - look.azimuth) < 1e-9)
                #expect(s.name == "ISS (ZARYA)" && s.range.meters > 400_000)
            } else {
                below += 1
                #expect(look.elevation <= 0)
            }
        }
        #expect(above > 30 && below > 1000)
    }
}
