import Foundation
import Testing

@testable import SkyKit

/// What lies under a point: land near an airport, or which sea.
@Suite("Whereabouts")
struct WhereaboutsTests {
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
