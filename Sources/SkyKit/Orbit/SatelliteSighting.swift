import FoundationEssentials
import Glibc

/// A satellite above an observer's horizon: where to look and whether it can be seen.
public struct SatelliteSighting: Sendable, Equatable {
    public var name: String
    public var azimuth: Double
    public var elevation: Double
    public var range: Distance
    public var sunlit: Bool
    public var skyIsDark: Bool
    /// How bright it looks (visual magnitude) when it can be seen and its standard magnitude is known.
    public var magnitude: Double?
    /// Lit by the Sun against a dark sky (the Sun 6° or more below the horizon): visible to the eye.
    public var visible: Bool { sunlit && skyIsDark }

    public init(name: String, azimuth: Double, elevation: Double, range: Distance, sunlit: Bool, skyIsDark: Bool, magnitude: Double? = nil) {
        self.magnitude = magnitude
        self.name = name
        self.azimuth = azimuth
        self.elevation = elevation
        self.range = range
        self.sunlit = sunlit
        self.skyIsDark = skyIsDark
    }
}

extension SGP4 {
    /// The satellite as `observer` sees it at `date`, or nil when it is below the horizon or
    /// cannot be propagated to then.
    /// `horizon` is the elevation (degrees) the satellite must clear toward an azimuth: 0°, or
    /// the terrain's skyline.
    public func sighting(at date: Date, from observer: Observer, horizon: (Double) -> Double = { _ in 0 }) -> SatelliteSighting? {
        guard let state = try? propagate(to: date) else { return nil }
        let jd = JulianDate.of(date)
        let (p, _) = OrbitFrames.ecef(state, julianDate: jd)
        let look = observer.localFrame.enu(p)
        guard look.elevation > max(0, horizon(look.azimuth)) else { return nil }
        let sun = Sun.position(julianDate: jd)
        let lit = Sun.lights(state.position, sun: sun)
        let dark = Sun.elevation(of: sun, from: observer.localFrame, julianDate: jd) <= Twilight.dark
        let magnitude =
            lit && dark
            ? Brightness.standardMagnitudes[tle.satelliteNumber].map {
                Brightness.magnitude(standard: $0, satellite: p, sun: Sun.earthFixed(sun, julianDate: jd), observer: observer.localFrame.origin)
            } : nil
        return SatelliteSighting(
            name: tle.displayName, azimuth: look.azimuth, elevation: look.elevation,
            range: Distance(meters: look.range), sunlit: lit, skyIsDark: dark, magnitude: magnitude)
    }
}
