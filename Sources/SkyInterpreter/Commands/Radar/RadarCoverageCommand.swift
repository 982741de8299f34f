import FoundationEssentials
import Glibc
import SkyKit

/// `radar coverage [FILE…]`: how far the receiver at the observer heard, by direction and
/// altitude band, over recordings.
enum RadarCoverageCommand {
    static let files = Argument(
        "recordings", .path(extensions: ["jsonl", "json"]), "skyshell recordings (radar record); default the source's", .repeating(min: 0))
    static let sectors = Option("sectors", .integer(4...360, placeholder: "n"), "how many bearing sectors (4–360)", default: 36, shown: "36", bare: false)
    static let geojson = Option("geojson", .path(extensions: ["geojson", "json"], required: true), "also write the outlines to this GeoJSON file", bare: false)
    static let force = Flag("force", "replace an existing GeoJSON file")
    static let terrain = Flag("terrain", "also compare with what the terrain lets the antenna hear (los rings)")

    static let spec = CommandSpec(
        "coverage", category: .radar,
        abstract: "How far the receiver heard, per direction and altitude band, over recordings",
        discussion:
            "Every decoded position of the recordings given (made by radar record), or of the radar source's own recording (the embedded "
            + "ones, radar source replay), is put in a bearing sector around the observer — the receiver's place — and in an altitude band: "
            + "below 10,000 ft, 10,000–25,000 ft, above 25,000 ft (pressure altitude, else the geometric one; on the ground counts as low). "
            + "Each sector's band keeps its count and its farthest position, measured on the WGS84 ellipsoid. For a receiver source "
            + "(radar source readsb) it is everything the station log kept (see station); other live feeds keep no past: "
            + "record them, then ask of the file. The outlines are drawn to scale; --geojson writes one polygon per band. --terrain "
            + "sets beside each cell the terrain's reach from the antenna (the observer at the LOS observer height, `los rings` at 10,000, "
            + "25,000 and 60,000 ft): heard farther than an aircraft at the band's ceiling could be is beyond the terrain (ducting, or bad "
            + "positions), heard less far than one at its floor could be is short of it (the antenna, its cable, something near it). "
            + "Ctrl-C stops it.",
        arguments: [files.spec],
        options: [sectors.spec, terrain.spec, geojson.spec, force.spec],
        requires: [.observer],
        examples: [
            Example("observer LFPG; radar coverage", "what the Paris recording heard from Charles de Gaulle"),
            Example("radar coverage day1.jsonl day2.jsonl --sectors 72", "two days of a receiver, every 5°"),
            Example("radar coverage day1.jsonl --terrain", "where it hears less, or more, than the terrain allows"),
        ]
    ) { args, context in
        let observer = try args.observer()
        let file = try args[RadarCoverageCommand.geojson].map { try context.files.createUserFile($0, force: args.flag(RadarCoverageCommand.force)) }
        var coverage = ReceptionCoverage(station: observer.place.coordinate, sectors: try args.value(RadarCoverageCommand.sectors))
        let paths = args.all(RadarCoverageCommand.files)
        var sources: [String] = []
        let progress = ProgressLine(context: context, label: "coverage", total: max(paths.count, 1))
        if paths.isEmpty {
            let feed = try context.radar.feed()
            if feed is ReceiverFeed {
                // A receiver's past is its station log.
                let (log, summary) = try context.station.station()
                guard 360 % coverage.sectors == 0 else {
                    throw ShellError.usage("the station log keeps half-degree cells: give sectors that divide 360 (36, 72, 90…), not \(coverage.sectors)")
                }
                coverage = try log.coverage(summary.id, sectors: coverage.sectors) ?? coverage
                sources.append("the station log of \(Visible.text(feed.label))")
            } else if !coverage.add(recorded: feed, cancelled: { Interrupt.requested }) {
                throw ShellError(
                    .state,
                    "\(Visible.text(feed.label)) is live and keeps no past: record it (radar record FILE), then radar coverage FILE")
            } else {
                sources.append(feed.label)
            }
        } else {
            for (n, path) in paths.enumerated() {
                let source: String
                do throws(FeedError) {
                    source = try coverage.add(recordingAt: path) { Interrupt.requested }
                } catch {
                    throw ShellError(feedError: error)
                }
                sources.append("recording \(PathText.base(path)) (\(source))")
                progress.update(n + 1)
                if Interrupt.requested { break }
            }
        }
        progress.finish()
        if Interrupt.requested { throw ShellError(.interrupted, "coverage cancelled") }
        let done = coverage
        var output = report(done, station: observer.place, sources: sources, context)
        if args.flag(RadarCoverageCommand.terrain) { output.blocks += try againstTerrain(done, station: observer.place, context).blocks }
        if let file {
            try context.files.finish(file, with: JSONWriter.compact(done.geoJSON()) + "\n")
            output.append(.message("wrote \(file.path)", .dim))
        }
        return output
    }

    /// The station's card, a row per sector and the outlines drawn.
    static func report(_ c: ReceptionCoverage, station: Place, sources: [String], _ context: CommandContext) -> Output {
        let units = context.settings.units
        func farthest(_ band: ReceptionCoverage.Band) -> Field {
            guard let f = c.farthest(band) else {
                return Field(band.key + "_max_km", "farthest " + band.label, Cell(.null, text: "nothing heard"), kind: .length(.kilometers))
            }
            let who = Visible.text(f.callsign ?? f.icao24)
            return Field(
                band.key + "_max_km", "farthest " + band.label,
                Cell(
                    .number((f.distance / 10).rounded() / 100),
                    text: "\(Format.distance(Distance(meters: f.distance), units)) toward \(Format.fixed(f.azimuth, 0))° (\(who), "
                        + "\(Format.height(Height(meters: f.altitude), units)), \(context.moments.moment(f.time)))"), kind: .length(.kilometers))
        }
        var fields = [
            Field("station", "station", Cell(.string(station.name), text: Visible.text(station.name))),
            Field("sources", "heard in", Cell(.list(sources.map { .string($0) }), text: sources.map(Visible.text).joined(separator: ", "))),
            Field("positions", "positions", Cell(.int(c.positions), text: Format.grouped(Double(c.positions)))),
            Field("aircraft", "aircraft", Cell(.int(c.aircraft), text: Format.grouped(Double(c.aircraft))), kind: .aircraft),
        ]
        if let span = c.span {
            fields.append(Field("from", "from", context.moments.cell(span.lowerBound), kind: .airport))
            fields.append(Field("to", "to", context.moments.cell(span.upperBound), kind: .airport))
        }
        if c.withoutAltitude > 0 {
            fields.append(
                Field("without_altitude", "without altitude", Cell(.int(c.withoutAltitude), text: Format.grouped(Double(c.withoutAltitude)) + " (left out)")))
        }
        fields += ReceptionCoverage.Band.allCases.map(farthest)
        var output = Output.card(Card(title: "Coverage", fields: fields))
        let rows = (0..<c.sectors).map { s -> [Cell] in
            [sectorCell(c, s)] + c.cells[s].flatMap { [km($0.farthest?.distance, units), Cell(.int($0.count), text: Format.grouped(Double($0.count)))] }
        }
        var columns = [Column("bearing_deg", "Sector", .right, kind: .angle)]
        for band in ReceptionCoverage.Band.allCases {
            columns += [
                Column(band.key + "_km", shortTitles[band.rawValue], .right, kind: .length(.kilometers)),
                Column(band.key + "_count", "n", .right, kind: .integer),
            ]
        }
        output.append(.table(Table(key: "sectors", columns: columns, rows: rows)))
        let map = PolarOutlineMap(
            outlines: ReceptionCoverage.Band.allCases.map { PolarOutlineMap.Outline(label: $0.label, points: c.outline($0)) }, range: nil)
        output.append(.drawing(Drawing.map("the coverage", reserved: 14) { map.draw(columns: $0, rows: $1) }))
        return output
    }

    /// The cells beside the terrain's reach from the antenna at the station.
    static func againstTerrain(_ c: ReceptionCoverage, station: Place, _ context: CommandContext) throws -> Output {
        let heard = ReceptionCoverage.Band.allCases.compactMap { c.farthest($0)?.distance }.max() ?? 0
        let range = min(600_000, max(50_000, heard * 1.25 + 20_000))
        let los = context.session.los
        let rings = try context.lineOfSight.rangeRings(
            around: station.coordinate, altitudes: CoverageAgainstTerrain.altitudes, range: range, azimuthStep: min(1, 90 / Double(c.sectors)),
            rangeStep: ViewshedRequest.groundSpacing)
        let compared = CoverageAgainstTerrain(c, rings)
        let units = context.settings.units
        let rows = compared.entries.enumerated().map { s, entries -> [Cell] in
            [sectorCell(c, s)]
                + entries.flatMap { e in
                    [
                        km(e.heard, units), km(e.ceiling, units),
                        Cell(.string(e.verdict.rawValue), style: e.verdict == .short || e.verdict == .beyond ? .warning : .plain),
                    ]
                }
        }
        var columns = [Column("bearing_deg", "Sector", .right, kind: .angle)]
        for band in ReceptionCoverage.Band.allCases {
            columns += [
                Column(band.key + "_heard_km", shortTitles[band.rawValue], .right, kind: .length(.kilometers)),
                Column(band.key + "_possible_km", "terrain", .right, kind: .length(.kilometers)),
                Column(band.key + "_verdict", ""),
            ]
        }
        var output = Output.table(Table(key: "terrain", columns: columns, rows: rows))
        output.append(
            .message(
                "against the terrain from \(LOSUnits(context).height(los.observer)) (\(los.earth.name)): "
                    + "\(compared.count(.short)) cells short of it (or with no traffic that far), \(compared.count(.beyond)) beyond it, "
                    + "\(compared.count(.within)) within, "
                    + "\(compared.count(.unknown)) past known terrain, \(compared.count(.unheard)) with nothing heard"))
        if rings.rings.contains(where: { $0.count(.noTerrain) > 0 }) {
            output.append(.note("no terrain beyond part of the range: a reach there is at least what is shown (add tiles with los terrain)"))
        }
        return output
    }

    /// The bands as a column's title.
    static let shortTitles = ["< 10,000 ft", "10–25,000 ft", "> 25,000 ft"]

    /// A sector's cell: its centre bearing, shown as the bearings it covers.
    static func sectorCell(_ c: ReceptionCoverage, _ s: Int) -> Cell {
        let (from, to) = c.bearings(of: s)
        let start = (from + 360).truncatingRemainder(dividingBy: 360)
        return Cell(.number(Double(s) * 360 / Double(c.sectors)), text: "\(Format.fixed(start, 0))–\(Format.fixed(to, 0))°")
    }

    /// A distance in kilometres (two decimals in data), or an empty cell.
    static func km(_ meters: Double?, _ units: UnitSystem) -> Cell {
        meters.map { Cell(.number(($0 / 10).rounded() / 100), text: Format.distance(Distance(meters: $0), units)) } ?? Cell(.null, text: "—")
    }
}
