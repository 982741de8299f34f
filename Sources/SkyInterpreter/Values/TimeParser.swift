import FoundationEssentials
import Glibc
import SkyKit

/// Instants and durations (dates and clock times through SkyKit's `CivilTime`): ISO 8601 (`2025-11-09`, `2025-11-09T12:30`, `2025-11-09T12:30:00Z`,
/// `…+02:00`), `now`, relative offsets (`-10min`, `+2h`, `3d`) and times of day (`13:05`, UTC,
/// on the reference day). Times without an offset are UTC.
enum TimeParser {
    /// Seconds in one of each duration unit.
    static let durationUnits: [String: Double] = [
        "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
        "min": 60, "mins": 60, "minute": 60, "minutes": 60,
        "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
        "d": 86400, "day": 86400, "days": 86400,
    ]

    /// A duration in seconds: `10s`, `10min`, `2h`, `3d`, `1.5h`; a bare number takes
    /// `defaultUnit`. `10m` is refused as ambiguous (metres elsewhere).
    static func duration(_ text: String, defaultSeconds: Double) throws(ValueError) -> Double {
        guard let (value, unit) = NumberParser.splitUnit(text.lowercased()), value >= 0 else {
            throw ValueError("'\(text)' is not a duration — use a number with s, min, h or d (10s, 10min, 2h, 3d)")
        }
        if unit.isEmpty { return value * defaultSeconds }
        // `m` is metres wherever a length is written (`10m` in a condition, a height): as a
        // duration it would mean minutes only here, so it is refused, never guessed.
        if unit == "m" {
            throw ValueError("'\(text)' is ambiguous: m is metres — write \(Format.trimmed(value))min for minutes")
        }
        guard let scale = durationUnits[String(unit)] else {
            throw ValueError("'\(unit)' is not a unit of time in '\(text)' — use s, m, h or d")
        }
        return value * scale
    }

    /// An instant relative to `now`, from 1900 to 2200 (see `UnixTime`).
    static func instant(_ text: String, now: Date, clock: MomentText = .utc) throws(ValueError) -> Date {
        let date = try unchecked(text, now: now, clock: clock)
        guard UnixTime.checked(date.timeIntervalSince1970) != nil else {
            throw ValueError("'\(text)' is outside the years 1900 to 2200")
        }
        return date
    }

    /// A time of day is on the day of `now` on `clock`, read with the offset of its own moment
    /// (an error in the hour a change of the clocks skips or repeats).
    static func unchecked(_ text: String, now: Date, clock moments: MomentText = .utc) throws(ValueError) -> Date {
        let lower = text.lowercased()
        if lower == "now" { return now }
        if let first = lower.first, first == "-" || first == "+" {
            let seconds = try duration(String(lower.dropFirst()), defaultSeconds: 60)
            return now.addingTimeInterval(first == "-" ? -seconds : seconds)
        }
        if let clock = CivilTime.timeOfDay(lower) {
            return Date(timeIntervalSince1970: try moments.instant(clock: clock, onTheDayOf: now.timeIntervalSince1970))
        }
        if let seconds = CivilTime.parse(text) { return Date(timeIntervalSince1970: seconds) }
        throw ValueError("'\(text)' is not a time — use ISO 8601 (2025-11-09T12:30Z), now, -10min, +2h or 13:05")
    }
}
