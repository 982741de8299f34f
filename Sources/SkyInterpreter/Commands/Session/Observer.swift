import SkyKit

/// `observer [<place>] [agl|msl <height>]`, `observer clear`: where you stand.
enum ObserverCommand {
    static let place = Argument("place", .place, "where you stand", .optional)
    static let agl = Option("agl", .height(), "eye height above the ground")
    static let msl = Option("msl", .height(), "eye altitude above mean sea level")

    static let spec = CommandSpec(
        "observer", aliases: ["obs"], category: .session,
        abstract: "Show or set where you are",
        discussion:
            "Without arguments, shows the observer. With a place (an airport, coordinates or here) it moves the observer "
            + "there, standing on the ground: at an airport's elevation, at the terrain's height where a terrain tile covers "
            + "the place (los terrain), or at sea level where the ground height is not known. agl gives the eye height above "
            + "the ground, msl the altitude above mean sea level.",
        arguments: [place.spec],
        options: [
            agl.spec,
            msl.spec,
        ],
        subcommands: [clear],
        examples: [
            Example("observer 51.4775 -0.4614", "stand at Heathrow's runways"),
            Example("observer 51°28'39\"N 0°27'41\"W agl 2m", "the same in DMS, eyes 2 m up"),
            Example("observer", "show the observer"),
        ]
    ) { args, context in
        guard var place = args[ObserverCommand.place] else {
            if args.given(ObserverCommand.agl) || args.given(ObserverCommand.msl) {
                throw ShellError.usage("agl and msl need a place: observer <place> agl <height>")
            }
            guard let observer = context.session.observer else {
                return .message("no observer set — use observer <place>, e.g. observer 51.4775 -0.4614")
            }
            return .card(card(observer, context))
        }
        if args.given(ObserverCommand.agl) && args.given(ObserverCommand.msl) { throw ShellError.usage("give agl or msl, not both") }
        // Where the place has no elevation of its own (coordinates), the terrain gives it, else
        // the airport the place is on.
        var fromTerrain = false
        var onAirport: Airport?
        if place.elevation == nil, let height = context.lineOfSight.terrain().height(place.coordinate) {
            place.elevation = Height(meters: height)
            fromTerrain = true
        } else if place.elevation == nil, let airport = context.catalog.airport(standingAt: place.coordinate), let elevation = airport.elevation {
            place.elevation = elevation
            onAirport = airport
        }
        let ground = place.elevation ?? .zero
        var altitude = ground
        if let agl = args[ObserverCommand.agl] {
            guard agl.meters >= 0 else { throw ShellError.usage("agl must not be negative (the eye is above the ground)") }
            altitude = ground + agl
            guard SessionRules.heightsMSL.contains(altitude.meters) else { throw ShellError.usage("the eye would be above 100 km") }
        }
        if let msl = args[ObserverCommand.msl] {
            guard SessionRules.heightsMSL.contains(msl.meters) else { throw ShellError.usage("msl must be between -500 m and 100 km") }
            altitude = msl
        }
        let observer = Observer(place: place, altitude: altitude)
        context.session.placeObserver(observer)
        var output = Output([.card(card(observer, context))])
        if place.elevation == nil, args.given(ObserverCommand.agl) || !args.given(ObserverCommand.msl) {
            output.append(.note("ground height unknown here (no terrain: los terrain fetch around it); heights are above sea level"))
        } else if fromTerrain {
            output.append(.note("ground height from the terrain tiles (SRTM)"))
        } else if let onAirport {
            output.append(
                .note(
                    "ground height: the elevation of \(onAirport.icao) (\(onAirport.name)), which the place is on — no terrain "
                        + "here (los terrain fetch around it for the ground itself)"
                ))
        }
        return output
    }

    static let clear = CommandSpec(
        "clear", category: .session,
        abstract: "Forget the observer position",
        examples: [Example("observer clear", "no observer")]
    ) { _, context in
        context.session.clearObserver()
        return .message("observer cleared")
    }

    static func card(_ observer: Observer, _ context: CommandContext) -> Card {
        let c = observer.place.coordinate
        let airportName = observer.place.airportCode.flatMap { context.catalog.airport(icao: $0)?.name }
        var fields = [
            Field("name", "place", Cell(.string(observer.place.name), text: observer.place.name + (airportName.map { " — " + $0 } ?? ""))),
            Field("lat", "latitude", Cell(.number(c.latitude), text: Format.fixed(c.latitude, 5))),
            Field("lon", "longitude", Cell(.number(c.longitude), text: Format.fixed(c.longitude, 5))),
            Field("dms", "DMS", Cell(CoordinateText.dms(c))),
            Field(
                "altitude_m", "altitude",
                Cell(Datum.rounded(observer.altitude.meters, 2), text: Format.height(observer.altitude, context.settings.units) + " MSL"),
                kind: .height(.meters)),
        ]
        if let ground = observer.place.elevation {
            fields.append(
                Field(
                    "ground_m", "ground", Cell(Datum.rounded(ground.meters, 2), text: Format.height(ground, context.settings.units) + " MSL"),
                    kind: .length(.meters)))
        }
        return Card(title: "Observer", fields: fields)
    }

    static func cell(_ observer: Observer, _ units: UnitSystem) -> Cell {
        Cell(
            .object([
                ("name", .string(observer.place.name)),
                ("lat", .number(observer.place.coordinate.latitude)),
                ("lon", .number(observer.place.coordinate.longitude)),
                ("altitude_m", Datum.rounded(observer.altitude.meters, 2)),
            ]),
            text: (observer.place.airportCode.map { $0 + "  " } ?? "") + CoordinateText.short(observer.place.coordinate) + "  "
                + Format.height(observer.altitude, units) + " MSL")
    }
}
