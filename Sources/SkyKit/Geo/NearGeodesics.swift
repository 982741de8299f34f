import Foundation

/// Geodesics from one fixed point to points near it, worked out from the straight chord between
/// them instead of Karney's iteration (about a tenth of the work: a radar places thousands of
/// aircraft per answer).
///
/// The plane through the chord and the first point's normal cuts the ellipsoid in the normal
/// section. Its length is the arc 2R·asin(c / 2R) of the chord c, R the mean of Euler's radii of
/// curvature 1/R = cos²α/M + sin²α/N at both ends in the chord's direction; its azimuth α turns
/// towards the geodesic's by e²s²cos²φₘ·sin 2α / 12N². Within `reach` both agree with Karney's
/// inverse to 4 mm and 0.00001° (`NearGeodesicsTests`, against GeographicLib); past it, and for
/// points under a metre apart, `line(to:)` is Karney's inverse.
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

    /// The line from the origin to a point: its chord method's figures when it is within reach,
    /// Karney's inverse otherwise.
    public func line(to target: SurfacePoint, coordinate: Coordinate) -> NearLine {
        if let line = chordLine(to: target, within: NearGeodesics.reach) { return line }
        let g = Geodesic.wgs84.inverse(origin, coordinate)
        return NearLine(distance: g.distance, azimuth: g.initialAzimuth.normalizedBearing, chord: nil)
    }

    public func line(to coordinate: Coordinate) -> NearLine { line(to: SurfacePoint(coordinate), coordinate: coordinate) }

    /// How far a point's chord is: never more than its geodesic distance, so a point whose
    /// chord is past a range is past it along the ground too.
    public func chordLength(to target: SurfacePoint) -> Double {
        let p = target.ecef(height: 0)
        let dx = p.x - ground.x, dy = p.y - ground.y, dz = p.z - ground.z
        return (dx * dx + dy * dy + dz * dz).squareRoot()
    }

    /// The chord method's line, nil when the chord is longer than `limit` (or `reach`) or under
    /// a metre (where Karney's inverse is cheap and the chord's direction loses digits).
    func chordLine(to target: SurfacePoint, within limit: Distance) -> NearLine? {
        let p = target.ecef(height: 0)
        let dx = p.x - ground.x, dy = p.y - ground.y, dz = p.z - ground.z
        let c = (dx * dx + dy * dy + dz * dz).squareRoot()
        guard c >= 1, c <= min(limit.meters, NearGeodesics.reach.meters) else { return nil }
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
