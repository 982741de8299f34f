import FoundationEssentials
import Glibc
import SkyKit

/// `los check [place]` — is the path from the origin clear? — and `los profile at <distance>`.
enum LOSCheckCommand {
    static let samples = 500

    static let place = Argument("place", .place, "the target's position (default: the last one checked)", .optional)
    static let trace = Flag("trace", "print the intermediate steps of the computation")

    static let spec = CommandSpec(
        "check", category: .lineOfSight,
        abstract: "Check the sight line from the origin to a place, with its terrain profile",
        discussion:
            "Samples the geodesic from the origin to the place at 500 points, reads the terrain under each, and tests the "
            + "straight line from the observer to the target at the LOS altitude (los target) in the curved-Earth frame of "
            + "the Earth model: clear, or blocked at the first point where the ground rises above it. Without a place, "
            + "checks the last one again.",
        arguments: [place.spec],
        options: [trace.spec],
        examples: [Example("los check 43.6615 -70.2553", "from the origin to Portland, Maine"), Example("los check", "the last target again")]
    ) { args, context in
        let origin = try context.lineOfSight.origin()
        guard let target = args[LOSCheckCommand.place] ?? context.session.los.lastTarget else {
            throw ShellError.usage("los check needs a place the first time (los check 43.6615 -70.2553)")
        }
        if let server = context.session.los.server {
            return try LOSServerCommand.check(server, origin: origin, target: target, context)
        }
        let los = context.session.los
        let fetched = try context.lineOfSight.offerToFetch(TileCorner.along(origin.coordinate, target.coordinate))
        guard
            let check = PathCheck.run(
                terrain: context.lineOfSight.terrain(), origin: origin.coordinate, observer: los.observer, target: target.coordinate,
                targetHeight: los.target, earth: los.earth, samples: samples)
        else {
            throw ShellError.usage("the target is the origin: check a path to somewhere else")
        }
        context.session.pathChecked(to: target)
        context.lineOfSight.lastPathCheck = check
        var output = report(check, origin: origin, target: target, context)
        output.blocks = fetched + output.blocks
        if args.flag(LOSCheckCommand.trace) { output.blocks = trace(check, context).map { .message($0, .dim) } + output.blocks }
        if check.verdict == .unknown {
            // The card and profile are shown; the status says the answer is not known.
            if let failure = context.console.emit(output) { throw failure }
            let squares = check.missingSquares
            let middle = check.points[check.points.count / 2].coordinate
            throw ShellError(
                .unavailable,
                "no terrain for \(squares.map(\.description).joined(separator: ", ")) under the path: the verdict is unknown — "
                    + "`los terrain fetch around \(Format.fixed(middle.latitude, 4)) \(Format.fixed(middle.longitude, 4)) radius "
                    + "\(Int((check.distance / 2000).rounded(.up)) + 1) km` downloads them (\(squares.count) "
                    + "tile\(squares.count == 1 ? "" : "s"), about 2.9 MB each stored)"
            )
        }
        return output
    }

    /// The verdict card, the profile chart and the notes.
    static func report(_ check: PathCheck, origin: Place, target: Place, _ context: CommandContext) -> Output {
        let units = LOSUnits(context)
        func distance(_ m: Double) -> String { units.distance(m) }
        var fields = verdict(check.verdict, from: origin, to: target)
        fields.append(
            Field(
                "distance_m", "distance",
                Cell(.number(check.distance.rounded()), text: distance(check.distance) + ", azimuth " + Format.bearing(check.azimuth)), kind: .length(.meters)
            ))
        /// One end of the line: its height above the sea and the ground under it.
        func end(_ key: String, _ label: String, msl: Double, ground: Double?) -> Field {
            Field(
                key, label, Cell(Datum.rounded(msl, 1), text: "\(units.height(msl)) MSL (ground \(ground.map(units.height) ?? "unknown"))"),
                kind: .height(.meters))
        }
        fields.append(end("observer_msl_m", "observer", msl: check.observerMSL, ground: check.observerGround))
        fields.append(end("target_msl_m", "target", msl: check.targetMSL, ground: check.targetGround))
        if let hit = check.firstObstruction {
            fields.append(
                Field(
                    "obstruction", "first obstruction",
                    Cell(
                        .object([
                            ("distance_m", .number(hit.distance.rounded())), ("above_m", Datum.rounded(-hit.clearance, 1)),
                            ("terrain_m", hit.terrain.map { Datum.rounded($0, 1) } ?? .null),
                        ]),
                        text: "at \(distance(hit.distance)): terrain \(units.height(-hit.clearance)) above the sight line")))
        }
        if let low = check.minimumClearance {
            fields.append(
                Field(
                    "min_clearance", "minimum clearance",
                    Cell(
                        .object([("m", Datum.rounded(low.clearance, 1)), ("distance_m", .number(low.distance.rounded()))]),
                        text: "\(units.height(low.clearance)) at \(distance(low.distance))"
                            + (check.missingShare > 0 ? " (where the terrain is known)" : ""))))
        } else if check.missingShare > 0 {
            fields.append(Field("min_clearance", "minimum clearance", Cell(.null, text: "unknown (no terrain under the path)")))
        }
        fields.append(Field("earth", "earth", Cell(check.earth.rawValue + " (k = \(check.earth == .radio ? "4/3" : "1"))")))
        var output = Output.card(Card(title: "Line of sight", fields: fields))
        if let note = LOSText.missing(check.missingShare) { output.append(.note(note)) }
        let chart = ProfileChart(check: check, units: units)
        output.append(.drawing(Drawing("the profile", minimumColumns: 30, minimumRows: 5) { columns, _ in chart.draw(columns: min(columns, 110), rows: 16) }))
        output.append(.data("profile", .list(stride(from: 0, to: check.points.count, by: 10).map { profileDatum(check.points[$0]) })))
        return output
    }

    /// The first fields of every path card, local or from a server: the verdict and the ends.
    static func verdict(_ verdict: PathCheck.Verdict, from origin: Place, to target: Place) -> [Field] {
        let style: Style = verdict == .clear ? .good : verdict == .blocked ? .bad : .warning
        return [
            Field("verdict", "verdict", Cell(.string(verdict.rawValue), text: verdict.rawValue.uppercased(), style: style)),
            Field("from", "from", Cell(LOSText.placeDatum(origin), text: LOSText.place(origin)), kind: .airport),
            Field("to", "to", Cell(LOSText.placeDatum(target), text: LOSText.place(target)), kind: .airport),
        ]
    }

    static func profileDatum(_ p: ProfilePoint) -> Datum {
        .object([
            ("distance_m", .number(p.distance.rounded())), ("terrain_m", p.terrain.map { .number($0.rounded()) } ?? .null),
            ("los_m", .number((p.sightLine * 10).rounded() / 10)), ("clearance_m", p.knownClearance.map { .number(($0 * 10).rounded() / 10) } ?? .null),
        ])
    }

    /// The steps, with the numbers of this check.
    static func trace(_ check: PathCheck, _ context: CommandContext) -> [String] {
        let r = check.earth.effectiveRadius
        var lines = [
            "trace: geodesic \(Format.fixed(check.distance, 1)) m at azimuth \(Format.fixed(check.azimuth.degrees, 4))°, "
                + "\(check.points.count) samples every \(Format.fixed(check.distance / Double(check.points.count - 1), 1)) m"
        ]
        lines.append("trace: effective Earth radius kR = \(Format.fixed(check.earth.k, 4)) × 6,371,008.8 m = \(Format.grouped(r)) m")
        lines.append("trace: observer \(Format.fixed(check.observerMSL, 1)) m MSL, target \(Format.fixed(check.targetMSL, 1)) m MSL")
        lines.append("trace: sight line at d = h_obs + (h_tgt − h_obs)·d/D − d(D − d)/(2kR); clearance = sight line − terrain")
        if let hit = check.firstObstruction {
            let d = hit.distance
            lines.append(
                "trace: at d = \(Format.fixed(d, 0)) m: bulge \(Format.fixed(d * (check.distance - d) / (2 * r), 1)) m, sight "
                    + "line \(Format.fixed(hit.sightLine, 1)) m, terrain \(Format.fixed(hit.terrain ?? 0, 1)) m → blocked"
            )
        } else if let low = check.minimumClearance {
            lines.append("trace: lowest clearance \(Format.fixed(low.clearance, 1)) m at d = \(Format.fixed(low.distance, 0)) m → clear")
        }
        return lines
    }

    static let at = Option("at", .distance(), "how far along the path (the units setting's km, mi or nm unless a unit is given)")

    static let profile = CommandSpec(
        "profile", category: .lineOfSight,
        abstract: "Read the last checked profile at a distance from the origin",
        discussion:
            "Distance, terrain height, the sight line's height and the clearance at the profile point nearest to the "
            + "distance (SkyQuant's drag across the chart).",
        options: [at.spec],
        examples: [Example("los profile at 12km", "the point 12 km out")]
    ) { args, context in
        guard let check = context.lineOfSight.lastPathCheck else {
            throw ShellError(.state, "no path checked yet in this session — run los check <place> first")
        }
        guard let at = args[LOSCheckCommand.at] else { throw ShellError.usage("los profile needs a distance: los profile at 12km") }
        let units = LOSUnits(context)
        guard at.meters >= 0, at.meters <= check.distance else {
            throw ShellError.usage(
                "\(units.distance(at.meters)) is beyond the path, which is \(units.distance(check.distance)) long")
        }
        guard let p = check.point(at: at.meters) else { throw ShellError.usage("the path has no points") }
        return .card(
            Card(
                title: "Profile",
                fields: [
                    Field(
                        "distance_m", "distance", Cell(.number(p.distance.rounded()), text: units.distance(p.distance, decimals: 2)), kind: .length(.meters)),
                    Field(
                        "coordinate", "position",
                        Cell(
                            .list([.number(p.coordinate.latitude), .number(p.coordinate.longitude)]),
                            text: Format.fixed(p.coordinate.latitude, 5) + ", " + Format.fixed(p.coordinate.longitude, 5))),
                    Field(
                        "terrain_m", "terrain",
                        Cell(p.terrain.map { .number($0) } ?? .null, text: p.terrain.map { units.height($0) + " MSL" } ?? "no terrain (0 used)"),
                        kind: .length(.meters)),
                    Field("los_m", "LOS altitude", Cell(.number(p.sightLine), text: units.height(p.sightLine) + " MSL"), kind: .length(.meters)),
                    Field(
                        "clearance_m", "clearance",
                        Cell(
                            .number(p.clearance), text: units.height(p.clearance) + (p.clearance < 0 ? " (blocked here)" : ""),
                            style: p.clearance < 0 ? .bad : .good), kind: .length(.meters)),
                ]))
    }
}
