import FoundationEssentials
import Glibc

/// Trigonometry in degrees that is exact at multiples of 90° (cos 90° is 0, not 6e-17), and
/// angle bookkeeping for longitudes. Used by the geodesic code for full double accuracy.
enum Degrees {
    /// sin and cos of `x` degrees, reducing to [-45°, 45°] first.
    static func sincos(_ x: Double) -> (sin: Double, cos: Double) {
        // Within a turn the remainder is x itself: the library call is left out.
        var r = x.magnitude < 360 ? x : x.truncatingRemainder(dividingBy: 360)
        let q = Int((r / 90).rounded())
        r -= 90 * Double(q)
        let rad = r * .pi / 180
        let s = Glibc.sin(rad), c = Glibc.cos(rad)
        var result: (Double, Double)
        switch q & 3 {
        case 0: result = (s, c)
        case 1: result = (c, -s)
        case 2: result = (-s, -c)
        default: result = (-c, s)
        }
        // Avoid -0 results for angles that are exact multiples of 90°.
        result.0 += 0
        result.1 += 0
        return (x == 0 ? x : result.0, result.1)
    }

    /// atan2 in degrees, exact at the axes, in [-180, 180].
    static func atan2(_ y: Double, _ x: Double) -> Double {
        var xx = x, yy = y
        var q = 0
        if abs(yy) > abs(xx) { swap(&xx, &yy); q = 2 }
        if xx < 0 { xx = -xx; q += 1 }
        var angle = Glibc.atan2(yy, xx) * 180 / .pi
        switch q {
        case 1: angle = (yy >= 0 ? 180 : -180) - angle
        case 2: angle = 90 - angle
        case 3: angle = -90 + angle
        default: break
        }
        return angle
    }

    /// `x` folded into (-180, 180].
    static func normalize(_ x: Double) -> Double {
        var y = x.truncatingRemainder(dividingBy: 360)
        if y <= -180 { y += 360 } else if y > 180 { y -= 360 }
        return y == 0 ? 0 : y
    }

    /// The difference y - x folded into [-180, 180], computed without losing digits.
    static func difference(_ x: Double, _ y: Double) -> Double {
        // Error-free sum of -x and y, then reduce.
        let s = -x + y
        let up = s - y
        let vpp = s - up
        let error = (-x - up) + (y - vpp)
        var d = normalize(s)
        if d == 180 || d == -180 { d = error > 0 ? -180 : 180 }
        return d + error
    }

    /// Rounds tiny angles so that differences below 2⁻⁵⁷ ≈ 1e-17 degrees become zero.
    static func round(_ x: Double) -> Double {
        let z = 1.0 / 16
        var y = abs(x)
        y = y < z ? z - (z - y) : y
        return x < 0 ? -y : y
    }
}
