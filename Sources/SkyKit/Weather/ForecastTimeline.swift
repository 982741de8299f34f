/// One stretch of a TAF laid out in time: what is expected from one instant to another.
public struct ForecastPeriod: Sendable, Equatable {
    /// How the period comes about.
    public enum Kind: String, Sendable, Equatable {
        /// The opening forecast, or an FM group's: what prevails.
        case prevailing
        /// A BECMG group's transition: the conditions change at some time in the period.
        case becoming
        /// TEMPO: fluctuations lasting under an hour each, less than half the period in all.
        case temporary
        /// INTER: fluctuations shorter and more frequent than TEMPO (Australia).
        case intermittent
        /// PROB30/PROB40 alone: the conditions may occur.
        case probable
    }

    /// Seconds since 1970, UTC.
    public var from: Double
    public var to: Double
    public var kind: Kind
    public var probability: Int?
    /// The whole of what is expected in the period: the prevailing conditions with the group's
    /// changes laid over them.
    public var conditions: Conditions
    /// Only what the group says.
    public var change: Conditions
    public var category: FlightCategory? { FlightCategory.of(conditions) }
}

extension TAF {
    /// The instant the forecast was issued, its time taken in the month that puts it nearest
    /// `reference` (a TAF gives only the day of the month); nil without a time.
    public func issued(near reference: Double) -> Double? {
        (time ?? validity?.from)?.instant(near: reference)
    }

    /// The forecast as periods in time order: the prevailing conditions from the start of the
    /// validity, changed by each FM and BECMG group, and each TEMPO, INTER and PROB group over
    /// the conditions prevailing when it starts. `reference` places the days of the month (the
    /// issue instant, or now for a current forecast). Nil when the validity is not given or
    /// cannot be placed; a change group whose time cannot be placed is left out.
    public func timeline(near reference: Double) -> [ForecastPeriod]? {
        guard let (start, end) = validityInstants(near: reference) else { return nil }
        func place(_ t: ReportTime) -> Double? { t.instant(near: start).map { min(max($0, start), end) } }
        var periods: [ForecastPeriod] = []
        var prevailing = conditions
        var segmentStart = start
        func closePrevailing(at t: Double) {
            if t > segmentStart {
                periods.append(ForecastPeriod(from: segmentStart, to: t, kind: .prevailing, conditions: prevailing, change: prevailing))
            }
        }
        var fluctuations: [ForecastPeriod] = []
        for change in changes {
            switch change.kind {
            case .from(let t):
                guard let at = place(t) else { continue }
                closePrevailing(at: at)
                prevailing = prevailing.replaced(by: change.conditions)
                segmentStart = max(segmentStart, at)
            case .becoming:
                guard let p = change.period, let a = place(p.from), let b = place(p.to), b >= a else { continue }
                closePrevailing(at: a)
                let after = prevailing.overlaid(with: change.conditions)
                periods.append(ForecastPeriod(from: a, to: b, kind: .becoming, conditions: after, change: change.conditions))
                prevailing = after
                segmentStart = max(segmentStart, b)
            case .temporary, .intermittent, .probability:
                guard let p = change.period, let a = place(p.from), let b = place(p.to), b > a else { continue }
                let kind: ForecastPeriod.Kind =
                    switch change.kind {
                    case .temporary: .temporary
                    case .intermittent: .intermittent
                    default: .probable
                    }
                fluctuations.append(
                    ForecastPeriod(
                        from: a, to: b, kind: kind, probability: change.probability, conditions: prevailing.overlaid(with: change.conditions),
                        change: change.conditions))
            case .noSignificantChange:
                continue
            }
        }
        closePrevailing(at: end)
        // The fluctuations after the prevailing period they start in.
        var result: [ForecastPeriod] = []
        var pending = fluctuations
        for period in periods {
            result.append(period)
            let (now, later) = pending.partitioned { $0.from < period.to || period.to == end }
            result += now
            pending = later
        }
        return result + pending
    }
}

extension TAF {
    /// The validity's start and end placed near `reference`; nil when it is not given or
    /// cannot be placed.
    func validityInstants(near reference: Double) -> (start: Double, end: Double)? {
        guard let validity, let issued = issued(near: reference), let start = validity.from.instant(near: issued),
            let end = validity.to.instant(near: start), end > start
        else { return nil }
        return (start, end)
    }

    /// The change groups the timeline cannot show as written: those starting or ending outside
    /// the validity (cut to it, or left out when wholly outside) and those whose time no month
    /// near `reference` has. Empty when the validity itself cannot be placed (the timeline is
    /// nil then, and says so).
    public func changesOutsideValidity(near reference: Double) -> [Forecast] {
        guard let (start, end) = validityInstants(near: reference) else { return [] }
        func inside(_ t: ReportTime) -> Bool { t.instant(near: start).map { $0 >= start && $0 <= end } ?? false }
        return changes.filter { change in
            switch change.kind {
            case .from(let t): return !inside(t)
            case .noSignificantChange: return false
            default:
                guard let p = change.period else { return false }
                return !inside(p.from) || !inside(p.to)
            }
        }
    }
}

extension Conditions {
    /// The conditions an FM group gives: all new, except a wind or visibility it leaves out,
    /// which carries on (the code requires both; some offices omit one).
    func replaced(by change: Conditions) -> Conditions {
        var result = change
        if result.wind == nil { result.wind = wind }
        if result.visibility == nil && !result.cavok { result.visibility = visibility }
        if result.clouds.isEmpty && result.skyClear == nil && !result.cavok {
            result.clouds = clouds
            result.skyClear = skyClear
        }
        return result
    }
}

extension Array {
    /// The elements that satisfy `belongs`, and the others, each in order.
    func partitioned(_ belongs: (Element) -> Bool) -> ([Element], [Element]) {
        var yes: [Element] = [], no: [Element] = []
        for e in self {
            if belongs(e) { yes.append(e) } else { no.append(e) }
        }
        return (yes, no)
    }
}
