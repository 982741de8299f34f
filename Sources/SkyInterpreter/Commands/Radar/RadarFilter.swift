import SkyKit

/// `radar filter COND`: the condition, written as `where`'s over the columns of `radar list`
/// (altitude, distance, type, callsign, squawk, elevation…), that limits what the scope, the
/// list, `spot`, `what`, `next` and the live view show, until `radar filter off`.
enum RadarFilter {
    static let condition = Argument("condition", .text, "a condition over radar list's columns, or off", .repeating(min: 0), placeholder: "condition")

    static let spec = CommandSpec(
        "filter", category: .radar,
        abstract: "Show only the aircraft a condition keeps, until radar filter off",
        discussion:
            "The condition is written as `where`'s, over the columns of `radar list`: `altitude < 3000m and distance < 15km`, "
            + "`type like 'A38*'`, `squawk in [7500, 7600, 7700]`, `elevation > 20°`. It limits the scope, `radar list`, `spot`, "
            + "`what`, `next` (judged at each pass's closest moment) and `radar live`, is kept in the session, and shows in "
            + "`status` and in the prompt (⏷filter). `radar filter` alone shows it; `radar filter off` shows every aircraft again.",
        arguments: [condition.spec],
        examples: [
            Example("radar filter altitude < 3000m and distance < 15km", "the big, low ones nearby"),
            Example("radar filter off", "every aircraft again"),
        ]
    ) { args, context in
        // The words written again as one line, a value with spaces quoted again.
        let text = args.all(RadarFilter.condition).map { $0.contains(" ") ? Completer.quote($0) : $0 }.joined(separator: " ")
        if text.lowercased() == "off" {
            context.session.setRadarFilter(nil)
            return Output([.message("radar filter off: every aircraft is shown"), .data("filter", .null)])
        }
        if !text.isEmpty {
            _ = try plan(text, context)
            context.session.setRadarFilter(text)
        }
        guard let filter = context.session.radar.filter else {
            return Output([.message("no radar filter: every aircraft is shown"), .data("filter", .null)])
        }
        return Output([.message("radar filter: " + Visible.text(filter)), .data("filter", .string(filter))])
    }

    /// The test the filter's text makes over a `radar list` row.
    static func plan(_ text: String, _ context: CommandContext) throws -> RowTest {
        let words = try context.runner.lex(text)
        do {
            var parser = ExpressionParser(words)
            return try RowTest(
                [try parser.parse(what: "radar filter")], key: RadarText.table.key, columns: RadarText.columns, reader: ScalarReader(catalog: context.catalog))
        } catch {
            throw ShellError.usage("radar filter: " + error.message)
        }
    }

    /// The passes whose aircraft, at its pass, the session's filter keeps (all without a filter).
    static func keep(_ passes: [PredictedPass], _ w: RadarWindow, _ context: CommandContext) throws -> [PredictedPass] {
        guard let filter = context.session.radar.filter else { return passes }
        let test = try plan(filter, context)
        let geometry = RadarGeometry(w.observer)
        let picture = RadarPicture(
            feed: w.feed.label, time: w.now, isRecorded: w.feed.isRecorded, observer: w.observer, heading: context.session.heading,
            headingIsSet: context.session.headingIsSet, range: context.session.radar.range, units: context.settings.units, sightings: [], total: 0)
        return passes.filter { pass in
            guard let seen = geometry.sightings([pass.aircraft], within: Distance(40_000, .kilometers)).first else { return false }
            return test.keeps(RadarRow(seen, picture).cell)
        }
    }
}
