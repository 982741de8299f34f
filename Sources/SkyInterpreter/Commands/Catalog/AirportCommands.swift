import FoundationEssentials
import Glibc
import SkyKit

/// `airport <code|name>`, `airports near <place> [within D] [limit N]`, `airports search <text>`.
enum AirportCommands {
    static let airportName = Argument("airport", .airportText, "the airport")

    static let airport = CommandSpec(
        "airport", aliases: ["ap"], category: .catalog,
        abstract: "Show an airport's card",
        discussion:
            "Name, codes, city, region and country, position in decimal and DMS, elevation, time zone with the local time "
            + "now, runways and the airlines that use it as a hub. Give an ICAO or IATA code, or words of the name or city.",
        arguments: [airportName.spec],
        examples: [
            Example("airport KSFO", "San Francisco International"),
            Example("airport lhr", "London Heathrow by its IATA code"),
            Example("airport schiphol", "by a word of its name"),
        ]
    ) { args, context in
        let airport = try args.value(AirportCommands.airportName)
        return card(airport, context)
    }

    static let airports = CommandSpec(
        "airports", category: .catalog,
        abstract: "Find airports near a place or by name",
        subcommands: [near, search],
        examples: [Example("airports search new york", "airports named or located in New York")]
    )

    static let place = Argument("place", .place, "the centre")
    static let within = Option("within", .distance(), "search radius", default: Distance(50, .kilometers), shown: "50 km")
    static let nearLimit = Option("limit", .integer(1...1000), "how many to list", default: 10, shown: "10")

    static let near = CommandSpec(
        "near", category: .catalog,
        abstract: "Airports near a place, nearest first",
        arguments: [place.spec],
        options: [
            within.spec,
            nearLimit.spec,
        ],
        examples: [
            Example("airports near KSFO", "airports around San Francisco"),
            Example("airports near 51.5 -0.12 within 30km limit 5", "five airports within 30 km of central London"),
        ],
        columns: nearColumns
    ) { args, context in
        let place = try args.value(AirportCommands.place)
        let radius = try args.value(AirportCommands.within)
        guard radius.meters > 0, radius.kilometers <= 20_000 else { throw ShellError.usage("within must be more than 0 and at most 20,000 km") }
        let limit = try args.value(AirportCommands.nearLimit)
        let found = context.catalog.airports(near: place.coordinate, within: radius, limit: limit)
        let unit = Format.distanceUnit(context.settings.units)
        let rows = found.map { hit in
            [
                Cell(hit.airport.icao), Cell(Datum.optional(hit.airport.iata)), Cell(hit.airport.name), Cell(hit.airport.city),
                Cell(Datum.rounded(hit.distance.kilometers, 3), text: Format.distance(hit.distance, in: unit)),
                hit.distance.meters < 1
                    ? Cell(.null, text: "—") : Cell(Datum.rounded(hit.bearing.degrees, 1), text: Format.bearing(hit.bearing, decimals: 0)),
            ]
        }
        var table = Table(key: "airports", columns: nearColumns, rows: rows)
        table.title = "Airports within \(Format.distance(radius, in: unit, decimals: 0)) of \(place.name)"
        return .table(table)
    }

    static let nearColumns = [
        Column("icao", "ICAO", kind: .airport), Column("iata", "IATA", kind: .airport), Column("name", "Name"), Column("city", "City"),
        Column("distance_km", "Distance", .right, kind: .length(.kilometers)), Column("bearing_deg", "Bearing", .right, kind: .angle),
    ]
    static let searchColumns = [
        Column("icao", "ICAO", kind: .airport), Column("iata", "IATA", kind: .airport), Column("name", "Name"), Column("city", "City"),
        Column("country", "Country"),
        Column("routes", "Routes", .right, kind: .integer),
    ]

    static let text = Argument("text", .words, "words of the name or city, or a code", .rest(required: true))
    static let searchLimit = Option("limit", .integer(1...1000), "how many to list", default: 25, shown: "25")

    static let search = CommandSpec(
        "search", category: .catalog,
        abstract: "Airports whose name, city or code matches, biggest first",
        arguments: [text.spec],
        options: [searchLimit.spec],
        examples: [
            Example("airports search london", "every London airport"), Example("airports search san jose limit 5", "the five biggest San José airports"),
        ],
        columns: searchColumns
    ) { args, context in
        let text = try args.value(AirportCommands.text)
        let words = TextFolding.fold(text).split(separator: " ").map(String.init)
        if !words.isEmpty, words.allSatisfy(TextFolding.airportStopWords.contains), context.catalog.airport(code: text.uppercased()) == nil {
            throw ShellError.usage(
                "'\(text)' is in too many airport names to search by: add a city or another word of the name (airports search chicago \(words[0]))")
        }
        let found = context.catalog.searchAirports(text, limit: try args.value(AirportCommands.searchLimit))
        let rows = found.map { a in
            [
                Cell(a.icao), Cell(Datum.optional(a.iata)), Cell(a.name), Cell(a.city), Cell(a.countryName),
                Cell(.int(a.routeCount), text: Format.grouped(Double(a.routeCount))),
            ]
        }
        return .table(
            Table(
                key: "airports", title: found.isEmpty ? "No airport matches '\(text)'" : nil, columns: searchColumns, rows: rows))
    }

    /// The airport card.
    static func card(_ a: Airport, _ context: CommandContext) -> Output {
        let units = context.settings.units
        var fields = [
            Field("name", "", Cell(a.name)),
            Field("icao", "ICAO", Cell(a.icao), kind: .airport),
            Field("iata", "IATA", Cell(Datum.optional(a.iata), text: a.iata ?? "—"), kind: .airport),
            Field("city", "city", Cell(a.city)),
            Field(
                "region", "region",
                Cell(
                    Datum.optional(a.region.isEmpty ? nil : a.region),
                    text: a.region.isEmpty ? "—" : a.region + (a.regionCode.map { " (\($0))" } ?? ""))),
            Field("region_code", "", Cell(Datum.optional(a.regionCode))),
            Field("country", "country", Cell(.string(a.countryName), text: "\(a.countryName) (\(a.countryCode))")),
            Field("lat", "latitude", Cell(.number(a.coordinate.latitude), text: Format.fixed(a.coordinate.latitude, 5))),
            Field("lon", "longitude", Cell(.number(a.coordinate.longitude), text: Format.fixed(a.coordinate.longitude, 5))),
            Field("dms", "DMS", Cell(CoordinateText.dms(a.coordinate))),
            Field(
                "elevation_ft", "elevation",
                Cell(
                    a.elevation.map { .number($0.feet.rounded()) } ?? .null,
                    text: a.elevation.map { heightBoth($0, units) } ?? "unknown"), kind: .height(.feet)),
        ]
        let zone = TimeText.local(zone: a.timeZone, at: context.runner.clock.now)
        fields.append(Field("time_zone", "time zone", Cell(.string(a.timeZone), text: a.timeZone)))
        fields.append(
            Field("local_time", "local time", Cell(Datum.optional(zone?.iso), text: zone.map { "\($0.clock) (UTC\($0.offset))" } ?? "unknown"), kind: .clock))
        let runways =
            a.runwayCount == 0
            ? "none recorded"
            : "\(a.runwayCount), longest \(a.longestRunway.map { lengthBoth($0, units) } ?? "unknown")" + (a.surfaces.isEmpty ? "" : ", \(a.surfaces)")
        fields.append(
            Field(
                "runways", "runways",
                Cell(
                    .object([
                        ("count", .int(a.runwayCount)),
                        ("longest_ft", a.longestRunway.map { .number($0.feet.rounded()) } ?? .null),
                        ("surfaces", .list(a.surfaces.isEmpty ? [] : a.surfaces.parts(separatedBy: ", ").map(Datum.string))),
                    ]), text: runways)))
        fields.append(
            Field(
                "routes", "routes",
                Cell(.int(a.routeCount), text: a.routeCount == 0 ? "no airline routes listed" : "\(Format.grouped(Double(a.routeCount))) airline routes")))
        let hubs = context.catalog.airlines(withHub: a.rank)
        fields.append(
            Field(
                "hub_of", "hub of",
                Cell(
                    .list(hubs.map { .object([("name", .string($0.name)), ("iata", .optional($0.iata)), ("icao", .optional($0.icao))]) }),
                    text: hubs.isEmpty
                        ? "—" : hubs.prefix(8).map(\.title).joined(separator: "\n") + (hubs.count > 8 ? "\n… and \(hubs.count - 8) more" : ""))))
        fields.append(context.logbook.yourFlightsField(FlightFilter(airport: a.icao), none: "none from or to here yet"))
        return .card(Card(title: a.name, fields: fields))
    }

    /// "13 ft (4 m)" with the session's unit first.
    static func heightBoth(_ h: Height, _ units: UnitSystem) -> String {
        units == .metric
            ? "\(Format.height(h, in: .meters)) (\(Format.height(h, in: .feet)))" : "\(Format.height(h, in: .feet)) (\(Format.height(h, in: .meters)))"
    }

    /// "11,870 ft (3,618 m)" for runway lengths, with the session's unit first.
    static func lengthBoth(_ d: Distance, _ units: UnitSystem) -> String {
        heightBoth(Height(meters: d.meters), units)
    }
}
