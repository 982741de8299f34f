import FoundationEssentials
import Glibc
import SkyKit

/// `los server <url>|local`, and the viewshed and path requests sent to a SkyQuant server.
enum LOSServerCommand {
    static let address = Argument("address", .text, "https://host[:port], or local")

    static let spec = CommandSpec(
        "server", category: .lineOfSight,
        abstract: "Send checks and viewsheds to a SkyQuant server, or compute them here (local)",
        discussion:
            "With a server set, los viewshed and los check are POSTed to its /api/los/viewshed and /api/los with SkyQuant "
            + "LOS's wire contract (metres on the wire). A cold server may take minutes: the request waits up to 11 minutes, "
            + "showing the time elapsed, and Ctrl-C cancels it. Plain http is refused except to this computer. `los server "
            + "local` goes back to the built-in engine.",
        arguments: [address.spec],
        examples: [Example("los server https://skyquant.example.org", "use a SkyQuant server"), Example("los server local", "compute here again")]
    ) { args, context in
        guard let address = args[LOSServerCommand.address] else { throw ShellError.usage("los server needs an address or local") }
        if address == "local" {
            context.session.useLOSServer(nil)
            return .message("line of sight is computed here (local engine)")
        }
        let client = try client(address, context)
        context.session.useLOSServer(client.baseURL.absoluteString)
        return .message("line of sight goes to the SkyQuant server \(client.baseURL.absoluteString)")
    }

    /// SkyQuant servers may take minutes when cold: requests wait up to 11 minutes.
    static func client(_ address: String, _ context: CommandContext) throws(ShellError) -> SkyQuantClient {
        do {
            return try SkyQuantClient(address: address, http: context.web.client(timeout: 660))
        } catch {
            throw ShellError(feedError: error)
        }
    }

    /// Posts with an elapsed-time line on the terminal; Ctrl-C cancels.
    static func post(_ client: SkyQuantClient, _ path: String, _ body: Datum, _ context: CommandContext) throws(ShellError) -> Datum {
        let progress = ProgressLine(context: context, label: "waiting for the SkyQuant server", total: 0)
        let start = Date()
        var lastShown = -1
        defer { progress.finish() }
        do {
            return try client.post(path, body) {
                let elapsed = Int(Date().timeIntervalSince(start))
                if elapsed != lastShown {
                    lastShown = elapsed
                    progress.show("\(elapsed / 60):\((elapsed % 60 < 10 ? "0" : "") + String(elapsed % 60)) elapsed")
                }
                return Interrupt.requested
            }
        } catch {
            throw error.kind == .cancelled ? ShellError(.interrupted, error.message) : ShellError(feedError: error)
        }
    }

    static func viewshed(_ server: String, origin: Place, _ context: CommandContext, geojson: AtomicFile?) throws -> Output {
        let los = context.session.los
        let client = try client(server, context)
        let answer = try post(
            client, "/api/los/viewshed",
            SkyQuantClient.viewshedBody(origin: origin.coordinate, observer: los.observer, target: los.target, rangeKm: los.range.kilometers), context)
        let area: SkyQuantClient.ViewshedAnswer
        do { area = try SkyQuantClient.readViewshed(answer) } catch { throw ShellError(feedError: error) }
        let visible = area.polygons.reduce(0.0) { $0 + planarArea($1, around: origin.coordinate) }
        let disc = Double.pi * los.range.meters * los.range.meters
        let summary = ViewshedSummary(
            observerGround: area.observerGround, observerMSL: area.observerMSL ?? los.observer.msl(ground: area.observerGround),
            range: los.range.meters, visibleArea: visible, share: visible / disc, missingShare: 0, azimuthStep: 1, rangeStep: 250,
            source: client.baseURL.absoluteString)
        var output = LOSViewshedCommand.stats(summary, origin: origin, context)
        output.append(.message("computed by \(client.baseURL.absoluteString): \(area.polygons.count) polygon\(area.polygons.count == 1 ? "" : "s")", .dim))
        if let geojson {
            try context.files.finish(geojson, with: JSONWriter.compact(area.geoJSON) + "\n")
            output.append(.message("wrote \(geojson.path)", .dim))
        }
        context.session.viewshedComputed(summary)
        context.session.clearPathKeepingViewshed()
        return output
    }

    static func check(_ server: String, origin: Place, target: Place, _ context: CommandContext) throws -> Output {
        let los = context.session.los
        let client = try client(server, context)
        let ground = los.viewshed?.observerGround ?? context.lineOfSight.terrain().height(origin.coordinate)
        let answer = try post(
            client, "/api/los",
            SkyQuantClient.checkBody(
                origin: origin.coordinate, observer: los.observer, target: target.coordinate,
                targetHeight: los.target, observerGround: ground), context)
        let result: (clear: Bool, profile: [(distance: Double, terrain: Double?, sightLine: Double?, clearance: Double?)])
        do { result = try SkyQuantClient.readCheck(answer) } catch { throw ShellError(feedError: error) }
        context.session.pathChecked(to: target)
        var fields = LOSCheckCommand.verdict(result.clear ? .clear : .blocked, from: origin, to: target)
        let units = LOSUnits(context)
        if let hit = result.profile.dropFirst().first(where: { ($0.clearance ?? 0) < 0 }) {
            fields.append(
                Field(
                    "obstruction", "first obstruction",
                    Cell(
                        .number(hit.distance),
                        text:
                            "at \(units.distance(hit.distance)): terrain \(units.height(-(hit.clearance ?? 0))) above the sight line"
                    )))
        }
        fields.append(Field("server", "computed by", Cell(client.baseURL.absoluteString)))
        var output = Output.card(Card(title: "Line of sight", fields: fields))
        output.append(
            .data(
                "profile",
                .list(
                    result.profile.map { p in
                        .object([
                            ("distance_m", .number(p.distance)), ("terrain_m", p.terrain.map { .number($0) } ?? .null),
                            ("los_m", p.sightLine.map { .number($0) } ?? .null), ("clearance_m", p.clearance.map { .number($0) } ?? .null),
                        ])
                    })))
        return output
    }

    /// The area of a polygon (outer ring minus holes) in square metres, in a local
    /// equirectangular projection around `origin` (enough for a viewshed's figures).
    static func planarArea(_ rings: [[Coordinate]], around origin: Coordinate) -> Double {
        let kx = 111_320 * cos(origin.latitude * .pi / 180), ky = 110_574.0
        func area(_ ring: [Coordinate]) -> Double {
            guard ring.count >= 3 else { return 0 }
            var sum = 0.0
            for k in 0..<ring.count {
                let a = ring[k], b = ring[(k + 1) % ring.count]
                sum +=
                    (a.longitude - origin.longitude) * kx * (b.latitude - origin.latitude) * ky
                    - (b.longitude - origin.longitude) * kx * (a.latitude - origin.latitude) * ky
            }
            return abs(sum) / 2
        }
        guard let outer = rings.first else { return 0 }
        return max(0, area(outer) - rings.dropFirst().reduce(0) { $0 + area($1) })
    }
}
