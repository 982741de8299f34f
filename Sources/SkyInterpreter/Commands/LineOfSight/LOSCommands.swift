import FoundationEssentials
import Glibc
import SkyKit

/// `los` and its parameters: the origin, the LOS altitude, the range, the Earth model, and
/// the state transitions (clear, reset).
enum LOSCommands {
    static let spec = CommandSpec(
        "los", category: .lineOfSight,
        abstract: "Line of sight over terrain: show the origin, parameters and progress",
        discussion:
            "Line of sight works as SkyQuant LOS does: set an origin (los origin), then compute the viewshed — where an "
            + "aircraft at the LOS altitude could be seen from there — or check the path to one place. Terrain is SRTM: the "
            + "White Mountains tile (N44W072, with Mount Washington) is built in; put more .hgt tiles in the terrain folder "
            + "(los terrain). Heights are in feet, above the ground (AGL) or mean sea level (MSL). The curvature of the "
            + "Earth counts: `los earth 4/3` (the default) bends sight lines as standard radio refraction does, `los earth "
            + "true` uses the geometric horizon. The parameters are kept across launches.",
        subcommands: [
            origin, target, range, earth, LOSCheckCommand.spec, LOSCheckCommand.profile, LOSViewshedCommand.spec, LOSRingsCommand.spec, clear, reset,
            LOSTerrainCommands.terrain,
            LOSServerCommand.spec,
        ],
        examples: [
            Example("los", "the line-of-sight state"),
            Example("los origin 44.27056 -71.30333 agl 33ft", "an observer on Mount Washington's summit"),
            Example("los check 43.6615 -70.2553", "can it see Portland, Maine?"),
        ]
    ) { _, context in
        state(context)
    }

    /// The state card `los` shows.
    static func state(_ context: CommandContext) -> Output {
        let los = context.session.los, units = LOSUnits(context)
        var fields = [Field("stage", "stage", Cell(los.stage.rawValue))]
        fields.append(
            Field(
                "origin", "origin",
                los.origin.map { Cell(LOSText.placeDatum($0), text: LOSText.place($0)) } ?? Cell(.null, text: "none — los origin <place>", style: .dim),
                kind: .airport))
        fields.append(Field("observer", "observer", Cell(LOSText.heightDatum(los.observer), text: units.height(los.observer))))
        fields.append(Field("target", "LOS altitude", Cell(LOSText.heightDatum(los.target), text: units.height(los.target))))
        fields.append(
            Field("range_km", "range", Cell(.number(los.range.kilometers), text: units.distance(los.range.meters, decimals: 0)), kind: .length(.kilometers)))
        fields.append(Field("earth", "earth", Cell(.string(los.earth.rawValue), text: "\(los.earth.name) (k = \(los.earth == .radio ? "4/3" : "1"))")))
        if let v = los.viewshed {
            fields.append(
                Field(
                    "viewshed", "viewshed",
                    Cell(
                        .object([
                            ("visible_km2", .number((v.visibleArea / 1e6).rounded())), ("share", .number(v.share)), ("observer_msl_m", .number(v.observerMSL)),
                            ("observer_ground_m", v.observerGround.map { .number($0) } ?? .null), ("range_km", .number(v.range / 1000)),
                        ]),
                        text:
                            "\(units.area(v.visibleArea)) visible (\(Format.fixed(v.share * 100, 1))% of the disc), observer \(units.height(v.observerMSL)) MSL"
                    )))
        }
        if let target = los.lastTarget {
            fields.append(Field("last_target", "last check", Cell(LOSText.placeDatum(target), text: LOSText.place(target))))
        }
        let terrain = context.lineOfSight.terrain()
        fields.append(
            Field(
                "terrain", "terrain",
                Cell(
                    .list(terrain.tileNames.map { .string($0) }),
                    text: terrain.tileNames.joined(separator: ", ") + (context.lineOfSight.terrainDirectory.map { " (folder \($0))" } ?? ""))))
        fields.append(Field("server", "engine", Cell(los.server.map { .string($0) } ?? .null, text: los.server.map { "SkyQuant server \($0)" } ?? "local")))
        var output = Output.card(Card(title: "Line of sight", fields: fields))
        output.blocks += terrain.problems.map { .note("terrain: " + $0) }
        return output
    }

    static let place = Argument("place", .place, "where the observer stands")
    static let agl = Option("agl", .losHeight(), "height above the ground (default 33 ft)")
    static let msl = Option("msl", .losHeight(), "height above mean sea level")

    static let origin = CommandSpec(
        "origin", category: .lineOfSight,
        abstract: "Place the line-of-sight origin (the observer) and its height",
        discussion:
            "The observer's height is above the ground there (agl, the default: 33 ft) or above mean sea level (msl). A "
            + "new origin drops the viewshed and the checked path.",
        arguments: [place.spec],
        options: [agl.spec, msl.spec],
        examples: [
            Example("los origin 44.27056 -71.30333", "Mount Washington's summit, 33 ft up"),
            Example("los origin KPWM msl 200ft", "Portland airport at 200 ft MSL"),
        ]
    ) { args, context in
        guard let place = args[LOSCommands.place] else { throw ShellError.usage("los origin needs a place") }
        let height =
            try LOSText.height(agl: args[LOSCommands.agl], msl: args[LOSCommands.msl], what: "observer", units: LOSUnits(context))
            ?? LOSHeight(Height(33, .feet), .agl)
        let hadViewshed = context.session.los.viewshed != nil
        context.session.setLOSOrigin(place, observer: height)
        let ground = context.lineOfSight.terrain().height(place.coordinate)
        let units = LOSUnits(context)
        var output = Output.message(
            "los origin \(LOSText.place(place)), observer \(units.height(height))"
                + (ground.map { " — ground \(units.height($0)), observer at \(units.height(height.msl(ground: $0))) MSL" } ?? ""))
        if ground == nil { output.append(.note("no terrain there (los terrain fetch gets it): paths from here are unknown where terrain is missing")) }
        if let ground, height.reference == .msl, height.height.meters < ground {
            output.append(.note("the observer is \(units.height(ground - height.height.meters)) below the ground here"))
        }
        if hadViewshed { output.append(.note("the viewshed was dropped (new origin)")) }
        return output
    }

    static let height = Argument("height", .losHeight(), "the target's height (feet unless a unit is given or units are chosen)")
    static let reference = Argument(
        "reference", .choice(LOSHeight.Reference.self, placeholder: "reference"), "above sea level (msl) or the ground (agl)", .optional)

    static let target = CommandSpec(
        "target", category: .lineOfSight,
        abstract: "Set the LOS altitude: the height of what is looked for",
        discussion: "Above mean sea level (msl, the default: an aircraft's altitude) or above the ground (agl: it follows the terrain). Default 30,000 ft MSL.",
        arguments: [
            height.spec,
            reference.spec,
        ],
        examples: [Example("los target 10000ft", "an aircraft at 10,000 ft"), Example("los target 500ft agl", "500 ft above the terrain")]
    ) { args, context in
        guard let height = args[LOSCommands.height] else { throw ShellError.usage("los target needs a height") }
        let agl = args[LOSCommands.reference] == .agl
        guard let target = try LOSText.height(agl: agl ? height : nil, msl: agl ? nil : height, what: "target", units: LOSUnits(context)) else {
            throw ShellError.usage("los target needs a height")
        }
        return parameterChanged(context, "LOS altitude \(LOSUnits(context).height(target))") { $0.setLOSParameters(target: target) }
    }

    /// Applies a change the viewshed depends on, saying so when it drops one.
    static func parameterChanged(_ context: CommandContext, _ text: String, _ change: (inout Session) -> Void) -> Output {
        let hadViewshed = context.session.los.viewshed != nil
        change(&context.session)
        var output = Output.message(text)
        if hadViewshed { output.append(.note("the viewshed was dropped: run los viewshed again")) }
        return output
    }

    static let distance = Argument("distance", .distance(), "the radius (the units setting's km, mi or nm unless a unit is given); clamped to 5–500 km")

    static let range = CommandSpec(
        "range", category: .lineOfSight,
        abstract: "Set how far the viewshed sweeps (5 to 500 km)",
        arguments: [distance.spec],
        examples: [Example("los range 100km", "sweep 100 km around the origin")]
    ) { args, context in
        guard let asked = args[LOSCommands.distance] else { throw ShellError.usage("los range needs a distance") }
        let km = min(max(asked.kilometers, SessionRules.losRange.lowerBound), SessionRules.losRange.upperBound)
        let units = LOSUnits(context)
        var output = parameterChanged(context, "los range \(units.distance(km * 1000, decimals: 0))") {
            $0.setLOSParameters(range: Distance(km, .kilometers))
        }
        if km != asked.kilometers {
            output.blocks.insert(.note("\(units.distance(asked.meters)) is outside 5–500 km: using \(units.distance(km * 1000, decimals: 0))"), at: 0)
        }
        return output
    }

    static let model = Argument("model", .choice(EarthModel.self, placeholder: "model"), "true or 4/3")

    static let earth = CommandSpec(
        "earth", category: .lineOfSight,
        abstract: "Choose the Earth model: true (geometric horizon) or 4/3 (radio refraction)",
        discussion:
            "Sight lines are straight over a sphere of radius k·R, R = 6,371 km: k = 1 for the true Earth, k = 4/3 for "
            + "standard radio refraction, which lets radar and radio see a little beyond the geometric horizon.",
        arguments: [model.spec],
        examples: [Example("los earth true", "the geometric horizon")]
    ) { args, context in
        let model = try args.value(LOSCommands.model)
        return parameterChanged(context, "los earth \(model.name) (effective radius \(Format.grouped(model.effectiveRadius / 1000)) km)") {
            $0.setLOSParameters(earth: model)
        }
    }

    static let clear = CommandSpec(
        "clear", category: .lineOfSight,
        abstract: "Drop the viewshed and the checked path; keep the origin",
        examples: [Example("los clear", "back to the origin alone")]
    ) { _, context in
        _ = try context.lineOfSight.origin()
        context.session.clearLOS()
        context.lineOfSight.lastPathCheck = nil
        return .message("viewshed and path cleared; origin kept")
    }

    static let reset = CommandSpec(
        "reset", category: .lineOfSight,
        abstract: "Start line of sight over: no origin (the parameters stay)",
        examples: [Example("los reset", "forget the origin, viewshed and path")]
    ) { _, context in
        context.session.resetLOS()
        context.lineOfSight.lastPathCheck = nil
        return .message("line of sight reset: no origin")
    }
}
