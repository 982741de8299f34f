import SkyKit

/// `flights [year Y] [airline X] [airport A] [limit N]`: the flights of the active logbook.
enum FlightsCommand {
    static let year = Option("year", .integer(1900...2100, placeholder: "year"), "only flights of this year")
    static let airline = Option("airline", .airline, "only flights with this airline")
    static let airport = Option("airport", .airport, "only flights from or to this airport")
    static let limit = Option("limit", .integer(1...10_000_000), "at most this many")

    static let spec = CommandSpec(
        "flights", category: .logbook,
        abstract: "List the flights of the active logbook, newest first",
        discussion:
            "One line per flight: number, airline, route, aircraft and date. Airports show as ICAO codes, or as cities with "
            + "`set codes names`. The list is written as it is read, so even a very long logbook starts at once.",
        options: [
            year.spec,
            airline.spec,
            airport.spec,
            limit.spec,
        ],
        examples: [
            Example("flights", "every flight"),
            Example("flights year 2025 airline UA", "this year's United flights"),
            Example("flights airport SFO limit 5", "the last five flights through San Francisco"),
        ]
    ) { args, context in
        // What a pipeline's stages let the query do, for the options not given here.
        let pushed = context.flightPushDown.filter
        let filter = FlightFilter(
            year: args[FlightsCommand.year] ?? pushed.year, airline: args[FlightsCommand.airline]?.storedCode ?? pushed.airline,
            airport: args[FlightsCommand.airport]?.icao ?? pushed.airport,
            limit: [args[FlightsCommand.limit], pushed.limit].compactMap { $0 }.min())
        let given = FlightFilter(
            year: args[FlightsCommand.year], airline: args[FlightsCommand.airline]?.storedCode,
            airport: args[FlightsCommand.airport]?.icao, limit: args[FlightsCommand.limit])
        let inPipeline = context.inPipeline
        let extras = FlightsCommand.extras(context)
        // The text list reads only the fields it shows, and so does a pipeline whose stages name
        // no field beyond those it can make from them.
        let listed = (extras.isEmpty && !inPipeline) || context.flightPushDown.fields?.isSubset(of: FlightsCommand.fromListed) == true
        let cursor = try context.logbook.store().flights(in: context.session.logbook, filter, listed: listed)
        let row = FlightsCommand.rowMaker(context)
        let rows = AnyIterator<[Cell]> { cursor.next().map(row) }
        let names = context.setting(.codes) == .names
        let table = StreamedTable(
            key: "flights",
            columns: [
                Column("id", "#", .right, kind: .integer), Column("airline", "Airline"), Column("route", "Route", kind: .text), Column("aircraft", "Aircraft"),
                Column("date", "Date"), Column("origin", "", dataOnly: true, aliases: ["from"]), Column("destination", "", dataOnly: true, aliases: ["to"]),
            ] + extras.map { Column($0, "", dataOnly: true, kind: FlightsCommand.kind(of: $0)) }
                + (inPipeline ? [Column("year", "", dataOnly: true)] : []),
            widths: [7, 24, names ? 36 : 12, 8, 10, 0, 0] + extras.map { _ in 0 } + (inPipeline ? [0] : []),
            rows: rows,
            empty: "no flights in logbook \(context.session.logbook)\(given == FlightFilter() ? " yet — add one with flight add" : " match")",
            finish: { () throws(ShellError) in
                if let failure = cursor.failure { throw ShellError(storeError: failure) }
                return []
            })
        return Output([.stream(table)])
    }

    /// The cells of one flight's row, as the list of this moment shows it. The rows are made as
    /// they are read, perhaps after the pipeline that asked for them has moved on: what they
    /// depend on is taken now.
    static func rowMaker(_ context: CommandContext) -> (Flight) -> [Cell] {
        var airlineNames: [String: String] = [:]
        let inPipeline = context.inPipeline
        let extras = FlightsCommand.extras(context)
        let fields = extras.map { key in context.flightPushDown.fields?.contains(key) ?? true ? FlightFields.reader(key, context) : nil }
        let label = context.logbook.labeler()
        let catalog = context.catalog
        let empty = Cell(.null)
        return { f in
            let airline = f.airline.map { code in
                airlineNames[code]
                    ?? {
                        let name = catalog.airline(code: code)?.name ?? code; airlineNames[code] = name; return name
                    }()
            }
            var cells: [Cell] = []
            cells.reserveCapacity(8 + fields.count)
            cells.append(Cell(.int(f.number ?? 0), text: "#\(f.number ?? 0)"))
            cells.append(Cell(Datum.optional(f.airline), text: airline ?? "—"))
            cells.append(Cell(.string("\(f.origin)-\(f.destination)"), text: "\(label(f.origin)) → \(label(f.destination))"))
            cells.append(Cell(Datum.optional(f.aircraft), text: f.aircraft ?? "—"))
            cells.append(Cell(f.date.description))
            cells.append(Cell(.string(f.origin)))
            cells.append(Cell(.string(f.destination)))
            for field in fields { cells.append(field.map { Cell($0(f)) } ?? empty) }
            if inPipeline { cells.append(Cell(.int(f.date.year))) }
            return cells
        }
    }

    /// The card's fields a row carries beyond the columns shown: all of them in JSON, CSV and
    /// a pipeline (which can then ask of any of them); none in the text list. A pipeline shown
    /// as text computes only those its stages name (the others stay columns, empty, so that a
    /// misspelt name still meets the whole list).
    static func extras(_ context: CommandContext) -> [String] {
        context.renderOptions.format != .table || context.inPipeline ? extraKeys : []
    }

    /// The kind of a field's column, declared so that a pipeline knows it before any row
    /// is read (a field left empty still has its kind).
    static func kind(of key: String) -> ColumnKind {
        ColumnKind.inferred(key: key) ?? (key == "row" ? .integer : .text)
    }

    /// The card's fields made from the list's own (`LogbookStore.listedColumns`) alone.
    static let fromListed: Set<String> = ["distance_km"]

    /// The card's fields the list already has as columns.
    static let shown: Set<String> = ["id", "airline", "aircraft", "date", "origin", "destination"]
    /// The card's other fields, in the card's order: data-only columns of JSON and CSV.
    static let extraKeys = [
        "date_precision", "departure_time", "arrival_time", "arrival_date", "duration_min", "flight_number",
        "registration", "class", "row", "seat_letter", "seat_position", "reason", "events", "trip", "notes", "distance_km",
    ]
}
