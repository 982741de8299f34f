import FoundationEssentials
import Glibc

/// Distance and bearing on a sphere of the Earth's mean radius (the haversine formula): the
/// textbook approximation the teaching commands contrast with the geodesic on the ellipsoid.
public struct GreatCircle: Sendable {
    /// The mean Earth radius (IUGG, R1 = (2a + b) / 3), metres.
    public static let meanRadius = 6_371_008.8

    /// The distance along the sphere, metres.
    public let distance: Double
    /// The initial bearing, clockwise from true north, 0 ..< 360°.
    public let bearing: Double
    /// The haversine of the central angle: sin²(Δφ/2) + cos φ1·cos φ2·sin²(Δλ/2).
    public let haversine: Double

    /// The great circle from `a` to `b`.
    public init(from a: Coordinate, to b: Coordinate) {
        let p1 = a.latitude * .pi / 180, p2 = b.latitude * .pi / 180, dl = (b.longitude - a.longitude) * .pi / 180
        haversine = pow(sin((p2 - p1) / 2), 2) + cos(p1) * cos(p2) * pow(sin(dl / 2), 2)
        distance = 2 * GreatCircle.meanRadius * asin(min(1, haversine.squareRoot()))
        bearing = Angle(degrees: atan2(sin(dl) * cos(p2), cos(p1) * sin(p2) - sin(p1) * cos(p2) * cos(dl)) * 180 / .pi).normalizedBearing.degrees
    }
}
