import Foundation
import Testing

@testable import SkyKit

/// The local horizon against closed forms on hand-built terrain.
@Suite("Skyline")
struct SkylineTests {
    @Test func aWallSetsTheAngleAndFlatGroundDipsBelowZero() throws {
        // Flat ground at 0 m, and a 500 m wall from 10.6° N northwards.
        let terrain = try SyntheticTerrain.terrain { lat, _ in lat >= 10.6 ? 500 : 0 }
        let origin = Coordinate(validLatitude: 10.5, longitude: 10.5)
        let s = Skyline.compute(terrain: terrain, origin: origin, observerMSL: 2, range: 20_000, earth: .trueEarth, rangeStep: 30)
        // North: the wall's foot, ~11.06 km away, seen at atan((500 − drop − 2) / d).
        let d = s.distances[0]
        #expect(abs(d - 11_060) < 100, "\(d)")
        let expected = atan((500 - EarthModel.trueEarth.drop(d) - 2) / d) * 180 / .pi
        #expect(abs(s.angles[0] - expected) < 1e-9)
        #expect(abs(s.angles[0] - 2.57) < 0.05)
        // South: flat ground falls away with the curvature; the highest angle is the nearest sample.
        #expect(s.angles[180] < 0 && s.angles[180] > -0.1)
        #expect(!s.isIncomplete)
        #expect(abs(s.elevation(towards: 0.5) - (s.angles[0] + s.angles[1]) / 2) < 1e-9)
    }

    @Test func raysOffTheTerrainAreMarked() throws {
        let terrain = try SyntheticTerrain.terrain { _, _ in 0 }
        let s = Skyline.compute(terrain: terrain, origin: Coordinate(validLatitude: 10.5, longitude: 10.99), observerMSL: 2, range: 5_000)
        #expect(s.incomplete[90] && !s.incomplete[270])
    }
}
