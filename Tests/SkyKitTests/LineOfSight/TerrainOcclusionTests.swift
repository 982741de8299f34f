import Foundation
import Testing

@testable import SkyKit

/// Which aircraft the terrain hides from an observer.
@Suite("Terrain occlusion")
struct TerrainOcclusionTests {
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
}
