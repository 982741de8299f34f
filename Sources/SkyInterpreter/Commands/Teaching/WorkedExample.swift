import SkyKit

/// The explanations that need an observer and aircraft (`explain radar|elevation|scope|size`)
/// without one: a worked example at Charles de Gaulle with the Paris sample, said so, and the
/// session left as it was.
enum WorkedExample {
    static let note = "no observer set: a worked example from Charles de Gaulle (LFPG) with the Paris sample — `observer <place>` explains with your own"

    /// `body`'s output with the session's observer, or with the worked example's (handed to it).
    static func withObserver(_ shell: Shell, _ body: (Observer) throws -> Output) throws -> Output {
        if let observer = shell.session.observer { return try body(observer) }
        let saved = shell.session
        defer { shell.session = saved }
        var cursor = WordCursor([Token("LFPG", isLiteral: true)])
        let place = try readPlace(&cursor, shell)
        let observer = Observer(place: place, altitude: place.elevation ?? .zero)
        shell.session.placeObserver(observer)
        shell.session.useRadarSource(.sample(.paris))
        var output = try body(observer)
        output.blocks.insert(.note(note), at: 0)
        return output
    }
}
