import FoundationEssentials
import Glibc

/// The shortest path between two points on an ellipsoid: its length and the azimuths at both
/// ends.
public struct GeodesicInverse: Sendable, Equatable {
    public var distance: Distance
    /// Azimuth at the start, clockwise from north, in (-180°, 180°].
    public var initialAzimuth: Angle
    /// Azimuth at the end (the direction of travel on arrival).
    public var finalAzimuth: Angle
    /// Arc length on the auxiliary sphere, in degrees.
    public var arcDegrees: Double
}

/// Where a geodesic started at a point with an azimuth ends after a distance.
public struct GeodesicDirect: Sendable, Equatable {
    public var coordinate: Coordinate
    public var finalAzimuth: Angle
}

/// Geodesics on an ellipsoid (WGS84 by default), accurate to a few nanometres for any pair of
/// points, including nearly antipodal ones: Karney's method with sixth-order series, solved by
/// Newton's method on the start azimuth inside a bisection bracket.
public struct Geodesic: Sendable {
    public let ellipsoid: Ellipsoid
    let a, f, f1, b, e2, ep2, n: Double

    public static let wgs84 = Geodesic(.wgs84)

    public init(_ ellipsoid: Ellipsoid) {
        self.ellipsoid = ellipsoid
        a = ellipsoid.a
        f = ellipsoid.f
        f1 = 1 - f
        b = ellipsoid.b
        e2 = ellipsoid.e2
        ep2 = ellipsoid.ep2
        n = ellipsoid.n
    }

    static let tiny = Double.leastNormalMagnitude.squareRoot()
    static let tol0 = Double.ulpOfOne
    static let tol1 = 200 * tol0
    static let tol2 = tol0.squareRoot()
    static let tolb = tol0 * tol2
    static let xthresh = 1000 * tol2
    static let newtonIterations = 20
    static let maxIterations = newtonIterations + Double.significandBitCount + 1 + 10

    // MARK: - Inverse problem

    /// Distance and azimuths between two points.
    public func inverse(_ p1: Coordinate, _ p2: Coordinate) -> GeodesicInverse {
        inverse(lat1: p1.latitude, lon1: p1.longitude, lat2: p2.latitude, lon2: p2.longitude)
    }

    /// Distance and azimuths between two points given in degrees.
    public func inverse(lat1 latitude1: Double, lon1: Double, lat2 latitude2: Double, lon2: Double) -> GeodesicInverse {
        // Canonical configuration: λ12 in [0, 180], |φ1| ≥ |φ2|, φ1 ≤ 0.
        var lon12 = Degrees.difference(lon1, lon2)
        var lonSign: Double = lon12.sign == .minus ? -1 : 1
        lon12 = Degrees.round(abs(lon12))
        let lam12 = lon12 * .pi / 180
        let (slam12, clam12) = Degrees.sincos(lon12)

        var lat1 = Degrees.round(Swift.max(-90, Swift.min(90, latitude1)))
        var lat2 = Degrees.round(Swift.max(-90, Swift.min(90, latitude2)))
        let swapSign: Double = abs(lat1) < abs(lat2) ? -1 : 1
        if swapSign < 0 {
            lonSign = -lonSign
            swap(&lat1, &lat2)
        }
        let latSign: Double = lat1.sign == .minus ? 1 : -1
        lat1 *= latSign
        lat2 *= latSign

        let (sbet1, cbet1) = reducedLatitude(lat1)
        var (sbet2, cbet2) = reducedLatitude(lat2)
        // Make equal absolute latitudes exactly equal after rounding.
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = sbet2.sign == .minus ? sbet1 : -sbet1 }
        } else if abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }
        let dn1 = (1 + ep2 * sbet1 * sbet1).squareRoot()
        let dn2 = (1 + ep2 * sbet2 * sbet2).squareRoot()

        var salp1 = 0.0, calp1 = 0.0, salp2 = 0.0, calp2 = 0.0
        var sig12 = 0.0, s12x = 0.0
        var meridional = lat1 == -90 || slam12 == 0

        if meridional {
            // Along a meridian: head straight for the other longitude (0° or 180°).
            calp1 = clam12; salp1 = slam12
            calp2 = 1; salp2 = 0
            let ssig1 = sbet1, csig1 = calp1 * cbet1
            let ssig2 = sbet2, csig2 = calp2 * cbet2
            sig12 = Glibc.atan2(Swift.max(0, csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
            let lengths = self.lengths(eps: n, sig12: sig12, ssig1, csig1, dn1, ssig2, csig2, dn2)
            // Past a conjugate point the meridian is no longer the shortest path.
            if sig12 < 1 || lengths.m12b >= 0 {
                if sig12 < 3 * Geodesic.tiny { sig12 = 0; s12x = 0 } else { s12x = lengths.s12b }
            } else {
                meridional = false
            }
        }

        if !meridional, sbet1 == 0, lon12 <= 180 * f1 {
            // Along the equator.
            calp1 = 0; calp2 = 0; salp1 = 1; salp2 = 1
            s12x = a * lam12 / b
            sig12 = lam12 / f1
        } else if !meridional, let short = shortLine(sbet1, cbet1, sbet2, cbet2, lam12: lam12) {
            // Very short lines: the auxiliary-sphere solution is already exact to rounding.
            (salp1, calp1, salp2, calp2) = (short.salp1, short.calp1, short.salp2, short.calp2)
            sig12 = short.sig12
            s12x = sig12 * short.dnm
        } else if !meridional {
            let start = inverseStart(sbet1, cbet1, dn1, sbet2, cbet2, dn2, lam12: lam12, slam12: slam12, clam12: clam12)
            salp1 = start.salp1
            calp1 = start.calp1
            // Solve λ12(α1) = lam12: Newton's method, falling back to bisection.
            var salp1a = Geodesic.tiny, calp1a = 1.0, salp1b = Geodesic.tiny, calp1b = -1.0
            var tripNewton = false, tripBisect = false
            var state = LambdaState()
            for iteration in 0..<Geodesic.maxIterations {
                state = lambda12(
                    sbet1, cbet1, dn1, sbet2, cbet2, dn2, salp1: salp1, calp1: calp1,
                    slam120: slam12, clam120: clam12, wantDerivative: iteration < Geodesic.newtonIterations)
                let v = state.v
                if tripBisect || !(abs(v) >= (tripNewton ? 8 : 1) * Geodesic.tol0) { break }
                if v > 0, iteration > Geodesic.newtonIterations || calp1 / salp1 > calp1b / salp1b {
                    salp1b = salp1; calp1b = calp1
                } else if v < 0, iteration > Geodesic.newtonIterations || calp1 / salp1 < calp1a / salp1a {
                    salp1a = salp1; calp1a = calp1
                }
                if iteration < Geodesic.newtonIterations, state.dv > 0 {
                    let dalp1 = -v / state.dv
                    if abs(dalp1) < .pi {
                        let sdalp1 = Glibc.sin(dalp1), cdalp1 = Glibc.cos(dalp1)
                        let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                        if nsalp1 > 0 {
                            calp1 = calp1 * cdalp1 - salp1 * sdalp1
                            salp1 = nsalp1
                            (salp1, calp1) = normalized(salp1, calp1)
                            tripNewton = abs(v) <= 16 * Geodesic.tol0
                            continue
                        }
                    }
                }
                (salp1, calp1) = normalized((salp1a + salp1b) / 2, (calp1a + calp1b) / 2)
                tripNewton = false
                tripBisect =
                    abs(salp1a - salp1) + (calp1a - calp1) < Geodesic.tolb
                    || abs(salp1 - salp1b) + (calp1 - calp1b) < Geodesic.tolb
            }
            salp2 = state.salp2
            calp2 = state.calp2
            sig12 = state.sig12
            s12x =
                lengths(
                    eps: state.eps, sig12: state.sig12, state.ssig1, state.csig1, dn1,
                    state.ssig2, state.csig2, dn2
                ).s12b
        }

        // Back from the canonical configuration.
        if swapSign < 0 {
            swap(&salp1, &salp2)
            swap(&calp1, &calp2)
        }
        salp1 *= swapSign * lonSign; calp1 *= swapSign * latSign
        salp2 *= swapSign * lonSign; calp2 *= swapSign * latSign
        return GeodesicInverse(
            distance: Distance(meters: 0 + b * s12x),
            initialAzimuth: Angle(degrees: Degrees.atan2(salp1, calp1)),
            finalAzimuth: Angle(degrees: Degrees.atan2(salp2, calp2)),
            arcDegrees: sig12 * 180 / .pi)
    }

    /// sin and cos of the reduced latitude β, tan β = (1 - f) tan φ.
    func reducedLatitude(_ latitude: Double) -> (Double, Double) {
        let (s, c) = Degrees.sincos(latitude)
        let (sb, cb) = normalized(f1 * s, c)
        return (sb, Swift.max(Geodesic.tiny, cb))
    }

    func normalized(_ s: Double, _ c: Double) -> (Double, Double) {
        let r = (s * s + c * c).squareRoot()
        return (s / r, c / r)
    }

    /// Distance and reduced length (both in units of b) between σ1 and σ2 on one geodesic.
    func lengths(
        eps: Double, sig12: Double, _ ssig1: Double, _ csig1: Double, _ dn1: Double,
        _ ssig2: Double, _ csig2: Double, _ dn2: Double
    ) -> (s12b: Double, m12b: Double) {
        let c1 = GeodesicSeries.c1(eps), c2 = GeodesicSeries.c2(eps)
        let a1 = GeodesicSeries.a1(eps), a2 = GeodesicSeries.a2(eps)
        let b1 = GeodesicSeries.sineSum(ssig2, csig2, c1) - GeodesicSeries.sineSum(ssig1, csig1, c1)
        let b2 = GeodesicSeries.sineSum(ssig2, csig2, c2) - GeodesicSeries.sineSum(ssig1, csig1, c2)
        let s12b = a1 * (sig12 + b1)
        let j12 = (a1 - a2) * sig12 + (a1 * b1 - a2 * b2)
        let m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        return (s12b, m12b)
    }

    /// Everything λ12(α1) computes, kept for the final distance.
    struct LambdaState {
        var v = 0.0, dv = 0.0
        var salp2 = 0.0, calp2 = 0.0, sig12 = 0.0
        var ssig1 = 0.0, csig1 = 1.0, ssig2 = 0.0, csig2 = 1.0, eps = 0.0
    }

    /// The longitude reached by the geodesic leaving point 1 at α1, minus the target λ12, and
    /// its derivative with respect to α1.
    func lambda12(
        _ sbet1: Double, _ cbet1: Double, _ dn1: Double, _ sbet2: Double, _ cbet2: Double, _ dn2: Double,
        salp1: Double, calp1 calp1In: Double, slam120: Double, clam120: Double, wantDerivative: Bool
    ) -> LambdaState {
        var calp1 = calp1In
        if sbet1 == 0, calp1 == 0 { calp1 = -Geodesic.tiny }  // break the equatorial degeneracy
        let salp0 = salp1 * cbet1
        let calp0 = (calp1 * calp1 + salp1 * sbet1 * salp1 * sbet1).squareRoot()
        var s = LambdaState()
        let somg1 = salp0 * sbet1, comg1 = calp1 * cbet1
        (s.ssig1, s.csig1) = normalized(sbet1, calp1 * cbet1)
        s.salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        if cbet2 != cbet1 || abs(sbet2) != -sbet1 {
            let t = cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2)
            s.calp2 = ((calp1 * cbet1) * (calp1 * cbet1) + t).squareRoot() / cbet2
        } else {
            s.calp2 = abs(calp1)
        }
        let somg2 = salp0 * sbet2, comg2 = s.calp2 * cbet2
        (s.ssig2, s.csig2) = normalized(sbet2, s.calp2 * cbet2)
        s.sig12 = Glibc.atan2(Swift.max(0, s.csig1 * s.ssig2 - s.ssig1 * s.csig2), s.csig1 * s.csig2 + s.ssig1 * s.ssig2)
        let somg12 = Swift.max(0, comg1 * somg2 - somg1 * comg2)
        let comg12 = comg1 * comg2 + somg1 * somg2
        let eta = Glibc.atan2(somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)
        s.eps = GeodesicSeries.epsilon(k2: calp0 * calp0 * ep2)
        let c3 = GeodesicSeries.c3(s.eps, n: n)
        let b312 = GeodesicSeries.sineSum(s.ssig2, s.csig2, c3) - GeodesicSeries.sineSum(s.ssig1, s.csig1, c3)
        let domg12 = -f * GeodesicSeries.a3(s.eps, n: n) * salp0 * (s.sig12 + b312)
        s.v = eta + domg12
        if wantDerivative {
            if s.calp2 == 0 {
                s.dv = -2 * f1 * dn1 / sbet1
            } else {
                let m12b = lengths(eps: s.eps, sig12: s.sig12, s.ssig1, s.csig1, dn1, s.ssig2, s.csig2, dn2).m12b
                s.dv = m12b * f1 / (s.calp2 * cbet2)
            }
        }
        return s
    }

    /// Below this arc (in radians) a line counts as very short.
    static let shortArc = 0.1 * tol2 / (Swift.max(0.001, abs(Ellipsoid.wgs84.f)) * Swift.min(1, 1 - Ellipsoid.wgs84.f / 2) / 2).squareRoot()

    /// The solution of a very short line, where the great circle on the auxiliary sphere with
    /// the longitude scaled at the mean latitude is exact to rounding; nil for longer lines.
    func shortLine(_ sbet1: Double, _ cbet1: Double, _ sbet2: Double, _ cbet2: Double, lam12: Double)
        -> (salp1: Double, calp1: Double, salp2: Double, calp2: Double, sig12: Double, dnm: Double)?
    {
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1
        guard cbet2 * cbet1 + sbet2 * sbet1 >= 0, sbet12 < 0.5, cbet2 * lam12 < 0.5 else { return nil }
        var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
        sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
        let dnm = (1 + ep2 * sbetm2).squareRoot()
        let omg12 = lam12 / (f1 * dnm)
        let somg12 = Glibc.sin(omg12), comg12 = Glibc.cos(omg12)
        let salp1 = cbet2 * somg12
        let calp1 =
            comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
            : sbet2 * cbet1 + cbet2 * sbet1 - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
        let ssig12 = (salp1 * salp1 + calp1 * calp1).squareRoot()
        guard ssig12 < Geodesic.shortArc else { return nil }
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12
        let salp2 = cbet1 * somg12
        let calp2 = sbet12 - cbet1 * sbet2 * (comg12 >= 0 ? somg12 * somg12 / (1 + comg12) : 1 - comg12)
        let (sa1, ca1) = normalized(salp1, calp1)
        let (sa2, ca2) = normalized(salp2, calp2)
        return (sa1, ca1, sa2, ca2, Glibc.atan2(ssig12, csig12), dnm)
    }

    /// A first guess of α1: the great circle on the auxiliary sphere, or for nearly antipodal
    /// points the solution of Karney's astroid equation.
    func inverseStart(
        _ sbet1: Double, _ cbet1: Double, _ dn1: Double, _ sbet2: Double, _ cbet2: Double, _ dn2: Double,
        lam12: Double, slam12: Double, clam12: Double
    ) -> (salp1: Double, calp1: Double) {
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1
        let sbet12a = sbet2 * cbet1 + cbet2 * sbet1
        let shortLine = cbet2 * cbet1 + sbet2 * sbet1 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12 = slam12, comg12 = clam12
        if shortLine {
            var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
            sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
            let omg12 = lam12 / (f1 * (1 + ep2 * sbetm2).squareRoot())
            somg12 = Glibc.sin(omg12)
            comg12 = Glibc.cos(omg12)
        }
        var salp1 = cbet2 * somg12
        var calp1 =
            comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
        let ssig12 = (salp1 * salp1 + calp1 * calp1).squareRoot()
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12
        let nearlyAntipodal = !(abs(n) > 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * .pi * cbet1 * cbet1)
        if nearlyAntipodal {
            // Coordinates centred on the antipode, scaled so the singular point is (-1, 0).
            let lam12x = Glibc.atan2(-slam12, -clam12)
            let lamScale = f * cbet1 * GeodesicSeries.a3(GeodesicSeries.epsilon(k2: sbet1 * sbet1 * ep2), n: n) * .pi
            let betScale = lamScale * cbet1
            let x = lam12x / lamScale
            let y = sbet12a / betScale
            if y > -Geodesic.tol1, x > -1 - Geodesic.xthresh {
                salp1 = Swift.min(1, -x)
                calp1 = -(1 - salp1 * salp1).squareRoot()
            } else {
                let k = Geodesic.astroid(x, y)
                let omg12a = lamScale * (-x * k / (1 + k))
                somg12 = Glibc.sin(omg12a)
                comg12 = -Glibc.cos(omg12a)
                salp1 = cbet2 * somg12
                calp1 = sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
            }
        }
        if !(salp1 <= 0) {
            return normalized(salp1, calp1)
        }
        return (1, 0)
    }

    /// The positive root k of k⁴ + 2k³ − (x² + y² − 1)k² − 2y²k − y² = 0.
    static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = x * x, q = y * y, r = (p + q - 1) / 6
        guard !(q == 0 && r <= 0) else { return 0 }
        let s = p * q / 4, r2 = r * r, r3 = r * r2
        let disc = s * (s + 2 * r3)
        var u = r
        if disc >= 0 {
            var t3 = s + r3
            t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()
            let t = Glibc.cbrt(t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            let ang = Glibc.atan2((-disc).squareRoot(), -(s + r3))
            u += 2 * r * Glibc.cos(ang / 3)
        }
        let v = (u * u + q).squareRoot()
        let uv = u < 0 ? q / (v - u) : u + v
        let w = (uv - q) / (2 * v)
        return uv / ((uv + w * w).squareRoot() + w)
    }

    // MARK: - Direct problem

    /// The point reached from `start` after `distance` along the geodesic leaving at `azimuth`.
    public func direct(from start: Coordinate, azimuth: Angle, distance: Distance) -> GeodesicDirect {
        GeodesicLine(self, from: start, azimuth: azimuth).position(distance)
    }

    // MARK: - Points along a geodesic

    /// `count` points evenly spaced along the geodesic from `p1` to `p2`, both ends included.
    public func points(from p1: Coordinate, to p2: Coordinate, count: Int) -> [Coordinate] {
        guard count >= 2 else { return [p1] }
        let line = inverse(p1, p2)
        let path = GeodesicLine(self, from: p1, azimuth: line.initialAzimuth)
        var result = [p1]
        for i in 1..<(count - 1) {
            result.append(path.position(Distance(meters: line.distance.meters * Double(i) / Double(count - 1))).coordinate)
        }
        result.append(p2)
        return result
    }
}
