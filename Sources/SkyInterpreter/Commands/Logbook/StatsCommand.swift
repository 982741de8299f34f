import SkyKit

/// `stats [section] [in unit] [limit N]`: FlyLines' statistics of the active logbook.
enum StatsCommand {
    /// The sections, in FlyLines' order.
    enum Section: String, CaseIterable { case flights, airlines, airports, regions, routes, distance, aircraft, seats }

    static let section = Argument("section", .choice(Section.self, placeholder: "section"), "one section only", .optional)
    static let unit = Option("in", .lengthUnit, "the distance unit: km, mi, nm, m or ft")
    static let limit = Option("limit", .integer(1...100_000), "entries per ranked list", default: 15, shown: "15")

    static let spec = CommandSpec(
        "stats", category: .logbook,
        abstract: "Statistics of the active logbook",
        discussion:
            "In FlyLines' order: flights; airlines ranked by flights; airports and regions flown to or from; routes (airport pairs in either direction) with departures and arrivals side by side; the total distance and each route's, longest first; aircraft types; seat positions, rows and classes side by side. Ranked lists carry bar charts with `set charts on` (the default at a terminal). Distances are geodesic.",
        arguments: [section.spec],
        options: [
            unit.spec,
            limit.spec,
        ],
        examples: [
            Example("stats", "every section"), Example("stats routes", "routes, departures and arrivals"), Example("stats distance in mi", "miles flown"),
        ]
    ) { args, shell in
        let stats = try LogbookStatistics.compute(shell.logbook.store(), logbook: shell.session.logbook, catalog: shell.catalog)
        let only = args[StatsCommand.section]
        let limit = try args.value(StatsCommand.limit)
        let unit = args[StatsCommand.unit] ?? Format.distanceUnit(shell.units)
        let report = Report(stats: stats, shell: shell, limit: limit, unit: unit, charts: shell.chartsEnabled)
        guard stats.flights > 0 else {
            return Output([.message("no flights in logbook \(shell.session.logbook) yet — add one with flight add"), .data("flights", .int(0))])
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
        let shell: Shell
        let limit: Int
        let unit: LengthUnit
        let charts: Bool

        func section(_ name: String) -> [Block] {
            switch name {
            case "flights":
                let span = [stats.firstDate, stats.lastDate].compactMap { $0?.description }
                return [
                    .message(
                        "\(Format.grouped(Double(stats.flights))) flight\(stats.flights == 1 ? "" : "s")"
                            + (span.count == 2 ? ", \(span[0]) to \(span[1])" : ""), .accent),
                    .data("flights", .int(stats.flights)), .data("first_date", .optional(stats.firstDate?.description)),
                    .data("last_date", .optional(stats.lastDate?.description)),
                ]
            case "airlines":
                return [
                    .table(
                        ranked(
                            "airlines", "Airlines", "flown", stats.airlines,
                            label: { code in
                                let a = shell.catalog.airline(code: code)
                                return (a?.iata ?? code, a?.name ?? code)
                            }))
                ]
            case "airports":
                return [.table(ranked("airports", "Airports", "to or from", stats.airports, label: airport))]
            case "regions":
                return [.table(ranked("regions", "States and regions", "to or from", stats.regions, label: { key in (key, regionName(key)) }))]
            case "routes":
                var routes = table(
                    "routes", "Routes", "\(stats.routes.count) flown, either way", [Column("route", "Route"), Column("flights", "Flights", .right)],
                    stats.routes.map { r in
                        ([Cell(.string(r.a + "-" + r.b), text: "\(shell.logbook.label(airport: r.a)) – \(shell.logbook.label(airport: r.b))")], r.count)
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
                        Cell(.string(r.a + "-" + r.b), text: "\(shell.logbook.label(airport: r.a)) – \(shell.logbook.label(airport: r.b))"),
                        Cell(Datum.rounded(r.distance.kilometers, 3), text: Format.distance(r.distance, in: unit, decimals: 0)),
                        Cell(.int(r.count), text: String(r.count)),
                    ]
                }
                var table = Table(
                    key: "route_distances",
                    columns: [Column("route", "Route"), Column("distance_km", "Distance", .right), Column("flights", "Flights", .right)], rows: Array(rows))
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
                        ranked("aircraft", "Aircraft types", "flown", stats.aircraft, label: { d in (d, shell.catalog.aircraftType(designator: d)?.name ?? d) })
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
            (icao, shell.setting(.codes) == .names ? shell.logbook.label(airport: icao) : shell.catalog.airport(icao: icao)?.name ?? icao)
        }

        func regionName(_ key: String) -> String { stats.regionNames[key] ?? key }

        func more(_ count: Int) -> String { count > limit ? " (top \(limit) of \(count))" : "" }

        /// A ranked list: key, label, flights and (in text) a bar.
        func ranked(_ key: String, _ title: String, _ what: String, _ items: [Ranked], label: (String) -> (String, String)) -> Table {
            var t = table(
                key, title, what, [Column("code", "Code"), Column("name", "Name"), Column("flights", "Flights", .right)],
                items.map { item in
                    let (code, name) = label(item.key)
                    return ([Cell(.string(item.key), text: code), Cell(name)], item.count)
                })
            if key == "seat_positions" || key == "rows" || key == "classes"
                || (shell.setting(.codes) == .names && (key == "airports" || key == "departures" || key == "arrivals"))
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
