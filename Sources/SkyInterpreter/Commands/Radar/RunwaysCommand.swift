import FoundationEssentials
import Glibc
import SkyKit

/// `runways`, `arrivals` and `departures`: what the traffic near an airport says about its
/// runways.
enum RunwaysCommand {
    static let airport = Argument("airport", .airport, "the airport (default: the observer's, or the nearest within 10 km)", .optional)
    static let window = lookBack(minutes: 15)
    static let movementWindow = lookBack(minutes: 30)

    /// `for <duration>`: how far back to look, `minutes` when not given.
    static func lookBack(minutes: Int) -> Option<Double> {
        Option(
            "for", .duration(defaultSeconds: 60, placeholder: "duration"), "how far back to look (1 min to 1 h)", default: Double(minutes * 60),
            shown: "\(minutes)min")
    }

    static let spec = CommandSpec(
        "runways", category: .radar,
        abstract: "Say which runways are in use at an airport, from the traffic",
        discussion:
            "Looks at the aircraft low near the field over the last minutes (from the recording, or what this session fetched from a live feed) and "
            + "matches each to the runway end its track lines up with: heading within 15° and the extended centre line within 600 m (OurAirports' "
            + "thresholds), at most 3,000 ft above the field and 15 km out. Going from the air to the ground, or descending along the line, "
            + "is a landing; the other way a take-off. Says the flow (the way the movements head) and the runways used for landing and "
            + "for take-off, with their counts. `explain runways` shows the matching.",
        arguments: [airport.spec],
        options: [window.spec],
        requires: [.observer],
        examples: [
            Example("observer LFPG; radar time 13:05; runways", "west flow at Charles de Gaulle"),
            Example("runways LFPB for 30min", "Le Bourget, the last half hour"),
        ]
    ) { args, context in
        let seen = try look(args[RunwaysCommand.airport], back: try args.value(RunwaysCommand.window), from: try args.observer(), context)
        return report(seen, context)
    }

    static let arrivals = movementSpec(.arrival)
    static let departures = movementSpec(.departure)

    static func movementSpec(_ kind: RunwayMovement.Kind) -> CommandSpec {
        let name = kind == .arrival ? "arrivals" : "departures"
        let verb = kind == .arrival ? "landed at" : "took off from"
        return CommandSpec(
            name, category: .radar,
            abstract: "List the aircraft that \(verb) an airport in the last minutes",
            discussion:
                "The \(kind == .arrival ? "landings" : "take-offs") `runways` counts, one per line: when (the change between air and ground when the "
                + "feed reports aircraft on the ground, else the "
                + "\(kind == .arrival ? "lowest point of the approach" : "first point of the climb")), the aircraft, its airline and the runway."
                + (kind == .arrival ? " Aircraft still on final approach are left out." : ""),
            arguments: [airport.spec],
            options: [movementWindow.spec],
            requires: [.observer],
            examples: [Example("observer LFPG; radar time 13:05; \(name)", "the last half hour at Charles de Gaulle")]
        ) { args, context in
            let seen = try look(args[RunwaysCommand.airport], back: try args.value(RunwaysCommand.movementWindow), from: try args.observer(), context)
            return list(seen.movements.filter { $0.kind == kind && $0.completed }, kind, seen.airport, seen.window, context)
        }
    }

    /// How far from the observer an airport is taken as theirs when none is named.
    static let ownAirport = Distance(10, .kilometers)

    /// What the traffic near an airport showed over a window.
    struct Seen {
        var airport: Airport
        var inference: RunwayUseInference
        var window: RadarWindow
        /// The landings and take-offs in the window.
        var movements: [RunwayMovement]
    }

    /// The airport asked about (or the observer's), and its landings and take-offs over the
    /// last `duration` seconds.
    static func look(_ named: Airport?, back duration: Double, from observer: Observer, _ context: CommandContext) throws -> Seen {
        guard RadarContext.windowLengths.contains(duration) else { throw ShellError.usage("look back 1 min to 1 h (not \(TimeText.span(duration)))") }
        let airport = try named ?? own(observer, context)
        let runways = context.catalog.runways(of: airport)
        guard !runways.isEmpty else { throw ShellError.usage("the catalog has no runway directions for \(airport.icao) (\(airport.name))") }
        let away = Geodesic.wgs84.inverse(observer.place.coordinate, airport.coordinate).distance
        let range = context.session.radar.range
        guard away <= range else {
            throw ShellError.usage(
                "\(airport.icao) is \(Format.distance(away, context.settings.units, decimals: 0)) from you, beyond the radar range "
                    + "(\(Format.distance(range, context.settings.units, decimals: 0))): `observer \(airport.icao)` or a longer `radar range`"
            )
        }
        let w = try context.radar.past(duration)
        let inference = RunwayUseInference(airport: airport, runways: runways)
        return Seen(airport: airport, inference: inference, window: w, movements: inference.movements(w.window, in: w.start...w.end))
    }

    /// The observer's airport: the one they stand at, else the nearest with runways within 10 km.
    static func own(_ observer: Observer, _ context: CommandContext) throws -> Airport {
        if let code = observer.place.airportCode, let airport = context.catalog.airport(icao: code) { return airport }
        let near = context.catalog.airports(near: observer.place.coordinate, within: ownAirport, limit: 10)
        guard let found = near.first(where: { !context.catalog.runways(of: $0.airport).isEmpty }) else {
            throw ShellError.usage(
                "no airport with known runways within \(Format.distance(ownAirport, context.settings.units, decimals: 0)) of you — name one: runways LFPG")
        }
        return found.airport
    }

    /// "in the last 15 min", or "in the one snapshot fetched so far" for a live feed just opened.
    static func lately(_ w: RadarWindow) -> String {
        w.end - w.start < 1 ? "in the one snapshot fetched so far" : "in the last \(TimeText.span(w.end - w.start))"
    }

    /// "12:50:00–13:05:00 UTC"
    static func period(_ w: RadarWindow, _ moments: MomentText) -> String { "\(moments.bareClock(w.start))–\(moments.clock(w.end))" }

    /// "west flow: landing 26L, 27R; departing 26R, 27L"
    static func summary(_ use: RunwayUse) -> String? {
        guard let flow = use.flow else { return nil }
        var parts: [String] = []
        if !use.landing.isEmpty { parts.append("landing " + use.landing.map(\.runway).joined(separator: ", ")) }
        if !use.departing.isEmpty { parts.append("departing " + use.departing.map(\.runway).joined(separator: ", ")) }
        return flowName(flow) + ": " + parts.joined(separator: "; ")
    }

    /// "west flow", from the eight main compass directions.
    static func flowName(_ heading: Angle) -> String {
        let names = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
        return names[Int((heading.normalizedBearing.degrees / 45).rounded()) % 8] + " flow"
    }

    /// "Runways at LFPG (Charles de Gaulle International Airport) · 12:50:00–13:05:00 UTC · sample Paris"
    static func title(_ what: String, _ airport: Airport, _ w: RadarWindow, _ context: CommandContext) -> Block {
        .message("\(what) at \(airport.icao) (\(airport.name)) · \(period(w, context.moments)) · \(w.feed.label)", .accent)
    }

    static func report(_ seen: Seen, _ context: CommandContext) -> Output {
        let (airport, use, w) = (seen.airport, RunwayUse(seen.movements), seen.window)
        var output = Output([title("Runways", airport, w, context)])
        if let summary = summary(use) {
            output.append(.message(summary.prefix(1).uppercased() + summary.dropFirst() + "."))
        } else {
            output.append(.message("No landing or take-off seen near \(airport.icao) \(lately(w))."))
        }
        let wind = windAgreement(use, seen, context)
        if let text = wind.text { output.append(.message(text)) }
        var table = Table(
            key: "runways",
            columns: [
                Column("runway", "Runway"), Column("heading", "Heading", .right, kind: .angle), Column("landings", "Landings", .right),
                Column("takeoffs", "Take-offs", .right), Column("last", "Last"),
            ])
        for end in seen.inference.runways.flatMap(\.directions) {
            let used = use.movements.filter { $0.runway == end.designator }
            guard let last = used.map(\.time).max() else { continue }
            table.rows.append([
                Cell(end.designator), Cell(Datum.rounded(end.heading.degrees, 1), text: Format.degrees(end.heading)),
                Cell(.int(used.filter { $0.kind == .arrival }.count)), Cell(.int(used.filter { $0.kind == .departure }.count)),
                context.moments.clockCell(last),
            ])
        }
        if table.rows.isEmpty { output.append(.data("runways", .list([]))) } else { output.append(.table(table)) }
        if let note = w.note { output.append(.note(note)) }
        output.append(.data("airport", .string(airport.icao)))
        output.append(.data("flow", use.flow.map { .string(flowName($0)) } ?? .null))
        output.append(.data("flow_heading", use.flow.map { Datum.rounded($0.degrees, 1) } ?? .null))
        output.append(.data("movements", .list(use.movements.map { movementDatum($0, context) })))
        output.append(.data("wind_agreement", wind.datum))
        return output
    }

    /// How the runways in use compare with the wind of the airport's METAR, when this session
    /// has one from the window's time: "Wind 250° 12 kt (METAR 13:00 UTC) favours 26L, 26R —
    /// agrees." Nil text when there is no such METAR or no traffic to compare.
    static func windAgreement(_ use: RunwayUse, _ seen: Seen, _ context: CommandContext) -> (text: String?, datum: Datum) {
        guard let placed = context.services.started(WeatherContext.self)?.latest[seen.airport.icao] else { return (nil, .null) }
        let m = placed.report
        let when = m.time.map { $0.clock + " UTC" } ?? "no time"
        guard WeatherContext.fits(placed, seen.window.end) else {
            return ("\(m.station)'s METAR (\(when)) is not from this window's time: no comparison with the wind.", .null)
        }
        guard let wind = m.conditions.wind else { return ("\(m.station)'s METAR gives no wind.", .null) }
        let rw = RunwayWind(wind, runways: seen.inference.runways)
        let head = "Wind \(METARView.shortWind(wind)) (METAR \(when))"
        let used = (use.landing + use.departing).map(\.runway)
        let favoured = rw.favoured.map(\.designator).sorted().joined(separator: ", ")
        guard !used.isEmpty else { return (head + (favoured.isEmpty ? " favours no runway." : " favours \(favoured)."), .null) }
        let (text, datum) = agreement(rw, used: used, head: head, favoured: favoured)
        // The runways in use whose wind breaks the session's limits, gusts included.
        let limits = RunwayLimits(context)
        guard limits.isSet else { return (text, datum) }
        let over = rw.ends.filter { used.contains($0.designator) }.compactMap { end -> String? in
            let broken = limits.broken(end)
            return broken.isEmpty ? nil : "\(end.designator) (\(broken.joined(separator: ", ")))"
        }
        return (text + (over.isEmpty ? " In use, within the limits." : " Over the limits in use: " + over.joined(separator: ", ") + "."), datum)
    }

    static func agreement(_ rw: RunwayWind, used: [String], head: String, favoured: String) -> (String, Datum) {
        switch rw.agreement(with: used) {
        case .noPreference:
            return (head + ": too light or variable to favour a runway — any flow agrees.", .string("no preference"))
        case .agrees:
            return (head + " favours \(favoured) — agrees.", .string("agrees"))
        case .headwindOnly(let others):
            return (
                head
                    + " favours \(favoured); \(others.joined(separator: ", ")) in use still \(others.count == 1 ? "has" : "have") a headwind"
                    + " — agrees in direction.",
                .string("headwind")
            )
        case .tailwind(let end, let speed):
            return (head + " favours \(favoured) — disagrees: \(end) in use has a \(Format.fixed(speed.knots, 0)) kt tailwind.", .string("tailwind"))
        }
    }

    static func movementDatum(_ m: RunwayMovement, _ context: CommandContext) -> Datum {
        .object([
            ("kind", .string(m.kind.rawValue)), ("callsign", .string(m.aircraft.callsign ?? "")), ("icao24", .string(m.icao24)),
            ("runway", .string(m.runway)), ("time", TimeText.isoDatum(m.time)), ("ground_seen", .bool(m.groundSeen)),
            ("completed", .bool(m.completed)),
        ])
    }

    static func list(_ movements: [RunwayMovement], _ kind: RunwayMovement.Kind, _ airport: Airport, _ w: RadarWindow, _ context: CommandContext) -> Output {
        let name = kind == .arrival ? "Arrivals" : "Departures"
        var output = Output([title(name, airport, w, context)])
        if movements.isEmpty {
            output.append(.message("No aircraft \(kind == .arrival ? "landed at" : "took off from") \(airport.icao) \(lately(w))."))
            output.append(.data(name.lowercased(), .list([])))
        } else {
            var table = Table(
                key: name.lowercased(),
                columns: [
                    Column("time", "Time", kind: .instant), Column("callsign", "Callsign"), Column("icao24", "", dataOnly: true),
                    Column("airline", "Airline", kind: .airline),
                    Column("runway", "Runway"), Column("evidence", "Seen"),
                ])
            table.rows = movements.map { m in
                let airline = RadarText.airline(m.aircraft, context)
                return [
                    context.moments.clockCell(m.time), Cell(.string(m.aircraft.callsign ?? ""), text: m.name),
                    Cell(.string(m.icao24)), Cell(.optional(airline), text: airline ?? "—"), Cell(m.runway),
                    Cell(
                        .string(m.groundSeen ? "ground" : "track"),
                        text: m.groundSeen ? (kind == .arrival ? "touchdown" : "lift-off") : (kind == .arrival ? "low on final" : "climbing out")),
                ]
            }
            output.append(.table(table))
        }
        if let note = w.note { output.append(.note(note)) }
        return output
    }
}
