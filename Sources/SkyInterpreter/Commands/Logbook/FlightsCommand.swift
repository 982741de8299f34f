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
        ],
        rowSource: RowSource(
            table: Table(key: "flights", columns: columns(extras: extraKeys, inPipeline: true, names: false).columns, rows: []),
            query: QueryPlanner(plan: { FlightPushDown.plan($0, catalog: $2, bare: $1) }, groups: countedGroups, count: counted, fields: extraKeys))
    ) { args, context in
        // What a pipeline's stages let the query do, for the options not given here. A limit given
        // here is the newest N before any stage: then none of the stages is the query's.
        let pushed = args[FlightsCommand.limit] == nil ? context.pipeline.queryPlan.filter : FlightFilter()
        var filter = FlightFilter(
            year: args[FlightsCommand.year] ?? pushed.year, airlines: args[FlightsCommand.airline]?.spellings ?? pushed.airlines,
            airport: args[FlightsCommand.airport]?.icao ?? pushed.airport,
            limit: [args[FlightsCommand.limit], pushed.limit].compactMap { $0 }.min())
        // A distance condition or order is SQLite's once the route lengths are up to date; else
        // the stages measure each flight, and a `first N` after them is theirs too.
        if !pushed.distances.isEmpty || pushed.byDistance != nil {
            if context.logbook.routesMeasured() {
                filter.distances = pushed.distances
                filter.byDistance = pushed.byDistance
            } else {
                filter.limit = nil
            }
        }
        let given = FlightFilter(
            year: args[FlightsCommand.year], airlines: args[FlightsCommand.airline]?.spellings,
            airport: args[FlightsCommand.airport]?.icao, limit: args[FlightsCommand.limit])
        let inPipeline = context.pipeline.inPipeline
        let extras = FlightsCommand.extras(context)
        // The text list reads only the fields it shows, and so does a pipeline whose stages name
        // no field beyond those it can make from them.
        let listed = (extras.isEmpty && !inPipeline) || context.pipeline.queryPlan.fields?.isSubset(of: FlightsCommand.fromListed) == true
        let cursor = try context.logbook.store().flights(in: context.session.logbook, filter, listed: listed)
        let cell = FlightsCommand.cellMaker(context)
        let shape = FlightsCommand.columns(extras: extras, inPipeline: inPipeline, names: context.settings.value(.codes) == .names)
        let row = { (f: Flight) in shape.columns.indices.map { cell(f, $0) } }
        // The where stages after the list, asked of the cells they read: a flight they drop is
        // never made into a row; and a sort … | first N after them, ranked on the key cells:
        // only the N best become rows.
        let (test, best) = context.pipeline.pushedRanking()
        let kept = AnyIterator<Flight> {
            while let f = cursor.next() {
                if let test, !test.keeps({ cell(f, $0) }) { continue }
                return f
            }
            return nil
        }
        let reader = ScalarReader(catalog: context.catalog)
        let ranked = best.map { best in RankedItems(kept, Ranking(best.order, keep: best.keep)) { f in best.order.key(reader) { cell(f, $0) } } }
        let rows = (ranked.map { AnyIterator($0) } ?? kept).mapped(row)
        let table = StreamedTable(
            key: "flights",
            columns: shape.columns,
            widths: shape.widths,
            rows: rows,
            empty: "no flights in logbook \(context.session.logbook)\(given == FlightFilter() ? " yet — add one with flight add" : " match")",
            finish: { () throws(ShellError) in
                if let failure = cursor.failure { throw ShellError(storeError: failure) }
                if ranked?.interrupted == true { throw ShellError.listingInterrupted }
                return []
            })
        return Output([.stream(table)])
    }

    /// The list's columns (the text widths of those shown; 0: as wide as they need): the
    /// shown ones, the data-only card fields of `extras`, and in a pipeline the year.
    static func columns(extras: [String], inPipeline: Bool, names: Bool) -> (columns: [Column], widths: [Int]) {
        let columns =
            [
                Column("id", "#", .right, kind: .integer), Column("airline", "Airline", kind: .airline), Column("route", "Route", kind: .text),
                Column("aircraft", "Aircraft", kind: .aircraft),
                Column("date", "Date", kind: .date), Column("origin", "", dataOnly: true, kind: .airport, aliases: ["from"]),
                Column("destination", "", dataOnly: true, kind: .airport, aliases: ["to"]),
            ] + extras.map { Column($0, "", dataOnly: true, kind: FlightsCommand.kind(of: $0)) }
            + (inPipeline ? [Column("year", "", dataOnly: true, kind: .integer)] : [])
        return (columns, [7, 24, names ? 36 : 12, 8, 10] + Array(repeating: 0, count: columns.count - 5))
    }

    /// The cell in column `i` (of `columns(extras:inPipeline:names:)`) of one flight's row, as
    /// the list of this moment shows it. The rows are made as they are read, perhaps after the
    /// pipeline that asked for them has moved on: what they depend on is taken now.
    static func cellMaker(_ context: CommandContext) -> (Flight, Int) -> Cell {
        var airlineNames: [String: String] = [:]
        let fields = extras(context).map { key in context.pipeline.queryPlan.fields?.contains(key) ?? true ? FlightFields.reader(key, context) : nil }
        let label = context.logbook.labeler()
        let catalog = context.catalog
        let empty = Cell(.null)
        return { f, i in
            switch i {
            case 0: return Cell(.int(f.number ?? 0), text: "#\(f.number ?? 0)")
            case 1:
                let airline = f.airline.map { code in
                    airlineNames[code]
                        ?? {
                            let name = catalog.airline(code: code)?.name ?? code; airlineNames[code] = name; return name
                        }()
                }
                return Cell(Datum.optional(f.airline), text: airline ?? "—")
            case 2: return Cell(.string("\(f.origin)-\(f.destination)"), text: "\(label(f.origin)) → \(label(f.destination))")
            case 3: return Cell(Datum.optional(f.aircraft), text: f.aircraft ?? "—")
            case 4: return Cell(f.date.description)
            case 5: return Cell(.string(f.origin))
            case 6: return Cell(.string(f.destination))
            case 7..<(7 + fields.count): return fields[i - 7].map { Cell($0(f)) } ?? empty
            default: return Cell(.int(f.date.year))
            }
        }
    }

    /// The cells of one flight's row (see `cellMaker`).
    /// `flights | where … | count` counted by the logbook; nil when it cannot be (route lengths
    /// that cannot be brought up to date): the stages then count.
    static func counted(_ plan: FlightPushDown, _ context: CommandContext) throws -> Int? {
        if !plan.filter.distances.isEmpty, !context.logbook.routesMeasured() { return nil }
        return try context.logbook.store().count(in: context.session.logbook, plan.filter)
    }

    /// `flights | where … | group KEY… with count` counted by the logbook: the group stage
    /// over one row per group (made as the list makes a row) standing for its count.
    static func countedGroups(_ shape: QueryTable, _ plan: FlightPushDown, _ context: CommandContext) throws -> QueryTable {
        guard let group = plan.group else { throw ShellError(.internal, "no group was planned for the logbook to count") }
        let counted = try context.logbook.store().flightGroups(in: context.session.logbook, plan.filter, by: group.keys)
        let row = rowMaker(context)
        var next = counted.makeIterator()
        return try Grouping.group(
            shape, group.request, ScalarReader(catalog: context.catalog), rows: AnyIterator { next.next().map { (row($0.sample), $0.count) } })
    }

    static func rowMaker(_ context: CommandContext) -> (Flight) -> [Cell] {
        let cell = cellMaker(context)
        let count = columns(extras: extras(context), inPipeline: context.pipeline.inPipeline, names: false).columns.count
        return { f in (0..<count).map { cell(f, $0) } }
    }

    /// The card's fields a row carries beyond the columns shown: all of them in JSON, CSV and
    /// a pipeline (which can then ask of any of them); none in the text list. A pipeline shown
    /// as text computes only those its stages name (the others stay columns, empty, so that a
    /// misspelt name still meets the whole list).
    static func extras(_ context: CommandContext) -> [String] {
        context.settings.renderOptions.format != .table || context.pipeline.inPipeline ? extraKeys : []
    }

    /// The kind of a field's column, declared so that a pipeline knows it before any row
    /// is read (a field left empty still has its kind).
    static func kind(of key: String) -> ColumnKind { extraKinds[key] ?? .text }

    static let extraKinds: [String: ColumnKind] = [
        "departure_time": .clock, "arrival_time": .clock, "arrival_date": .date, "duration_min": .duration(secondsPerUnit: 60), "row": .integer,
        "distance_km": .length(.kilometers),
    ]

    /// The card's fields made from the list's own (`LogbookStore.listedColumns`) alone.
    static let fromListed: Set<String> = ["distance_km"]

    /// The card's fields the list already has as columns.
    static let shown: Set<String> = ["id", "airline", "aircraft", "date", "origin", "destination"]
    /// The card's other fields, in the card's order: data-only columns of JSON and CSV.
    static let extraKeys = [
        "date_precision", "departure_time", "arrival_time", "arrival_date", "duration_min", "flight_number",
        "registration", "class", "row", "seat_letter", "seat", "seat_position", "reason", "events", "trip", "notes", "distance_km",
    ]
}
