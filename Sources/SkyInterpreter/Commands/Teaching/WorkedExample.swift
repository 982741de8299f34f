import SkyKit

/// The explanations that need an observer and aircraft (`explain radar|elevation|scope|size`)
/// without one: a worked example at Charles de Gaulle with the Paris sample, said so, and the
/// session left as it was.
enum WorkedExample {
    static let note = "no observer set: a worked example from Charles de Gaulle (LFPG) with the Paris sample — `observer <place>` explains with your own"

    /// `body`'s output with the session's observer, or with the worked example's (handed to it).
    static func withObserver(_ context: CommandContext, _ body: (Observer) throws -> Output) throws -> Output {
        if let observer = context.session.observer { return try body(observer) }
        let saved = context.session
        defer { context.session = saved }
        var cursor = WordCursor([Token("LFPG", isLiteral: true)])
        let place = try readPlace(&cursor, context)
        let observer = Observer(place: place, altitude: place.elevation ?? .zero)
        context.session.placeObserver(observer)
        context.session.useRadarSource(.sample(.paris))
        var output = try body(observer)
        output.blocks.insert(.note(note), at: 0)
        return output
    }
}
