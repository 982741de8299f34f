import SkyKit

/// `stats [section] [year Y] [in unit] [limit N]`: FlyLines' statistics of the active logbook,
/// with years, countries and records.
enum StatsCommand {
    /// The sections, in FlyLines' order, with years, countries and records.
    enum Section: String, CaseIterable { case flights, years, airlines, airports, countries, regions, routes, distance, aircraft, seats, records }

    static let section = Argument("section", .choice(Section.self, placeholder: "section"), "one section only", .optional)
    static let unit = Option("in", .lengthUnit, "the distance unit: km, mi, nm, m or ft")
    static let limit = Option("limit", .integer(1...100_000), "entries per ranked list", default: 15, shown: "15")
    static let year = Option("year", .integer(1914...2100, placeholder: "year"), "only the flights of this year")

    static let spec = CommandSpec(
        "stats", category: .logbook,
        abstract: "Statistics of the active logbook",
        discussion:
            "In FlyLines' order: flights (with the time in the air of those that have times); each year's flights, "
            + "distance and time; airlines ranked by flights; airports, countries and regions flown to or from; routes "
            + "(airport pairs in either direction) with departures and arrivals side by side; the total distance and each "
            + "route's, longest first; aircraft types; seat positions, rows and classes side by side; and records (longest "
            + "and shortest flight, the airports furthest north, south, east and west and the highest, what you flew most, "
            + "your first and latest flight, your busiest year and month). `year Y` limits every section to one year "
            + "(flights known only by their year or month count in it). Ranked lists carry bar charts with `set charts on` "
            + "(the default at a terminal). Distances are geodesic.",
        arguments: [section.spec],
        options: [
            year.spec,
            unit.spec,
            limit.spec,
        ],
        examples: [
            Example("stats", "every section"), Example("stats routes", "routes, departures and arrivals"), Example("stats distance in mi", "miles flown"),
            Example("stats years", "flights, distance and time per year"), Example("stats records year 2025", "this year's records"),
        ]
    ) { args, context in
        let year = args[StatsCommand.year]
        let stats = try LogbookStatistics.compute(context.logbook.store(), logbook: context.session.logbook, catalog: context.catalog, year: year)
        let only = args[StatsCommand.section]
        let limit = try args.value(StatsCommand.limit)
        let unit = args[StatsCommand.unit] ?? Format.distanceUnit(context.settings.units)
        let report = Report(stats: stats, context: context, limit: limit, unit: unit, charts: context.console.chartsEnabled)
        guard stats.flights > 0 else {
            let what =
                year.map { "no flights in \($0) in logbook \(context.session.logbook)" }
                ?? "no flights in logbook \(context.session.logbook) yet — add one with flight add"
            return Output([.message(what), .data("flights", .int(0))])
        }
        var output = Output()
        for section in Section.allCases where only == nil || only == section {
            output.blocks += report.section(section.rawValue)
        }
        return output
    }

    /// Builds the blocks of each section.
    struct Report {
        let stats: LogbookStatistics
        let context: CommandContext
        let limit: Int
        let unit: LengthUnit
        let charts: Bool

        func section(_ name: String) -> [Block] {
            switch name {
            case "flights":
                let span = [stats.firstDate, stats.lastDate].compactMap { $0?.description }
                let time =
                    stats.timedFlights == 0
                    ? "" : " · \(hours(stats.minutes)) in the air" + (stats.timedFlights < stats.flights ? " (the \(stats.timedFlights) with times)" : "")
                return [
                    .message(
                        "\(Format.grouped(Double(stats.flights))) flight\(stats.flights == 1 ? "" : "s")"
                            + (span.count == 2 ? ", \(span[0]) to \(span[1])" : "") + time, .accent),
                    .data("flights", .int(stats.flights)), .data("first_date", .optional(stats.firstDate?.description)),
                    .data("last_date", .optional(stats.lastDate?.description)), .data("minutes", .int(stats.minutes)),
                    .data("timed_flights", .int(stats.timedFlights)),
                ]
            case "years":
                let most = Double(stats.years.map(\.flights).max() ?? 1)
                var columns = [
                    Column("year", "Year", kind: .integer), Column("flights", "Flights", .right),
                    Column("distance_km", "Distance", .right, kind: .length(.kilometers)),
                    Column("minutes", "Time", .right, kind: .duration(secondsPerUnit: 60)),
                ]
                if charts { columns.append(Column("chart", "", textOnly: true)) }
                let rows = stats.years.map { y -> [Cell] in
                    var row = [
                        Cell(.int(y.year), text: String(y.year)), Cell(.int(y.flights), text: Format.grouped(Double(y.flights))),
                        Cell(Datum.rounded(y.distance.kilometers, 3), text: Format.distance(y.distance, in: unit, decimals: 0)),
                        Cell(.int(y.minutes), text: y.timedFlights == 0 ? "—" : hours(y.minutes)),
                    ]
                    if charts { row.append(Cell(.null, text: BarChart.bar(Double(y.flights), maximum: most), style: .accent)) }
                    return row
                }
                return [.table(Table(key: "years", title: "Years — \(stats.years.count) with flights", columns: columns, rows: rows))]
            case "countries":
                return [.table(ranked("countries", "Countries", "to or from", stats.countries, label: { key in (key, stats.countryNames[key] ?? key) }))]
            case "records":
                return [.card(records())]
            case "airlines":
                return [
                    .table(
                        ranked(
                            "airlines", "Airlines", "flown", stats.airlines,
                            label: { code in
                                let a = context.catalog.airline(code: code)
                                return (a?.iata ?? code, a?.name ?? code)
                            }))
                ]
            case "airports":
                return [.table(ranked("airports", "Airports", "to or from", stats.airports, label: airport))]
            case "regions":
                return [
                    .table(
                        ranked(
                            "regions", "States and regions", "to or from", stats.regions,
                            label: { key in
                                // A region without an ISO code is known by its name ("Bayern, DE"): no code to show.
                                (key.contains(" ") ? "—" : key, regionName(key))
                            }))
                ]
            case "routes":
                var routes = table(
                    "routes", "Routes", "\(stats.routes.count) flown, either way", [Column("route", "Route"), Column("flights", "Flights", .right)],
                    stats.routes.map { r in
                        ([Cell(.string(r.a + "-" + r.b), text: "\(context.logbook.label(airport: r.a)) – \(context.logbook.label(airport: r.b))")], r.count)
                    })
                routes.title = "Routes — \(stats.routes.count) flown, either way"
                return [
                    .table(routes),
                    .sideBySide([
                        ranked("departures", "Departures", "", stats.departures, label: airport),
                        ranked("arrivals", "Arrivals", "", stats.arrivals, label: airport),
                    ]),
                ]
            case "distance":
                let total = stats.totalDistance
                let rows = stats.routesByDistance.prefix(limit).map { r -> [Cell] in
                    [
                        Cell(.string(r.a + "-" + r.b), text: "\(context.logbook.label(airport: r.a)) – \(context.logbook.label(airport: r.b))"),
                        Cell(Datum.rounded(r.distance.kilometers, 3), text: Format.distance(r.distance, in: unit, decimals: 0)),
                        Cell(.int(r.count), text: String(r.count)),
                    ]
                }
                var table = Table(
                    key: "route_distances",
                    columns: [
                        Column("route", "Route"), Column("distance_km", "Distance", .right, kind: .length(.kilometers)), Column("flights", "Flights", .right),
                    ], rows: Array(rows))
                table.title = "Route lengths, longest first" + more(stats.routesByDistance.count)
                let around = total.kilometers / 40_075.017
                return [
                    .message(
                        "Distance flown: \(Format.distance(total, in: unit, decimals: 0))"
                            + (around >= 0.1 ? " (\(Format.trimmed(around, maxDecimals: 1)) times around the equator)" : ""), .accent),
                    .data("total_distance_km", Datum.rounded(total.kilometers, 3)), .table(table),
                ]
            case "aircraft":
                return [
                    .table(
                        ranked(
                            "aircraft", "Aircraft types", "flown", stats.aircraft, label: { d in (d, context.catalog.aircraftType(designator: d)?.label ?? d) })
                    )
                ]
            case "seats":
                return [
                    .sideBySide([
                        ranked("seat_positions", "Seats", "", stats.seatPositions, label: { ($0, $0) }),
                        ranked("rows", "Rows", "", stats.rows, label: { ($0, "row " + $0) }),
                        ranked("classes", "Classes", "", stats.classes, label: { ($0, CabinClass(rawValue: $0)?.words ?? $0) }),
                    ])
                ]
            default:
                return []
            }
        }

        func airport(_ icao: String) -> (String, String) {
            (
                context.settings.value(.codes) == .iata ? context.logbook.label(airport: icao) : icao,
                context.settings.value(.codes) == .names ? context.logbook.label(airport: icao) : context.catalog.airport(icao: icao)?.name ?? icao
            )
        }

        /// "512 h 10 min"
        func hours(_ minutes: Int) -> String { Format.grouped(Double(minutes / 60)) + " h " + String(minutes % 60) + " min" }

        /// A route as lists show it: "KSFO – KJFK".
        func route(_ a: String, _ b: String) -> String { "\(context.logbook.label(airport: a)) – \(context.logbook.label(airport: b))" }

        /// The records of the logbook as one card.
        func records() -> Card {
            var fields: [Field] = []
            func add(_ key: String, _ label: String, _ value: Datum, _ text: String?) {
                if let text { fields.append(Field(key, label, Cell(value, text: text))) }
            }
            func flight(_ f: RecordFlight?) -> (Datum, String?) {
                guard let f else { return (.null, nil) }
                return (
                    .object([("id", .int(f.number)), ("date", .string(f.date.description)), ("route", .string(f.origin + "-" + f.destination))]),
                    "#\(f.number)  \(route(f.origin, f.destination))  \(f.date)"
                )
            }
            func routeRecord(_ r: RouteStatistic?) -> (Datum, String?) {
                guard let r else { return (.null, nil) }
                return (
                    .object([("route", .string(r.a + "-" + r.b)), ("distance_km", Datum.rounded(r.distance.kilometers, 3)), ("flights", .int(r.count))]),
                    "\(route(r.a, r.b))  \(Format.distance(r.distance, in: unit, decimals: 0))"
                )
            }
            func place(_ a: Airport?, _ detail: (Airport) -> String) -> (Datum, String?) {
                guard let a else { return (.null, nil) }
                return (.string(a.icao), "\(context.logbook.label(airport: a.icao))  \(a.name)  \(detail(a))")
            }
            func top(_ items: [Ranked], _ label: (String) -> String) -> (Datum, String?) {
                guard let first = items.first else { return (.null, nil) }
                return (
                    .object([("key", .string(first.key)), ("flights", .int(first.count))]),
                    "\(label(first.key))  (\(first.count) flight\(first.count == 1 ? "" : "s"))"
                )
            }
            let longest = stats.routesByDistance.first, shortest = stats.routesByDistance.last(where: { $0.distance.meters > 0 })
            for (key, label, value) in [
                ("longest_flight", "longest flight", routeRecord(longest)), ("shortest_flight", "shortest flight", routeRecord(shortest)),
                ("northernmost", "northernmost", place(stats.northernmost) { Format.fixed($0.coordinate.latitude, 2) + "°" }),
                ("southernmost", "southernmost", place(stats.southernmost) { Format.fixed($0.coordinate.latitude, 2) + "°" }),
                ("easternmost", "easternmost", place(stats.easternmost) { Format.fixed($0.coordinate.longitude, 2) + "°" }),
                ("westernmost", "westernmost", place(stats.westernmost) { Format.fixed($0.coordinate.longitude, 2) + "°" }),
                ("highest", "highest airport", place(stats.highest) { Format.height($0.elevation ?? .zero, context.settings.units) }),
                (
                    "route", "most flown route",
                    top(stats.routes.map { Ranked($0.a + "-" + $0.b, $0.count) }) { key in
                        let ends = key.split(separator: "-").map(String.init)
                        return ends.count == 2 ? route(ends[0], ends[1]) : key
                    }
                ),
                (
                    "aircraft", "most flown aircraft",
                    top(stats.aircraft) { d in d + (context.catalog.aircraftType(designator: d).map { "  " + $0.label } ?? "") }
                ),
                ("airline", "most flown airline", top(stats.airlines) { c in context.catalog.airline(code: c)?.name ?? c }),
                ("first_flight", "first flight", flight(stats.firstFlight)), ("latest_flight", "latest flight", flight(stats.latestFlight)),
                (
                    "busiest_year", "busiest year",
                    top(stats.years.map { Ranked(String($0.year), $0.flights) }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.key < $1.key }) { $0 }
                ),
                ("busiest_month", "busiest month", top(stats.months) { $0 }),
            ] {
                add(key, label, value.0, value.1)
            }
            return Card(title: "Records", fields: fields)
        }

        func regionName(_ key: String) -> String { stats.regionNames[key] ?? key }

        func more(_ count: Int) -> String { count > limit ? " (top \(limit) of \(count))" : "" }

        /// A ranked list: key, label, flights and (in text) a bar.
        func ranked(_ key: String, _ title: String, _ what: String, _ items: [Ranked], label: (String) -> (String, String)) -> Table {
            var t = table(
                key, title, what, [Column("code", "Code"), Column("name", "Name"), Column("flights", "Flights", .right)],
                items.map { item in
                    let (code, name) = label(item.key)
                    return ([Cell(code == "—" ? .null : .string(item.key), text: code), Cell(name)], item.count)
                })
            if key == "seat_positions" || key == "rows" || key == "classes"
                || (context.settings.value(.codes) == .names && (key == "airports" || key == "departures" || key == "arrivals"))
            {
                t.columns.remove(at: 0)
                t.rows = t.rows.map { Array($0.dropFirst()) }
            }
            t.title = title + (what.isEmpty ? "" : " — \(items.count) \(what)") + more(items.count)
            return t
        }

        func table(_ key: String, _ title: String, _ what: String, _ columns: [Column], _ items: [([Cell], Int)]) -> Table {
            let top = items.prefix(limit)
            let maximum = Double(items.first?.1 ?? 1)
            var cols = columns
            if !cols.contains(where: { $0.key == "flights" }) { cols.append(Column("flights", "Flights", .right)) }
            if charts { cols.append(Column("chart", "", textOnly: true)) }
            let rows = top.map { cells, count -> [Cell] in
                var row = cells
                if !columns.contains(where: { $0.key == "flights" }) || row.count < cols.count - (charts ? 1 : 0) {
                    row.append(Cell(.int(count), text: Format.grouped(Double(count))))
                }
                if charts { row.append(Cell(.null, text: BarChart.bar(Double(count), maximum: maximum), style: .accent)) }
                return row
            }
            return Table(key: key, title: title, columns: cols, rows: Array(rows))
        }
    }
}
