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

    enum CodingKeys: String, CodingKey { case latitude, longitude }

    /// The latitudes and longitudes a person may give (and a saved session may hold): a
    /// longitude past ±180° is a mistake, never folded round.
    public static let latitudes: ClosedRange<Double> = -90...90
    public static let longitudes: ClosedRange<Double> = -180...180

    /// A coordinate as given, when both values are in `latitudes` and `longitudes` (180° is
    /// stored as -180°).
    public init?(checkedLatitude latitude: Double, longitude: Double) {
        guard Self.latitudes.contains(latitude), Self.longitudes.contains(longitude) else { return nil }
        self.init(validLatitude: latitude, longitude: longitude == 180 ? -180 : longitude)
    }

    /// Decodes a stored coordinate by the rule the commands apply, refusing one that is not a
    /// position they would take (a latitude of 95°, a longitude of 400°).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let lat = try c.decode(Double.self, forKey: .latitude), lon = try c.decode(Double.self, forKey: .longitude)
        guard let valid = Coordinate(checkedLatitude: lat, longitude: lon) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: c.codingPath, debugDescription: "\(lat), \(lon) is not a position on Earth (latitude -90 to 90, longitude -180 to 180)"))
        }
        self = valid
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
