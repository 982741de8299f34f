/// The one calendar of skyshell: civil dates (`FlightDate`) and days since 1970, and times of
/// day from Unix seconds in UTC or at an offset — for the logbook, the radar, the orbit code,
/// saved files and the user's typed times alike.
public enum CivilCalendar {
    /// True for a leap year.
    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// Days in `month` of `year`.
    public static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `a` divided by `b`, rounded down (for days before 1970).
    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
}

extension FlightDate {
    /// The date `days` after 1970-01-01 (before it when negative).
    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = CivilCalendar.floorDiv(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = CivilCalendar.floorDiv(y, 400)
        let yoe = y - era * 400
        let doy = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        return era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
    }
}

/// A moment as a civil date and time of day, in UTC or at a fixed offset from it.
public struct CivilTime: Sendable, Equatable {
    public var date: FlightDate
    public var hour: Int, minute: Int, second: Int
    /// Seconds east of UTC.
    public var offset: Int

    /// The moment `seconds` after 1970 (UTC), shown at `offset` seconds east of UTC; seconds
    /// are rounded down. Times come checked by `UnixTime` (1900–2200).
    public init(_ seconds: Double, offset: Int = 0) {
        let whole = (UnixTime.checked(seconds) ?? 0).rounded(.down)
        let local = Int(whole) + offset
        let days = CivilCalendar.floorDiv(local, 86_400)
        let t = local - days * 86_400
        date = FlightDate(daysSinceEpoch: days)
        hour = t / 3600
        minute = t / 60 % 60
        second = t % 60
        self.offset = offset
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// "14:10:01"
    public var clock: String { CivilTime.two(hour) + ":" + CivilTime.two(minute) + ":" + CivilTime.two(second) }
    /// "2021-10-07 14:10:01"
    public var text: String { "\(date) \(clock)" }
    /// "+01:00", "-08:00"
    public var offsetText: String {
        (offset < 0 ? "-" : "+") + CivilTime.two(abs(offset) / 3600) + ":" + CivilTime.two(abs(offset) % 3600 / 60)
    }
    /// ISO 8601: "2021-10-07T14:10:01Z", or with the offset ("…+01:00").
    public var iso: String { "\(date)T\(clock)" + (offset == 0 ? "Z" : offsetText) }
    /// A compact stamp for file names: "20211007T141001Z".
    public var stamp: String { date.description.replacingAll("-", with: "") + "T" + clock.replacingAll(":", with: "") + "Z" }

    /// Unix seconds of an ISO 8601 date (`2025-11-09`), or date and time with optional seconds
    /// and a `Z` or `±HH:MM` offset (UTC without one); nil for anything else.
    public static func parse(_ text: String) -> Double? {
        let upper = text.uppercased()
        let split = upper.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard let date = FlightDate(iso: String(split[0])) else { return nil }
        var seconds = Double(date.daysSinceEpoch) * 86_400
        guard split.count == 2 else { return seconds }
        var clock = Substring(split[1])
        var offset = 0.0
        if clock.hasSuffix("Z") {
            clock = clock.dropLast()
        } else if let signIndex = clock.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            guard let minutes = timeOfDay(clock[clock.index(after: signIndex)...]) else { return nil }
            offset = (clock[signIndex] == "+" ? 1 : -1) * minutes
            clock = clock[..<signIndex]
        }
        guard let time = timeOfDay(clock) else { return nil }
        seconds += time - offset
        return seconds
    }

    /// `HH:MM` or `HH:MM:SS` (seconds may have a fraction) as seconds after midnight.
    public static func timeOfDay<S: StringProtocol>(_ text: S) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
            let h = NumberParser.integer(parts[0], in: 0...23), parts[0].count <= 2,
            let m = NumberParser.integer(parts[1], in: 0...59), parts[1].count == 2
        else { return nil }
        var s = 0.0
        if parts.count == 3 {
            guard let sec = NumberParser.parse(parts[2]), sec >= 0, sec < 60 else { return nil }
            s = sec
        }
        return Double(h * 3600 + m * 60) + s
    }
}
