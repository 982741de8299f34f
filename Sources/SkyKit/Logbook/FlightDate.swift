/// A civil date (proleptic Gregorian): the date of a flight, and the date part of every time
/// skyshell shows (see `CivilCalendar`). A flight's date may be partial — only the year
/// (`2006`) or the year and month (`2006-02`), as other logbooks keep old flights — and is
/// stored that way: month 0 means the year only, day 0 the month only. Partial dates sort
/// before the days of their period, as their text does.
public struct FlightDate: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var year: Int
    /// 1 to 12, or 0 when only the year is known.
    public var month: Int
    /// 1 to 31, or 0 when only the year or the month is known.
    public var day: Int

    /// How much of a date is known.
    public enum Precision: String, Sendable, CaseIterable {
        case year, month, day
    }

    /// A date that exists, or nil (2025-02-30 does not).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= CivilCalendar.days(inMonth: month, of: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// A partial date: a year, or a year and a month.
    public init?(year: Int, month: Int? = nil) {
        guard (1...9999).contains(year) else { return nil }
        if let month, !(1...12).contains(month) { return nil }
        self.year = year
        self.month = month ?? 0
        self.day = 0
    }

    /// Parses YYYY-MM-DD (a whole date only).
    public init?(iso text: String) {
        guard text.utf8.count == 10, let date = FlightDate(text: text) else { return nil }
        self = date
    }

    /// Parses YYYY-MM-DD, YYYY-MM or YYYY.
    public init?(text: String) {
        var text = text  // withUTF8 needs a var; a native string is not copied
        guard let date = text.withUTF8(FlightDate.parse) else { return nil }
        self = date
    }

    /// The date YYYY-MM-DD, YYYY-MM or YYYY spelled by `bytes`, or nil.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> FlightDate? {
        var year = 0, month = 0, day = 0
        var field = 0, digits = 0
        for b in bytes {
            if b == UInt8(ascii: "-") {
                guard digits == (field == 0 ? 4 : 2), field < 2 else { return nil }
                field += 1
                digits = 0
                continue
            }
            guard b >= 48, b <= 57, digits < (field == 0 ? 4 : 2) else { return nil }
            let digit = Int(b - 48)
            switch field {
            case 0: year = year * 10 + digit
            case 1: month = month * 10 + digit
            default: day = day * 10 + digit
            }
            digits += 1
        }
        guard digits == (field == 0 ? 4 : 2) else { return nil }
        switch field {
        case 0: return FlightDate(year: year)
        case 1: return FlightDate(year: year, month: month)
        default: return FlightDate(year: year, month: month, day: day)
        }
    }

    /// The date of a number YYYYMMDD (YYYYMM00 and YYYY0000 for partial dates).
    public init?(compact n: Int32) {
        let year = Int(n / 10000), month = Int(n / 100 % 100), day = Int(n % 100)
        if day == 0 {
            self.init(year: year, month: month == 0 ? nil : month)
        } else {
            self.init(year: year, month: month, day: day)
        }
    }

    /// The date as the number YYYYMMDD (zeros for what a partial date does not know).
    public var compact: Int32 { Int32(year * 10000 + month * 100 + day) }

    public var precision: Precision { month == 0 ? .year : day == 0 ? .month : .day }

    /// The first day of the period a date names (itself for a whole date).
    public var first: FlightDate {
        switch precision {
        case .day: self
        case .month: FlightDate(year: year, month: month, day: 1)!
        case .year: FlightDate(year: year, month: 1, day: 1)!
        }
    }

    /// The last day of the period a date names.
    public var last: FlightDate {
        switch precision {
        case .day: self
        case .month: FlightDate(year: year, month: month, day: CivilCalendar.days(inMonth: month, of: year))!
        case .year: FlightDate(year: year, month: 12, day: 31)!
        }
    }

    public var description: String {
        // Written straight into the string's own (inline) storage: an import writes this for
        // every flight it saves.
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else {
            var text = FlightDate.digits(year, 4)
            if month > 0 { text += "-" + FlightDate.digits(month, 2) }
            if day > 0 { text += "-" + FlightDate.digits(day, 2) }
            return text
        }
        let count = month == 0 ? 4 : day == 0 ? 7 : 10
        return String(unsafeUninitializedCapacity: count) { text in
            FlightDate.write(year, width: 4, into: text, at: 0)
            if count > 4 {
                text[4] = 0x2D
                FlightDate.write(month, width: 2, into: text, at: 5)
            }
            if count > 7 {
                text[7] = 0x2D
                FlightDate.write(day, width: 2, into: text, at: 8)
            }
            return count
        }
    }

    /// `n` with leading zeros to `width` digits (more digits when it has more).
    static func digits(_ n: Int, _ width: Int) -> String {
        guard n >= 0, width <= 15, n < 1_000_000_000_000_000 else {
            let s = String(n)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        var length = 1
        var rest = n / 10
        while rest > 0 {
            length += 1
            rest /= 10
        }
        let count = max(length, width)
        return String(unsafeUninitializedCapacity: count) { text in
            write(n, width: count, into: text, at: 0)
            return count
        }
    }

    /// Writes the last `width` decimal digits of `n` (≥ 0) at `offset`.
    private static func write(_ n: Int, width: Int, into text: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        var rest = n
        for i in stride(from: offset + width - 1, through: offset, by: -1) {
            text[i] = UInt8(0x30 + rest % 10)
            rest /= 10
        }
    }

    public static func < (a: FlightDate, b: FlightDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
}
