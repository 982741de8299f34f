import SkyKit

/// `airline <code|name>`, `airlines search <text>`.
enum AirlineCommands {
    static let airlineName = Argument("airline", .airlineText, "the airline")

    static let airline = CommandSpec(
        "airline", aliases: ["al"], category: .catalog,
        abstract: "Show an airline's card",
        discussion:
            "Name, codes, callsign, country, whether it is active, its hubs and its fleet. Hubs are the airports where its own routes "
            + "(codeshares excluded) start or end at least a quarter as often as at its busiest airport and that carry at least 5% of its "
            + "route ends; the fleet is the aircraft types on its routes, most used first. Both come from the OpenFlights route table, "
            + "which describes 2014.",
        arguments: [airlineName.spec],
        subcommands: [FavoriteCommands.favorite, FavoriteCommands.unfavorite],
        examples: [
            Example("airline AS", "Alaska Airlines by its IATA code"),
            Example("airline UAL", "United Airlines by its ICAO code"),
            Example("airline lufthansa", "by name"),
        ]
    ) { args, context in
        let airline = try args.value(AirlineCommands.airlineName)
        return card(airline, context)
    }

    static let airlines = CommandSpec(
        "airlines", category: .catalog,
        abstract: "Find airlines by name or code",
        subcommands: [search, FavoriteCommands.favorites],
        examples: [Example("airlines search united", "airlines with United in their name")]
    )

    static let text = Argument("text", .words, "words of the name or callsign, or a code", .rest(required: true))
    static let all = Flag("all", "include airlines that no longer fly")
    static let limit = Option("limit", .integer(1...1000), "how many to list", default: 25, shown: "25")

    static let searchColumns = [
        Column("iata", "IATA", kind: .airline), Column("icao", "ICAO", kind: .airline), Column("name", "Name"), Column("callsign", "Callsign"),
        Column("country", "Country"), Column("active", "Active", kind: .boolean), Column("routes", "Routes", .right, kind: .integer),
    ]

    static let search = CommandSpec(
        "search", category: .catalog,
        abstract: "Airlines whose name, callsign or code matches, active ones first",
        arguments: [text.spec],
        options: [all.spec, limit.spec],
        examples: [Example("airlines search united", "airlines called United…"), Example("airlines search pan am --all", "also former airlines")],
        columns: searchColumns
    ) { args, context in
        let text = try args.value(AirlineCommands.text)
        let found = context.catalog.searchAirlines(text, limit: 2000).filter { args.flag(AirlineCommands.all) || $0.isActive }.prefix(
            try args.value(AirlineCommands.limit))
        let rows = found.map { a in
            [
                Cell(Datum.optional(a.iata)), Cell(Datum.optional(a.icao)), Cell(a.name), Cell(Datum.optional(a.callsign)),
                Cell(Datum.optional(a.country)), Cell(.bool(a.isActive), text: a.isActive ? "yes" : "no"),
                Cell(.int(a.routeCount), text: Format.grouped(Double(a.routeCount))),
            ]
        }
        return .table(
            Table(
                key: "airlines", title: found.isEmpty ? "No airline matches '\(text)'" : nil,
                columns: searchColumns, rows: Array(rows)))
    }

    /// The airline card.
    static func card(_ a: Airline, _ context: CommandContext) -> Output {
        let catalog = context.catalog
        let hubs = a.hubIndices.map(catalog.airport(at:))
        let fleet = a.fleetIndices.map { (catalog.aircraftEntry($0.type), $0.routes) }
        let fields = [
            Field("name", "", Cell(a.name)),
            Field("iata", "IATA", Cell(Datum.optional(a.iata), text: a.iata ?? "—"), kind: .airport),
            Field("icao", "ICAO", Cell(Datum.optional(a.icao), text: a.icao ?? "—"), kind: .airport),
            Field("callsign", "callsign", Cell(Datum.optional(a.callsign), text: a.callsign ?? "—")),
            Field("country", "country", Cell(Datum.optional(a.country), text: a.country ?? "unknown")),
            Field("active", "active", Cell(.bool(a.isActive), text: a.isActive ? "yes" : "no")),
            Field("alias", "also known as", Cell(Datum.optional(a.alias), text: a.alias ?? "—")),
            Field("routes", "routes", Cell(.int(a.routeCount), text: a.routeCount == 0 ? "none listed" : "\(Format.grouped(Double(a.routeCount))) of its own")),
            Field(
                "hubs", "hubs",
                Cell(
                    .list(hubs.map { .object([("icao", .string($0.icao)), ("iata", .optional($0.iata)), ("name", .string($0.name))]) }),
                    text: hubs.isEmpty ? "—" : hubs.map { "\($0.icao) \($0.name)" }.joined(separator: "\n"))),
            Field(
                "fleet", "fleet",
                Cell(
                    .list(fleet.map { .object([("designator", .string($0.0.designator)), ("name", .string($0.0.name)), ("routes", .int($0.1))]) }),
                    text: fleet.isEmpty
                        ? "—"
                        : fleet.prefix(12).map { "\($0.0.designator)  \($0.0.name) (\($0.1) route\($0.1 == 1 ? "" : "s"))" }.joined(separator: "\n")
                            + (fleet.count > 12 ? "\n… and \(fleet.count - 12) more" : ""))),
            Field("brand_color", "", Cell(.int(a.brandColor))),
            context.logbook.yourFlightsField(FlightFilter(airlines: a.spellings), none: "no flights with this airline yet"),
            context.badges.field(airline: a.storedCode),
        ]
        var card = Card(title: a.name, fields: fields)
        card.titleStyle = .color(a.brandColor)
        return .card(card)
    }
}
