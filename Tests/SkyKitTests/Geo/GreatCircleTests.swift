import Foundation
import Testing

@testable import SkyKit

/// The sphere the teaching commands contrast with the ellipsoid, checked against closed forms.
@Suite("Great circle")
struct GreatCircleTests {
    let r = GreatCircle.meanRadius

    @Test func quarterAndHalfCirclesAreExact() {
        let equatorToPole = GreatCircle(from: Coordinate(validLatitude: 0, longitude: 10), to: Coordinate(validLatitude: 90, longitude: 10))
        #expect(abs(equatorToPole.distance - r * .pi / 2) < 1e-6)
        #expect(abs(equatorToPole.bearing) < 1e-9)
        let antipode = GreatCircle(from: Coordinate(validLatitude: 0, longitude: 0), to: Coordinate(validLatitude: 0, longitude: 180))
        #expect(abs(antipode.distance - r * .pi) < 1e-6)
        #expect(abs(antipode.haversine - 1) < 1e-12)
    }

    @Test func oneDegreeAlongTheEquatorHeadsEast() {
        let leg = GreatCircle(from: Coordinate(validLatitude: 0, longitude: 0), to: Coordinate(validLatitude: 0, longitude: 1))
        #expect(abs(leg.distance - r * .pi / 180) < 1e-6)
        #expect(abs(leg.bearing - 90) < 1e-9)
        let back = GreatCircle(from: Coordinate(validLatitude: 0, longitude: 1), to: Coordinate(validLatitude: 0, longitude: 0))
        #expect(abs(back.bearing - 270) < 1e-9)
    }

    /// On a sphere the distance is symmetric and the same place is 0 away.
    @Test func symmetricAndZeroAtThePlace() {
        let a = Coordinate(validLatitude: 37.619, longitude: -122.375), b = Coordinate(validLatitude: 40.640, longitude: -73.779)
        #expect(abs(GreatCircle(from: a, to: b).distance - GreatCircle(from: b, to: a).distance) < 1e-6)
        #expect(GreatCircle(from: a, to: a).distance == 0)
        // Within the 0.5% the teaching text quotes of the WGS84 geodesic.
        let geodesic = Geodesic.wgs84.inverse(a, b).distance.meters
        #expect(abs(GreatCircle(from: a, to: b).distance - geodesic) / geodesic < 0.005)
    }
}
