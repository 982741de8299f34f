import FoundationEssentials
import Glibc
import SkyKit

/// `los viewshed`: where an aircraft at the LOS altitude can be seen from the origin.
enum LOSViewshedCommand {
    static let azStep = Option(
        "az-step", .angle,
        "the widest angle between rays, degrees (0.05–10; by default rays one range step apart at the range, at most "
            + "1°, within 1.6 million looks at the ground)",
        bare: false)
    static let rangeStep = Option(
        "range-step", .distance(default: .meters), "distance between samples (30 m – 5 km)", default: Distance(meters: 250), shown: "250 m", bare: false)
    static let geojson = Option("geojson", .path(extensions: ["geojson", "json"]), "also write the result to this GeoJSON file", bare: false)
    static let force = Flag("force", "replace an existing GeoJSON file")

    static let spec = CommandSpec(
        "viewshed", category: .lineOfSight,
        abstract: "Compute where a target at the LOS altitude is visible from the origin",
        discussion:
            "Along rays from the origin (by default as close together at the range as one range step, so 0.36° apart for "
            + "40 km) the sweep marches out (every 250 m, --range-step, looking at the ground at least every 93 m, an SRTM3 "
            + "cell) to the range and marks where a target at the LOS altitude would be in sight: the straight line from the "
            + "observer to it clears all terrain before it, with the Earth's curvature (and refraction for 4/3). Steps given "
            + "ask for detail: --az-step is then the widest angle between rays, and within 4 million looks at the ground the "
            + "sweep looks three times per range step and puts rays closer where one range step at the range is narrower "
            + "(the card shows the spacing swept); steps that would look more than 25 million times (each look keeps 4 "
            + "bytes) are refused. Between rays and looks, visibility changes where the target's height above the terrain's "
            + "horizon, linear between the looks around, crosses zero. Targets above the ground can give several visible "
            + "stretches along one azimuth. The result replaces the previous viewshed; --geojson writes it as an RFC 7946 "
            + "FeatureCollection (the visible area as a MultiPolygon — exactly what the map and the card count —, the area "
            + "without terrain, the range ring, the origin). Ctrl-C stops it.",
        options: [
            azStep.spec,
            rangeStep.spec,
            geojson.spec,
            force.spec,
        ],
        examples: [
            Example("los viewshed", "the viewshed for the current origin"), Example("los viewshed --az-step 0.25 --range-step 90m", "finer"),
            Example("los viewshed --geojson visible.geojson", "and save it for a map tool"),
        ]
    ) { args, context in
        let origin = try context.lineOfSight.origin()
        let rangeStep = try args.value(LOSViewshedCommand.rangeStep).meters
        guard rangeStep >= 30, rangeStep <= 5_000 else { throw ShellError.usage("--range-step must be between 30 m and 5 km") }
        let los = context.session.los
        let step = args[LOSViewshedCommand.azStep]?.degrees ?? ViewshedRequest.automaticAzimuthStep(range: los.range.meters, rangeStep: rangeStep)
        guard step >= 0.05, step <= 10 else { throw ShellError.usage("--az-step must be between 0.05° and 10° (got \(Format.fixed(step, 2))°)") }
        let file = try args[LOSViewshedCommand.geojson].map { try context.files.createUserFile($0, force: args.flag(LOSViewshedCommand.force)) }
        if let server = los.server {
            return try LOSServerCommand.viewshed(server, origin: origin, context, geojson: file)
        }
        let fetched = try context.lineOfSight.offerToFetch(TileCorner.covering(origin.coordinate, radius: los.range))
        // Steps asked for are detail asked for: a larger budget to fill in between them.
        let explicit: Bool = args.given(LOSViewshedCommand.azStep) || args.given(LOSViewshedCommand.rangeStep)
        let request = ViewshedRequest(
            origin: origin.coordinate, observer: los.observer, target: los.target, range: los.range.meters, earth: los.earth,
            azimuthStep: step, rangeStep: rangeStep,
            lookBudget: explicit ? ViewshedRequest.explicitLookBudget : ViewshedRequest.automaticLookBudget)
        guard request.looks <= ViewshedRequest.maximumLooks else {
            throw ShellError.usage(
                "these steps over \(LOSUnits(context).distance(los.range.meters, decimals: 0)) would look at the ground "
                    + "\(Format.fixed(Double(request.looks) / 1e6, 0)) million times (at most \(ViewshedRequest.maximumLooks / 1_000_000) million): "
                    + "a larger --az-step or --range-step, or a shorter los range"
            )
        }
        let progress = ProgressLine(context: context, label: "viewshed", total: 0)
        let result = Viewshed.sweep(
            request, terrain: context.lineOfSight.terrain(), progress: { progress.update(share: $0) }, cancelled: { Interrupt.requested })
        progress.finish()
        guard let viewshed = result else { throw ShellError(.interrupted, "viewshed cancelled; the previous result is unchanged") }
        var output = Output()
        if let file {
            try context.files.finish(file, with: JSONWriter.compact(viewshed.geoJSON()) + "\n")
            output.append(.message("wrote \(file.path)", .dim))
        }
        context.session.viewshedComputed(summary(viewshed, source: "local"))
        context.session.clearPathKeepingViewshed()
        var report = report(viewshed, origin: origin, context)
        report.blocks = fetched + report.blocks + output.blocks
        return report
    }

    static func summary(_ v: Viewshed, source: String) -> ViewshedSummary {
        ViewshedSummary(
            observerGround: v.observerGround, observerMSL: v.observerMSL, range: v.request.range, visibleArea: v.visibleArea,
            share: v.visibleArea / v.discArea, missingShare: v.missingShare, unknownShare: v.unknownShare, azimuthStep: v.plan.rayStep,
            rangeStep: v.request.rangeStep, source: source)
    }

    /// The statistics card and the map.
    static func report(_ v: Viewshed, origin: Place, _ context: CommandContext) -> Output {
        var output = stats(summary(v, source: "local"), origin: origin, context)
        let color = Style.color(context.settings.value(.viewshedColor).paletteIndex)
        let map = ViewshedMap(viewshed: v, color: color)
        output.append(.drawing(Drawing.map("the viewshed map", reserved: 12) { map.draw(columns: $0, rows: $1) }))
        return output
    }

    /// The figures SkyQuant shows: ground at the origin, observer MSL, range, visible area.
    static func stats(_ s: ViewshedSummary, origin: Place, _ context: CommandContext) -> Output {
        let los = context.session.los, units = LOSUnits(context)
        var output = Output.card(
            Card(
                title: "Viewshed",
                fields: [
                    Field("origin", "origin", Cell(LOSText.placeDatum(origin), text: LOSText.place(origin)), kind: .airport),
                    Field(
                        "observer_ground_m", "ground elevation",
                        Cell(
                            s.observerGround.map { .number($0) } ?? .null, text: s.observerGround.map { units.height($0) + " MSL" } ?? "no terrain (0 used)"),
                        kind: .height(.meters)
                    ),
                    Field("observer_msl_m", "observer", Cell(.number(s.observerMSL), text: units.height(s.observerMSL) + " MSL"), kind: .length(.meters)),
                    Field("target", "LOS altitude", Cell(LOSText.heightDatum(los.target), text: units.height(los.target))),
                    Field(
                        "range_km", "range swept",
                        Cell(
                            .number(s.range / 1000),
                            text: units.distance(s.range, decimals: 0)
                                + " (every \(Format.fixed(s.azimuthStep, s.azimuthStep == s.azimuthStep.rounded() ? 0 : 2))°, "
                                + "\(Format.fixed(s.rangeStep, 0)) m steps)"
                        ), kind: .length(.kilometers)),
                    Field(
                        "visible_km2", "visible area",
                        Cell(.number((s.visibleArea / 1e6 * 10).rounded() / 10), text: units.area(s.visibleArea))),
                    Field(
                        "visible_share", "share of the disc", Cell(.number((s.share * 10_000).rounded() / 10_000), text: Format.fixed(s.share * 100, 1) + "%")),
                    Field("earth", "earth", Cell(los.earth.rawValue)),
                ]
                    + (s.unknownShare ?? 0 > 0
                        ? [
                            Field(
                                "unknown_share", "unknown (no terrain)",
                                Cell(
                                    .number(((s.unknownShare ?? 0) * 10_000).rounded() / 10_000),
                                    text: Format.fixed((s.unknownShare ?? 0) * 100, 1) + "% of the disc"))
                        ] : [])))
        if let note = LOSText.missing(s.missingShare, shown: "dim on the map") { output.append(.note(note)) }
        return output
    }
}
