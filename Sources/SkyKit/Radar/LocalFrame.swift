import Foundation

/// Earth-centred, Earth-fixed coordinates on WGS84, metres.
public struct ECEF: Sendable, Equatable {
    public var x: Double, y: Double, z: Double

    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The point at a geodetic latitude and longitude (degrees) and height above the ellipsoid.
    public init(latitude: Double, longitude: Double, height: Double, ellipsoid: Ellipsoid = .wgs84) {
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        let sinPhi = sin(phi), cosPhi = cos(phi)
        // Prime vertical radius of curvature.
        let n = ellipsoid.a / (1 - ellipsoid.e2 * sinPhi * sinPhi).squareRoot()
        x = (n + height) * cosPhi * cos(lambda)
        y = (n + height) * cosPhi * sin(lambda)
        z = (n * (1 - ellipsoid.e2) + height) * sinPhi
    }
}

/// East, north and up components of a vector in an observer's local frame, metres.
public struct ENU: Sendable, Equatable {
    public var east: Double, north: Double, up: Double

    /// Straight-line length.
    public var range: Double { (east * east + north * north + up * up).squareRoot() }
    /// Horizontal length.
    public var horizontal: Double { (east * east + north * north).squareRoot() }
    /// Azimuth, degrees clockwise from north in [0, 360).
    public var azimuth: Double { Angle(degrees: atan2(east, north) * 180 / .pi).normalizedBearing.degrees }
    /// Elevation above the local horizontal plane (perpendicular to the ellipsoid normal), degrees.
    public var elevation: Double { atan2(up, horizontal) * 180 / .pi }
}

/// The local tangent frame at an observer: converts points to east/north/up offsets.
public struct LocalFrame: Sendable {
    public let origin: ECEF
    let sinLat: Double, cosLat: Double, sinLon: Double, cosLon: Double

    public init(latitude: Double, longitude: Double, height: Double) {
        origin = ECEF(latitude: latitude, longitude: longitude, height: height)
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        sinLat = sin(phi); cosLat = cos(phi); sinLon = sin(lambda); cosLon = cos(lambda)
    }

    /// The offset of a point from the origin, rotated into east/north/up.
    public func enu(_ p: ECEF) -> ENU {
        let dx = p.x - origin.x, dy = p.y - origin.y, dz = p.z - origin.z
        return ENU(
            east: -sinLon * dx + cosLon * dy,
            north: -sinLat * cosLon * dx - sinLat * sinLon * dy + cosLat * dz,
            up: cosLat * cosLon * dx + cosLat * sinLon * dy + sinLat * dz)
    }

    public func enu(latitude: Double, longitude: Double, height: Double) -> ENU {
        enu(ECEF(latitude: latitude, longitude: longitude, height: height))
    }
}
