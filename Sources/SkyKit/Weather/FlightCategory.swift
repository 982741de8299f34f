/// The FAA's flight categories, from the ceiling and the visibility: LIFR below 500 ft or
/// 1 mile, IFR below 1,000 ft or 3 miles, MVFR up to 3,000 ft or 5 miles, VFR above both.
public enum FlightCategory: String, Sendable, Equatable, Comparable {
    case lifr = "LIFR"
    case ifr = "IFR"
    case mvfr = "MVFR"
    case vfr = "VFR"

    var rank: Int {
        switch self {
        case .lifr: 0
        case .ifr: 1
        case .mvfr: 2
        case .vfr: 3
        }
    }

    public static func < (a: FlightCategory, b: FlightCategory) -> Bool { a.rank < b.rank }

    /// The category by the ceiling alone (nil: no ceiling, which limits nothing).
    static func byCeiling(_ ceiling: Height) -> FlightCategory {
        let feet = ceiling.feet.rounded()
        if feet < 500 { return .lifr }
        if feet < 1_000 { return .ifr }
        if feet <= 3_000 { return .mvfr }
        return .vfr
    }

    /// The category by the visibility alone. A metric visibility converted to miles counts as
    /// the mile value it stands for (1,600 m, 0.994 mi, as 1 mile): a 1% tolerance below each
    /// limit; "less than" a value counts as below it.
    static func byVisibility(_ visibility: Visibility) -> FlightCategory {
        var miles = visibility.distance.statuteMiles
        if visibility.qualifier == .lessThan { miles *= 0.98 }
        if miles < 0.99 { return .lifr }
        if miles < 3 * 0.99 { return .ifr }
        if miles <= 5 * 1.01 { return .mvfr }
        return .vfr
    }

    /// The category of `conditions`; nil when it cannot be told: a part not reported could
    /// still make it worse (only LIFR, the worst, is certain from one part alone).
    public static func of(_ conditions: Conditions) -> FlightCategory? {
        if conditions.cavok { return .vfr }
        let skyTold = conditions.skyClear != nil || !conditions.clouds.isEmpty
        // A layer that may be a ceiling at a height not told (`BKN///`, `///015`).
        let ceilingNotTold = conditions.clouds.contains { ($0.isCeiling && $0.base == nil) || $0.cover == .unknown }
        var byCeiling = conditions.ceiling.map(byCeiling) ?? (skyTold ? .vfr : nil)
        if ceilingNotTold, byCeiling != .lifr { byCeiling = nil }
        let byVisibility = conditions.visibility.map(byVisibility)
        switch (byCeiling, byVisibility) {
        case (let c?, let v?): return min(c, v)
        case (.lifr?, nil), (nil, .lifr?): return .lifr
        default: return nil
        }
    }
}

extension FlightCategory {
    /// What decides the category of `conditions`, in words ("ceiling 800 ft", "visibility 1 1/2
    /// mi", "no ceiling, visibility 10 km or more"), or why it cannot be told.
    public static func reason(_ conditions: Conditions) -> String {
        if conditions.cavok { return "CAVOK: visibility 10 km or more, no cloud below 5,000 ft" }
        let ceilingText = conditions.ceiling.map { "ceiling " + DigitGroups.fixed($0.feet, decimals: 0, grouping: true) + " ft" }
        let visibilityText = conditions.visibility.map { "visibility " + $0.words }
        guard let category = of(conditions) else {
            if conditions.visibility == nil { return "the visibility is not reported" }
            if conditions.clouds.isEmpty && conditions.skyClear == nil { return "the clouds are not reported" }
            return "a cloud layer's amount or height is not reported"
        }
        let byCeiling = conditions.ceiling.map(byCeiling)
        let byVisibility = conditions.visibility.map(byVisibility)
        var parts: [String] = []
        if byCeiling == category, let ceilingText { parts.append(ceilingText) }
        if byVisibility == category, let visibilityText { parts.append(visibilityText) }
        if category == .vfr && conditions.ceiling == nil, let visibilityText { return "no ceiling, " + visibilityText }
        return parts.joined(separator: " and ")
    }
}
