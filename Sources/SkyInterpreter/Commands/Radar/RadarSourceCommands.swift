import FoundationEssentials
import Glibc
import SkyKit

/// `radar source` and its kinds: sample, opensky, readsb, replay.
enum RadarSourceCommands {
    static let spec = CommandSpec(
        "source", category: .radar,
        abstract: "Show or choose where the radar's traffic comes from",
        discussion:
            "sample (the default): real traffic recorded over Paris on 2021-10-07 and over Zurich on 2018-08-01, embedded "
            + "in skyshell, replayed at the radar time; without a name, the one nearest the observer. opensky: OpenSky "
            + "Network's live API — anonymous, or signed in with credentials (OPENSKY_CLIENT_ID and OPENSKY_CLIENT_SECRET, a "
            + "credentials.json given with `credentials`, or opensky-credentials.json in the config directory; the file must "
            + "not be readable by everyone). Your position is rounded to 0.1° (about 10 km) before it is sent, and requests "
            + "are never made faster than OpenSky's data changes (10 s, or 5 s signed in). readsb: a receiver's "
            + "aircraft.json (readsb, dump1090-fa, tar1090, or an aggregator's v2 API), by URL or file. replay: a file "
            + "written by `radar record`.",
        subcommands: [sample, opensky, readsb, replay],
        examples: [
            Example("radar source", "the current source"),
            Example("radar source sample zurich", "the Zurich recording"),
            Example("radar source opensky", "live traffic from OpenSky"),
            Example("radar source readsb http://raspberrypi.local/tar1090/data/aircraft.json", "your own receiver"),
        ]
    ) { _, context in
        let feed = try context.radar.feed()
        var fields = [Field("source", "source", Cell(feed.label)), Field("kind", "kind", Cell(RadarText.kindName(context.session.radar.source)))]
        if let span = feed.span {
            fields.append(Field("start", "from", context.moments.cell(span.lowerBound)))
            fields.append(Field("end", "to", context.moments.cell(span.upperBound)))
            fields.append(Field("time", "radar time", context.moments.cell(context.radar.time(feed)), kind: .instant))
        } else {
            fields.append(
                Field(
                    "refresh_s", "refreshes", Cell(.number(feed.refreshInterval), text: "at most every \(Format.trimmed(feed.refreshInterval)) s"),
                    kind: .duration(secondsPerUnit: 1)))
        }
        if let opensky = feed as? OpenSkyFeed {
            fields.append(Field("url", "url", Cell(opensky.baseURL)))
            fields.append(
                Field(
                    "credentials", "signed in",
                    Cell(.optional(opensky.credentials?.origin), text: opensky.credentials.map { "yes, with \($0.origin)" } ?? "no (anonymous)")))
            if let credits = opensky.remainingCredits { fields.append(Field("credits", "credits left", Cell(.int(credits)))) }
        }
        fields.append(
            Field(
                "range_km", "range",
                Cell(
                    Datum.rounded(context.session.radar.range.kilometers, 3),
                    text: Format.distance(context.session.radar.range, context.settings.units, decimals: 1)), kind: .length(.kilometers)))
        return .card(Card(title: "Radar source", fields: fields))
    }

    /// Switches the source, checking it can be used first.
    static func use(_ source: RadarSource, _ context: CommandContext) throws -> Output {
        let before = context.session.radar
        context.session.useRadarSource(source)
        do {
            let feed = try context.radar.feed()
            var text = "radar source: \(feed.label)"
            if let span = feed.span {
                text +=
                    ", \(context.moments.span(span)); radar time \(context.moments.moment(context.radar.time(feed)))"
            }
            return Output([.message(text), .data("source", .string(feed.label))])
        } catch {
            context.session.useRadarSource(before.source)
            for (recording, t) in before.times { context.session.setRadarTime(t, of: recording) }
            throw error
        }
    }

    static let place = Argument(
        "place", .choice(SampleTraffic.Name.self, placeholder: "place"), "paris or zurich (the one nearest the observer when left out)",
        .optional)

    static let sample = CommandSpec(
        "sample", category: .radar,
        abstract: "Replay embedded real traffic (Paris 2021-10-07 or Zurich 2018-08-01)",
        arguments: [
            place.spec
        ],
        examples: [Example("radar source sample paris", "the Paris recording")]
    ) { args, context in
        try use(.sample(args[RadarSourceCommands.place]), context)
    }

    static let credentials = Option("credentials", .path(extensions: ["json"]), "a credentials.json with clientId and clientSecret")
    static let url = Option("url", .webURL, "the API's base URL (default https://opensky-network.org/api)")
    static let auth = Option("auth", .webURL, "the sign-in (token) URL")

    static let opensky = CommandSpec(
        "opensky", category: .radar,
        abstract: "Live traffic from OpenSky Network",
        options: [
            credentials.spec,
            url.spec,
            auth.spec,
        ],
        examples: [
            Example("radar source opensky", "anonymous, or signed in from the environment"),
            Example("radar source opensky credentials ~/credentials.json", "signed in"),
        ]
    ) { args, context in
        try use(
            .openSky(
                url: args[RadarSourceCommands.url]?.absoluteString, authURL: args[RadarSourceCommands.auth]?.absoluteString,
                credentials: args[RadarSourceCommands.credentials]), context)
    }

    static let location = Argument("location", .text, "a URL (http://…/aircraft.json) or a file path")

    static let readsb = CommandSpec(
        "readsb", category: .radar,
        abstract: "A local ADS-B receiver's aircraft.json (readsb, dump1090-fa, tar1090)",
        arguments: [location.spec],
        examples: [
            Example("radar source readsb http://localhost/tar1090/data/aircraft.json", "a receiver on this computer"),
            Example("radar source readsb /run/readsb/aircraft.json", "the file readsb writes"),
        ]
    ) { args, context in
        var location = try args.value(RadarSourceCommands.location)
        if let why = Session.receiverProblem(location) { throw ShellError.usage("'\(location)' \(why)") }
        if !location.hasPrefix("http://"), !location.hasPrefix("https://") {
            location = PathCompletion.expand(location, home: context.runner.environment["HOME"])
            guard FileManager.default.fileExists(atPath: location) else { throw ShellError(.noInput, "no such file: \(location)") }
        }
        return try use(.receiver(location), context)
    }

    static let file = Argument("file", .path(extensions: ["jsonl"]), "the recording")

    static let replay = CommandSpec(
        "replay", category: .radar,
        abstract: "Replay a recording made with radar record",
        arguments: [file.spec],
        examples: [Example("radar source replay evening.jsonl", "what was recorded")]
    ) { args, context in
        let path = try args.value(RadarSourceCommands.file)
        guard FileManager.default.fileExists(atPath: path) else { throw ShellError(.noInput, "no such file: \(path)") }
        return try use(.replay(path), context)
    }
}
