import FoundationEssentials
import Glibc
import SkyKit

/// `los rings ALT…`: how far the antenna at the LOS origin can hear aircraft at each altitude
/// over the terrain — the range rings tar1090 draws, made offline.
enum LOSRingsCommand {
    static let altitudes = Argument("altitudes", .losHeight(), "aircraft altitudes above sea level (feet unless a unit is given)", .repeating(min: 1))
    static let range = Option(
        "range", .distance(), "how far out to look (1–600 km)", default: Distance(meters: 400_000), shown: "400 km", bare: false)
    static let azStep = Option("az-step", .angle, "degrees between bearings (0.1–10)", default: Angle(degrees: 1), shown: "1°", bare: false)
    static let rangeStep = Option(
        "range-step", .distance(default: .meters), "the range step, six looks at the ground each (30 m – 1 km; an SRTM3 cell by default)",
        default: Distance(meters: ViewshedRequest.groundSpacing), shown: "92.6 m", bare: false)
    static let geojson = Option("geojson", .path(extensions: ["geojson", "json"], required: true), "also write the rings to this GeoJSON file", bare: false)
    static let upintheair = Option(
        "upintheair", .path(extensions: ["json"], required: true), "also write them as upintheair.json, the file tar1090 and dump1090-fa draw", bare: false)
    static let force = Flag("force", "replace existing files")

    static let spec = CommandSpec(
        "rings", category: .lineOfSight,
        abstract: "How far the antenna at the LOS origin (else the observer) can hear aircraft at each altitude, over the terrain",
        discussion:
            "For each altitude (above sea level) and each bearing, the farthest distance at which an aircraft at that "
            + "altitude is still above the antenna's radio horizon: the straight line from the antenna (the LOS origin and "
            + "its height, `los origin … agl 10m`) clears the terrain and the Earth's bulge — 4/3 Earth by default, as radio "
            + "waves bend (`los earth`). Along a bearing the ground is looked at six times per --range-step out to --range, "
            + "every 5 m within the first 4 km (where the nearby slopes decide every reach) and wherever the path crosses a "
            + "terrain cell's edge; where no terrain is known (a missing tile) the reach is at least the last distance seen "
            + "and is counted as such. With no terrain at all around the antenna, the rings are the smooth-earth radio horizon of each "
            + "altitude, √(2Ra) + √(2Rh) with R the effective radius, said so on screen and in the files: the most terrain could allow. "
            + "--upintheair writes the rings in the shape of HeyWhatsThat's upintheair.json (altitudes in metres, points as "
            + "latitude and longitude), so copying the file into tar1090's or dump1090-fa's html folder draws them there; "
            + "--geojson writes one polygon per altitude. Ctrl-C stops it.",
        arguments: [altitudes.spec],
        options: [range.spec, azStep.spec, rangeStep.spec, geojson.spec, upintheair.spec, force.spec],
        examples: [
            Example("los rings 3000m 6000m 12192m", "the rings tar1090 users ask HeyWhatsThat for"),
            Example("los rings 10000ft 40000ft --upintheair upintheair.json", "and write the file tar1090 draws"),
            Example("los rings 3000m --range 150km --az-step 0.5", "one altitude, finer, nearer"),
        ]
    ) { args, context in
        let (origin, observerGround) = try context.lineOfSight.antenna()
        let heights = args.all(LOSRingsCommand.altitudes).map(\.meters)
        guard heights.count <= 8 else { throw ShellError.usage("los rings takes at most 8 altitudes (got \(heights.count))") }
        let range = try args.value(LOSRingsCommand.range).meters
        guard range >= 1_000, range <= 600_000 else { throw ShellError.usage("--range must be between 1 km and 600 km") }
        let step = try args.value(LOSRingsCommand.azStep).degrees
        guard step >= 0.1, step <= 10 else { throw ShellError.usage("--az-step must be between 0.1° and 10° (got \(Format.fixed(step, 2))°)") }
        let rangeStep = try args.value(LOSRingsCommand.rangeStep).meters
        guard rangeStep >= 30, rangeStep <= 1_000 else { throw ShellError.usage("--range-step must be between 30 m and 1 km") }
        let force = args.flag(LOSRingsCommand.force)
        let files = try [args[LOSRingsCommand.geojson], args[LOSRingsCommand.upintheair]].map { path in
            try path.map { try context.files.createUserFile($0, force: force) }
        }
        let fetched = try context.lineOfSight.offerToFetch(TileCorner.covering(origin.coordinate, radius: Distance(meters: range)))
        var rings = try context.lineOfSight.rangeRings(
            around: origin.coordinate, altitudes: heights.sorted(), range: range, azimuthStep: step, rangeStep: rangeStep)
        // No terrain at all: every reach would be 0 km, which tar1090 would draw as a dot. The
        // smooth-Earth radio horizon is given instead, and said to be one.
        if rings.ground == nil, rings.rings.allSatisfy({ $0.reaches.allSatisfy { $0.limit == .noTerrain } }) {
            rings = context.lineOfSight.smoothRings(
                around: origin.coordinate, ground: observerGround, altitudes: heights.sorted(), range: range, azimuthStep: step)
        }
        var output = Output(fetched)
        output.blocks += report(rings, origin: origin, context).blocks
        if let file = files[0] {
            try context.files.finish(file, with: JSONWriter.compact(rings.geoJSON()) + "\n")
            output.append(.message("wrote \(file.path)", .dim))
        }
        if let file = files[1] {
            let id = rings.smoothEarth ? "skyshell smooth-earth horizon, no terrain" : "skyshell"
            try context.files.finish(file, with: JSONWriter.compact(rings.upInTheAir(id: id)) + "\n")
            output.append(.message("wrote \(file.path)", .dim))
        }
        return output
    }

    /// The antenna's card, one row per ring and the drawing; a note for bearings whose reach
    /// met missing terrain.
    static func report(_ rings: RangeRings, origin: Place, _ context: CommandContext) -> Output {
        let units = LOSUnits(context)
        var output = Output.card(
            Card(
                title: "Range rings",
                fields: [
                    Field("origin", "antenna", Cell(LOSText.placeDatum(origin), text: LOSText.place(origin)), kind: .airport),
                    Field(
                        "ground_m", "ground elevation",
                        Cell(
                            rings.ground.map { .number(($0 * 10).rounded() / 10) } ?? .null,
                            text: rings.ground.map { units.height($0) + " MSL" + (rings.smoothEarth ? " (the observer's, no terrain)" : "") }
                                ?? "no terrain (0 used)"), kind: .height(.meters)),
                    Field(
                        "antenna_msl_m", "antenna", Cell(.number((rings.antennaMSL * 10).rounded() / 10), text: units.height(rings.antennaMSL) + " MSL"),
                        kind: .height(.meters)),
                    Field(
                        "range_km", "looked out to",
                        Cell(
                            .number(rings.range / 1000),
                            text: units.distance(rings.range, decimals: 0)
                                + " (every \(Format.fixed(rings.azimuthStep, rings.azimuthStep == rings.azimuthStep.rounded() ? 0 : 2))°, "
                                + (rings.smoothEarth ? "a smooth earth)" : "ground every \(Format.fixed(rings.rangeStep, 1)) m)")), kind: .length(.kilometers)),
                    Field("smooth_earth", "", Cell(.bool(rings.smoothEarth))),
                    Field(
                        "earth", "earth",
                        Cell(.string(rings.earth.rawValue), text: "\(rings.earth.name) (refraction \(Format.fixed(1 - 1 / rings.earth.k, 2)))")),
                ]))
        let rows = rings.rings.map { ring -> [Cell] in
            let distances = ring.reaches.map(\.distance)
            let far = ring.reaches.max { $0.distance < $1.distance }
            let near = ring.reaches.min { $0.distance < $1.distance }
            let mean = distances.reduce(0, +) / Double(max(distances.count, 1))
            func km(_ meters: Double?) -> Cell {
                meters.map { Cell(.number(($0 / 10).rounded() / 100), text: units.distance($0, decimals: 0)) } ?? Cell(.null)
            }
            return [
                Cell(.number(ring.altitude), text: units.height(ring.altitude)), km(near?.distance),
                Cell(.number(near?.azimuth ?? 0), text: Format.fixed(near?.azimuth ?? 0, 0) + "°"), km(mean), km(far?.distance),
                Cell(.number(far?.azimuth ?? 0), text: Format.fixed(far?.azimuth ?? 0, 0) + "°"), Cell(.int(ring.count(.horizon))),
                Cell(.int(ring.count(.range))), Cell(.int(ring.count(.noTerrain))),
            ]
        }
        output.append(
            .table(
                Table(
                    key: "rings",
                    columns: [
                        Column("altitude_m", "Altitude", .right, kind: .height(.meters)), Column("min_km", "Nearest", .right, kind: .length(.kilometers)),
                        Column("min_bearing_deg", "toward", .right, kind: .angle),
                        Column("mean_km", "Mean", .right, kind: .length(.kilometers)), Column("max_km", "Farthest", .right, kind: .length(.kilometers)),
                        Column("max_bearing_deg", "toward", .right, kind: .angle),
                        Column("horizon", "Horizon", .right, kind: .integer), Column("at_range", "At range", .right, kind: .integer),
                        Column("no_terrain", "No terrain", .right, kind: .integer),
                    ],
                    rows: rows)))
        let map = PolarOutlineMap(
            outlines: rings.rings.map { ring in
                PolarOutlineMap.Outline(label: units.height(ring.altitude), points: ring.reaches.map { ($0.azimuth, $0.distance) })
            }, range: rings.range)
        output.append(.drawing(Drawing.map("the range rings", reserved: 14) { map.draw(columns: $0, rows: $1) }))
        let short = rings.rings.map { $0.count(.noTerrain) }.max() ?? 0
        if rings.smoothEarth {
            output.append(
                .note(
                    "no terrain is loaded around the antenna: these are the smooth-earth radio horizons (\(rings.earth.name)), the most terrain "
                        + "could allow — los terrain fetch gets the tiles that give the real rings"))
        } else if short > 0 {
            output.append(
                .note(
                    "no terrain beyond part of the range on \(short) of \(rings.rings[0].reaches.count) bearings: their reach is at least what is "
                        + "shown (add tiles with los terrain)"))
        }
        return output
    }
}
