/// A unit of speed, with its size in metres per second.
public enum SpeedUnit: String, CaseIterable, Sendable, Codable {
    case metersPerSecond = "m/s"
    case kilometersPerHour = "km/h"
    case knots = "kt"
    case milesPerHour = "mph"

    /// Metres per second in one of this unit.
    public var metersPerSecond: Double {
        switch self {
        case .metersPerSecond: 1
        case .kilometersPerHour: 1000.0 / 3600
        case .knots: 1852.0 / 3600
        case .milesPerHour: 1609.344 / 3600
        }
    }
}

/// A speed, stored in metres per second.
public struct Speed: Comparable, Hashable, Sendable, Codable {
    public var metersPerSecond: Double
    public init(metersPerSecond: Double) { self.metersPerSecond = metersPerSecond }
    public init(_ value: Double, _ unit: SpeedUnit) { metersPerSecond = value * unit.metersPerSecond }
    /// The value expressed in `unit`.
    public func value(in unit: SpeedUnit) -> Double { metersPerSecond / unit.metersPerSecond }
    public var knots: Double { value(in: .knots) }
    public static func < (a: Speed, b: Speed) -> Bool { a.metersPerSecond < b.metersPerSecond }
}
