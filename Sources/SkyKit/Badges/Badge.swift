/// The six kinds of FlyLines badges, each a different way to earn one.
public enum BadgeKind: String, CaseIterable, Sendable {
    case bankAngle = "bank-angle"
    case flightpath
    case frequentFlyer = "frequent-flyer"
    case skyline
    case soaring
    case voyage

    /// "Bank Angle"
    public var title: String {
        switch self {
        case .bankAngle: "Bank Angle"
        case .flightpath: "Flightpath"
        case .frequentFlyer: "Frequent Flyer"
        case .skyline: "Skyline"
        case .soaring: "Soaring"
        case .voyage: "Voyage"
        }
    }

    /// How a badge of this kind is earned, in general.
    public var rule: String {
        switch self {
        case .bankAngle: "an unusual event happened on one of your flights"
        case .flightpath: "every route of a set flown, in any order and direction"
        case .frequentFlyer: "an airline flown to or from every one of its hubs"
        case .skyline: "aircraft of a manufacturer flown a number of times"
        case .soaring: "one aircraft family flown a number of times"
        case .voyage: "at least one flight (or more) with each airline of a list"
        }
    }
}

/// A route flown either way: two airports (ICAO codes) kept in the order written, equal to
/// the same pair reversed.
public struct RoutePair: Hashable, Sendable, CustomStringConvertible {
    public let from: String
    public let to: String
    public init(_ from: String, _ to: String) {
        self.from = from
        self.to = to
    }
    public static func == (x: RoutePair, y: RoutePair) -> Bool {
        (x.from == y.from && x.to == y.to) || (x.from == y.to && x.to == y.from)
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(min(from, to))
        hasher.combine(max(from, to))
    }
    public var description: String { "\(from)–\(to)" }
}

/// What a badge asks for, with every code already resolved against the catalog.
public enum BadgeRule: Sendable, Equatable {
    /// A flight with this event.
    case event(FlightEvent)
    /// Every route flown (with this airline, when one is given).
    case routes([RoutePair], airline: String?)
    /// The airline flown to or from each of its hubs.
    case hubs(airline: String)
    /// `flights` flights on types built by these manufacturers.
    case manufacturers([String], flights: Int)
    /// `flights` flights on these aircraft types.
    case aircraft([String], flights: Int)
    /// `flights` flights with each of these airlines.
    case airlines([String], flights: Int)
}

/// One achievement: its kind, name, one-line description and rule.
public struct Badge: Sendable, Equatable {
    /// A short lower-case name for commands: "island-hopper".
    public var id: String
    public var kind: BadgeKind
    public var name: String
    public var description: String
    public var rule: BadgeRule
    /// Where it was defined: "built in" or "FILE:LINE".
    public var origin: String

    public init(id: String, kind: BadgeKind, name: String, description: String, rule: BadgeRule, origin: String = "built in") {
        self.id = id
        self.kind = kind
        self.name = name
        self.description = description
        self.rule = rule
        self.origin = origin
    }

    /// "Skyline: Airbus"
    public var title: String { "\(kind.title): \(name)" }

    /// The airlines the badge is about (stored codes).
    public var airlines: [String] {
        switch rule {
        case .routes(_, let airline): airline.map { [$0] } ?? []
        case .hubs(let airline): [airline]
        case .airlines(let codes, _): codes
        case .event, .manufacturers, .aircraft: []
        }
    }

    /// A lower-case id made from a name: "The Best Seller" → "the-best-seller".
    public static func slug(_ name: String) -> String {
        var out = ""
        for c in TextFolding.fold(name) {
            if c.isLetter || c.isNumber { out.append(c) } else if !out.isEmpty, out.last != "-" { out.append("-") }
        }
        while out.last == "-" { out.removeLast() }
        return out
    }
}
