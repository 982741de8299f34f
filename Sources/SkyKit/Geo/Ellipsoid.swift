/// An ellipsoid of revolution given by its equatorial radius and flattening.
public struct Ellipsoid: Sendable, Equatable {
    /// Equatorial radius in metres.
    public let a: Double
    /// Flattening (a - b) / a.
    public let f: Double

    public init(a: Double, f: Double) {
        self.a = a
        self.f = f
    }

    /// The WGS84 ellipsoid of GPS and ADS-B positions.
    public static let wgs84 = Ellipsoid(a: 6_378_137, f: 1 / 298.257223563)

    /// Polar semi-axis b = a(1 - f).
    public var b: Double { a * (1 - f) }
    /// First eccentricity squared e² = f(2 - f).
    public var e2: Double { f * (2 - f) }
    /// Second eccentricity squared e'² = e² / (1 - e²).
    public var ep2: Double { e2 / ((1 - f) * (1 - f)) }
    /// Third flattening n = f / (2 - f).
    public var n: Double { f / (2 - f) }
    /// Mean radius (2a + b) / 3.
    public var meanRadius: Double { (2 * a + b) / 3 }
}
