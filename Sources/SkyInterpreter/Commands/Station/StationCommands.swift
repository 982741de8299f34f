import FoundationEssentials
import Glibc
import SkyKit

/// `station`, `station today|new|records|add`: what the receiver at the observer's place heard,
/// from the station log.
enum StationCommands {
    static let spec = CommandSpec(
        "station", category: .radar,
        abstract: "What your receiver heard: totals, today, what is new, records",
        discussion:
            "While a readsb receiver is the radar source (radar source readsb URL), every snapshot skyshell fetches — radar, "
            + "radar live, radar watch, radar record — goes to the station log, station.sqlite in the data folder (mode 0600; "
            + "`set station-log off` stops it): for each aircraft its first and last time heard, its closest and farthest "
            + "positions, highest altitude and fastest speed, its type, registration and country of registration; the first "
            + "time each type, airline and country was heard; and the reception by half-degree of bearing and altitude band, "
            + "which `radar coverage` reads for a receiver source. Each snapshot is one transaction: a killed skyshell loses "
            + "at most the snapshot being written. The station is the receiver within 1 km of the observer. `station add` "
            + "logs recordings made before.",
        subcommands: [today, new, records, add, StationRunCommand.spec],
        requires: [.observer],
        examples: [
            Example("station", "the totals"), Example("station today", "every aircraft heard today"),
        ]
    ) { _, context in
        let (log, summary) = try context.station.station()
        let moments = context.moments
        var fields = [
            Field("since", "since", moments.cell(summary.firstSeen)), Field("last", "last heard", moments.cell(summary.lastSeen)),
            Field("aircraft", "aircraft", Cell(.int(summary.aircraft), text: Format.grouped(Double(summary.aircraft)))),
            Field("positions", "positions", Cell(.int(summary.positions), text: Format.grouped(Double(summary.positions)))),
        ]
        for (name, a) in try log.records(summary.id) {
            fields.append(Field(name, name, Cell(recordDatum(name, a), text: recordText(name, a, context)), kind: recordKind(name)))
        }
        return .card(Card(title: "Station at \(CoordinateText.short(summary.coordinate))", fields: fields))
    }

    /// Unix seconds of the start of today on the clock moments are shown on.
    static func startOfToday(_ context: CommandContext) -> Double {
        context.moments.startOfDay(containing: context.runner.clock.now.timeIntervalSince1970)
    }

    static let today = CommandSpec(
        "today", category: .radar,
        abstract: "Every aircraft the station heard today, in the order first heard",
        discussion:
            "Today on the clock the radar shows (UTC, or the observer's with `set time local`). Each with its type, registration "
            + "and country when known, first and last time heard (ever), the closest it came and the farthest it was heard, both "
            + "on the ground (the straight-line closest is in the data as closest_slant_km); "
            + "new means heard for the first time today.",
        requires: [.observer],
        examples: [Example("station today", "today's aircraft, the ones never heard before marked new")]
    ) { _, context in
        let (log, summary) = try context.station.station()
        let since = startOfToday(context)
        let heard = try log.aircraft(summary.id, heardSince: since)
        guard !heard.isEmpty else { return .message("nothing heard today (the log runs to \(context.moments.moment(summary.lastSeen)))") }
        let units = context.settings.units, moments = context.moments
        let rows = heard.map { a -> [Cell] in
            [
                Cell(.string(a.callsign ?? ""), text: Visible.text(a.name)), Cell(.string(a.icao24)), Cell(.optional(a.type), text: a.type ?? "—"),
                Cell(.optional(a.registration), text: Visible.text(a.registration ?? "—")), Cell(.optional(a.country), text: a.country ?? "—"),
                moments.clockCell(max(a.firstSeen, since)), moments.clockCell(a.lastSeen),
                closestCell(a, units), Cell(Datum.rounded(a.farthestKm, 2), text: Format.distance(Distance(a.farthestKm, .kilometers), units)),
                Cell(Datum.rounded(a.closestSlantKm, 2)), Cell(.int(a.positions)),
                Cell(.bool(a.firstSeen >= since), text: a.firstSeen >= since ? "new" : ""),
            ]
        }
        let table = Table(
            key: "aircraft",
            columns: [
                Column("callsign", "Callsign", kind: .text), Column("icao24", "Address", kind: .text), Column("type", "Type", kind: .aircraft),
                Column("registration", "Reg", kind: .text), Column("country", "Country", kind: .text), Column("first", "First", kind: .text),
                Column("last", "Last", kind: .text), Column("closest_km", "Closest (ground)", .right, kind: .length(.kilometers)),
                Column("farthest_km", "Farthest (ground)", .right, kind: .length(.kilometers)),
                Column("closest_slant_km", "", dataOnly: true, kind: .length(.kilometers)), Column("positions", "Positions", .right, kind: .integer),
                Column("new", "", kind: .boolean),
            ], rows: rows)
        var output = Output([.message("Heard today from \(moments.moment(since)) · \(Format.count(heard.count, "aircraft", "aircraft"))"), .table(table)])
        let older = heard.filter { $0.closestGroundKm == nil }.count
        if older > 0 { output.append(.note(olderNote(older))) }
        return output
    }

    /// The closest ground distance, or for an aircraft logged before the log kept it, "≤" its
    /// closest straight-line distance (the most the ground distance can be).
    static func closestCell(_ a: StationAircraft, _ units: UnitSystem) -> Cell {
        guard let ground = a.closestGroundKm else {
            return Cell(.null, text: "≤ " + Format.distance(Distance(a.closestSlantKm, .kilometers), units))
        }
        return Cell(Datum.rounded(ground, 2), text: Format.distance(Distance(ground, .kilometers), units))
    }

    static func olderNote(_ count: Int) -> String {
        "\(Format.count(count, "aircraft", "aircraft")) logged before the log kept ground distances: its closest is the straight-line "
            + "distance, the most the ground distance can be (≤)"
    }

    static let since = Option("since", .instant, "from this moment instead of the start of today")

    static let new = CommandSpec(
        "new", category: .radar,
        abstract: "Types, airlines and countries the station heard for the first time today",
        discussion:
            "Each with the first aircraft heard and when. On the log's first day everything is new, and it says so.",
        options: [since.spec],
        requires: [.observer],
        examples: [Example("station new", "today's firsts"), Example("station new since 2026-12-01", "since the first of December")]
    ) { args, context in
        let (log, summary) = try context.station.station()
        let from = args[StationCommands.since]?.timeIntervalSince1970 ?? startOfToday(context)
        let firsts = try log.firsts(summary.id, since: from)
        var output = Output()
        if summary.firstSeen >= from { output.append(.note("the log begins \(context.moments.moment(summary.firstSeen)): everything in it is new")) }
        guard !firsts.isEmpty else {
            output.blocks.insert(.message("nothing new since \(context.moments.moment(from))"), at: 0)
            return output
        }
        let rows = firsts.map { f -> [Cell] in
            [
                Cell(f.kind), Cell(.string(f.value), text: Visible.text(f.value)),
                Cell(.string(name(f, context) ?? ""), text: Visible.text(name(f, context) ?? "—")),
                context.moments.cell(f.time), Cell(.string(f.callsign ?? f.icao24), text: Visible.text(f.callsign ?? f.icao24)),
            ]
        }
        output.blocks.insert(
            .table(
                Table(
                    key: "firsts",
                    columns: [
                        Column("kind", "Kind", kind: .text), Column("code", "Code", kind: .text), Column("name", "Name", kind: .text),
                        Column("time", "First heard", kind: .text), Column("aircraft", "Aircraft", kind: .text),
                    ], rows: rows)), at: 0)
        return output
    }

    /// What a first's code stands for: the type's name, the airline's, the country's.
    static func name(_ f: StationFirst, _ context: CommandContext) -> String? {
        switch f.kind {
        case "type": context.catalog.aircraftType(designator: f.value)?.name
        case "airline": context.catalog.airline(code: f.value)?.name
        default: context.catalog.countryName(f.value)
        }
    }

    static let records = CommandSpec(
        "records", category: .radar,
        abstract: "The farthest, closest, highest and fastest aircraft the station heard",
        requires: [.observer],
        examples: [Example("station records", "the record holders")]
    ) { _, context in
        let (log, summary) = try context.station.station()
        let records = try log.records(summary.id)
        let rows = records.map { name, a -> [Cell] in
            [
                Cell(name), Cell(.string(a.callsign ?? ""), text: Visible.text(a.name)), Cell(.string(a.icao24)),
                Cell(.optional(a.type), text: a.type ?? "—"),
                Cell(recordDatum(name, a), text: recordFigure(name, a, context)), context.moments.cell(recordTime(name, a)),
            ]
        }
        var output = Output.table(
            Table(
                key: "records",
                columns: [
                    Column("record", "Record", kind: .text), Column("callsign", "Callsign", kind: .text), Column("icao24", "Address", kind: .text),
                    Column("type", "Type", kind: .aircraft), Column("value", "Figure", .right, kind: .number), Column("time", "When", kind: .text),
                ], rows: rows))
        output.append(.note("distances are on the ground, from the station to the point below the aircraft"))
        if records.contains(where: { $0.record == "closest" && $0.aircraft.closestGroundKm == nil }) { output.append(.note(olderNote(1))) }
        return output
    }

    /// A record's figure as data: km for distances, metres, metres a second.
    /// What a record's number is: the ranges in km, the height in m, the speed in m/s.
    static func recordKind(_ name: String) -> ColumnKind {
        switch name {
        case "farthest", "closest": .length(.kilometers)
        case "highest": .height(.meters)
        default: .speed(.metersPerSecond)
        }
    }

    static func recordDatum(_ name: String, _ a: StationAircraft) -> Datum {
        switch name {
        case "farthest": Datum.rounded(a.farthestKm, 2)
        case "closest": Datum.rounded(a.closestGroundKm ?? a.closestSlantKm, 2)
        case "highest": a.highestMeters.map { Datum.rounded($0, 0) } ?? .null
        default: a.fastestMetersPerSecond.map { Datum.rounded($0, 1) } ?? .null
        }
    }

    static func recordTime(_ name: String, _ a: StationAircraft) -> Double {
        switch name {
        case "farthest": a.farthestTime
        case "closest": a.closestGroundTime ?? a.closestSlantTime
        case "highest": a.highestTime ?? a.firstSeen
        default: a.fastestTime ?? a.firstSeen
        }
    }

    /// "412 km toward 083° E: BAW12 (2026-12-04 10:12:03 UTC)": a record in words.
    static func recordText(_ name: String, _ a: StationAircraft, _ context: CommandContext) -> String {
        recordFigure(name, a, context) + ": " + Visible.text(a.name) + " (" + context.moments.moment(recordTime(name, a)) + ")"
    }

    /// "412 km toward 083° E", "11,278 m", "1,024 km/h".
    static func recordFigure(_ name: String, _ a: StationAircraft, _ context: CommandContext) -> String {
        let units = context.settings.units
        let figure: String
        switch name {
        case "farthest":
            figure = Format.distance(Distance(a.farthestKm, .kilometers), units) + " toward " + RadarText.bearing(Angle(degrees: a.farthestBearing))
        case "closest": figure = closestCell(a, units).text
        case "highest": figure = a.highestMeters.map { Format.height(Height(meters: $0), units) } ?? "—"
        default: figure = a.fastestMetersPerSecond.map { Format.speed(Speed(metersPerSecond: $0), units) } ?? "—"
        }
        return figure
    }

    static let files = Argument("recordings", .path(extensions: ["jsonl"]), "skyshell recordings (radar record)", .repeating(min: 1))

    static let add = CommandSpec(
        "add", category: .radar,
        abstract: "Log recordings made at the observer's place (radar record files) in the station log",
        discussion: "Each snapshot as if the receiver had been the source then; adding a file twice counts its positions twice.",
        arguments: [files.spec],
        requires: [.observer],
        examples: [Example("station add evening.jsonl", "a recording of the receiver")]
    ) { args, context in
        let observer = try args.observer()
        let log = try context.station.log()
        let geometry = RadarGeometry(observer)
        var positions = 0, snapshots = 0
        var failure: (any Error)?
        for path in args.all(StationCommands.files) {
            do throws(FeedError) {
                _ = try TrafficRecording.scan(try TrafficRecording.bytes(of: path)) { snapshot in
                    do {
                        positions += try log.add(snapshot, from: geometry)
                        snapshots += 1
                    } catch {
                        failure = error
                        return false
                    }
                    return !Interrupt.requested
                }
            } catch {
                throw ShellError(feedError: error)
            }
            if let failure { throw ShellError(failure: failure) }
            if Interrupt.requested { throw ShellError(.interrupted, "stopped: \(Format.count(snapshots, "snapshot")) logged before Ctrl-C") }
        }
        return Output([
            .message("logged \(Format.count(snapshots, "snapshot")), \(Format.count(positions, "position")) in \(log.path)"),
            .data("snapshots", .int(snapshots)), .data("positions", .int(positions)),
        ])
    }
}
