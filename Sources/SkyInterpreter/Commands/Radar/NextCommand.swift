import FoundationEssentials
import Glibc
import SkyKit

/// `next [closest|overhead] [above <angle>] [within <dist>] [for <duration>]`: what will pass
/// you in the coming minutes, and when.
enum NextCommand {
    /// What `next` looks for, as the user names it.
    enum Goal: String, CaseIterable, Sendable { case closest, overhead }

    static let goal = Argument(
        "goal", .choice(Goal.self, placeholder: "closest|overhead"), "closest (default): nearest approach; overhead: highest in the sky", .optional)
    static let above = Option("above", .angle, "the moment each aircraft climbs above this elevation (0–90°)")
    static let within = Option("within", .distance(), "only passes this near (default: the radar range)")
    static let window = Option(
        "for", .duration(defaultSeconds: 60, placeholder: "duration"), "how far ahead to look (1 min to 1 h)", default: 600, shown: "10min")
    static let limit = Option("limit", .integer(1...1_000), "at most this many rows", default: 10, shown: "10")

    static let spec = CommandSpec(
        "next", category: .radar,
        abstract: "Say which aircraft will pass you next, how near and when",
        discussion:
            "Looks ahead from the radar time and finds, for every aircraft, the moment it is nearest to you (straight-line distance; `closest`, the "
            + "default), highest in your sky (`overhead`) or climbs above an elevation (`above 30`). Recorded sources (the embedded samples, "
            + "replays) know the future: the answer follows the recording, with straight flight between its points. Live feeds are "
            + "extrapolated — each aircraft flies straight on at its ground speed, track and climb rate — and say so. The passes are "
            + "listed in time order; the first line names the nearest (or highest, or first). `explain next` shows the "
            + "closest-approach computation.",
        arguments: [goal.spec],
        options: [above.spec, within.spec, window.spec, limit.spec],
        requires: [.observer],
        examples: [
            Example("next", "the nearest pass in the next 10 minutes"), Example("next overhead for 20min", "the highest pass in 20 minutes"),
            Example("next above 30", "aircraft that will be more than 30° up"), Example("next within 5km", "passes within 5 km"),
        ],
        columns: columns
    ) { args, context in
        let request = try Request(args, context)
        let (w, passes) = try predict(request, context)
        return report(request, w, passes, limit: try args.value(NextCommand.limit), context)
    }

    /// A checked `next` request.
    struct Request {
        var kind: PassKind
        var reach: Distance
        var duration: Double

        init(_ args: Arguments, _ context: CommandContext) throws {
            let duration = try args.value(NextCommand.window)
            guard RadarContext.windowLengths.contains(duration) else {
                throw ShellError.usage("next looks 1 min to 1 h ahead (not \(TimeText.span(duration)))")
            }
            if let angle = args[NextCommand.above] {
                guard args[NextCommand.goal] == nil else { throw ShellError.usage("give closest, overhead or above <angle>, not two of them") }
                guard (0...90).contains(angle.degrees) else {
                    throw ShellError.usage("above is an elevation, 0° to 90° (not \(Format.trimmed(angle.degrees))°)")
                }
                kind = .above(angle)
            } else {
                kind = args[NextCommand.goal] == .overhead ? .overhead : .closest
            }
            reach = args[NextCommand.within] ?? context.session.radar.range
            guard reach.meters > 0 else { throw ShellError.usage("within needs a distance above zero") }
            self.duration = duration
        }

        init(kind: PassKind, reach: Distance, duration: Double) {
            self.kind = kind
            self.reach = reach
            self.duration = duration
        }
    }

    /// The window looked at and the passes in it.
    static func predict(_ request: Request, _ context: CommandContext) throws -> (RadarWindow, [PredictedPass]) {
        let w = try context.radar.future(request.duration, reach: request.reach)
        let predictor = PassPredictor(w.geometry)
        let passes = try predictor.passes(w.window, kind: request.kind, after: w.now, until: w.end, within: request.reach) { Interrupt.requested }
        return (w, try RadarFilter.keep(passes, w, context))
    }

    /// The pass the first line names: the nearest, the highest, or the first to rise.
    static func headline(_ passes: [PredictedPass], _ kind: PassKind) -> PredictedPass? {
        switch kind {
        case .closest: passes.min { ($0.slantRange.meters, $0.time) < ($1.slantRange.meters, $1.time) }
        case .overhead: passes.max { ($0.elevation.degrees, -$0.time) < ($1.elevation.degrees, -$1.time) }
        case .above: passes.first
        }
    }

    /// "AFR702 (Air France) will pass 1.8 km from you at 13:07:42 UTC, in 2 min 42 s: …"
    static func sentence(_ p: PredictedPass, _ kind: PassKind, now: Double, _ units: UnitSystem, _ context: CommandContext) -> String {
        let who = RadarText.who(p.name, p.aircraft, context)
        let when = "at \(context.moments.moment(p.time)), in \(TimeText.span(p.time - now))"
        let whereabouts =
            "\(Format.fixed(p.elevation.degrees, 0))° up towards \(CompassPoint(bearing: p.bearing).words)"
            + (p.aircraft.altitude.map { " at " + RadarText.altitudeWords($0, p.aircraft, units) } ?? "")
        switch kind {
        case .closest:
            return "\(who) will pass closest: \(Format.distance(p.slantRange, units)) from you \(when) — \(whereabouts)."
        case .overhead:
            return "\(who) will be highest: \(whereabouts), \(Format.distance(p.slantRange, units)) from you \(when)."
        case .above(let angle):
            return
                "\(who) will climb above \(Format.fixed(angle.degrees, 0))° \(when) — towards \(CompassPoint(bearing: p.bearing).words), highest "
                + "\(Format.fixed(p.highest.degrees, 0))°."
        }
    }

    static func describe(_ kind: PassKind) -> String {
        switch kind {
        case .closest: "closest approaches"
        case .overhead: "highest points"
        case .above(let a): "rises above \(Format.fixed(a.degrees, 0))°"
        }
    }

    static func report(_ request: Request, _ w: RadarWindow, _ passes: [PredictedPass], limit: Int, _ context: CommandContext) -> Output {
        let units = context.settings.units
        let reach = Format.distance(request.reach, units, decimals: request.reach.kilometers < 10 ? 1 : 0)
        var output = Output([
            .message(
                Format.fitting(
                    [context.moments.moment(w.now), context.moments.clock(w.now)].map {
                        "Next \(TimeText.span(request.duration)) from \($0) · \(w.feed.label) · \(describe(request.kind)) within \(reach)"
                            + (context.session.radar.filter.map { " · filter: " + Visible.text($0) } ?? "")
                    }, Format.headingWidth(context.settings.renderOptions)),
                .accent)
        ])
        if let first = headline(passes, request.kind) {
            output.append(.message(sentence(first, request.kind, now: w.now, units, context)))
            var table = Table(key: "passes", columns: columns)
            table.rows = passes.prefix(limit).map { cells($0, now: w.now, units, context) }
            output.append(.table(table))
            if passes.count > limit { output.append(.note("\(passes.count - limit) more; `limit` shows them")) }
            if let note = context.console.firstTime(RadarText.altitudeNote(passes.prefix(limit).map(\.aircraft))) { output.append(.note(note)) }
        } else {
            let what: String
            switch request.kind {
            case .above(let a): what = "will climb above \(Format.fixed(a.degrees, 0))°"
            case .closest, .overhead: what = "will pass"
            }
            output.append(.message("No aircraft \(what) within \(reach) in the next \(TimeText.span(w.end - w.now))."))
            output.append(.data("passes", .list([])))
        }
        if let note = w.note { output.append(.note(note)) }
        output.append(.data("extrapolated", .bool(w.window.extrapolated)))
        return output
    }

    static let columns = [
        Column("time", "Time", kind: .instant), Column("in_s", "In", .right, kind: .duration(secondsPerUnit: 1), dropRank: 1), Column("callsign", "Callsign"),
        Column("icao24", "", dataOnly: true),
        Column("airline", "Airline", kind: .airline, dropRank: 2), Column("distance_km", "Distance", .right, kind: .length(.kilometers)),
        Column("ground_km", "Ground", .right, kind: .length(.kilometers), dropRank: 3),
        Column("elevation", "Elevation", .right), Column("bearing", "Bearing", kind: .angle), Column("altitude_m", "Altitude", .right, kind: .height(.meters)),
    ]

    static func cells(_ p: PredictedPass, now: Double, _ units: UnitSystem, _ context: CommandContext) -> [Cell] {
        let airline = RadarText.airline(p.aircraft, context)
        return [
            context.moments.clockCell(p.time),
            Cell(Datum.rounded(p.time - now, 1), text: TimeText.span(p.time - now)),
            Cell(.string(p.aircraft.callsign ?? ""), text: p.name), Cell(.string(p.icao24)),
            Cell(.optional(airline), text: airline ?? "—"),
            Cell(Datum.rounded(p.slantRange.kilometers, 3), text: Format.distance(p.slantRange, units)),
            Cell(Datum.rounded(p.groundDistance.kilometers, 3), text: Format.distance(p.groundDistance, units)),
            Cell(Datum.rounded(p.elevation.degrees, 2), text: Format.degrees(p.elevation, decimals: 1)),
            Cell(Datum.rounded(p.bearing.degrees, 1), text: RadarText.bearing(p.bearing)),
            Cell(p.aircraft.altitude.map { Datum.rounded($0.meters, 1) } ?? .null, text: RadarText.altitude(p.aircraft, units)),
        ]
    }
}
