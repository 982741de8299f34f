/// What a TAF expects at one instant: the prevailing conditions then, a BECMG change under way,
/// the TEMPO, INTER and PROB groups that cover the instant, and the worst of them all.
public struct ForecastInForce: Sendable, Equatable {
    /// Seconds since 1970, UTC.
    public var instant: Double
    /// The prevailing period the instant falls in (for a BECMG change under way, the
    /// conditions before it).
    public var prevailing: ForecastPeriod
    /// A BECMG change under way at the instant: its conditions are those after it.
    public var becoming: ForecastPeriod?
    /// The fluctuations (TEMPO, INTER, PROB) whose period covers the instant.
    public var fluctuations: [ForecastPeriod]

    /// Every period that may hold at the instant, prevailing first.
    public var candidates: [ForecastPeriod] { [prevailing] + (becoming.map { [$0] } ?? []) + fluctuations }

    /// The period with the worst flight category of the candidates (the first of equals, so the
    /// prevailing period when nothing is worse); nil when no candidate has a category.
    public var worst: ForecastPeriod? {
        var best: (ForecastPeriod, FlightCategory)?
        for period in candidates {
            guard let category = period.category else { continue }
            if best.map({ category < $0.1 }) ?? true { best = (period, category) }
        }
        return best?.0
    }
}

extension TAF {
    /// The conditions in force at `instant` (seconds since 1970), with the timeline placed near
    /// `reference`; nil when the timeline cannot be placed or the instant is outside the
    /// validity (its end belongs to the last period).
    public func inForce(at instant: Double, near reference: Double) -> ForecastInForce? {
        guard let periods = timeline(near: reference), let first = periods.first else { return nil }
        let end = periods.map(\.to).max() ?? first.to
        guard instant >= first.from, instant <= end else { return nil }
        func covers(_ p: ForecastPeriod) -> Bool { p.from <= instant && (instant < p.to || (instant == end && p.to == end)) }
        let steady = periods.filter { $0.kind == .prevailing || $0.kind == .becoming }
        guard let index = steady.firstIndex(where: covers) else { return nil }
        var prevailing = steady[index], becoming: ForecastPeriod?
        if prevailing.kind == .becoming {
            becoming = prevailing
            // Before a change under way: the period it follows (a BECMG at the very start of the
            // validity follows the opening conditions, which is its own conditions less the change).
            if let before = steady[..<index].last(where: { $0.kind == .prevailing }) {
                prevailing = before
            } else {
                prevailing = ForecastPeriod(
                    from: first.from, to: prevailing.from, kind: .prevailing, conditions: conditions, change: conditions)
            }
        }
        let fluctuations = periods.filter { ($0.kind != .prevailing && $0.kind != .becoming) && covers($0) }
        return ForecastInForce(instant: instant, prevailing: prevailing, becoming: becoming, fluctuations: fluctuations)
    }

    /// The first instant at or after `after` whose UTC clock reads `secondsOfDay`, within the
    /// validity placed near `reference`; nil when the validity cannot be placed or no such
    /// instant is inside it. An `after` past the end of the validity is not used: a forecast
    /// that has ended is asked about its own validity.
    public func next(clock secondsOfDay: Double, after: Double, near reference: Double) -> Double? {
        guard let (start, end) = validityInstants(near: reference), (0..<86_400).contains(secondsOfDay) else { return nil }
        let from = after < end ? max(after, start) : start
        let midnight = (from / 86_400).rounded(.down) * 86_400
        var t = midnight + secondsOfDay
        if t < from { t += 86_400 }
        return t <= end ? t : nil
    }
}
