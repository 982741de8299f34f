/// A position on the WGS84 ellipsoid in degrees: latitude in [-90, 90], longitude in [-180, 180).
public struct Coordinate: Hashable, Sendable, Codable {
    public var latitude: Double
    public var longitude: Double

    /// Creates a coordinate, wrapping the longitude into [-180, 180); nil when the latitude is
    /// outside [-90, 90] or either value is not finite.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90 else { return nil }
        self.latitude = latitude
        self.longitude = Coordinate.wrapLongitude(longitude)
    }

    /// Creates a coordinate from values already known to be valid.
    public init(validLatitude: Double, longitude: Double) {
        self.latitude = validLatitude
        self.longitude = Coordinate.wrapLongitude(longitude)
    }

    /// Folds a longitude into [-180, 180).
    public static func wrapLongitude(_ lon: Double) -> Double {
        if lon >= -180 && lon < 180 { return lon }
        var l = (lon + 180).truncatingRemainder(dividingBy: 360)
        if l < 0 { l += 360 }
        return l - 180
    }
}
