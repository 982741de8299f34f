import FoundationEssentials
import Glibc

/// Geodesics from one fixed point to points near it, worked out from the straight chord between
/// them instead of Karney's iteration (about a tenth of the work: a radar places thousands of
/// aircraft per answer).
///
/// The plane through the chord and the first point's normal cuts the ellipsoid in the normal
/// section. Its length is the arc 2R·asin(c / 2R) of the chord c, R the mean of Euler's radii of
/// curvature 1/R = cos²α/M + sin²α/N at both ends in the chord's direction; its azimuth α turns
/// towards the geodesic's by e²s²cos²φₘ·sin 2α / 12N². Within `reach` both agree with Karney's
/// inverse to 4 mm and 0.00001° (`NearGeodesicsTests`, against GeographicLib); past it, and for
/// points under a metre apart, a line is Karney's inverse.
public struct NearGeodesics: Sendable {
    /// How far the chord method is used: the radar's longest range.
    public static let reach = Distance(500, .kilometers)

    public let origin: Coordinate
    /// The first point with its trigonometry, and its position on the ellipsoid.
    let point: SurfacePoint
    let ground: ECEF
    let meridional: Double

    public init(from origin: Coordinate) {
        self.origin = origin
        point = SurfacePoint(origin)
        ground = point.ecef(height: 0)
        meridional = point.meridional
    }

    /// The straight line from the origin's point of the ellipsoid to another's, in Earth-centred
    /// axes, and its length: never more than the geodesic's, so a point whose chord is past a
    /// range is past it along the ground too.
    public struct Chord: Sendable {
        let dx: Double, dy: Double, dz: Double
        public let length: Double
    }

    public func chord(to target: SurfacePoint) -> Chord {
        let p = target.ecef(height: 0)
        let dx = p.x - ground.x, dy = p.y - ground.y, dz = p.z - ground.z
        return Chord(dx: dx, dy: dy, dz: dz, length: (dx * dx + dy * dy + dz * dz).squareRoot())
    }

    /// The line from the origin to a point along its chord: the chord method's figures from a
    /// metre to `reach` (under a metre Karney's inverse is cheap and the chord's direction
    /// loses digits), Karney's inverse otherwise.
    public func line(along chord: Chord, to target: SurfacePoint, coordinate: Coordinate) -> NearLine {
        guard chord.length >= 1, chord.length <= NearGeodesics.reach.meters else {
            let g = Geodesic.wgs84.inverse(origin, coordinate)
            return NearLine(distance: g.distance, azimuth: g.initialAzimuth.normalizedBearing, chord: nil)
        }
        let (dx, dy, dz, c) = (chord.dx, chord.dy, chord.dz, chord.length)
        let there = point.enu(dx, dy, dz)
        let back = target.enu(-dx, -dy, -dz)
        // Euler's radius in the chord's direction at each end, from the direction's components.
        func euler(_ v: ENU, m: Double, n: Double) -> Double {
            (v.east * v.east + v.north * v.north) / (v.north * v.north / m + v.east * v.east / n)
        }
        let r = (euler(there, m: meridional, n: point.primeVertical) + euler(back, m: target.meridional, n: target.primeVertical)) / 2
        let s = 2 * r * asin(c / (2 * r))
        // cos²φₘ from the ends' sines and cosines: (1 + cos(φ1 + φ2)) / 2.
        let cos2m = (1 + point.cosLat * target.cosLat - point.sinLat * target.sinLat) / 2
        let e2 = Ellipsoid.wgs84.e2
        let nm2 = Ellipsoid.wgs84.a * Ellipsoid.wgs84.a / (1 - e2 * (1 - cos2m))
        let h2 = there.east * there.east + there.north * there.north
        let sin2a = 2 * there.east * there.north / h2
        let turn = e2 * s * s * cos2m * sin2a / (12 * nm2)
        let section = atan2(there.east, there.north)
        return NearLine(
            distance: Distance(meters: s), azimuth: Angle(degrees: (section - turn) * 180 / .pi).normalizedBearing,
            chord: NearLine.Chord(length: c, radius: r, sectionAzimuth: Angle(degrees: section * 180 / .pi).normalizedBearing))
    }

    public func line(to coordinate: Coordinate) -> NearLine {
        let target = SurfacePoint(coordinate)
        return line(along: chord(to: target), to: target, coordinate: coordinate)
    }
}

/// A geodesic's length and initial azimuth from `NearGeodesics`, with the chord method's own
/// figures when it was used (to explain them).
public struct NearLine: Sendable, Equatable {
    public var distance: Distance
    /// Initial azimuth in [0°, 360°).
    public var azimuth: Angle
    public var chord: Chord?

    /// What the chord method worked out.
    public struct Chord: Sendable, Equatable {
        /// The straight line between the two points of the ellipsoid, metres.
        public var length: Double
        /// The mean of Euler's radii at both ends, metres.
        public var radius: Double
        /// The normal section's azimuth before the turn towards the geodesic.
        public var sectionAzimuth: Angle
    }
}
