import FoundationEssentials
import Glibc

/// Finds the passes of satellites over one observer. Far from the observer's sky the search
/// jumps ahead by as long as the satellite cannot possibly reach it (the geocentric angle
/// between them shrinks at most at the satellite's perigee rate plus the Earth's rotation); in
/// the sky's neighbourhood it steps by as long as the elevation cannot cross the horizon (the
/// line of sight turns at most at the relative speed over the distance), never less than
/// `fineStep`; a local maximum below the horizon between fine steps is searched for a short
/// pass. Rise and set are found to 0.01 s by bisection, the culmination by golden-section search.
public struct PassFinder {
    public let observer: Coordinate
    public let height: Double
    let frame: LocalFrame
    /// The observer's Earth-fixed position, metres, and its distance from the centre.
    let position: SIMD3<Double>
    let radius: Double
    /// The horizon's elevation toward an azimuth, degrees, and its lowest value.
    let horizon: (Double) -> Double
    let lowestHorizon: Double
    /// The shortest step near the sky, seconds.
    public var fineStep = 20.0
    /// The longest step, seconds.
    static let longestStep = 1_800.0

    public init(observer: Coordinate, height: Double, horizon: @escaping (Double) -> Double = { _ in 0 }, lowestHorizon: Double = 0) {
        self.observer = observer
        self.height = height
        frame = LocalFrame(latitude: observer.latitude, longitude: observer.longitude, height: height)
        position = SIMD3(frame.origin.x, frame.origin.y, frame.origin.z)
        radius = (position * position).sum().squareRoot()
        self.horizon = horizon
        self.lowestHorizon = min(0, lowestHorizon)
    }

    /// What the search needs of an orbit: its farthest reach, km, its fastest geocentric angular
    /// rate, rad/s, and its fastest speed, km/s (from the mean elements, with margins for the
    /// perturbations SGP4 adds).
    struct Reach {
        var apogee: Double, angularRate: Double, speed: Double

        init(_ tle: TLE) {
            let mu = WGS72.mu
            let a = tle.semiMajorAxis
            let e = min(tle.eccentricity, 0.99)
            let perigee = max(a * (1 - e), WGS72.radius * 0.9)
            let h = (mu * a * (1 - e * e)).squareRoot()
            apogee = a * (1 + e) * 1.02 + 50
            angularRate = 1.15 * h / (perigee * perigee) + OrbitFrames.omega * 1.01
            speed = 1.1 * h / perigee + 0.5
        }
    }

    /// A moment of the search: seconds since 1970 and how far above the horizon, degrees.
    struct Sample {
        var t: Double, f: Double
    }

    /// One satellite's passes that rise in [start, end) (or are in progress at `start`); nil when
    /// cancelled. A satellite that stays up (as geostationary ones can) has no pass.
    public func passes(of sat: SGP4, from start: Date, until end: Date, magnitude: Double? = nil, cancelled: () -> Bool = { false }) throws(SGP4Error)
        -> [SatellitePass]?
    {
        let reach = Reach(sat.tle)
        let e0 = (lowestHorizon - 1) * .pi / 180
        let cone = acos(min(1, radius / 1000 * cos(e0) / reach.apogee)) - e0 + 0.01
        let t0 = start.timeIntervalSince1970, t1 = end.timeIntervalSince1970
        var passes: [SatellitePass] = []
        var t = t0
        var previous: Sample?, beforePrevious: Sample?
        var rise: Double?
        var steps = 0
        func f(_ t: Double) throws(SGP4Error) -> Double { try above(sat, at: t).f }
        while t < t1 || (rise != nil && t < t1 + 3 * 3600) {
            steps += 1
            if steps % 200 == 0, cancelled() { return nil }
            let p = try earthFixed(sat, at: t)
            let s = SIMD3(p.x, p.y, p.z)
            let distanceFromCentre = (s * s).sum().squareRoot()
            let gamma = acos(max(-1, min(1, (s * position).sum() / (distanceFromCentre * radius))))
            if rise == nil, gamma > cone {
                // Out of reach of the sky: jump as far as it cannot come in.
                previous = Sample(t: t, f: -90)
                beforePrevious = nil
                t += min(Self.longestStep, max(fineStep, (gamma - cone) / reach.angularRate))
                continue
            }
            let enu = frame.enu(p)
            let sample = Sample(t: t, f: enu.elevation - horizon(enu.azimuth))
            if let previous {
                if previous.f < 0, sample.f >= 0 {
                    let r = try crossing(previous.t, t, rising: true, f)
                    if r < t1 { rise = r }
                } else if previous.f >= 0, sample.f < 0, let r = rise {
                    passes.append(try describe(sat, rise: r, set: try crossing(previous.t, t, rising: false, f), magnitude: magnitude))
                    rise = nil
                } else if previous.f < 0, sample.f < 0, let b = beforePrevious, b.f < previous.f, previous.f > sample.f, previous.f > -3 {
                    // A maximum just below the horizon between samples: a short pass may hide there.
                    let (top, height) = try highest(b.t, t) { (t: Double) throws(SGP4Error) -> Double in try f(t) }
                    if height >= 0, top < t1 {
                        let r = try crossing(b.t, top, rising: true, f)
                        passes.append(try describe(sat, rise: r, set: try crossing(top, t, rising: false, f), magnitude: magnitude))
                    }
                }
            } else if sample.f >= 0, t == t0 {
                rise = t0
            }
            beforePrevious = previous
            previous = sample
            // The line of sight turns at most at speed / distance (the distance at least half
            // of now over the step): stay within what cannot cross the horizon.
            let turn = min(abs(sample.f), 57) * .pi / 180
            t += min(Self.longestStep, max(fineStep, turn * enu.range / 1000 / (2 * reach.speed)))
        }
        return passes
    }

    /// Where a satellite is at a moment (seconds since 1970), Earth-fixed.
    func earthFixed(_ sat: SGP4, at t: Double) throws(SGP4Error) -> ECEF {
        let jd = JulianDate.of(Date(timeIntervalSince1970: t))
        return OrbitFrames.ecef(try sat.propagate(minutes: (jd - sat.epoch) * 1440), julianDate: jd).0
    }

    /// How far above the horizon a satellite is at a moment (degrees), with its look angle.
    func above(_ sat: SGP4, at t: Double) throws(SGP4Error) -> (f: Double, look: ENU) {
        let enu = frame.enu(try earthFixed(sat, at: t))
        return (enu.elevation - horizon(enu.azimuth), enu)
    }

    /// The moment in (a, b] where `f` crosses 0, to 0.01 s.
    func crossing(_ a: Double, _ b: Double, rising: Bool, _ f: (Double) throws(SGP4Error) -> Double) throws(SGP4Error) -> Double {
        var lo = a, hi = b
        while hi - lo > 0.01 {
            let mid = (lo + hi) / 2
            if (try f(mid) >= 0) == rising { hi = mid } else { lo = mid }
        }
        return hi
    }

    /// The highest point of `f` in [a, b] by golden-section search, to 0.05 s.
    func highest(_ a0: Double, _ b0: Double, _ f: (Double) throws(SGP4Error) -> Double) throws(SGP4Error) -> (Double, Double) {
        var a = a0, b = b0
        let ratio = (5.0.squareRoot() - 1) / 2
        var c = b - ratio * (b - a), d = a + ratio * (b - a)
        var fc = try f(c), fd = try f(d)
        while b - a > 0.05 {
            if fc > fd {
                b = d; d = c; fd = fc
                c = b - ratio * (b - a)
                fc = try f(c)
            } else {
                a = c; c = d; fc = fd
                d = a + ratio * (b - a)
                fd = try f(d)
            }
        }
        let top = (a + b) / 2
        return (top, try f(top))
    }

    /// A pass between its rise and set: the culmination, and when (and how brightly) it can be
    /// seen, every 10 seconds.
    func describe(_ sat: SGP4, rise: Double, set: Double, magnitude standard: Double?) throws(SGP4Error) -> SatellitePass {
        let (top, _) = try highest(rise, set) { (t: Double) throws(SGP4Error) -> Double in try above(sat, at: t).look.elevation }
        let peak = try above(sat, at: top).look
        var from: Double?, until: Double?, highestSeen: Double?, brightest: Double?
        var moment = rise
        while moment <= set {
            let jd = JulianDate.of(Date(timeIntervalSince1970: moment))
            let sun = Sun.position(julianDate: jd)
            if Sun.elevation(of: sun, from: frame, julianDate: jd) <= Twilight.dark {
                let state = try sat.propagate(minutes: (jd - sat.epoch) * 1440)
                if Sun.lights(state.position, sun: sun) {
                    let p = OrbitFrames.ecef(state, julianDate: jd).0
                    let look = frame.enu(p)
                    if from == nil { from = moment }
                    until = moment
                    highestSeen = max(highestSeen ?? -90, look.elevation)
                    if let standard {
                        let m = Brightness.magnitude(standard: standard, satellite: p, sun: Sun.earthFixed(sun, julianDate: jd), observer: frame.origin)
                        brightest = min(brightest ?? 99, m)
                    }
                }
            }
            moment += 10
        }
        func date(_ t: Double) -> Date { Date(timeIntervalSince1970: t) }
        return SatellitePass(
            rise: date(rise), riseAzimuth: try above(sat, at: rise).look.azimuth, culmination: date(top), culminationAzimuth: peak.azimuth,
            maxElevation: peak.elevation, set: date(set), setAzimuth: try above(sat, at: set).look.azimuth, visible: from != nil,
            visibleFrom: from.map(date), visibleUntil: until.map(date), visibleMaxElevation: highestSeen, magnitude: brightest)
    }
}
