import SkyKit

/// `map routes`, `map hubs <airline>`, `map airport <airport>`: terminal world maps, also
/// written as GeoJSON or KML.
enum MapCommands {
    static let geojson = Option("geojson", .path(extensions: ["geojson", "json"]), "also write the map's lines and places as GeoJSON", bare: false)
    static let kml = Option("kml", .path(extensions: ["kml"]), "also write them as KML", bare: false)
    static let force = Flag("force", "replace existing files")
    static let fileOptions = [geojson.spec, kml.spec, force.spec]

    static let spec = CommandSpec(
        "map", category: .logbook,
        abstract: "Draw your routes, an airline's hubs or an airport on a world map",
        discussion:
            "The map is drawn in braille characters over Natural Earth's land, zoomed to fit what it shows, in the "
            + "terminal's size. Routes follow the geodesic (the shortest path on the ellipsoid), so long flights curve "
            + "towards the poles. --geojson FILE and --kml FILE write the same lines and places for real map tools.",
        subcommands: [routes, hubs, airport],
        examples: [Example("map routes", "every route of the active logbook")]
    )

    static let routes = CommandSpec(
        "routes", category: .logbook, abstract: "Map the routes of the active logbook",
        options: fileOptions,
        examples: [Example("map routes", "your flights on the world"), Example("map routes --geojson flights.geojson", "and for a GIS")]
    ) { args, context in
        let cursor = try context.logbook.store().flights(in: context.session.logbook)
        let flights = Array(cursor)
        let features = FlightFiles.routeFeatures(flights, catalog: context.catalog)
        guard !features.points.isEmpty else { return .message("no flights in logbook \(context.session.logbook) yet — nothing to map") }
        return try draw(
            features, title: "\(features.lines.count) route\(features.lines.count == 1 ? "" : "s"), \(features.points.count) airports", args, context)
    }

    static let airline = Argument("airline", .airlineText, "the airline")

    static let hubs = CommandSpec(
        "hubs", category: .logbook, abstract: "Map an airline's hubs",
        arguments: [airline.spec],
        options: fileOptions,
        examples: [Example("map hubs UA", "United's hubs"), Example("map hubs alaska airlines", "by name")]
    ) { args, context in
        let airline = try args.value(MapCommands.airline)
        var features = GeoFeatures()
        for index in airline.hubIndices {
            let a = context.catalog.airport(at: index)
            features.points.append(
                GeoFeatures.Point(name: a.icao, coordinate: a.coordinate, properties: [("airport", .string(a.name)), ("hub_of", .string(airline.name))]))
        }
        guard !features.points.isEmpty else { return .message("no hubs are known for \(airline.name)") }
        return try draw(features, title: "Hubs of \(airline.name)", args, context, markStyle: .color(airline.brandColor))
    }

    static let airportName = Argument("airport", .airportText, "the airport")

    static let airport = CommandSpec(
        "airport", category: .logbook, abstract: "Map the area around an airport, with your routes from it",
        arguments: [airportName.spec],
        options: fileOptions,
        examples: [Example("map airport KSFO", "the Bay Area and your routes from SFO")]
    ) { args, context in
        let a = try args.value(MapCommands.airportName)
        let cursor = try context.logbook.store().flights(in: context.session.logbook, FlightFilter(airport: a.icao))
        var features = FlightFiles.routeFeatures(Array(cursor), catalog: context.catalog)
        if features.points.isEmpty {
            features.points.append(GeoFeatures.Point(name: a.icao, coordinate: a.coordinate, properties: [("airport", .string(a.name))]))
        }
        // The view: 300 km around the airport, or the whole of the routes from it.
        let around = (0..<8).map {
            Geodesic.wgs84.direct(from: a.coordinate, azimuth: Angle(degrees: Double($0) * 45), distance: Distance(300, .kilometers)).coordinate
        }
        return try draw(features, title: a.title, args, context, extent: around)
    }

    /// Draws the features and writes the requested files.
    static func draw(
        _ features: GeoFeatures, title: String, _ args: Arguments, _ context: CommandContext, markStyle: Style = .warning, extent: [Coordinate] = []
    ) throws
        -> Output
    {
        var content = WorldMap.Content()
        for line in features.lines { content.lines.append((line.points, .accent)) }
        // Airports are labelled as lists name them (ICAO, IATA or city: the codes setting).
        for point in features.points { content.places.append((point.coordinate, context.logbook.label(airport: point.name), markStyle)) }
        let all = features.lines.flatMap(\.points) + features.points.map(\.coordinate) + extent
        let files = try [(geojson, "geojson"), (kml, "kml")].compactMap { option, key in
            try args[option].map { (key, try context.files.createUserFile($0, force: args.flag(force), personal: true)) }
        }
        var output = Output([
            .message(title, .accent),
            .drawing(
                Drawing("the map", minimumColumns: 20, minimumRows: 10) { columns, rows in
                    let map = WorldMap(fitting: all, columns: min(columns, 160), rows: max(10, min(rows - 4, 50)))
                    return map.draw(content) + [[Span("about \(Format.grouped(map.kilometersPerCell)) km per character", .dim)]]
                }),
        ])
        output.append(.data("routes", .list(features.lines.map { .object([("name", .string($0.name))] + $0.properties) })))
        output.append(
            .data(
                "places",
                .list(
                    features.points.map {
                        .object(
                            [("name", .string($0.name)), ("lat", .number($0.coordinate.latitude)), ("lon", .number($0.coordinate.longitude))] + $0.properties)
                    })))
        for (key, file) in files {
            try context.files.finish(file, with: key == "kml" ? features.kml : features.geoJSON)
            output.append(.message("wrote \(file.path)"))
        }
        return output
    }
}
