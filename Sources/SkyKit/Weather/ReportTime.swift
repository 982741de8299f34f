/// A day of the month and a time of day in UTC, as reports give them (`251450Z`, the `25`
/// of `2512/2618`); the month and year are the ones that put it nearest before a reference.
public struct ReportTime: Sendable, Equatable, Hashable {
    public var day: Int
    public var hour: Int
    public var minute: Int

    public init(day: Int, hour: Int, minute: Int = 0) {
        self.day = day
        self.hour = hour
        self.minute = minute
    }

    /// The instant (seconds since 1970) this time falls on in the month of `reference`, or the
    /// month before, whichever puts it no more than `ahead` seconds after the reference and
    /// nearest to it. Hour 24 is midnight at the end of the day (a TAF's `2624`). Nil for a
    /// day no month near the reference has.
    public func instant(near reference: Double, ahead: Double = 2 * 86_400) -> Double? {
        guard (1...31).contains(day), (0...24).contains(hour), (0...59).contains(minute), reference.isFinite else { return nil }
        let now = CivilTime(reference)
        var best: Double?
        for shift in [1, 0, -1, -2] {
            var year = now.date.year, month = now.date.month + shift
            if month > 12 {
                month -= 12
                year += 1
            } else if month < 1 {
                month += 12
                year -= 1
            }
            guard let date = FlightDate(year: year, month: month, day: day) else { continue }
            let t = Double(date.daysSinceEpoch) * 86_400 + Double(hour * 3600 + minute * 60)
            guard t <= reference + ahead else { continue }
            if best.map({ abs(t - reference) < abs($0 - reference) }) ?? true { best = t }
        }
        return best
    }

    /// "14:50": the clock, UTC.
    public var clock: String { CivilTime.two(hour) + ":" + CivilTime.two(minute) }

    /// "day 25 14:50 UTC": the day of the month and the clock.
    public var text: String { "day \(day) " + clock + " UTC" }
}

/// From one time to another (a TAF's validity, a change group's period).
public struct ReportPeriod: Sendable, Equatable {
    public var from: ReportTime
    public var to: ReportTime

    public init(from: ReportTime, to: ReportTime) {
        self.from = from
        self.to = to
    }

    /// "day 6 12:00 to day 7 18:00 UTC".
    public var text: String { "day \(from.day) " + from.clock + " to day \(to.day) " + to.clock + " UTC" }
}
