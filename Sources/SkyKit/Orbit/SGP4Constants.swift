import FoundationEssentials
import Glibc

/// The WGS72 gravity model SGP4 element sets are fitted with (Vallado 2006, "Revisiting
/// Spacetrack Report #3").
enum WGS72 {
    static let mu = 398_600.8  // km³/s²
    static let radius = 6_378.135  // km
    static let xke = 60 / (radius * radius * radius / mu).squareRoot()  // (Earth radii)^1.5 per minute
    static let j2 = 0.001082616
    static let j3 = -0.00000253881
    static let j4 = -0.00000165597
    static let j3oj2 = j3 / j2
}

/// Why SGP4 cannot give a position (the error codes of the reference implementation).
public enum SGP4Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1: mean eccentricity out of range; 2: mean motion below zero; 3: perturbed eccentricity
    /// out of range; 4: semi-latus rectum below zero; 6: the orbit has decayed.
    case eccentricity, meanMotion, perturbedEccentricity, semiLatusRectum, decayed

    public var code: Int {
        switch self {
        case .eccentricity: 1
        case .meanMotion: 2
        case .perturbedEccentricity: 3
        case .semiLatusRectum: 4
        case .decayed: 6
        }
    }

    public var description: String {
        switch self {
        case .eccentricity: "the mean eccentricity left 0–1 (the element set no longer describes an orbit)"
        case .meanMotion: "the mean motion is zero, negative or too small for an orbit"
        case .perturbedEccentricity: "the perturbed eccentricity left 0–1"
        case .semiLatusRectum: "the semi-latus rectum fell below zero"
        case .decayed: "the satellite has decayed (below the Earth's surface)"
        }
    }
}

let twoPi = 2 * Double.pi

/// fmod as C has it: the remainder with the sign of the dividend.
@inline(__always) func fmod2(_ x: Double, _ y: Double) -> Double { x.truncatingRemainder(dividingBy: y) }

/// Greenwich mean sidereal time (IAU-82), radians in [0, 2π), at a UT1 Julian date.
public func greenwichSiderealTime(julianDate jd: Double) -> Double {
    let t = (jd - 2_451_545.0) / 36_525
    var seconds = -6.2e-6 * t * t * t + 0.093104 * t * t + (876_600.0 * 3600 + 8_640_184.812866) * t + 67_310.54841
    seconds = fmod2(seconds * Double.pi / 180 / 240, twoPi)
    if seconds < 0 { seconds += twoPi }
    return seconds
}
