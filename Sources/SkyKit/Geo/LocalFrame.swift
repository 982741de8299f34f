import FoundationEssentials
import Glibc

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
        self = SurfacePoint(latitude: latitude, longitude: longitude, ellipsoid: ellipsoid).ecef(height: height)
    }
}

/// A point of the ellipsoid with the sines and cosines of its latitude and longitude worked out
/// once, for the several vectors made from it (the point itself, one above it, its normal).
public struct SurfacePoint: Sendable {
    public let sinLat: Double, cosLat: Double, sinLon: Double, cosLon: Double
    /// The prime vertical radius of curvature N = a / √(1 − e² sin²φ), metres.
    public let primeVertical: Double
    let ellipsoid: Ellipsoid

    public init(latitude: Double, longitude: Double, ellipsoid: Ellipsoid = .wgs84) {
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        sinLat = sin(phi); cosLat = cos(phi); sinLon = sin(lambda); cosLon = cos(lambda)
        primeVertical = ellipsoid.a / (1 - ellipsoid.e2 * sinLat * sinLat).squareRoot()
        self.ellipsoid = ellipsoid
    }

    public init(_ coordinate: Coordinate) { self.init(latitude: coordinate.latitude, longitude: coordinate.longitude) }

    /// The meridional radius of curvature M = a(1 − e²) / (1 − e² sin²φ)^(3/2), metres.
    public var meridional: Double {
        let w = 1 - ellipsoid.e2 * sinLat * sinLat
        return ellipsoid.a * (1 - ellipsoid.e2) / (w * w.squareRoot())
    }

    /// The point `height` metres above (along the normal) in Earth-centred coordinates.
    public func ecef(height: Double) -> ECEF {
        let n = primeVertical
        return ECEF(
            x: (n + height) * cosLat * cosLon, y: (n + height) * cosLat * sinLon, z: (n * (1 - ellipsoid.e2) + height) * sinLat)
    }

    /// A vector given in Earth-centred axes, turned into this point's east/north/up axes.
    public func enu(_ dx: Double, _ dy: Double, _ dz: Double) -> ENU {
        ENU(
            east: -sinLon * dx + cosLon * dy,
            north: -sinLat * cosLon * dx - sinLat * sinLon * dy + cosLat * dz,
            up: cosLat * cosLon * dx + cosLat * sinLon * dy + sinLat * dz)
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
    /// The point below the observer, whose axes the frame uses.
    public let axes: SurfacePoint

    public init(latitude: Double, longitude: Double, height: Double) {
        axes = SurfacePoint(latitude: latitude, longitude: longitude)
        origin = axes.ecef(height: height)
    }

    /// The offset of a point from the origin, rotated into east/north/up.
    public func enu(_ p: ECEF) -> ENU { axes.enu(p.x - origin.x, p.y - origin.y, p.z - origin.z) }

    public func enu(latitude: Double, longitude: Double, height: Double) -> ENU {
        enu(ECEF(latitude: latitude, longitude: longitude, height: height))
    }
}
