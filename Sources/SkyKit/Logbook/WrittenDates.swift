/// The order of day, month and year in a date written with slashes or dots (`14/06/2019`,
/// `06/14/2019`, `14.06.2019`): the same digits are two different days, so the order is
/// never guessed — the user says it (`set date-order dmy`, `import --date-order dmy`).
public enum DateOrder: String, Sendable, CaseIterable {
    /// Year first, as ISO 8601 writes it (the default: only `2019-06-14` is read).
    case ymd
    /// Day first (`14/06/2019`): most of the world.
    case dmy
    /// Month first (`06/14/2019`): the United States.
    case mdy
}

extension FlightDate {
    /// A date written `YYYY-MM-DD` (or `YYYY-MM`, `YYYY`), or, in the order given, `D/M/YYYY`,
    /// `M/D/YYYY` with `/`, `.` or `-` between them; nil when it is neither.
    public init?(text: String, order: DateOrder) {
        if let iso = FlightDate(text: text) {
            self = iso
            return
        }
        guard order != .ymd, let (first, second, year) = FlightDate.slashed(text) else { return nil }
        let (day, month) = order == .dmy ? (first, second) : (second, first)
        guard let date = FlightDate(year: year, month: month, day: day) else { return nil }
        self = date
    }

    /// Whether `text` is a date written `N/N/YYYY` (or with dots): one whose order must be said.
    public static func needsOrder(_ text: String) -> Bool { slashed(text) != nil && FlightDate(text: text) == nil }

    /// The three numbers of `N/N/YYYY`, `N.N.YYYY` or `N-N-YYYY` (one or two digits, then four).
    static func slashed(_ text: String) -> (Int, Int, Int)? {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "." || $0 == "-" }
        guard parts.count == 3, (1...2).contains(parts[0].count), (1...2).contains(parts[1].count), parts[2].count == 4,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let a = Int(parts[0]), let b = Int(parts[1]), let year = Int(parts[2])
        else { return nil }
        return (a, b, year)
    }
}

extension ClockTime {
    /// A time as people type it: `HH:MM`, or on a 12-hour clock `7pm`, `11:00am`, `12:30 AM`
    /// (12 am is midnight, 12 pm noon).
    public init?(written text: String) {
        if let time = ClockTime(text: text) {
            self = time
            return
        }
        let lower = text.lowercased().filter { $0 != " " }
        guard lower.hasSuffix("am") || lower.hasSuffix("pm") else { return nil }
        let clock = lower.dropLast(2)
        let (hourText, minuteText) = clock.contains(":") ? (clock.prefix { $0 != ":" }, clock.drop { $0 != ":" }.dropFirst()) : (clock, "00")
        guard (1...2).contains(hourText.count), minuteText.count == 2, let hour = Int(hourText), let minute = Int(minuteText), (1...12).contains(hour)
        else { return nil }
        self.init(hour: hour % 12 + (lower.hasSuffix("pm") ? 12 : 0), minute: minute)
    }
}
