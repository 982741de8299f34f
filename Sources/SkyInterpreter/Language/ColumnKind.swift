import SkyKit

/// What the values of a table column are and the unit the column holds them in: how `where`
/// compares them, `sort` orders them and `group` adds them up. Quantities are compared in one
/// base unit (metres, metres per second, degrees, seconds), so `distance > 5000km` and
/// `distance > 2700nm` ask the same question of a column kept in kilometres.
public enum ColumnKind: Sendable, Equatable {
    case text, integer, number, boolean
    /// A ground distance kept in `unit`.
    case length(LengthUnit)
    /// A height or altitude kept in `unit`.
    case height(LengthUnit)
    /// An angle or bearing in degrees.
    case angle
    case speed(SpeedUnit)
    /// A span of time kept in units of `secondsPerUnit` seconds (60 for minutes).
    case duration(secondsPerUnit: Double)
    /// A calendar date written `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
    case date
    /// A moment written in ISO 8601 (`2026-12-02T18:52:53Z`).
    case instant
    /// A time of day written `HH:MM` or `HH:MM:SS`.
    case clock
    /// An airport code (ICAO or IATA): equal however the airport is written.
    case airport
    /// An airline code: equal however the airline is written.
    case airline
    /// An aircraft type designator (compared without regard to case).
    case aircraft

    /// What a value of the kind is, for messages: "a length".
    public var description: String {
        switch self {
        case .text: "text"
        case .integer: "a whole number"
        case .number: "a number"
        case .boolean: "true or false"
        case .length(let unit): "a length (in \(unit.symbol))"
        case .height(let unit): "a height (in \(unit.symbol))"
        case .angle: "an angle (in °)"
        case .speed(let unit): "a speed (in \(unit.rawValue))"
        case .duration(let s): "a duration (in \(ColumnKind.durationSymbol(s)))"
        case .date: "a date"
        case .instant: "a time (ISO 8601)"
        case .clock: "a time of day"
        case .airport: "an airport"
        case .airline: "an airline"
        case .aircraft: "an aircraft type"
        }
    }

    /// The kind in a word or two, for `describe`: "length", "airport", "whole number".
    var name: String {
        switch self {
        case .text: "text"
        case .integer: "whole number"
        case .number: "number"
        case .boolean: "true/false"
        case .length: "length"
        case .height: "height"
        case .angle: "angle"
        case .speed: "speed"
        case .duration: "duration"
        case .date: "date"
        case .instant: "time"
        case .clock: "time of day"
        case .airport: "airport"
        case .airline: "airline"
        case .aircraft: "aircraft type"
        }
    }

    static func durationSymbol(_ seconds: Double) -> String {
        switch seconds {
        case 60: "min"
        case 3600: "h"
        case 86400: "days"
        default: "s"
        }
    }

    /// The quantity the kind measures, for comparing with literals in other units.
    var dimension: Dimension {
        switch self {
        case .length, .height: .length
        case .angle: .angle
        case .speed: .speed
        case .duration: .duration
        case .integer, .number: .plain
        default: .none
        }
    }

    /// Base units in one unit of the column (1000 for a column in kilometres).
    var scale: Double {
        switch self {
        case .length(let unit), .height(let unit): unit.meters
        case .speed(let unit): unit.metersPerSecond
        case .duration(let s): s
        default: 1
        }
    }

    /// True for kinds whose values are numbers (so `sum` and `avg` apply).
    var isNumeric: Bool { dimension != .none }

    /// The unit a JSON key ends in (`distance_km`, `altitude_ft`, `duration_min`): a column
    /// also answers to its key without it (`distance`).
    static let unitSuffixes: Set<String> = ["km", "m", "ft", "nm", "deg", "ms", "kt", "s", "min", "h", "days"]

    /// The kind of a value when its column declares none.
    static func of(datum: Datum) -> ColumnKind? {
        switch datum {
        case .int: .integer
        case .number: .number
        case .bool: .boolean
        case .string: .text
        default: nil
        }
    }
}

/// The quantity a kind or a literal measures.
enum Dimension: Sendable, Equatable {
    /// Not a number (text, codes, dates).
    case none
    /// A number without a unit.
    case plain
    case length, angle, speed, duration

    var name: String {
        switch self {
        case .none: "not a number"
        case .plain: "a number"
        case .length: "a length"
        case .angle: "an angle"
        case .speed: "a speed"
        case .duration: "a duration"
        }
    }
}
