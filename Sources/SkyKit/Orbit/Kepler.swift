import FoundationEssentials
import Glibc

/// Kepler's third law with SGP4's Earth (WGS72): the size of an orbit from its mean motion.
public enum Kepler {
    /// The semi-major axis, km, of an orbit of `meanMotion` revolutions per day.
    public static func semiMajorAxis(meanMotion: Double) -> Double {
        let n = meanMotion * 2 * .pi / 86_400  // rad/s
        return pow(WGS72.mu / (n * n), 1.0 / 3)
    }

    /// The mean motion, revolutions per day, of a circular orbit `height` km above the equator.
    public static func meanMotion(height: Double) -> Double {
        let a = WGS72.radius + height
        return 86_400 / (2 * .pi * (a * a * a / WGS72.mu).squareRoot())
    }
}

extension TLE {
    /// The mean semi-major axis, km.
    public var semiMajorAxis: Double { Kepler.semiMajorAxis(meanMotion: meanMotion) }
    /// The lowest and highest points of the mean orbit above the equatorial radius, km.
    public var perigeeHeight: Double { semiMajorAxis * (1 - eccentricity) - WGS72.radius }
    public var apogeeHeight: Double { semiMajorAxis * (1 + eccentricity) - WGS72.radius }
}
