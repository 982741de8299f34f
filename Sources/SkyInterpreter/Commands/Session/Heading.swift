import SkyKit

/// `heading [<angle>|+<turn>|-<turn>]`, `heading left|right <angle>`: the direction you face.
enum HeadingCommand {
    static let spec = CommandSpec(
        "heading", aliases: ["face"], category: .session,
        abstract: "Show or set the direction you face",
        discussion:
            "The radar scope turns so that your heading is up. Give a bearing in degrees (0 = north, 90 = east) or a "
            + "compass point (N, NE, ENE…). A signed number turns relative to the current heading: +30 turns 30° right, -30 "
            + "turns left.",
        arguments: [change.spec],
        subcommands: [turn("left", sign: -1), turn("right", sign: 1), toward],
        examples: [
            Example("heading 270", "face west"),
            Example("heading ENE", "face east-north-east"),
            Example("heading +45", "turn 45° to the right"),
            Example("heading toward LFPG", "face the airport, wherever it is"),
        ]
    ) { args, context in
        if let change = args[change] {
            if change.relative { context.session.turn(by: change.angle) } else { context.session.face(change.angle) }
        }
        return output(context)
    }

    /// A bearing, or a relative turn when the word starts with + or -.
    struct HeadingChange { var angle: Angle; var relative: Bool }

    static let change = Argument(
        "angle",
        Kind<HeadingChange>.word("angle", Kind<Angle>.angle.summary + "; +30 or -30 turns", complete: Kind<Angle>.angle.complete) { word, _ in
            HeadingChange(angle: try AngleParser.parse(word), relative: word.hasPrefix("+") || word.hasPrefix("-"))
        }, "a bearing, or +/- a turn", .optional)

    static let turnAngle = Argument("angle", .angle, "how far to turn")

    static func turn(_ name: String, sign: Double) -> CommandSpec {
        CommandSpec(
            name, category: .session,
            abstract: "Turn \(name) by an angle",
            arguments: [turnAngle.spec],
            examples: [Example("heading \(name) 90", "a quarter turn to the \(name)")]
        ) { args, context in
            let angle = try args.value(turnAngle)
            context.session.turn(by: Angle(degrees: sign * angle.degrees))
            return output(context)
        }
    }

    static let place = Argument("place", .place, "what to face: an airport, a place or coordinates")

    /// `heading toward PLACE`: face the place (the start of the geodesic to it).
    static let toward = CommandSpec(
        "toward", category: .session,
        abstract: "Face a place: the bearing from the observer to it",
        discussion: "The bearing at the start of the shortest path on the ellipsoid from the observer to the place.",
        arguments: [place.spec],
        requires: [.observer],
        examples: [Example("heading toward LFPG", "face Charles de Gaulle"), Example("heading toward 48.8584 2.2945", "face the Eiffel Tower")]
    ) { args, context in
        let from = try args.observer().place.coordinate, to = try args.value(place).coordinate
        let line = Geodesic.wgs84.inverse(from, to)
        guard line.distance.meters >= 1 else { throw ShellError.usage("that is where you stand: no way to face it") }
        context.session.face(line.initialAzimuth.normalizedBearing)
        var out = output(context)
        out.blocks.insert(.message("\(Format.distance(line.distance, context.settings.units)) away", .dim), at: 1)
        return out
    }

    static func output(_ context: CommandContext) -> Output {
        let heading = context.session.heading
        let point = CompassPoint(bearing: heading)
        return Output([
            .message("heading \(Format.bearing(heading)) — facing \(point.words)"),
            .data("heading_deg", .number(heading.degrees)),
            .data("compass", .string(point.rawValue)),
        ])
    }
}
