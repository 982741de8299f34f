import FoundationEssentials
import Glibc

/// One geodesic leaving a point at an azimuth, set up once so that each point along it costs
/// a few trigonometric calls (the direct problem without repeating the per-line series).
public struct GeodesicLine: Sendable {
    let geodesic: Geodesic
    let startLongitude: Double
    let salp0, calp0: Double
    let ssig1, csig1, somg1, comg1: Double
    let stau1, ctau1, b11: Double
    let a1, a3c: Double
    let c1p, c3: GeodesicSeries.Coefficients
    let b31: Double

    public init(_ geodesic: Geodesic = .wgs84, from start: Coordinate, azimuth: Angle) {
        self.geodesic = geodesic
        startLongitude = Degrees.normalize(start.longitude)
        let (salp1, calp1) = Degrees.sincos(Degrees.round(azimuth.degrees))
        let (sbet1, cbet1) = geodesic.reducedLatitude(Degrees.round(start.latitude))
        salp0 = salp1 * cbet1
        calp0 = (calp1 * calp1 + salp1 * sbet1 * salp1 * sbet1).squareRoot()
        somg1 = salp0 * sbet1
        comg1 = sbet1 != 0 || calp1 != 0 ? cbet1 * calp1 : 1
        (ssig1, csig1) = geodesic.normalized(sbet1, comg1)
        let eps = GeodesicSeries.epsilon(k2: calp0 * calp0 * geodesic.ep2)
        a1 = GeodesicSeries.a1(eps)
        c1p = GeodesicSeries.c1p(eps)
        b11 = GeodesicSeries.sineSum(ssig1, csig1, GeodesicSeries.c1(eps))
        // τ = σ + B1(σ) is the distance in units of b·A1 from the equator crossing.
        let sb11 = Glibc.sin(b11), cb11 = Glibc.cos(b11)
        stau1 = ssig1 * cb11 + csig1 * sb11
        ctau1 = csig1 * cb11 - ssig1 * sb11
        c3 = GeodesicSeries.c3(eps, n: geodesic.n)
        a3c = geodesic.f * GeodesicSeries.a3(eps, n: geodesic.n) * salp0
        b31 = GeodesicSeries.sineSum(ssig1, csig1, c3)
    }

    /// Latitude and longitude (degrees) `distance` metres along the line, and the sines and
    /// cosines the final azimuth needs. The longitude is the start's plus the change, not
    /// wrapped into ±180°.
    @inline(__always)
    func point(_ distance: Double) -> (latitude: Double, longitude: Double, csig2: Double) {
        let tau12 = distance / (geodesic.b * a1)
        let stau12 = Glibc.sin(tau12), ctau12 = Glibc.cos(tau12)
        let b12 = GeodesicSeries.sineSum(stau1 * ctau12 + ctau1 * stau12, ctau1 * ctau12 - stau1 * stau12, c1p)
        let sig12 = tau12 + b11 + b12
        let ssig12 = Glibc.sin(sig12), csig12 = Glibc.cos(sig12)
        let ssig2 = ssig1 * csig12 + csig1 * ssig12
        var csig2 = csig1 * csig12 - ssig1 * ssig12
        let sbet2 = calp0 * ssig2
        var cbet2 = (salp0 * salp0 + calp0 * csig2 * calp0 * csig2).squareRoot()
        if cbet2 == 0 {
            cbet2 = Geodesic.tiny
            csig2 = Geodesic.tiny
        }
        let somg2 = salp0 * ssig2, comg2 = csig2
        let omg12 = Glibc.atan2(somg2 * comg1 - comg2 * somg1, comg2 * comg1 + somg2 * somg1)
        let b312 = GeodesicSeries.sineSum(ssig2, csig2, c3) - b31
        let lam12 = omg12 - a3c * (sig12 + b312)
        return (Degrees.atan2(sbet2, geodesic.f1 * cbet2), startLongitude + lam12 * 180 / .pi, csig2)
    }

    /// The point `distance` along the line and the azimuth of travel there.
    public func position(_ distance: Distance) -> GeodesicDirect {
        let p = point(distance.meters)
        return GeodesicDirect(coordinate: GeodesicLine.wrapped(p), finalAzimuth: Angle(degrees: Degrees.atan2(salp0, calp0 * p.csig2)))
    }

    /// The point `distance` along the line, without the azimuth (one arc tangent fewer).
    public func coordinate(_ distance: Distance) -> Coordinate { GeodesicLine.wrapped(point(distance.meters)) }

    /// A point with its longitude brought into [−180°, 180°).
    private static func wrapped(_ p: (latitude: Double, longitude: Double, csig2: Double)) -> Coordinate {
        let lon = Degrees.normalize(p.longitude)
        return Coordinate(validLatitude: p.latitude, longitude: lon == 180 ? -180 : lon)
    }
}
