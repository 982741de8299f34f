/// A named position on the ground: an airport, a typed coordinate, the observer.
public struct Place: Hashable, Sendable, Codable {
    public var coordinate: Coordinate
    /// How the place is shown: an airport code or the coordinate.
    public var name: String
    /// Ground elevation above mean sea level when known.
    public var elevation: Height?
    /// The airport's ICAO code when the place is an airport.
    public var airportCode: String?

    public init(coordinate: Coordinate, name: String, elevation: Height? = nil, airportCode: String? = nil) {
        self.coordinate = coordinate
        self.name = name
        self.elevation = elevation
        self.airportCode = airportCode
    }
}

/// Where the user stands: a place and an eye altitude above mean sea level.
public struct Observer: Hashable, Sendable, Codable {
    public var place: Place
    public var altitude: Height
    public init(place: Place, altitude: Height) {
        self.place = place
        self.altitude = altitude
    }

    /// The observer's east/north/up frame (the altitude taken above the ellipsoid).
    public var localFrame: LocalFrame {
        LocalFrame(latitude: place.coordinate.latitude, longitude: place.coordinate.longitude, height: altitude.meters)
    }
}
