import SkyKit

/// The crosswind and tailwind limits of the session (`set crosswind-limit 20kt`,
/// `set tailwind-limit 10kt`): which a runway end's wind breaks, gusts included.
struct RunwayLimits {
    var crosswind: Speed?
    var tailwind: Speed?

    init(_ context: CommandContext) {
        crosswind = AlertLimits.speed(context.settings.word(named: SettingSpec.crosswindLimit.name)).value
        tailwind = AlertLimits.speed(context.settings.word(named: SettingSpec.tailwindLimit.name)).value
    }

    var isSet: Bool { crosswind != nil || tailwind != nil }

    /// "crosswind 20 kt, tailwind 10 kt": the limits set, in words.
    var words: String {
        [crosswind.map { "crosswind \(Format.fixed($0.knots, 0)) kt" }, tailwind.map { "tailwind \(Format.fixed($0.knots, 0)) kt" }]
            .compactMap { $0 }.joined(separator: ", ")
    }

    /// The limits the wind on `end` breaks, the gust's components when they are greater:
    /// "crosswind 24 kt", "tailwind 12 kt".
    func broken(_ end: RunwayWindComponents) -> [String] {
        var said: [String] = []
        let cross = ([end.crosswind] + [end.gustCrosswind].compactMap { $0 }).map { abs($0.knots) }.max()
        if let limit = crosswind, let cross, cross > limit.knots + 0.05 { said.append("crosswind \(Format.fixed(cross, 0)) kt") }
        let tail = ([end.headwind] + [end.gustHeadwind].compactMap { $0 }).map { -$0.knots }.max()
        if let limit = tailwind, let tail, tail > limit.knots + 0.05 { said.append("tailwind \(Format.fixed(tail, 0)) kt") }
        return said
    }
}
