/// A civil date (proleptic Gregorian), stored as YYYY-MM-DD: the date of a flight, and the
/// date part of every time skyshell shows (see `Calendar`).
public struct FlightDate: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// A date that exists, or nil (2025-02-30 does not).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= FlightDate.days(month, year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses YYYY-MM-DD.
    public init?(iso text: String) {
        var fields = (0, 0, 0)
        var n = 0
        for b in text.utf8 {
            n += 1
            if n == 5 || n == 8 {
                guard b == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard n <= 10, b >= 48, b <= 57 else { return nil }
            let digit = Int(b - 48)
            if n <= 4 { fields.0 = fields.0 * 10 + digit } else if n <= 7 { fields.1 = fields.1 * 10 + digit } else { fields.2 = fields.2 * 10 + digit }
        }
        guard n == 10 else { return nil }
        self.init(year: fields.0, month: fields.1, day: fields.2)
    }

    /// The date of a number YYYYMMDD.
    public init?(compact n: Int32) {
        self.init(year: Int(n / 10000), month: Int(n / 100 % 100), day: Int(n % 100))
    }

    /// The date as the number YYYYMMDD.
    public var compact: Int32 { Int32(year * 10000 + month * 100 + day) }

    /// Days in `month` of `year` (proleptic Gregorian).
    static func days(_ month: Int, _ year: Int) -> Int { CivilCalendar.days(inMonth: month, of: year) }

    public var description: String {
        let digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
            UInt8(48 + year / 1000 % 10), UInt8(48 + year / 100 % 10), UInt8(48 + year / 10 % 10), UInt8(48 + year % 10), 45,
            UInt8(48 + month / 10), UInt8(48 + month % 10), 45, UInt8(48 + day / 10), UInt8(48 + day % 10)
        )
        return withUnsafeBytes(of: digits) { String(decoding: $0, as: UTF8.self) }
    }

    public static func < (a: FlightDate, b: FlightDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
}

/// The cabin class of a seat.
public enum CabinClass: String, CaseIterable, Sendable {
    case economy, premium, business, first

    /// "premium economy"
    public var words: String { self == .premium ? "premium economy" : rawValue }
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
    /// ICAO code of the departure airport.
    public var origin: String
    /// ICAO code of the arrival airport.
    public var destination: String
    /// Airline code: ICAO when the airline has one, else IATA.
    public var airline: String?
    /// ICAO aircraft type designator.
    public var aircraft: String?
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

    public init(
        id: Int64? = nil, origin: String, destination: String, airline: String? = nil, aircraft: String? = nil,
        date: FlightDate, cabinClass: CabinClass? = nil, row: Int? = nil, seatPosition: SeatPosition? = nil,
        seatLetter: String? = nil, flightNumber: String? = nil, registration: String? = nil, notes: String? = nil,
        events: [FlightEvent] = []
    ) {
        self.id = id
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
