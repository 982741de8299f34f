import Foundation

/// Where a satellite is in an observer's sky.
public struct LookAngle: Sendable, Equatable {
    public var azimuth: Double
    public var elevation: Double
    /// Straight-line distance, metres.
    public var range: Double
}

/// One pass of a satellite over an observer: rise, culmination and set (over the horizon: 0°
/// or the terrain's skyline), and
/// whether it can be seen with the eye (lit by the Sun while the observer's sky is dark).
public struct SatellitePass: Sendable, Equatable {
    public var rise: Date, riseAzimuth: Double
    public var culmination: Date, culminationAzimuth: Double, maxElevation: Double
    public var set: Date, setAzimuth: Double
    /// Lit by the Sun at some moment above the horizon while the Sun is 6° or more below the
    /// observer's horizon (civil twilight or darker).
    public var visible: Bool
    /// The first and last moments it can be seen, when visible.
    public var visibleFrom: Date?, visibleUntil: Date?
}

extension SGP4 {
    /// The look angle from an observer at a moment.
    public func look(from observer: LocalFrame, at date: Date) throws(SGP4Error) -> LookAngle {
        let jd = JulianDate.of(date)
        let (p, _) = OrbitFrames.ecef(try propagate(to: date), julianDate: jd)
        let enu = observer.enu(p)
        return LookAngle(azimuth: enu.azimuth, elevation: enu.elevation, range: enu.range)
    }

    /// The passes that rise within `days` from `start` (a pass in progress at `start` counts
    /// from `start`). Times are found to 0.01 s by bisection, the culmination by golden-section
    /// search. `cancelled` is polled every simulated hour.
    /// `horizon` gives the elevation (degrees) of the observer's horizon toward an azimuth:
    /// 0° everywhere by default, or the terrain's skyline (`Skyline.elevation(towards:)`), and a
    /// pass then runs from when the satellite clears it to when it sinks behind it.
    public func passes(
        observer: Coordinate, height: Double, from start: Date, days: Double,
        horizon: (Double) -> Double = { _ in 0 }, cancelled: () -> Bool = { false }
    ) throws(SGP4Error) -> [SatellitePass]? {
        let frame = LocalFrame(latitude: observer.latitude, longitude: observer.longitude, height: height)
        let end = start.addingTimeInterval(days * 86_400)
        /// How far above the horizon the satellite is, degrees.
        func elevation(_ d: Date) throws(SGP4Error) -> Double {
            let look = try look(from: frame, at: d)
            return look.elevation - horizon(look.azimuth)
        }
        /// The moment in (a, b] where the elevation crosses 0°.
        func crossing(_ a: Date, _ b: Date, rising: Bool) throws(SGP4Error) -> Date {
            var lo = a, hi = b
            while hi.timeIntervalSince(lo) > 0.01 {
                let mid = lo.addingTimeInterval(hi.timeIntervalSince(lo) / 2)
                if (try elevation(mid) >= 0) == rising { hi = mid } else { lo = mid }
            }
            return hi
        }
        let step = 60.0
        var passes: [SatellitePass] = []
        var t = start
        var previous = try elevation(t)
        var rise: Date? = previous >= 0 ? start : nil
        var steps = 0
        while t < end || rise != nil {
            steps += 1
            if steps % 60 == 0, cancelled() { return nil }
            let next = t.addingTimeInterval(step)
            let e = try elevation(next)
            if previous < 0, e >= 0, next <= end {
                rise = try crossing(t, next, rising: true)
            } else if previous >= 0, e < 0, let r = rise {
                let set = try crossing(t, next, rising: false)
                passes.append(try describe(rise: r, set: set, frame: frame, observer: observer, height: height))
                rise = nil
            }
            previous = e
            t = next
            if t > end.addingTimeInterval(3 * 3600) { break }  // a pass never lasts this long
        }
        return passes
    }

    func describe(rise: Date, set: Date, frame: LocalFrame, observer: Coordinate, height: Double) throws(SGP4Error) -> SatellitePass {
        // Golden-section search for the highest point.
        var a = rise.timeIntervalSince1970, b = set.timeIntervalSince1970
        let ratio = (5.0.squareRoot() - 1) / 2
        var c = b - ratio * (b - a), d = a + ratio * (b - a)
        var fc = try look(from: frame, at: Date(timeIntervalSince1970: c)).elevation
        var fd = try look(from: frame, at: Date(timeIntervalSince1970: d)).elevation
        while b - a > 0.05 {
            if fc > fd {
                b = d; d = c; fd = fc
                c = b - ratio * (b - a)
                fc = try look(from: frame, at: Date(timeIntervalSince1970: c)).elevation
            } else {
                a = c; c = d; fc = fd
                d = a + ratio * (b - a)
                fd = try look(from: frame, at: Date(timeIntervalSince1970: d)).elevation
            }
        }
        let top = Date(timeIntervalSince1970: (a + b) / 2)
        let peak = try look(from: frame, at: top)
        // Visibility, every 10 seconds of the pass.
        var from: Date?, until: Date?
        var moment = rise
        while moment <= set {
            let jd = JulianDate.of(moment)
            let lit = Sun.lights(try propagate(to: moment).position, julianDate: jd)
            if lit, Sun.elevation(at: observer, height: height, julianDate: jd) <= -6 {
                if from == nil { from = moment }
                until = moment
            }
            moment = moment.addingTimeInterval(10)
        }
        return SatellitePass(
            rise: rise, riseAzimuth: try look(from: frame, at: rise).azimuth, culmination: top, culminationAzimuth: peak.azimuth,
            maxElevation: peak.elevation, set: set, setAzimuth: try look(from: frame, at: set).azimuth,
            visible: from != nil, visibleFrom: from, visibleUntil: until)
    }
}
