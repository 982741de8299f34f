import Foundation

/// Local clock times in IANA time zones, for airport cards.
enum LocalTime {
    struct Description {
        /// "2025-11-10 04:00"
        var clock: String
        /// "−08:00"
        var offset: String
        /// "2025-11-10T04:00:00-08:00"
        var iso: String
    }

    /// The local time in `zone` at `instant`, or nil for an unknown zone.
    static func describe(zone: String, at instant: Date) -> Description? {
        guard let tz = TimeZone(identifier: zone) else { return nil }
        let offset = tz.secondsFromGMT(for: instant)
        let local = Int(instant.timeIntervalSince1970.rounded(.down)) + offset
        let (y, m, d) = civilDate(daysSinceEpoch: floorDiv(local, 86400))
        let seconds = local - floorDiv(local, 86400) * 86400
        let hh = seconds / 3600, mm = (seconds % 3600) / 60, ss = seconds % 60
        let sign = offset < 0 ? "-" : "+"
        let oh = abs(offset) / 3600, om = (abs(offset) % 3600) / 60
        let offsetText = sign + two(oh) + ":" + two(om)
        let date = "\(y)-\(two(m))-\(two(d))"
        return Description(clock: "\(date) \(two(hh)):\(two(mm))",
                           offset: (offset < 0 ? "−" : "+") + two(oh) + ":" + two(om),
                           iso: "\(date)T\(two(hh)):\(two(mm)):\(two(ss))\(offsetText)")
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// Year, month, day of a day count since 1970-01-01 (proleptic Gregorian).
    static func civilDate(daysSinceEpoch days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = floorDiv(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
