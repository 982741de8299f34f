import FoundationEssentials
import Glibc
import SkyKit

/// `radar` and its subcommands: the scope, the list, the range and the replay time.
enum RadarCommands {
    static let spec = CommandSpec(
        "radar", category: .radar,
        abstract: "Draw the radar scope: nearby aircraft, up = the way you face",
        discussion:
            "A round scope turned so that up is your heading (north up until you set one), with range rings, the compass letters, you at the centre "
            + "and each aircraft as an arrowhead along its track. The arrowhead's size follows how big the aircraft looks from here: its typical "
            + "wingspan (from the ADS-B category; 35 m when unknown) over the straight-line distance, in minutes of arc — tiny below 4′, then "
            + "4′, 10′ and 25′ and up; the colour is its altitude band. Traffic comes from the radar source: out of the box the embedded "
            + "recordings over Paris (2021-10-07) and Zurich (2018-08-01), replayed at the radar time; `radar source opensky` or "
            + "`radar source readsb URL` for live data. `set theme kid` draws big bright shapes and no text.",
        subcommands: [
            list, RadarSourceCommands.spec, range, time, RadarFilter.spec, RadarSatellitesCommand.spec, RadarRecordCommand.spec, RadarLiveCommand.spec,
            RadarCoverageCommand.spec, RadarWatchCommand.spec, RadarAircraftDBCommand.spec,
        ],
        requires: [.observer],
        examples: [
            Example("observer LFPG; radar", "the embedded Paris traffic around Charles de Gaulle"),
            Example("heading ENE; radar", "turned to face east-north-east"),
            Example("radar range 20km", "closer in"),
        ]
    ) { _, context in
        let picture = try context.radar.picture()
        return try frame(picture, context)
    }

    /// The blocks of one scope frame, for the terminal size less `extraRows` that the caller
    /// adds (the live view's countdown and alerts).
    static func frame(_ picture: RadarPicture, _ context: CommandContext, sweep: Double? = nil, extraRows: Int = 0, live: Bool = false) throws -> Output {
        let theme = Scope.Theme.of(context.settings.value(.theme))
        // The title and the legend are one line each at any width (drawn with the scope, which
        // knows the width); the rows left are the scope's, less the prompt's two when it
        // comes back after the drawing (a live view keeps one, so its last line never scrolls).
        let reserved = (theme.labels ? 2 : 0) + (live ? 1 : 2) + extraRows
        let scope = Scope(picture: picture, theme: theme, sweep: sweep)
        var output = Output()
        output.append(
            .drawing(
                Drawing("the scope", minimumColumns: 24, minimumRows: 10 + reserved) { columns, rows in
                    let drawn = scope.draw(columns: columns, rows: rows - reserved) ?? []
                    guard theme.labels else { return drawn }
                    return [[Span(title(picture, fitting: columns), .accent)]] + drawn + [legend(picture, theme, fitting: columns)]
                }))
        if let note = picture.note { output.append(.note(note)) }
        output.append(.data("aircraft", .list(picture.sightings.map { row($0, picture, context) })))
        return output
    }

    /// "sample Paris · 2021-10-07 14:10:01 UTC · 12 aircraft within 50 km · facing 067° ENE"
    /// The title in one line of at most `columns`: the whole, else without "Radar", else with
    /// the time of day for the moment, else without the source; the filter is never left out.
    static func title(_ picture: RadarPicture, fitting columns: Int = .max) -> String {
        let count = picture.sightings.count
        let within = "\(count) aircraft within " + Format.distance(picture.range, picture.units, decimals: 0)
        let facing = picture.headingIsSet ? "facing \(RadarText.bearing(picture.heading))" : "north up"
        let filter = picture.filter.map { ["filter: \(Visible.text($0)) (\(count) of \(picture.filtered))"] } ?? []
        let moment = picture.moments.moment(picture.time), clock = picture.moments.clock(picture.time)
        let forms = [
            ["Radar", picture.feed, moment, within, facing], [picture.feed, moment, within, facing], [picture.feed, clock, within, facing],
            [clock, within, facing],
        ]
        return Format.fitting(forms.map { ($0 + filter).joined(separator: " · ") }, columns)
    }

    /// The colour key of the altitude bands and the ring spacing, in one line of at most
    /// `columns` (band names shortened to their upper limits when the whole does not fit).
    static func legend(_ picture: RadarPicture, _ theme: Scope.Theme, fitting columns: Int = .max) -> StyledLine {
        let unit = Format.heightUnit(picture.units)
        let limits = Scope.bandLimits(picture.units).map { Format.grouped($0.value(in: unit)) }
        let rings = Format.distance(Distance(meters: picture.range.meters / 4), picture.units, decimals: 1)
        let whole = (
            "rings every \(rings)",
            ["ground", "below \(limits[0])", "\(limits[0])–\(limits[1])", "\(limits[1])–\(limits[2])", "above \(limits[2]) \(unit.symbol)"]
        )
        let short = ("rings \(rings)", ["ground", "<\(limits[0])", "<\(limits[1])", "<\(limits[2])", "higher (\(unit.symbol))"])
        let fits = displayWidth(whole.0) + whole.1.reduce(0) { $0 + 4 + displayWidth($1) } <= columns
        let (ringText, names) = fits ? whole : short
        var line: StyledLine = [Span(ringText, theme.ring)]
        for (k, name) in names.enumerated() {
            line.append(Span("  ▲", theme.bands[k]))
            line.append(Span(" " + name, .plain))
        }
        return line
    }

    /// One aircraft as a JSON object (what `radar list` rows hold).
    static func row(_ s: Sighting, _ picture: RadarPicture, _ context: CommandContext) -> Datum {
        .object(zip(RadarText.columns, RadarRow(s, picture).cells).map { ($0.key, $1.datum) })
    }

    static let limit = Option("limit", .integer(1...10_000), "at most this many rows")

    static let list = CommandSpec(
        "list", category: .radar,
        abstract: "The aircraft within range as a table, nearest first",
        discussion:
            "Callsign, type, registration, owner/operator and squawk (when the feed or your aircraft database has them), ground distance, "
            + "bearing and its clock position (12 o'clock is the way you face), altitude, elevation angle above your horizon, ground speed and track.",
        options: [limit.spec],
        requires: [.observer],
        examples: [Example("radar list", "every aircraft within range"), Example("radar list limit 5", "the five nearest")],
        rowSource: RowSource(table: RadarText.table)
    ) { args, context in
        let picture = try context.radar.picture()
        let limit = args[RadarCommands.limit] ?? Int.max
        let listed = picture.sightings.prefix(limit)
        let sightings = picture.sightings, frame = RadarRow.Frame(picture)
        var rows: [[Cell]] = []
        if !listed.isEmpty, let pushed = context.pipeline.pushedWhere() {
            // The where stages after the list: a row they drop is never made whole.
            for i in listed.indices {
                let row = RadarRow(sightings, i, frame)
                if pushed.keeps(row.cell) { rows.append(row.cells) }
            }
        } else {
            rows = listed.indices.map { RadarRow(sightings, $0, frame).cells }
        }
        // The columns and notes of the whole list, as the stages would have them.
        let shape = RadarText.shape(of: listed)
        var table = RadarText.table
        table.columns = shape.columns
        table.rows = rows
        var output = Output([.message(title(picture, fitting: Format.headingWidth(context.settings.renderOptions)), .accent)])
        // No aircraft is a table of no rows (`radar list | count` is 0), said in its title.
        if picture.sightings.isEmpty { table.title = "no aircraft within \(Format.distance(picture.range, picture.units, decimals: 0))" }
        output.append(.table(table))
        output.blocks += satelliteLines(picture)
        if let note = context.console.firstTime(shape.note) { output.append(.note(note)) }
        if let note = picture.note { output.append(.note(note)) }
        return output
    }

    /// "✦ ISS (ZARYA), a satellite: west-south-west, 23° up, 1,050 km away — lit by the Sun, look for it",
    /// one line per satellite, and their numbers once.
    static func satelliteLines(_ picture: RadarPicture) -> [Block] {
        guard !picture.satellites.isEmpty else { return [] }
        let lines = picture.satellites.map { sat -> Block in
            let words =
                "✦ \(sat.name), a satellite: \(CompassPoint(bearing: Angle(degrees: sat.azimuth)).words), \(Format.fixed(sat.elevation, 0))° up, "
                + "\(Format.distance(sat.range, picture.units, decimals: 0)) away — "
                + (sat.visible
                    ? "lit by the Sun against a dark sky: look for a bright steady star moving fast"
                        + (sat.magnitude.map { " (magnitude \(Format.fixed($0, 1)))" } ?? "")
                    : sat.sunlit ? "in sunlight, but the sky is too bright to see it" : "in the Earth's shadow, invisible")
            return .message(words, sat.visible ? .good : .dim)
        }
        return lines + [
            .data(
                "satellites",
                .list(
                    picture.satellites.map { s in
                        .object([
                            ("name", .string(s.name)), ("azimuth", Datum.rounded(s.azimuth, 1)), ("elevation", Datum.rounded(s.elevation, 1)),
                            ("range_km", Datum.rounded(s.range.kilometers, 0)), ("visible", .bool(s.visible)),
                            ("magnitude", s.magnitude.map { Datum.rounded($0, 1) } ?? .null),
                        ])
                    }))
        ]
    }

    static let distance = Argument(
        "distance", .distance(), "the scope's radius, 1 to 500 km (km, mi or nm by the units setting when no unit is given)", .optional)

    static let range = CommandSpec(
        "range", category: .radar,
        abstract: "Show the radar out to a distance",
        arguments: [distance.spec],
        examples: [Example("radar range 20km", "closer in"), Example("radar range 50nm", "in nautical miles")]
    ) { args, context in
        if let d = args[RadarCommands.distance] {
            guard SessionRules.radarRange.contains(d.kilometers) else {
                throw ShellError.usage("the radar range is from 1 km to 500 km (not \(Format.distance(d, context.settings.units)))")
            }
            context.session.setRadarRange(d)
        }
        return Output([
            .message("radar range \(Format.distance(context.session.radar.range, context.settings.units, decimals: 1))"),
            .data("range_km", Datum.rounded(context.session.radar.range.kilometers, 3)),
        ])
    }

    static let timeText = Argument("time", .words, "13:05, 13:05:30, +5min, -30s or 2021-10-07T13:05Z", .optional)

    static let time = CommandSpec(
        "time", category: .radar,
        abstract: "Move the replay of a recorded source to a moment",
        discussion:
            "For the embedded samples and recordings. Times of day are UTC on the recording's day (13:05) — on the observer's clock "
            + "after `set time local`, with the offset in force at that time (a time in the hour the clocks skip or repeat is an "
            + "error naming both moments; give the offset, 2027-10-31T02:30+01:00) —, +5min and -30s move from the current moment, "
            + "and full ISO 8601 times work too. The replay starts at the recording's busiest minute.",
        arguments: [timeText.spec],
        examples: [Example("radar time 13:05", "the Paris sample at 13:05 UTC"), Example("radar time +10min", "ten minutes later")]
    ) { args, context in
        let feed = try context.radar.feed()
        guard let span = feed.span else {
            throw ShellError.usage("\(feed.label) is live: it always shows the present (radar time moves recordings)")
        }
        if let text = args[RadarCommands.timeText] {
            let current = Date(timeIntervalSince1970: context.radar.time(feed))
            let t: Double
            do {
                // A time of day is on the clock the radar shows (set time local: the observer's),
                // with the offset in force at that time of day.
                t = try TimeParser.instant(text, now: current, clock: context.moments).timeIntervalSince1970
            } catch let error as ValueError {
                throw ShellError.usage(error.message)
            }
            guard span.contains(t) else {
                throw ShellError.usage(
                    "\(feed.label) runs from \(context.moments.span(span)); \(context.moments.moment(t)) is outside it"
                )
            }
            context.session.setRadarTime(t, of: feed.label)
        }
        let now = context.radar.time(feed)
        return Output([
            .message(
                "radar time \(context.moments.moment(now)) (\(feed.label) runs from \(context.moments.span(span)))"
            ),
            .data("time", TimeText.isoDatum(now)), .data("start", TimeText.isoDatum(span.lowerBound)), .data("end", TimeText.isoDatum(span.upperBound)),
        ])
    }
}
