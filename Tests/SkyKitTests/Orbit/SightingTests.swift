import Foundation
import Testing

@testable import SkyKit

/// Domain answers the interpreter used to work out itself: where a satellite is in the sky,
/// which aircraft terrain hides, what is under a point.
@Suite("Sightings and whereabouts")
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

    @Test func terrainHidesAircraftBehindARidgeOnly() throws {
        // A 3,000 m wall 0.1° north of the observer; aircraft beyond it, low and high.
        let terrain = try SyntheticTerrain.terrain { lat, _ in abs(lat - 10.6) < 0.0005 ? 3000 : 0 }
        let here = Coordinate(validLatitude: 10.5, longitude: 10.5)
        let observer = Observer(place: Place(coordinate: here, name: "x"), altitude: Height(meters: 2))
        let beyond = Coordinate(validLatitude: 10.8, longitude: 10.5), south = Coordinate(validLatitude: 10.3, longitude: 10.5)
        let aircraft = [
            AircraftState(icao24: "low", coordinate: beyond, baroAltitude: Height(meters: 1000)),
            AircraftState(icao24: "high", coordinate: beyond, baroAltitude: Height(meters: 12_000)),
            AircraftState(icao24: "open", coordinate: south, baroAltitude: Height(meters: 1000)),
            AircraftState(icao24: "ground", coordinate: beyond, onGround: true),
            AircraftState(icao24: "outside", coordinate: Coordinate(validLatitude: 11.2, longitude: 10.5), baroAltitude: Height(meters: 500)),
        ]
        let sightings = RadarGeometry(observer: here, height: observer.altitude).sightings(aircraft, within: Distance(200, .kilometers))
        // "outside" is beyond the tile: not judged without terrain under the whole line.
        #expect(terrain.hidden(sightings, from: observer) == ["low"])
        #expect(Terrain(tiles: []).hidden(sightings, from: observer).isEmpty, "no terrain at the observer: nothing is judged")
    }

    @Test func whatIsUnderAPoint() {
        #expect(Whereabouts.water(Coordinate(validLatitude: 40, longitude: -40)) == "the North Atlantic Ocean")
        #expect(Whereabouts.water(Coordinate(validLatitude: 35, longitude: 18)) == "the Mediterranean Sea")
        #expect(Whereabouts.water(Coordinate(validLatitude: -70, longitude: 0)) == "the Southern Ocean")
        #expect(Whereabouts.of(Coordinate(validLatitude: 40, longitude: -40), catalog: .embedded) == .water("the North Atlantic Ocean"))
        guard case .land(let near?) = Whereabouts.of(Coordinate(validLatitude: 45.75, longitude: 4.85), catalog: .embedded) else {
            Issue.record("Lyon is on land near an airport")
            return
        }
        #expect(near.countryName == "France")
    }
}
