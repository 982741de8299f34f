import Glibc

/// The wind along and across one runway end: positive headwind blows against a landing or
/// take-off on it (a negative one is a tailwind), positive crosswind comes from the right.
public struct RunwayWindComponents: Sendable, Equatable {
    public var designator: String
    /// The runway end's true heading.
    public var heading: Angle
    public var headwind: Speed
    public var crosswind: Speed
    /// The same for the gusts, when the wind has them.
    public var gustHeadwind: Speed?
    public var gustCrosswind: Speed?
    /// The runway's length, when the catalog has it.
    public var length: Distance?

    public var tailwind: Speed? { headwind.metersPerSecond < 0 ? Speed(metersPerSecond: -headwind.metersPerSecond) : nil }
}

/// The wind on each runway of a field, and the runway ends it favours.
public struct RunwayWind: Sendable, Equatable {
    public var wind: Wind
    /// Every runway end, the most headwind first.
    public var ends: [RunwayWindComponents]
    /// The ends the wind favours: those with the most headwind, within 10° of the best; empty
    /// when the wind is calm, variable or under `lightWind` (any runway will do then).
    public var favoured: [RunwayWindComponents]

    /// Under this mean speed (5 kt) the wind favours no runway: tailwind limits are usually 5 kt
    /// and the wind's direction is not told precisely.
    public static let lightWind = Speed(5, .knots)

    /// The components on `runways` of a reported wind. The report's direction is true, like the
    /// catalog's runway headings (the designators are magnetic, rounded to 10°).
    public init(_ wind: Wind, runways: [Runway]) {
        self.wind = wind
        var ends: [RunwayWindComponents] = []
        for runway in runways {
            for direction in runway.directions {
                guard let from = wind.direction else {
                    ends.append(
                        RunwayWindComponents(
                            designator: direction.designator, heading: direction.heading, headwind: Speed(metersPerSecond: 0),
                            crosswind: Speed(metersPerSecond: 0),
                            length: runway.length))
                    continue
                }
                // The angle from the runway's heading to where the wind comes from.
                let angle = (from - direction.heading).radians
                func parts(_ s: Speed) -> (Speed, Speed) {
                    (Speed(metersPerSecond: s.metersPerSecond * cos(angle)), Speed(metersPerSecond: s.metersPerSecond * sin(angle)))
                }
                let (head, cross) = parts(wind.speed)
                let gust = wind.gust.map(parts)
                ends.append(
                    RunwayWindComponents(
                        designator: direction.designator, heading: direction.heading, headwind: head, crosswind: cross, gustHeadwind: gust?.0,
                        gustCrosswind: gust?.1, length: runway.length))
            }
        }
        // The most headwind first (to half a knot); then the longest runway, then by name.
        func key(_ e: RunwayWindComponents) -> Double { (e.headwind.knots * 2).rounded() }
        ends.sort {
            if key($0) != key($1) { return key($0) > key($1) }
            if ($0.length?.meters ?? 0) != ($1.length?.meters ?? 0) { return ($0.length?.meters ?? 0) > ($1.length?.meters ?? 0) }
            return $0.designator < $1.designator
        }
        self.ends = ends
        if wind.direction != nil, wind.speed >= Self.lightWind, let best = ends.first {
            // Those whose heading is within 10° of the best one's: parallel runways, and ends
            // a few degrees apart (26/27 at Charles de Gaulle).
            favoured = ends.filter { abs(($0.heading - best.heading).signedTurn.degrees) <= 10 && $0.headwind.metersPerSecond > 0 }
        } else {
            favoured = []
        }
    }

    /// How the runway ends in use compare with the wind.
    public enum Agreement: Sendable, Equatable {
        /// The wind favours no runway (calm, variable or light).
        case noPreference
        /// Every end in use is one the wind favours.
        case agrees
        /// Every end in use has a headwind, but these are not the ones with the most of it.
        case headwindOnly(notFavoured: [String])
        /// An end in use has a tailwind (the strongest one).
        case tailwind(String, Speed)
    }

    /// How runway ends in use (their designators) compare with the wind.
    public func agreement(with used: [String]) -> Agreement {
        guard !favoured.isEmpty else { return .noPreference }
        let byName = Dictionary(ends.map { ($0.designator, $0) }, uniquingKeysWith: { a, _ in a })
        let tailwinds = used.compactMap { name in byName[name]?.tailwind.map { (name, $0) } }
        if let worst = tailwinds.max(by: { $0.1 < $1.1 }) { return .tailwind(worst.0, worst.1) }
        let names = Set(favoured.map(\.designator))
        let others = used.filter { !names.contains($0) }
        return others.isEmpty ? .agrees : .headwindOnly(notFavoured: others)
    }
}
