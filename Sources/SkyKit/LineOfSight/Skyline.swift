import FoundationEssentials
import Glibc

/// The observer's local horizon: for each azimuth, the highest elevation angle of the terrain
/// out to a range, with the Earth's curvature (and refraction for k = 4/3) — the same sight
/// lines as `Viewshed`. Where a ray runs off the known terrain, its angle is the highest over
/// the terrain that is known (a lower bound) and the azimuth is marked incomplete.
public struct Skyline: Sendable {
    public var origin: Coordinate
    public var observerMSL: Double
    public var range: Double
    public var earth: EarthModel
    /// Degrees between azimuths (the first is north).
    public var azimuthStep: Double
    /// Per azimuth: the terrain's elevation angle (degrees; −90 when nothing rises within the
    /// range), the distance to the point that sets it (metres, 0 when none), and whether part
    /// of the ray had no terrain.
    public var angles: [Double]
    public var distances: [Double]
    public var incomplete: [Bool]

    /// Sweeps every azimuth out to `range` every `rangeStep` metres.
    public static func compute(
        terrain: Terrain, origin: Coordinate, observerMSL: Double, range: Double = 50_000, earth: EarthModel = .radio,
        azimuthStep: Double = 1, rangeStep: Double = 90
    ) -> Skyline {
        let rays = max(1, Int((360 / azimuthStep).rounded())), samples = max(1, Int(range / rangeStep))
        var angles = [Double](repeating: -90, count: rays), distances = [Double](repeating: 0, count: rays)
        var incomplete = [Bool](repeating: false, count: rays)
        var lookup = TerrainLookup(terrain)
        for r in 0..<rays {
            var walker = RayWalker(origin: origin, azimuth: Double(r) * azimuthStep, step: rangeStep)
            var best = -Double.infinity, at = 0.0
            for k in 1...samples {
                let (lat, lon) = walker.next()
                let d = Double(k) * rangeStep
                guard let h = lookup.height(latitude: lat, longitude: lon) else {
                    incomplete[r] = true
                    continue
                }
                let slope = (h - earth.drop(d) - observerMSL) / d
                if slope > best {
                    best = slope
                    at = d
                }
            }
            if best > -Double.infinity {
                angles[r] = atan(best) * 180 / .pi
                distances[r] = at
            }
        }
        return Skyline(
            origin: origin, observerMSL: observerMSL, range: range, earth: earth, azimuthStep: azimuthStep, angles: angles,
            distances: distances, incomplete: incomplete)
    }

    /// The skyline's elevation angle (degrees) toward `azimuth`, interpolated between the two
    /// nearest azimuths swept.
    public func elevation(towards azimuth: Double) -> Double {
        let a = (azimuth.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / azimuthStep
        let i = Int(a.rounded(.down)) % angles.count, j = (i + 1) % angles.count
        let t = a - a.rounded(.down)
        return angles[i] * (1 - t) + angles[j] * t
    }

    /// Whether any azimuth ran off the known terrain.
    public var isIncomplete: Bool { incomplete.contains(true) }
}
