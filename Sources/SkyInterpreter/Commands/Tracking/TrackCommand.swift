import Foundation
import SkyKit

/// `track <url>`: follow any JSON position feed on a world map; `iss live` is its preset.
enum TrackCommand {
    static let spec = CommandSpec(
        "track", category: .orbit,
        abstract: "Follow a JSON position feed on a world map that keeps the marker in view",
        discussion: "Fetches the URL again and again (every second unless `every` says otherwise) and reads a latitude and longitude from the JSON answer — top-level latitude/longitude or lat/lon, iss_position.latitude, GeoJSON coordinates — or from the paths given with --lat and --lon (dotted: iss_position.latitude; list items by number). At a terminal the map follows the marker with a fading trail and a status line (position, altitude, speed from the last two fixes, age of the last update); a failed fetch shows there and the loop goes on; q or Ctrl-C ends it. In scripts, give a duration with `for` and each fix is printed. --geojson writes the track when it ends.",
        arguments: [ArgumentSpec("url", .webURL, "an http(s) URL answering JSON")],
        options: [
            OptionSpec("every", .duration(defaultSeconds: 1, placeholder: "interval"), "time between fetches (default 1 s, at least 1 s)"),
            OptionSpec("for", .duration(defaultSeconds: 1, placeholder: "duration"), "stop after this long (needed in scripts)"),
            OptionSpec("lat", .text, "path of the latitude in the JSON", bare: false),
            OptionSpec("lon", .text, "path of the longitude", bare: false),
            OptionSpec("alt", .text, "path of the altitude (km)", bare: false),
            OptionSpec("label", .text, "the marker's name on the map", bare: false),
            OptionSpec("geojson", .path(extensions: ["geojson", "json"]), "write the track to this file at the end", bare: false),
            .flag("force", "replace an existing GeoJSON file"),
        ],
        examples: [Example("track http://api.open-notify.org/iss-now.json --lat iss_position.latitude --lon iss_position.longitude", "the ISS from Open Notify"),
                   Example("track http://localhost:8080/position.json every 5s for 1m", "a minute of a local feed in a script")]
    ) { args, shell in
        guard let url = args.get("url", as: URL.self) else { throw ShellError.usage("track needs a URL") }
        var tracker = try Tracker(url: url, shell: shell, args: args, label: args.get("label", as: String.self) ?? "●")
        return try tracker.run(duration: args.get("for", as: Double.self))
    }
}

/// The `iss live` preset of `track`.
enum ISSLiveCommand {
    static let url = URL(string: "https://api.wheretheiss.at/v1/satellites/25544")!

    static let spec = CommandSpec(
        "live", category: .orbit,
        abstract: "Follow the ISS live from wheretheiss.at on a world map (needs the network)",
        discussion: "`track` preset for \(url) (latitude, longitude, altitude in km), at most one request a second. `iss` computes the position offline instead.",
        options: [
            OptionSpec("for", .duration(defaultSeconds: 1, placeholder: "duration"), "stop after this long (needed in scripts)"),
            OptionSpec("url", .webURL, "another endpoint answering the same fields"),
            OptionSpec("geojson", .path(extensions: ["geojson", "json"]), "write the track to this file at the end", bare: false),
            .flag("force", "replace an existing GeoJSON file"),
        ],
        examples: [Example("iss live", "the ISS moving over the map")]
    ) { args, shell in
        var tracker = try Tracker(url: args.get("url", as: URL.self) ?? url, shell: shell, args: args, label: "ISS")
        return try tracker.run(duration: args.get("for", as: Double.self))
    }
}

/// One tracking session: fetch, read the fix, keep the track, show it.
struct Tracker {
    let shell: Shell
    let url: URL
    let host: String
    let paths: PositionPaths
    let label: String
    let interval: Double
    let geojson: AtomicFile?
    var track = Track(capacity: 10_000)
    var problem: String?
    var failures = 0

    init(url: URL, shell: Shell, args: Arguments, label: String) throws(ShellError) {
        self.shell = shell
        self.url = url
        host = url.host ?? url.absoluteString
        self.label = label
        paths = PositionPaths(latitude: args.get("lat", as: String.self), longitude: args.get("lon", as: String.self), altitude: args.get("alt", as: String.self))
        interval = max(1, args.get("every", as: Double.self) ?? 1)
        // The file is checked (and refused when it exists without --force) before tracking starts.
        geojson = try args.get("geojson", as: String.self).map { path throws(ShellError) in try shell.createUserFile(path, force: args.flag("force")) }
    }

    /// Fetches one fix; a failure is kept in `problem`, not thrown.
    mutating func poll() -> TrackFix? {
        do throws(FeedError) {
            let response: HTTPResponse
            do { response = try shell.http.get(url, cancelled: { Interrupt.requested }) } catch .cancelled { return nil } catch {
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

    mutating func run(duration: Double?) throws -> Output {
        let live = duration == nil
        if live {
            guard isatty(0) == 1, shell.stdoutIsTerminal else {
                throw ShellError.usage("tracking needs a terminal; in scripts give a duration: track URL for 30s")
            }
            try runLive()
        } else {
            try runBatch(duration ?? 0)
            if track.fixes.isEmpty, let problem {
                throw ShellError(.unavailable, "no position from \(host) in \(failures) tr\(failures == 1 ? "y" : "ies"); the last: \(problem)")
            }
        }
        var output = Output()
        if let geojson {
            try shell.finish(geojson, with: JSONWriter.compact(track.geoJSON(name: label)) + "\n")
            output.append(.message("wrote \(geojson.path) (\(track.fixes.count) fixes)", .dim))
        }
        output.append(.message("tracking ended: \(track.fixes.count) fix\(track.fixes.count == 1 ? "" : "es"), \(failures) failed fetch\(failures == 1 ? "" : "es")"))
        return output
    }

    /// In scripts: one line per fetch for `duration` seconds. Failures before the first fix
    /// are held back: if no fix ever comes, the run ends in one error line instead.
    mutating func runBatch(_ duration: Double) throws {
        guard duration >= 1 else { throw ShellError.usage("track for needs at least 1 s") }
        let end = Date().addingTimeInterval(duration)
        var heldBack: [String] = []
        repeat {
            let started = Date()
            if let fix = poll() {
                for line in heldBack { shell.err.write("track: \(line)\n") }
                heldBack = []
                shell.err.flush()
                shell.out.write(statusLine(fix) + "\n")
            } else if let problem {
                if track.fixes.isEmpty {
                    heldBack.append(problem)
                } else {
                    shell.err.write("track: \(problem)\n")
                    shell.err.flush()
                }
            }
            shell.out.flush()
            if Interrupt.requested { Interrupt.take(); break }
            let wait = interval - Date().timeIntervalSince(started)
            if Date().addingTimeInterval(max(wait, 0)) > end { break }
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
        } while Date() < end
    }

    /// At a terminal: the map, redrawn until q.
    mutating func runLive() throws {
        let screen = try LiveScreen(shell)
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
        if let alt = fix.altitude { parts.append(Format.distance(Distance(meters: alt.meters), shell.units, decimals: 1)) }
        if let speed = track.speed { parts.append(Format.speed(speed, shell.units)) }
        if let heading = track.heading { parts.append("heading " + CompassPoint(bearing: heading).rawValue) }
        return parts.joined(separator: " · ")
    }

    /// The map around the last fix with the trail, and the status lines.
    func frame() -> [Block] {
        var blocks: [Block] = []
        let rows = max(10, shell.terminalRows - 4), columns = shell.terminalColumns
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
            content.extent = [-1.0, 1.0].flatMap { s in [Coordinate(validLatitude: max(-80, min(80, last.coordinate.latitude + 20 * s)), longitude: last.coordinate.longitude + 30 * s)] }
            let map = WorldMap(fitting: content.extent + [last.coordinate], columns: columns, rows: rows)
            blocks.append(.art(map.draw(content)))
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
