/// The flights already in a logbook, for finding an imported flight that is one of them: the
/// same date and route and flight number, or the same date and route when either has no number.
public struct DuplicateIndex: Sendable {
    /// A date and a route, packed: the date in the high bits of one word, the two ICAO codes
    /// (4 bytes each) in the other.
    struct RouteDay: Hashable {
        var date: UInt64
        var route: UInt64
    }
    struct NumberedRouteDay: Hashable {
        var routeDay: RouteDay
        var number: UInt64
    }

    var all: Set<RouteDay> = []
    var unnumbered: Set<RouteDay> = []
    var numbered: Set<NumberedRouteDay> = []

    public init() {}

    public var count: Int { all.count }

    static func routeDay(_ date: FlightDate, _ origin: String, _ destination: String) -> RouteDay {
        RouteDay(date: UInt64(UInt32(bitPattern: date.compact)), route: SQLiteStatement.pack(origin) << 32 ^ SQLiteStatement.pack(destination))
    }

    static func routeDay(date: Int32, origin: UInt64, destination: UInt64) -> RouteDay {
        RouteDay(date: UInt64(UInt32(bitPattern: date)), route: origin << 32 ^ destination)
    }

    /// Adds a flight of the logbook.
    public mutating func insert(_ flight: Flight) {
        insert(Self.routeDay(flight.date, flight.origin, flight.destination), number: flight.flightNumber.map(SQLiteStatement.pack))
    }

    mutating func insert(_ key: RouteDay, number: UInt64?) {
        all.insert(key)
        if let number, number != 0 {
            numbered.insert(NumberedRouteDay(routeDay: key, number: number))
        } else {
            unnumbered.insert(key)
        }
    }

    /// True when `flight` is one the logbook already has.
    public func contains(_ flight: Flight) -> Bool {
        let key = Self.routeDay(flight.date, flight.origin, flight.destination)
        guard let number = flight.flightNumber.map(SQLiteStatement.pack), number != 0 else { return all.contains(key) }
        return numbered.contains(NumberedRouteDay(routeDay: key, number: number)) || unnumbered.contains(key)
    }
}
