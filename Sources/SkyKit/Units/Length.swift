/// A unit of length, with its size in metres and its symbol.
public enum LengthUnit: String, CaseIterable, Sendable, Codable {
    case meters = "m"
    case kilometers = "km"
    case feet = "ft"
    case nauticalMiles = "nm"
    case statuteMiles = "mi"

    /// Metres in one of this unit (international foot and mile, international nautical mile).
    public var meters: Double {
        switch self {
        case .meters: 1
        case .kilometers: 1000
        case .feet: 0.3048
        case .nauticalMiles: 1852
        case .statuteMiles: 1609.344
        }
    }

    /// The symbol printed after a value.
    public var symbol: String { rawValue }
}

/// A quantity measured in metres: shared arithmetic and conversions for `Distance` and `Height`.
public protocol LengthMeasure: Comparable, Hashable, Sendable, Codable {
    /// The value in metres.
    var meters: Double { get }
    /// Creates the quantity from metres.
    init(meters: Double)
}

extension LengthMeasure {
    /// Creates the quantity from a value in `unit`.
    public init(_ value: Double, _ unit: LengthUnit) { self.init(meters: value * unit.meters) }
    /// The value expressed in `unit`.
    public func value(in unit: LengthUnit) -> Double { meters / unit.meters }
    public var kilometers: Double { value(in: .kilometers) }
    public var feet: Double { value(in: .feet) }
    public var nauticalMiles: Double { value(in: .nauticalMiles) }
    public var statuteMiles: Double { value(in: .statuteMiles) }

    public static func < (a: Self, b: Self) -> Bool { a.meters < b.meters }
    public static func + (a: Self, b: Self) -> Self { Self(meters: a.meters + b.meters) }
    public static func - (a: Self, b: Self) -> Self { Self(meters: a.meters - b.meters) }
    public static func * (a: Self, k: Double) -> Self { Self(meters: a.meters * k) }
    public static prefix func - (a: Self) -> Self { Self(meters: -a.meters) }
    public static var zero: Self { Self(meters: 0) }
}

/// A horizontal length: ground distance, range, radius.
public struct Distance: LengthMeasure {
    public var meters: Double
    public init(meters: Double) { self.meters = meters }
}

/// A vertical length: altitude, elevation, clearance.
public struct Height: LengthMeasure {
    public var meters: Double
    public init(meters: Double) { self.meters = meters }

    /// A flight level: hundreds of feet on the standard pressure setting (FL350 = 35,000 ft).
    public static func flightLevel(_ level: Double) -> Height { Height(level * 100, .feet) }
}
