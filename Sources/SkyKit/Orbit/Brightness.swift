import FoundationEssentials
import Glibc

/// How bright a sunlit satellite looks. A standard magnitude is the brightness at 1,000 km with
/// half its face lit (a 90° phase angle); it is scaled by the inverse square of the distance
/// (5·log10(d / 1,000 km)) and by the phase law of a diffusely reflecting sphere,
/// F(φ) = ((π − φ)·cos φ + sin φ) / π, relative to its value at 90° (1/π):
/// m = m₀ + 5·log10(d / 1,000 km) − 2.5·log10((π − φ)·cos φ + sin φ).
public enum Brightness {
    /// The standard magnitudes skyshell knows, by catalogue number.
    public static let standardMagnitudes: [Int: Double] = [TLE.issNumber: -1.8]

    /// The visual magnitude of a satellite at `satellite` (Earth-fixed, metres) lit by the Sun
    /// at `sun`, seen from `observer`.
    public static func magnitude(standard: Double, satellite: ECEF, sun: ECEF, observer: ECEF) -> Double {
        let s = SIMD3(satellite.x, satellite.y, satellite.z)
        let toSun = SIMD3(sun.x, sun.y, sun.z) - s
        let toObserver = SIMD3(observer.x, observer.y, observer.z) - s
        let d = (toObserver * toObserver).sum().squareRoot()
        let cosPhase = (toSun * toObserver).sum() / ((toSun * toSun).sum().squareRoot() * d)
        let phase = acos(max(-1, min(1, cosPhase)))
        let law = max(1e-6, (.pi - phase) * cos(phase) + sin(phase))
        return standard + 5 * log10(d / 1_000_000) - 2.5 * log10(law)
    }
}
