import FoundationEssentials
import Glibc

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
    /// The highest it stands while it can be seen, degrees.
    public var visibleMaxElevation: Double?
    /// The brightest it gets while it can be seen (visual magnitude), when its standard
    /// magnitude is known.
    public var magnitude: Double?
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
    /// from `start`), found by `PassFinder`. `cancelled` is polled as the search goes.
    /// `horizon` gives the elevation (degrees) of the observer's horizon toward an azimuth:
    /// 0° everywhere by default, or the terrain's skyline (`Skyline.elevation(towards:)`), and a
    /// pass then runs from when the satellite clears it to when it sinks behind it.
    public func passes(
        observer: Coordinate, height: Double, from start: Date, days: Double,
        horizon: @escaping (Double) -> Double = { _ in 0 }, lowestHorizon: Double = 0, cancelled: () -> Bool = { false }
    ) throws(SGP4Error) -> [SatellitePass]? {
        let finder = PassFinder(observer: observer, height: height, horizon: horizon, lowestHorizon: lowestHorizon)
        return try finder.passes(of: self, from: start, until: start.addingTimeInterval(days * 86_400), cancelled: cancelled)
    }
}
