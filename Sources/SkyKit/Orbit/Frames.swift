import FoundationEssentials
import Glibc

/// Where a satellite is over the Earth: geodetic position, height and ground speed.
public struct SubPoint: Sendable, Equatable {
    public var coordinate: Coordinate
    /// Height above the WGS84 ellipsoid.
    public var altitude: Height
    /// Speed relative to the rotating Earth.
    public var speed: Speed
    /// Speed in the inertial frame (what orbital speed means).
    public var inertialSpeed: Speed
    /// Earth-fixed position, metres.
    public var ecef: ECEF
}

/// From SGP4's TEME frame to the Earth-fixed frame and geodetic coordinates: a rotation by
/// Greenwich mean sidereal time (IAU-82) about the pole; polar motion (metres) is neglected.
public enum OrbitFrames {
    /// The Earth's rotation rate, rad/s.
    static let omega = 7.292115146706979e-5

    /// The Earth-fixed position (metres) and velocity (m/s) of a TEME state at a Julian date.
    public static func ecef(_ s: TEMEState, julianDate jd: Double) -> (ECEF, SIMD3<Double>) {
        let g = greenwichSiderealTime(julianDate: jd)
        let c = cos(g), sn = sin(g)
        let r = s.position * 1000, v = s.velocity * 1000
        let p = SIMD3(c * r.x + sn * r.y, -sn * r.x + c * r.y, r.z)
        var w = SIMD3(c * v.x + sn * v.y, -sn * v.x + c * v.y, v.z)
        // Remove the frame's rotation: v_ecef = R v − ω × r_ecef.
        w.x += omega * p.y
        w.y -= omega * p.x
        return (ECEF(x: p.x, y: p.y, z: p.z), w)
    }

    /// Geodetic latitude, longitude and height of an Earth-fixed point (iterated to < 1 mm).
    public static func geodetic(_ p: ECEF, ellipsoid e: Ellipsoid = .wgs84) -> (Coordinate, Height) {
        let rho = (p.x * p.x + p.y * p.y).squareRoot()
        let lon = atan2(p.y, p.x)
        var lat = atan2(p.z, rho * (1 - e.e2))
        var h = 0.0
        for _ in 0..<10 {
            let s = sin(lat)
            let n = e.a / (1 - e.e2 * s * s).squareRoot()
            h = abs(cos(lat)) > 1e-10 ? rho / cos(lat) - n : abs(p.z) - n * (1 - e.e2)
            let next = atan2(p.z, rho * (1 - e.e2 * n / (n + h)))
            if abs(next - lat) < 1e-13 { lat = next; break }
            lat = next
        }
        return (Coordinate(validLatitude: lat * 180 / .pi, longitude: lon * 180 / .pi), Height(meters: h))
    }

    /// The point below a satellite.
    public static func subPoint(_ s: TEMEState, julianDate jd: Double) -> SubPoint {
        let (p, v) = ecef(s, julianDate: jd)
        let (c, h) = geodetic(p)
        let inertial = (s.velocity * s.velocity).sum().squareRoot() * 1000
        return SubPoint(
            coordinate: c, altitude: h, speed: Speed(metersPerSecond: (v * v).sum().squareRoot()),
            inertialSpeed: Speed(metersPerSecond: inertial), ecef: p)
    }
}

/// The Sun's direction, low precision (Vallado's algorithm: about 0.01°, enough for daylight
/// and for whether a satellite is lit).
public enum Sun {
    /// The Sun's position in the mean-equator frame of date (close to TEME), km.
    public static func position(julianDate jd: Double) -> SIMD3<Double> {
        let t = (jd - 2_451_545.0) / 36_525
        let meanLongitude = fmod2(280.460 + 36_000.771285 * t, 360)
        let m = fmod2(357.5291092 + 35_999.05034 * t, 360) * .pi / 180
        let lambda = (meanLongitude + 1.914666471 * sin(m) + 0.019994643 * sin(2 * m)) * .pi / 180
        let epsilon = (23.439291 - 0.0130042 * t) * .pi / 180
        let au = 149_597_870.7
        let r = (1.000140612 - 0.016708617 * cos(m) - 0.000139589 * cos(2 * m)) * au
        return SIMD3(r * cos(lambda), r * cos(epsilon) * sin(lambda), r * sin(epsilon) * sin(lambda))
    }

    /// True when a TEME position (km) is in sunlight: outside the Earth's cylindrical shadow.
    public static func lights(_ position: SIMD3<Double>, julianDate jd: Double) -> Bool {
        lights(position, sun: Sun.position(julianDate: jd))
    }

    /// True when a TEME position (km) is in sunlight, the Sun's position given.
    public static func lights(_ position: SIMD3<Double>, sun: SIMD3<Double>) -> Bool {
        let unit = sun / (sun * sun).sum().squareRoot()
        let along = (position * unit).sum()
        if along >= 0 { return true }
        let perpendicular = position - along * unit
        return (perpendicular * perpendicular).sum().squareRoot() > WGS72.radius
    }

    /// The Sun's elevation above an observer's horizon, degrees.
    public static func elevation(at observer: Coordinate, height: Double = 0, julianDate jd: Double) -> Double {
        elevation(
            of: Sun.position(julianDate: jd), from: LocalFrame(latitude: observer.latitude, longitude: observer.longitude, height: height), julianDate: jd)
    }

    /// The elevation of the Sun at `sun` (its position, km) from an observer's frame, degrees.
    public static func elevation(of sun: SIMD3<Double>, from frame: LocalFrame, julianDate jd: Double) -> Double {
        frame.enu(earthFixed(sun, julianDate: jd)).elevation
    }

    /// The Sun's position (km, mean equator of date) in the Earth-fixed frame, metres.
    public static func earthFixed(_ s: SIMD3<Double>, julianDate jd: Double) -> ECEF {
        let g = greenwichSiderealTime(julianDate: jd)
        return ECEF(x: (cos(g) * s.x + sin(g) * s.y) * 1000, y: (-sin(g) * s.x + cos(g) * s.y) * 1000, z: s.z * 1000)
    }
}
