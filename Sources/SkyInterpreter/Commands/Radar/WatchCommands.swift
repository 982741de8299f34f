import SkyKit

/// `watch`, `watch add KIND PATTERN`, `watch list`, `watch rm N|all`: what the spotter watches
/// for, and which of it is in range now, with where to look; emergency squawks always count.
enum WatchCommands {
    static let spec = CommandSpec(
        "watch", category: .radar,
        abstract: "Say which watched aircraft are in range now, and where to look",
        discussion:
            "The aircraft within the radar range that match an entry of the watchlist (watch add), nearest first, each with "
            + "where to look as spot says it. Aircraft squawking an emergency code — 7500 (unlawful interference), 7600 "
            + "(radio failure), 7700 (general emergency) — are always named, watched or not. The watchlist is kept in the "
            + "session.",
        subcommands: [add, list, remove],
        requires: [.observer],
        examples: [
            Example("watch add type A388", "watch for the A380"),
            Example("observer LFPG; watch", "which watched aircraft are near now"),
        ]
    ) { _, context in
        let picture = try context.radar.picture()
        let entries = context.session.radar.watchlist
        var rows: [[Cell]] = []
        var lines: [Block] = []
        for s in picture.sightings {
            let a = s.aircraft
            let why = WatchEntry.reasons(entries, a)
            guard !why.isEmpty else { continue }
            let emergency = WatchEntry.emergency(a.squawk)
            rows.append([
                Cell(.string(a.callsign ?? a.icao24), text: Visible.text(a.name)), Cell(.string(a.icao24)), Cell(Datum.optional(a.typeDesignator)),
                Cell(.number((s.groundDistance.kilometers * 100).rounded() / 100), text: Format.distance(s.groundDistance, picture.units)),
                Cell(.number((s.bearing.degrees * 10).rounded() / 10), text: CompassPoint(bearing: s.bearing).rawValue),
                Cell(.list(why.map { .string($0) }), text: Visible.text(why.joined(separator: ", "))),
            ])
            if let emergency {
                lines.append(.message("EMERGENCY: \(Visible.text(a.name)) squawks \(a.squawk ?? "") (\(emergency))", .warning))
            }
            lines.append(.message(SpotCommand.sentence(s, picture.units, context)))
        }
        guard !rows.isEmpty else {
            let when = picture.isRecorded ? "at \(picture.moments.moment(picture.time)) in the recording" : "now"
            let list = entries.isEmpty ? " — the watchlist is empty: watch add type A388" : " (\(Format.count(entries.count, "entry", "entries")) watched)"
            return Output([.message("nothing watched within \(Format.distance(picture.range, picture.units, decimals: 0)) \(when)\(list)")])
        }
        let table = Table(
            key: "watched",
            columns: [
                Column("callsign", "Callsign", kind: .text), Column("icao24", "", dataOnly: true, kind: .text), Column("type", "Type", kind: .aircraft),
                Column("distance_km", "Distance", .right, kind: .length(.kilometers)), Column("bearing", "Toward", kind: .angle),
                Column("why", "Why"),
            ], rows: rows)
        return Output([.table(table)] + lines)
    }

    static let kind = Argument(
        "kind", Kind<WatchEntry.Kind>.choice(WatchEntry.Kind.self, placeholder: "kind"), "type, reg, operator, callsign, squawk, hex or country")
    static let pattern = Argument("pattern", .text, "what to match; * stands for any characters, ? for one")

    static let add = CommandSpec(
        "add", category: .radar,
        abstract: "Watch for an aircraft type, registration, operator, callsign, squawk, ICAO address or country",
        discussion:
            "The pattern is matched without regard to case; `*` stands for any run of characters and `?` for one (BAW*, N12?AB). "
            + "A country is its ISO 3166 code or its name (MN, Mongolia): the country of registration, known from the block of "
            + "ICAO addresses the aircraft's address is in, whatever the feed says.",
        arguments: [kind.spec, pattern.spec],
        examples: [
            Example("watch add type C130", "Hercules"), Example("watch add operator RCH", "US Air Mobility Command (callsigns REACH…)"),
            Example("watch add callsign BAW*", "British Airways"), Example("watch add hex 3c6444", "one airframe"),
            Example("watch add country Mongolia", "anything registered in Mongolia"),
        ]
    ) { args, context in
        let given = try args.value(pattern)
        var entry = WatchEntry(try args.value(kind), given)
        if entry.kind == .country { entry.pattern = try countryCode(given, context).uppercased() }
        guard entry.pattern.utf8.count <= 32, entry.pattern.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 32 && $0.value < 127 }) else {
            throw ShellError.usage("a watch pattern is up to 32 letters, digits, - * ?: got '\(Visible.text(entry.pattern))'")
        }
        context.session.watch(entry)
        return listing(context, "watching \(entry.kind.rawValue) \(entry.pattern)")
    }

    /// The ISO 3166 code a country pattern names: a code (or a pattern of codes) as it is, a
    /// country's name as its code.
    static func countryCode(_ pattern: String, _ context: CommandContext) throws -> String {
        if pattern.utf8.count == 2 || pattern.contains(where: { $0 == "*" || $0 == "?" }) { return pattern }
        if let code = context.catalog.countryCode(named: pattern) { return code }
        throw ShellError.usage("'\(Visible.text(pattern))' is not a country skyshell knows: give its ISO 3166 code (FR) or its English name")
    }

    static let list = CommandSpec("list", category: .radar, abstract: "List the watchlist", examples: [Example("watch list", "what is watched")]) {
        _, context in listing(context, nil)
    }

    static let which = Argument("entry", .text, "the entry's number in watch list, or all")

    static let remove = CommandSpec(
        "rm", aliases: ["remove"], category: .radar,
        abstract: "Stop watching an entry (by its number in watch list), or all",
        arguments: [which.spec],
        examples: [Example("watch rm 2", "the second entry"), Example("watch rm all", "empty the watchlist")]
    ) { args, context in
        let word = try args.value(which)
        let count = context.session.radar.watchlist.count
        if word.lowercased() == "all" {
            context.session.unwatch(nil)
            return listing(context, "watchlist emptied")
        }
        guard let n = NumberParser.integer(word, in: 1...Int(Int32.max)), n <= count else {
            throw ShellError.usage(
                count == 0 ? "the watchlist is empty" : "'\(Visible.text(word))' is not an entry: give 1 to \(count) (watch list) or all")
        }
        let entry = context.session.radar.watchlist[n - 1]
        context.session.unwatch(n - 1)
        return listing(context, "no longer watching \(entry.kind.rawValue) \(entry.pattern)")
    }

    /// The watchlist as a table, after `message`.
    static func listing(_ context: CommandContext, _ message: String?) -> Output {
        let entries = context.session.radar.watchlist
        var output = Output(message.map { [.message($0)] } ?? [])
        guard !entries.isEmpty else {
            output.append(.message("the watchlist is empty — watch add type A388 (emergency squawks are always named)"))
            return output
        }
        output.append(
            .table(
                Table(
                    key: "watchlist",
                    columns: [Column("n", "#", .right, kind: .integer), Column("kind", "Kind", kind: .text), Column("pattern", "Pattern", kind: .text)],
                    rows: entries.enumerated().map { n, e in [Cell(.int(n + 1)), Cell(e.kind.rawValue), Cell(e.pattern)] })))
        return output
    }
}
