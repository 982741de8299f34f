/// A POSIX TZ rule (the footer of a compiled zone file, RFC 8536 §3.3, or a `TZ` value such as
/// `CET-1CEST,M3.5.0,M10.5.0/3`): a standard offset and, optionally, a daylight-saving offset
/// with the yearly moments it starts and ends. Offsets are kept in seconds east of UTC (POSIX
/// writes them west, with the opposite sign).
public struct PosixZoneRule: Sendable, Equatable {
    /// Seconds east of UTC outside daylight saving.
    public let standard: Int32
    /// Daylight saving: its offset and the moments it starts and ends each year; nil for a zone
    /// without it.
    public let daylight: Daylight?

    /// The daylight-saving part of a rule.
    public struct Daylight: Sendable, Equatable {
        /// Seconds east of UTC during daylight saving.
        public let offset: Int32
        /// When it starts (in local standard time) and ends (in local daylight time).
        public let start: Change, end: Change
    }

    /// A yearly moment: a day of the year and a time on it (which may lie outside 0–24 h,
    /// RFC 8536 allows −167 to 167 hours).
    public struct Change: Sendable, Equatable {
        public enum Day: Sendable, Equatable {
            /// `Jn`: day 1…365, February 29 never counted.
            case julian(Int)
            /// `n`: day 0…365, February 29 counted in leap years.
            case ordinal(Int)
            /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1…5, 5 = the last) of month `m`.
            case month(Int, week: Int, weekday: Int)
        }
        public let day: Day
        /// Seconds after the day's midnight.
        public let time: Int

        public init(day: Day, time: Int) {
            self.day = day
            self.time = time
        }
    }

    /// Parses a rule; nil for anything that is not one (a wrong answer is never made up).
    /// A daylight-saving name without its `,start,end` rule is refused: POSIX leaves those
    /// dates to the implementation, and RFC 8536 footers always give them.
    public init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard scanner.name(), let standardWest = scanner.offset(hours: 0...24) else { return nil }
        standard = Int32(-standardWest)
        if scanner.atEnd {
            daylight = nil
            return
        }
        guard scanner.name() else { return nil }
        var daylightWest = standardWest - 3600
        if !scanner.peek(",") {
            guard let west = scanner.offset(hours: 0...24) else { return nil }
            daylightWest = west
        }
        guard scanner.take(","), let start = scanner.change(), scanner.take(","), let end = scanner.change(), scanner.atEnd else { return nil }
        daylight = Daylight(offset: Int32(-daylightWest), start: start, end: end)
    }

    /// Seconds east of UTC at `seconds` since 1970.
    public func offset(at seconds: Int64) -> Int32 {
        guard let daylight else { return standard }
        // The year as local standard time reckons it; the changes of the years either side
        // are looked at too, since a change's time may carry it into the next or last year.
        let local = seconds + Int64(standard)
        let year = FlightDate(daysSinceEpoch: Int(Self.floorDiv(local, 86_400))).year
        guard (2...9998).contains(year) else { return standard }
        var changes: [(at: Int64, daylight: Bool)] = []
        for y in (year - 1)...(year + 1) {
            changes.append((daylight.start.utc(year: y, offset: standard), true))
            changes.append((daylight.end.utc(year: y, offset: daylight.offset), false))
        }
        changes.sort { $0.at < $1.at }
        // The last change at or before the moment decides; the start of the window is always
        // preceded by the changes of the year before.
        var inDaylight = changes.first.map { !$0.daylight } ?? false
        for change in changes where change.at <= seconds { inDaylight = change.daylight }
        return inDaylight ? daylight.offset : standard
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// Reads a rule's parts from its bytes.
    struct Scanner {
        let bytes: [UInt8]
        var at = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { at == bytes.count }

        func peek(_ c: Unicode.Scalar) -> Bool { at < bytes.count && bytes[at] == UInt8(c.value) }

        mutating func take(_ c: Unicode.Scalar) -> Bool {
            guard peek(c) else { return false }
            at += 1
            return true
        }

        /// A zone abbreviation: three or more letters, or `<…>` of letters, digits, + and -.
        mutating func name() -> Bool {
            if take("<") {
                let start = at
                while at < bytes.count, bytes[at] != UInt8(ascii: ">") {
                    let b = bytes[at]
                    guard Self.isLetter(b) || Self.isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") else { return false }
                    at += 1
                }
                guard at - start >= 3, take(">") else { return false }
                return true
            }
            let start = at
            while at < bytes.count, Self.isLetter(bytes[at]) { at += 1 }
            return at - start >= 3
        }

        /// `[+-]hh[:mm[:ss]]` as seconds, the hours within `hours`.
        mutating func offset(hours: ClosedRange<Int>) -> Int? {
            var sign = 1
            if take("-") {
                sign = -1
            } else {
                _ = take("+")
            }
            guard let h = number(maxDigits: 3), hours.contains(h) else { return nil }
            var seconds = h * 3600
            for scale in [60, 1] {
                guard take(":") else { break }
                guard let part = number(maxDigits: 2), part < 60 else { return nil }
                seconds += part * scale
            }
            return sign * seconds
        }

        /// A change: its day, and `/time` (02:00 when left out).
        mutating func change() -> Change? {
            let day: Change.Day
            if take("J") {
                guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
                day = .julian(n)
            } else if take("M") {
                guard let m = number(maxDigits: 2), (1...12).contains(m), take("."), let w = number(maxDigits: 1), (1...5).contains(w),
                    take("."), let d = number(maxDigits: 1), (0...6).contains(d)
                else { return nil }
                day = .month(m, week: w, weekday: d)
            } else {
                guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
                day = .ordinal(n)
            }
            var time = 7200
            if take("/") {
                guard let t = offset(hours: 0...167) else { return nil }
                time = t
            }
            return Change(day: day, time: time)
        }

        mutating func number(maxDigits: Int) -> Int? {
            var value = 0, count = 0
            while at < bytes.count, Self.isDigit(bytes[at]), count < maxDigits {
                value = value * 10 + Int(bytes[at] - UInt8(ascii: "0"))
                at += 1
                count += 1
            }
            guard count > 0, at == bytes.count || !Self.isDigit(bytes[at]) else { return nil }
            return value
        }

        static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    }
}

extension PosixZoneRule.Change {
    /// The moment of this change in `year`, as seconds since 1970, for a clock `offset`
    /// seconds east of UTC.
    func utc(year: Int, offset: Int32) -> Int64 {
        let days: Int
        switch day {
        case .julian(let n):
            // Day n of a 365-day year: after February, a leap year's 29th is skipped over.
            let jan1 = FlightDate(year: year, month: 1, day: 1)!.daysSinceEpoch
            days = jan1 + n - 1 + (CivilCalendar.isLeap(year) && n >= 60 ? 1 : 0)
        case .ordinal(let n):
            days = FlightDate(year: year, month: 1, day: 1)!.daysSinceEpoch + n
        case .month(let m, let week, let weekday):
            let first = FlightDate(year: year, month: m, day: 1)!.daysSinceEpoch
            // 1970-01-01 was a Thursday (weekday 4).
            let firstWeekday = ((first + 4) % 7 + 7) % 7
            var day = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            let monthEnd = first + CivilCalendar.days(inMonth: m, of: year)
            while day >= monthEnd { day -= 7 }
            days = day
        }
        return Int64(days) * 86_400 + Int64(time) - Int64(offset)
    }
}
