/// The cabin class of a seat.
public enum CabinClass: String, CaseIterable, Sendable {
    case economy, premium, business, first
    /// A private or charter flight (myFlightradar24, Flighty, jetlog and AirTrail have it).
    case `private`

    /// "premium economy"
    public var words: String { self == .premium ? "premium economy" : rawValue }
}

/// Why a flight was taken (the four reasons other logbooks record).
public enum FlightReason: String, CaseIterable, Sendable {
    case leisure, business, crew, other
}

/// Where a seat is in its row.
public enum SeatPosition: String, CaseIterable, Sendable {
    case window, middle, aisle
}

/// Unusual things that happened on a flight (Bank Angle badges are earned with them).
public enum FlightEvent: String, CaseIterable, Sendable {
    case diversion
    case goAround = "go-around"
    case returnToGate = "return-to-gate"
    case rejectedTakeoff = "rejected-takeoff"
    case emergencyLanding = "emergency-landing"
    case holding

    /// "return to gate"
    public var words: String { rawValue.replacingHyphens }
}

extension String {
    var replacingHyphens: String { String(map { $0 == "-" ? " " : $0 }) }
}

/// One flight of a logbook.
public struct Flight: Equatable, Sendable {
    /// The database id, once saved.
    public var id: Int64?
    /// The flight's number in its logbook (#1, #2…), once saved; never reused.
    public var number: Int?
    /// ICAO code of the departure airport.
    public var origin: String
    /// ICAO code of the arrival airport.
    public var destination: String
    /// Airline code: ICAO when the airline has one, else IATA.
    public var airline: String?
    /// ICAO aircraft type designator.
    public var aircraft: String?
    /// The day of departure (local), perhaps only its month or year.
    public var date: FlightDate
    public var cabinClass: CabinClass?
    /// Seat row, 1 to 88.
    public var row: Int?
    public var seatPosition: SeatPosition?
    public var seatLetter: String?
    public var flightNumber: String?
    public var registration: String?
    public var notes: String?
    public var events: [FlightEvent]
    /// Departure and arrival on the local clocks of the two airports.
    public var departureTime: ClockTime?
    public var arrivalTime: ClockTime?
    /// The local date of arrival, when it is not the date of departure.
    public var arrivalDate: FlightDate?
    /// Minutes from departure to arrival.
    public var duration: Int?
    public var reason: FlightReason?
    /// The trip the flight belongs to, as the source named it.
    public var trip: String?
    /// The distance the source recorded (skyshell measures its own on the geodesic).
    public var recordedDistance: Distance?

    public init(
        id: Int64? = nil, number: Int? = nil, origin: String, destination: String, airline: String? = nil, aircraft: String? = nil,
        date: FlightDate, cabinClass: CabinClass? = nil, row: Int? = nil, seatPosition: SeatPosition? = nil,
        seatLetter: String? = nil, flightNumber: String? = nil, registration: String? = nil, notes: String? = nil,
        events: [FlightEvent] = []
    ) {
        self.id = id
        self.number = number
        self.origin = origin
        self.destination = destination
        self.airline = airline
        self.aircraft = aircraft
        self.date = date
        self.cabinClass = cabinClass
        self.row = row
        self.seatPosition = seatPosition
        self.seatLetter = seatLetter
        self.flightNumber = flightNumber
        self.registration = registration
        self.notes = notes
        self.events = events
    }

    /// The seat as people say it: "23A", "23", "A".
    public var seat: String? {
        let text = (row.map(String.init) ?? "") + (seatLetter ?? "")
        return text.isEmpty ? nil : text
    }

    /// Rows run from 1 to 88 (the last row of the longest airliner cabins).
    public static let rows = 1...88
}
