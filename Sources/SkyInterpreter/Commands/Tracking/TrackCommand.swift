import FoundationEssentials
import Glibc
import SkyKit

/// `track <url>`: follow any JSON position feed on a world map; `iss live` is its preset.
enum TrackCommand {
    static let url = Argument("url", .webURL, "an http(s) URL answering JSON")
    static let every = Option("every", .duration(defaultSeconds: 1, placeholder: "interval"), "time between fetches (at least 1 s)", default: 1, shown: "1s")
    /// How long to track, and the file to write at the end: `track` and `iss live` share them.
    static let duration = Option("for", .duration(defaultSeconds: 1, placeholder: "duration"), "stop after this long (needed in scripts)")
    static let lat = Option("lat", .text, "path of the latitude in the JSON", bare: false)
    static let lon = Option("lon", .text, "path of the longitude", bare: false)
    static let alt = Option("alt", .text, "path of the altitude (in --alt-unit)", bare: false)
    static let altUnit = Option(
        "alt-unit", .lengthUnit, "what the feed's altitude numbers are in: km, m, ft, nm or mi", default: .kilometers, shown: "km", bare: false)
    static let label = Option("label", .text, "the marker's name on the map", bare: false)
    static let geojson = Option("geojson", .path(extensions: ["geojson", "json"]), "write the track to this file at the end", bare: false)
    static let force = Flag("force", "replace an existing GeoJSON file")

    static let spec = CommandSpec(
        "track", category: .orbit,
        abstract: "Follow a JSON position feed on a world map that keeps the marker in view",
        discussion:
            "Fetches the URL again and again (every second unless `every` says otherwise) and reads a latitude and "
            + "longitude from the JSON answer — top-level latitude/longitude or lat/lon, iss_position.latitude, GeoJSON "
            + "coordinates — or from the paths given with --lat and --lon (dotted: iss_position.latitude; list items by "
            + "number). At a terminal the map follows the marker with a fading trail and a status line (position, altitude, "
            + "speed from the last two fixes, age of the last update); a failed fetch shows there and the loop goes on; q or "
            + "Ctrl-C ends it. In scripts, give a duration with `for` and each fix is printed. --geojson writes the track "
            + "when it ends.",
        arguments: [url.spec],
        options: [
            every.spec,
            duration.spec,
            lat.spec,
            lon.spec,
            alt.spec,
            altUnit.spec,
            label.spec,
            geojson.spec,
            force.spec,
        ],
        examples: [
            Example("track http://api.open-notify.org/iss-now.json --lat iss_position.latitude --lon iss_position.longitude", "the ISS from Open Notify"),
            Example("track http://localhost:8080/position.json every 5s for 1min", "a minute of a local feed in a script"),
            Example("track http://localhost:8080/plane.json --alt alt_baro --alt-unit ft for 1min", "a feed whose altitude is in feet"),
        ]
    ) { args, context in
        let tracker = try Tracker(
            url: try args.value(TrackCommand.url), context: context, args: args, label: args[TrackCommand.label] ?? "●", command: "track URL")
        return try tracker.run(duration: args[TrackCommand.duration])
    }
}

/// The `iss live` preset of `track`.
enum ISSLiveCommand {
    static let url = URL(string: "https://api.wheretheiss.at/v1/satellites/25544")!

    static let endpoint = Option("url", .webURL, "another endpoint answering the same fields")

    static let spec = CommandSpec(
        "live", category: .orbit,
        abstract: "Follow the ISS live from wheretheiss.at on a world map (needs the network)",
        discussion:
            "`track` preset for \(url) (latitude, longitude, altitude in km), at most one request a second. `iss` computes the position offline instead.",
        options: [
            TrackCommand.duration.spec,
            endpoint.spec,
            TrackCommand.geojson.spec,
            TrackCommand.force.spec,
        ],
        examples: [Example("iss live", "the ISS moving over the map")]
    ) { args, context in
        let tracker = try Tracker(url: args[ISSLiveCommand.endpoint] ?? url, context: context, args: args, label: "ISS", command: "iss live")
        return try tracker.run(duration: args[TrackCommand.duration])
    }
}

/// One tracking session: fetch, read the fix, keep the track, show it.
final class Tracker {
    let context: CommandContext
    let url: URL
    let host: String
    let paths: PositionPaths
    let label: String
    /// The command as a script would give it ("iss live", "track URL"), for hints.
    let command: String
    let interval: Double
    let geojson: AtomicFile?
    var track = Track(capacity: 10_000)
    var problem: String?
    var failures = 0

    init(url: URL, context: CommandContext, args: Arguments, label: String, command: String) throws(ShellError) {
        self.context = context
        self.command = command
        self.url = url
        host = url.host ?? url.absoluteString
        self.label = label
        paths = PositionPaths(
            latitude: args[TrackCommand.lat], longitude: args[TrackCommand.lon], altitude: args[TrackCommand.alt],
            altitudeUnit: try args.value(TrackCommand.altUnit))
        interval = max(1, try args.value(TrackCommand.every))
        // The file is checked (and refused when it exists without --force) before tracking starts.
        geojson = try args[TrackCommand.geojson].map { path throws(ShellError) in try context.files.createUserFile(path, force: args.flag(TrackCommand.force)) }
    }

    /// Fetches one fix; a failure is kept in `problem`, not thrown.
    func poll() -> TrackFix? {
        do throws(FeedError) {
            let response: HTTPResponse
            do { response = try context.web.http.get(url, cancelled: { Interrupt.requested }) } catch .cancelled { return nil } catch {
                throw FeedError(.unavailable, "\(error)")
            }
            guard response.status == 200 else { throw FeedError(.unavailable, "\(host) answered \(response.status) (\(HTTPStatus.reason(response.status)))") }
            let document: Datum
            do { document = try JSONParser.parse(response.body) } catch { throw FeedError(.data, "\(host) sent something that is not JSON (\(error))") }
            let fix = try paths.fix(in: document, at: Date().timeIntervalSince1970)
            track.add(fix)
            problem = nil
            return fix
        } catch {
            failures += 1
            problem = error.message
            return nil
        }
    }

    func run(duration: Double?) throws -> Output {
        guard let duration else {
            guard isatty(0) == 1, context.console.stdoutIsTerminal else {
                throw ShellError.usage("tracking needs a terminal; in scripts give a duration: \(command) for 30s")
            }
            try runLive()
            return try ending()
        }
        guard duration >= 1 else { throw ShellError.usage("track for needs at least 1 s") }
        return Output([.stream(fixes(for: duration))])
    }

    /// What tracking leaves: the GeoJSON file written, and a summary.
    func ending() throws(ShellError) -> [Block] {
        var blocks: [Block] = []
        if let geojson {
            try context.files.finish(geojson, with: JSONWriter.compact(track.geoJSON(name: label)) + "\n")
            blocks.append(.message("wrote \(geojson.path) (\(Format.count(track.fixes.count, "fix", "fixes")))", .dim))
        }
        blocks.append(
            .message("tracking ended: \(Format.count(track.fixes.count, "fix", "fixes")), \(Format.count(failures, "failed fetch", "failed fetches"))"))
        return blocks
    }

    func ending() throws -> Output { Output(try ending() as [Block]) }

    /// In scripts: the fixes as a stream for `duration` seconds, a row per fix (a line each in
    /// text, objects in JSON). Failures before the first fix are held back: if no fix ever
    /// comes, the run ends in one error line instead.
    func fixes(for duration: Double) -> StreamedTable {
        let end = Date().addingTimeInterval(duration)
        var heldBack: [String] = []
        var next = Date(), stopped = false
        let rows = AnyIterator<[Cell]> { [self] in
            while !stopped {
                let wait = next.timeIntervalSinceNow
                Pause.sleep(seconds: wait)
                next = Date().addingTimeInterval(interval)
                let fix = poll()
                if fix != nil {
                    for line in heldBack { context.console.err.write("track: \(line)\n") }
                    heldBack = []
                } else if let problem {
                    if track.fixes.isEmpty { heldBack.append(problem) } else { context.console.err.write("track: \(problem)\n") }
                }
                context.console.err.flush()
                if Interrupt.requested { Interrupt.take(); stopped = true }
                // The last fetch is the one after which the next would come too late.
                if next > end { stopped = true }
                if let fix { return row(fix) }
            }
            return nil
        }
        return StreamedTable(
            key: "fixes",
            columns: [
                Column("line", "Fix", textOnly: true), Column("time", "", dataOnly: true, kind: .instant), Column("latitude", "", dataOnly: true),
                Column("longitude", "", dataOnly: true), Column("altitude_m", "", dataOnly: true, kind: .height(.meters)),
            ], widths: [200, 0, 0, 0, 0], rows: rows, empty: "", header: false
        ) { () throws(ShellError) in
            if self.track.fixes.isEmpty, let problem = self.problem {
                throw ShellError(.unavailable, "no position from \(self.host) in \(self.failures) tr\(self.failures == 1 ? "y" : "ies"); the last: \(problem)")
            }
            return try self.ending()
        }
    }

    /// A fix as a row: the status line people read, the numbers for JSON and CSV.
    func row(_ fix: TrackFix) -> [Cell] {
        [
            Cell(statusLine(fix)), Cell(.string(CivilTime(fix.time).iso)), Cell(.number(fix.coordinate.latitude)),
            Cell(.number(fix.coordinate.longitude)), Cell(fix.altitude.map { .number($0.meters) } ?? .null),
        ]
    }

    /// At a terminal: the map, redrawn until q.
    func runLive() throws {
        let screen = try LiveScreen(context)
        defer { screen.close() }
        var nextFetch = Date.distantPast
        while true {
            if Date() >= nextFetch {
                _ = poll()
                nextFetch = Date().addingTimeInterval(interval)
            }
            screen.show(frame())
            if case .quit = screen.readKey(timeout: 0.2) { break }
            if screen.stopRequested() != nil { break }
        }
    }

    /// "51.23°N 12.34°E · 420 km · 27,600 km/h · updated 1 s ago"
    func statusLine(_ fix: TrackFix) -> String {
        var parts = ["\(label) \(CoordinateText.short(fix.coordinate))"]
        if let alt = fix.altitude { parts.append(Format.distance(Distance(meters: alt.meters), context.settings.units, decimals: 1)) }
        if let speed = track.speed { parts.append(Format.speed(speed, context.settings.units)) }
        if let heading = track.heading { parts.append("heading " + CompassPoint(bearing: heading).rawValue) }
        return parts.joined(separator: " · ")
    }

    /// The map around the last fix with the trail, and the status lines.
    func frame() -> [Block] {
        var blocks: [Block] = []
        if let last = track.fixes.last {
            var content = WorldMap.Content()
            // The trail fades: older thirds dimmer.
            let trail = Array(track.fixes.suffix(300).map(\.coordinate))
            let third = max(1, trail.count / 3)
            for (k, style) in [(0, Style.color(240)), (1, Style.color(245)), (2, Style.accent)] {
                let part = Array(trail[min(trail.count, k * third)..<(k == 2 ? trail.count : min(trail.count, (k + 1) * third + 1))])
                for piece in GeoFeatures.splitAtAntimeridian(part) where piece.count >= 2 { content.lines.append((piece, style)) }
            }
            content.places.append((last.coordinate, label, .bold))
            // The view follows the marker: 60° of longitude around it.
            content.extent = [-1.0, 1.0].flatMap { s in
                [Coordinate(validLatitude: max(-80, min(80, last.coordinate.latitude + 20 * s)), longitude: last.coordinate.longitude + 30 * s)]
            }
            let fitting = content.extent + [last.coordinate]
            blocks.append(.drawing(Drawing("the map") { columns, rows in WorldMap(fitting: fitting, columns: columns, rows: max(10, rows - 4)).draw(content) }))
            let age = Int(Date().timeIntervalSince1970 - last.time)
            blocks.append(.message(statusLine(last) + " · updated \(max(0, age)) s ago", .accent))
        } else {
            blocks.append(.message("waiting for the first position from \(host)…"))
        }
        if let problem { blocks.append(.message("⚠ \(problem)", .warning)) }
        blocks.append(.message("q quits", .dim))
        return blocks
    }
}
