import Foundation
import SkyKit

/// Instants and durations: ISO 8601 (`2025-11-09`, `2025-11-09T12:30`, `2025-11-09T12:30:00Z`,
/// `…+02:00`), `now`, relative offsets (`-10m`, `+2h`, `3d`) and times of day (`13:05`, UTC,
/// on the reference day). Times without an offset are UTC.
enum TimeParser {
    /// Seconds in one of each duration unit.
    static let durationUnits: [String: Double] = [
        "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
        "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
        "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
        "d": 86400, "day": 86400, "days": 86400,
    ]

    /// A duration in seconds: `10s`, `10m`, `2h`, `3d`, `1.5h`; a bare number takes `defaultUnit`.
    static func duration(_ text: String, defaultSeconds: Double) throws(ValueError) -> Double {
        guard let (value, unit) = NumberParser.splitUnit(text.lowercased()), value >= 0 else {
            throw ValueError("'\(text)' is not a duration — use a number with s, m, h or d (10s, 10m, 2h, 3d)")
        }
        if unit.isEmpty { return value * defaultSeconds }
        guard let scale = durationUnits[String(unit)] else {
            throw ValueError("'\(unit)' is not a unit of time in '\(text)' — use s, m, h or d")
        }
        return value * scale
    }

    /// An instant relative to `now`, from 1900 to 2200 (see `UnixTime`).
    static func instant(_ text: String, now: Date) throws(ValueError) -> Date {
        let date = try unchecked(text, now: now)
        guard UnixTime.checked(date.timeIntervalSince1970) != nil else {
            throw ValueError("'\(text)' is outside the years 1900 to 2200")
        }
        return date
    }

    static func unchecked(_ text: String, now: Date) throws(ValueError) -> Date {
        let lower = text.lowercased()
        if lower == "now" { return now }
        if let first = lower.first, first == "-" || first == "+" {
            let seconds = try duration(String(lower.dropFirst()), defaultSeconds: 60)
            return now.addingTimeInterval(first == "-" ? -seconds : seconds)
        }
        if let clock = timeOfDay(lower) {
            let day = floor(now.timeIntervalSince1970 / 86400) * 86400
            return Date(timeIntervalSince1970: day + clock)
        }
        if let date = iso8601(text) { return date }
        throw ValueError("'\(text)' is not a time — use ISO 8601 (2025-11-09T12:30Z), now, -10m, +2h or 13:05")
    }

    /// `HH:MM` or `HH:MM:SS` as seconds after midnight.
    static func timeOfDay(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              let h = NumberParser.integer(parts[0], in: 0...23), parts[0].count <= 2,
              let m = NumberParser.integer(parts[1], in: 0...59), parts[1].count == 2 else { return nil }
        var s = 0.0
        if parts.count == 3 {
            guard let sec = NumberParser.parse(parts[2]), sec >= 0, sec < 60 else { return nil }
            s = sec
        }
        return Double(h * 3600 + m * 60) + s
    }

    /// A calendar date `YYYY-MM-DD` as (year, month, day) when it exists.
    static func calendarDate(_ text: Substring) -> (Int, Int, Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = NumberParser.integer(parts[0], in: 1...9999),
              let mo = NumberParser.integer(parts[1], in: 1...12),
              let d = NumberParser.integer(parts[2], in: 1...31),
              d <= daysIn(month: mo, year: y) else { return nil }
        return (y, mo, d)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// ISO 8601 date, or date and time with optional seconds and `Z` / `±HH:MM` offset.
    static func iso8601(_ text: String) -> Date? {
        let upper = text.uppercased()
        let split = upper.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard let (y, mo, d) = calendarDate(split[0]) else { return nil }
        var seconds = Double(daysSinceEpoch(year: y, month: mo, day: d)) * 86400
        guard split.count == 2 else { return Date(timeIntervalSince1970: seconds) }
        var clock = Substring(split[1])
        var offset = 0.0
        if clock.hasSuffix("Z") {
            clock = clock.dropLast()
        } else if let signIndex = clock.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let zone = clock[clock.index(after: signIndex)...]
            guard let minutes = timeOfDay(String(zone)) else { return nil }
            offset = (clock[signIndex] == "+" ? 1 : -1) * minutes
            clock = clock[..<signIndex]
        }
        guard let time = timeOfDay(String(clock)) else { return nil }
        seconds += time - offset
        return Date(timeIntervalSince1970: seconds)
    }
}
