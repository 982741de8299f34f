import FoundationEssentials
import Glibc
import SkyKit

/// `passes`: when satellites pass over the observer — one, or every one known — with the
/// filters spotters ask for (a start time, tonight only, a minimum elevation, visible only).
enum PassesCommand {
    static let target = Argument("satellite", .passTarget, "a satellite (number, name, designator) or all; the one in use when left out", .optional)
    static let from = Option("from", .instant, "when to start looking (default now)")
    static let days = Option("days", .integer(1...30), "how many days ahead", default: 1, shown: "1")
    static let minElevation = Option("min-elevation", .integer(0...89, placeholder: "degrees"), "only passes that climb at least this high")
    static let visible = Flag("visible", "only passes you can see (sunlit satellite, Sun 6° or more below your horizon)", bare: true)
    static let tonight = Flag("tonight", "from dusk to dawn (the Sun 6° below the horizon) instead of a number of days", bare: true)
    static let limit = Option(
        "limit", .integer(1...100_000), "for all: how many satellites are listed (the best: brightest, then highest)", default: 50, shown: "50")
    static let anyway = Flag("anyway", "predict from element sets older than 30 days (their times can be off by many minutes)")

    /// The options `passes` and `iss passes` share.
    static var filters: [OptionSpec] { [from.spec, minElevation.spec, visible.spec, tonight.spec, ISSCommands.horizon.spec, anyway.spec] }

    static let spec = CommandSpec(
        "passes", category: .orbit,
        abstract: "When satellites pass over the observer: one, or every one known, and which you can see",
        discussion:
            "Rise, highest point and set (0° elevation, or the terrain's skyline with --horizon terrain) in local time. A pass is visible when the "
            + "satellite is lit by the Sun while the Sun is at least 6° below your horizon; with a known standard magnitude (the ISS: −1.8 at "
            + "1,000 km, half lit) its brightness is estimated from the distance and the angle of the sunlight. Passes that stay within 10° "
            + "of the horizon while visible are marked low. With all, every satellite loaded (`sat load`, `sat fetch`) is searched and "
            + "its best pass listed. Element sets older than 14 days give unreliable times (marked); older than 30 days, passes are "
            + "refused unless --anyway.",
        arguments: [target.spec],
        options: [days.spec, limit.spec] + filters,
        requires: [.observer],
        examples: [
            Example("observer LFPG; passes", "the satellite in use over Paris today"),
            Example("passes ISS visible days 3", "the ISS passes you can see in three days"),
            Example("passes all visible tonight", "the best visible pass of every satellite loaded, tonight"),
            Example("passes 25544 from +6h min-elevation 30", "only high passes, from six hours from now"),
        ]
    ) { args, context in
        let chosen: PassTarget = try args[target] ?? .one(try context.orbit.chosenSet())
        return try run(chosen, days: try args.value(days), limit: try args.value(limit), args, context)
    }

    /// One satellite's passes, or the best pass of each known one.
    static func run(_ target: PassTarget, days: Int, limit: Int, _ args: Arguments, _ context: CommandContext) throws -> Output {
        let observer = try args.observer()
        let start = args[from] ?? context.runner.clock.now
        let place = observer.place.coordinate
        let window: (start: Date, end: Date)
        if args.flag(tonight) {
            if args.given(PassesCommand.days) || args.given(ISSCommands.days) {
                throw ShellError.usage("tonight and days do not go together: tonight runs from dusk to dawn")
            }
            guard let night = Twilight.night(after: start, at: place, height: observer.altitude.meters) else {
                throw ShellError.data("the Sun stays less than 6° below the horizon here for the next day: no dark sky tonight")
            }
            window = night
        } else {
            window = (start, start.addingTimeInterval(Double(days) * 86_400))
        }
        var skyline: Skyline?
        if args.given(ISSCommands.horizon) ?? context.settings.value(.passHorizon) == .terrain {
            skyline = Skyline.compute(
                terrain: context.lineOfSight.terrain(), origin: place, observerMSL: observer.altitude.meters, earth: context.session.los.earth)
        }
        let finder = PassFinder(
            observer: place, height: observer.altitude.meters, horizon: { skyline?.elevation(towards: $0) ?? 0 },
            lowestHorizon: skyline?.angles.min() ?? 0)
        let filter = Filter(minimum: args[minElevation].map(Double.init), visibleOnly: args.flag(visible))
        let zone = context.localZone(near: observer.place)
        let where_ = observer.place.airportCode ?? CoordinateText.short(place)
        let span =
            args.flag(tonight)
            ? "tonight (\(OrbitText.local(window.start, zone: zone).prefix(5))–\(OrbitText.local(window.end, zone: zone).prefix(5)))"
            : "in \(Format.count(days, "day")) from \(TimeText.utc(window.start))"
        var output: Output
        switch target {
        case .one(let tle):
            let age = OrbitText.age(tle, at: window.start)
            if abs(age) > OrbitText.refusedAge, !args.flag(anyway) {
                throw ShellError.data(
                    "\(tle.displayName)'s element set is \(Int(abs(age).rounded())) days from \(TimeText.utc(window.start)) (epoch "
                        + "\(TimeText.utc(tle.epoch))): its passes could be off by many minutes — `sat fetch stations` or `sat load FILE` for fresh "
                        + "elements, or --anyway"
                )
            }
            let sgp4 = try context.orbit.propagator(for: tle)
            let found: [SatellitePass]?
            do {
                found = try finder.passes(
                    of: sgp4, from: window.start, until: window.end, magnitude: Brightness.standardMagnitudes[tle.satelliteNumber],
                    cancelled: { Interrupt.requested })
            } catch {
                throw ShellError.data("the passes cannot be computed that far: \(error)")
            }
            guard let all = found else { throw ShellError(.interrupted, "interrupted") }
            let list = all.filter(filter.keeps)
            output = Output([
                .message(
                    "\(tle.displayName) over \(where_) — "
                        + "\(Format.count(list.count, filter.visibleOnly ? "visible pass" : "pass", filter.visibleOnly ? "visible passes" : "passes")) \(span)",
                    .accent)
            ])
            output.append(.table(table(list.map { (tle, $0) }, zone: zone, withSatellite: false, at: window.start)))
            output.append(
                .data(
                    "elements",
                    .object([
                        ("norad", .int(tle.satelliteNumber)), ("epoch", .string(CivilTime(tle.epoch.timeIntervalSince1970).iso)),
                        ("age_days", Datum.rounded(age, 2)), ("reliable", .bool(OrbitText.isReliable(tle, at: window.start))),
                    ])))
            if let stale = OrbitText.staleness(tle, at: window.start) { output.append(.note("times are unreliable: " + stale)) }
        case .all:
            output = try allPasses(
                finder, window: window, filter: filter, limit: limit, zone: zone, span: span, where_: where_, anyway: args.flag(anyway), context)
        }
        if let skyline {
            output.append(
                .note(
                    "rise and set are over the terrain's skyline (highest \(HorizonCommand.angle(skyline.angles.max() ?? 0)); horizon draws it)"
                        + (skyline.isIncomplete ? "; part of it runs off the terrain skyshell has, so it may be higher there" : "")))
        }
        return output
    }

    /// Which passes are kept.
    struct Filter {
        var minimum: Double?
        var visibleOnly: Bool

        func keeps(_ p: SatellitePass) -> Bool {
            if visibleOnly, !p.visible { return false }
            guard let minimum else { return true }
            return (visibleOnly ? p.visibleMaxElevation ?? -90 : p.maxElevation) >= minimum
        }
    }

    /// The best pass of every known satellite, by rise time.
    static func allPasses(
        _ finder: PassFinder, window: (start: Date, end: Date), filter: Filter, limit: Int, zone: String, span: String, where_: String, anyway: Bool,
        _ context: CommandContext
    ) throws -> Output {
        let sets = try context.orbit.known().sets
        let fresh = sets.filter { anyway || abs(OrbitText.age($0, at: window.start)) <= OrbitText.refusedAge }
        var sats: [SGP4] = []
        var failed = 0
        for set in fresh {
            if let p = try? context.orbit.propagator(for: set) { sats.append(p) } else { failed += 1 }
        }
        let progress = ProgressLine(context: context, label: "searching passes", total: sats.count)
        defer { progress.finish() }
        guard
            let results = finder.passes(
                of: sats, from: window.start, until: window.end, progress: { progress.update($0) }, cancelled: { Interrupt.requested })
        else { throw ShellError(.interrupted, "interrupted") }
        var best: [(TLE, SatellitePass)] = []
        for (sat, result) in zip(sats, results) {
            switch result {
            case .failed: failed += 1
            case .passes(let passes):
                if let top = passes.filter(filter.keeps).max(by: { rank($0) < rank($1) }) { best.append((sat.tle, top)) }
            }
        }
        // The best `limit` satellites (brightest, then highest), listed by time.
        best.sort { rank($0.1) > rank($1.1) }
        let shown = best.prefix(limit).sorted { $0.1.rise < $1.1.rise }
        let what = filter.visibleOnly ? "visible" : "passing"
        var output = Output([
            .message(
                "\(Format.count(best.count, "satellite")) \(what) over \(where_) \(span) — the best pass of each, of "
                    + "\(Format.count(sats.count, "searched", "searched"))",
                .accent)
        ])
        output.append(.table(table(shown, zone: zone, withSatellite: true, at: window.start)))
        if best.count > limit { output.append(.note("\(Format.count(best.count - limit, "more satellite")) — limit \(best.count) lists them all")) }
        if sets.count - fresh.count > 0 {
            output.append(.note("\(Format.count(sets.count - fresh.count, "satellite")) left out: element sets older than 30 days (--anyway includes them)"))
        }
        if failed > 0 {
            output.append(.note("\(Format.count(failed, "satellite")) could not be followed through the window (decayed, or elements SGP4 cannot use)"))
        }
        if try context.orbit.catalogue().sets.isEmpty {
            output.append(.note("only the ISS is known: `sat fetch visual` (the brightest satellites) or `sat load FILE` adds more"))
        }
        return output
    }

    /// How good a pass is to watch: brighter, then higher while visible, then higher.
    static func rank(_ p: SatellitePass) -> Double {
        if p.visible { return 1_000 - (p.magnitude ?? 10) * 10 + (p.visibleMaxElevation ?? 0) / 100 }
        return p.maxElevation / 100
    }

    /// The passes as a table; with the satellite's name first for lists of several.
    static func table(_ rows: [(TLE, SatellitePass)], zone: String, withSatellite: Bool, at moment: Date) -> Table {
        var columns = [
            Column("rise", "Rise (\(zone))", kind: .instant), Column("rise_utc", "UTC", kind: .instant), Column("from", "From", kind: .airport),
            Column("culmination", "Highest", kind: .instant),
            Column("max_elevation", "Max el", .right, kind: .angle), Column("set", "Set", kind: .instant), Column("to", "To", kind: .airport),
            Column("visible", "Visible"),
            Column("set_utc", "", dataOnly: true, kind: .instant), Column("visible_max_elevation", "", dataOnly: true, kind: .angle),
            Column("magnitude", "", dataOnly: true),
        ]
        if withSatellite {
            columns.insert(contentsOf: [Column("satellite", "Satellite"), Column("norad", "", dataOnly: true)], at: 0)
            columns.append(contentsOf: [
                Column("elements_age_days", "Age", .right, kind: .duration(secondsPerUnit: 86400)), Column("reliable", "", dataOnly: true),
            ])
        }
        var table = Table(key: "passes", columns: columns)
        table.rows = rows.map { tle, p in
            let day = TimeText.local(zone: zone, at: p.rise)?.clock.prefix(10) ?? ""
            var row = [
                Cell(
                    .string(TimeText.local(zone: zone, at: p.rise)?.iso ?? CivilTime(p.rise.timeIntervalSince1970).iso),
                    text: "\(day) \(OrbitText.local(p.rise, zone: zone).prefix(8))"),
                Cell(.string(CivilTime(p.rise.timeIntervalSince1970).iso), text: String(TimeText.utc(p.rise).dropFirst(11).prefix(8))),
                Cell(Datum.rounded(p.riseAzimuth, 1), text: CompassPoint(bearing: Angle(degrees: p.riseAzimuth)).rawValue),
                Cell(.string(CivilTime(p.culmination.timeIntervalSince1970).iso), text: String(OrbitText.local(p.culmination, zone: zone).prefix(8))),
                Cell(Datum.rounded(p.maxElevation, 1), text: Format.fixed(p.maxElevation, 0) + "°"),
                Cell(.string(CivilTime(p.set.timeIntervalSince1970).iso), text: String(OrbitText.local(p.set, zone: zone).prefix(8))),
                Cell(Datum.rounded(p.setAzimuth, 1), text: CompassPoint(bearing: Angle(degrees: p.setAzimuth)).rawValue),
                visibility(p, zone: zone),
                Cell(CivilTime(p.set.timeIntervalSince1970).iso),
                Cell(p.visibleMaxElevation.map { Datum.rounded($0, 1) } ?? .null),
                Cell(p.magnitude.map { Datum.rounded($0, 1) } ?? .null),
            ]
            if withSatellite {
                let age = OrbitText.age(tle, at: moment)
                let reliable = OrbitText.isReliable(tle, at: moment)
                row.insert(contentsOf: [Cell(tle.displayName), Cell(.int(tle.satelliteNumber))], at: 0)
                row.append(contentsOf: [
                    Cell(Datum.rounded(age, 1), text: Format.fixed(age, 0) + " d" + (reliable ? "" : " !"), style: reliable ? .plain : .warning),
                    Cell(.bool(reliable)),
                ])
            }
            return row
        }
        return table
    }

    /// "yes, 17:38–17:44, up to 42°, mag -2.9", "low, 17:38–17:40, up to 4°" or "no".
    static func visibility(_ p: SatellitePass, zone: String) -> Cell {
        guard p.visible, let from = p.visibleFrom, let until = p.visibleUntil else { return Cell(.bool(false), text: "no", style: .dim) }
        let top = p.visibleMaxElevation ?? 0
        let low = top < 10
        var text =
            "\(low ? "low" : "yes"), \(OrbitText.local(from, zone: zone).prefix(5))–\(OrbitText.local(until, zone: zone).prefix(5)), up to "
            + "\(Format.fixed(top, 0))°"
        if let m = p.magnitude { text += ", mag \(Format.fixed(m, 1))" }
        return Cell(.bool(true), text: text, style: low ? .dim : .good)
    }
}
