import FoundationEssentials
import Glibc
import SkyKit

/// `iss` and its subcommands: where the ISS is, when it passes over, its ground track.
enum ISSCommands {
    static let trace = Flag("trace", "print the intermediate steps of the computation")

    static let spec = CommandSpec(
        "iss", category: .orbit,
        abstract: "Where the International Space Station is now, computed offline with SGP4",
        discussion:
            "The position comes from the element set in use (built in: the ISS on 2025-11-09; `sat fetch stations` or `sat "
            + "load FILE` for a fresh one) propagated with SGP4: latitude, longitude, height, speed, whether it is in "
            + "sunlight, and what it is over. With an observer, also where to look. Element sets age: beyond 14 days the "
            + "positions drift by many kilometres, and skyshell says so.",
        options: [trace.spec],
        subcommands: [at, passes, map, ISSLiveCommand.spec],
        examples: [
            Example("iss", "where it is now"), Example("iss at 2025-11-10T18:00Z", "at a given time"),
            Example("observer LFPG; iss passes", "when it flies over Paris"),
        ]
    ) { args, context in
        try report(try context.orbit.propagator(), at: context.runner.clock.now, context, trace: args.flag(ISSCommands.trace))
    }

    static let time = Argument("time", .instant, "a time: 2025-11-10T18:00Z, +2h, 13:05 (UTC)")

    static let at = CommandSpec(
        "at", category: .orbit,
        abstract: "Where the ISS is (or was) at a given time",
        arguments: [time.spec],
        examples: [Example("iss at +90min", "one orbit from now")]
    ) { args, context in
        try report(try context.orbit.propagator(), at: try args.value(ISSCommands.time), context, trace: false)
    }

    /// The position card of a satellite at a moment.
    static func report(_ sgp4: SGP4, at time: Date, _ context: CommandContext, trace: Bool) throws -> Output {
        let tle = sgp4.tle
        let jd = JulianDate.of(time)
        let state: TEMEState
        do { state = try sgp4.propagate(to: time) } catch { throw ShellError.data("\(tle.displayName) at \(TimeText.utc(time)): \(error)") }
        let sub = OrbitFrames.subPoint(state, julianDate: jd)
        let lit = Sun.lights(state.position, julianDate: jd)
        let units = context.settings.units
        var fields = [
            Field("time", "time", Cell(.string(CivilTime(time.timeIntervalSince1970).iso), text: TimeText.utc(time)), kind: .instant),
            Field(
                "position", "position",
                Cell(
                    .object([
                        ("latitude", .number((sub.coordinate.latitude * 1e5).rounded() / 1e5)),
                        ("longitude", .number((sub.coordinate.longitude * 1e5).rounded() / 1e5)),
                    ]),
                    text: CoordinateText.short(sub.coordinate) + " — " + OrbitText.whereOver(sub.coordinate, context))),
            Field(
                "altitude_km", "altitude",
                Cell(.number((sub.altitude.kilometers * 10).rounded() / 10), text: Format.distance(Distance(meters: sub.altitude.meters), units, decimals: 1)),
                kind: .height(.kilometers)),
            Field(
                "speed_kms", "speed",
                Cell(
                    .number((sub.inertialSpeed.metersPerSecond / 10).rounded() / 100),
                    text:
                        "\(Format.fixed(sub.inertialSpeed.metersPerSecond / 1000, 2)) km/s "
                        + "(\(Format.speed(sub.inertialSpeed, units))), \(Format.fixed(sub.speed.metersPerSecond / 1000, 2)) km/s over "
                        + "the ground"
                )),
            Field("sunlit", "sunlit", Cell(.bool(lit), text: lit ? "yes" : "no — in the Earth's shadow")),
        ]
        if let observer = context.session.observer {
            let frame = observer.localFrame
            let look = frame.enu(sub.ecef)
            let up = look.elevation >= 0
            fields.append(
                Field(
                    "look", "from here",
                    Cell(
                        .object([
                            ("azimuth", .number((look.azimuth * 10).rounded() / 10)), ("elevation", .number((look.elevation * 10).rounded() / 10)),
                            ("range_km", .number((look.range / 100).rounded() / 10)),
                        ]),
                        text:
                            "\(CompassPoint(bearing: Angle(degrees: look.azimuth)).words), \(Format.fixed(abs(look.elevation), 1))° "
                            + "\(up ? "up" : "below the horizon"), \(Format.distance(Distance(meters: look.range), units, decimals: 0)) away"
                    )))
        }
        fields.append(
            Field(
                "epoch", "elements",
                Cell(
                    .string(CivilTime(tle.epoch.timeIntervalSince1970).iso),
                    text:
                        "\(tle.displayName), epoch \(TimeText.utc(tle.epoch)) (\(Format.fixed(OrbitText.age(tle, at: time), 1)) days)"
                ), kind: .instant))
        var output = Output.card(Card(title: tle.title, fields: fields))
        if let stale = OrbitText.staleness(tle, at: time) { output.append(.note(stale)) }
        if trace { output.blocks = ExplainOrbit.trace(sgp4, state: state, at: time).map { .message($0, .dim) } + output.blocks }
        return output
    }

    static let days = Option("days", .integer(1...30), "how many days ahead", default: 3, shown: "3")
    static let horizon = Option(
        "horizon", .choice(PassHorizon.self, placeholder: "horizon"),
        "flat (0° all round) or terrain (the skyline of the terrain tiles); when left out, the pass-horizon setting", default: .flat,
        shown: "flat", bare: false)

    static let passes = CommandSpec(
        "passes", category: .orbit,
        abstract: "When the ISS passes over the observer, and which passes you can see",
        discussion:
            "`passes ISS` with three days by default: rise, highest point and set (0° elevation, or the terrain's skyline "
            + "with --horizon terrain or `set pass-horizon terrain`) with their directions, in local time (the observer's "
            + "airport or the nearest one's time zone) and UTC. A pass is visible to the eye when the ISS is in sunlight "
            + "while the Sun is at least 6° below your horizon; the brightness is estimated from its standard magnitude "
            + "(−1.8 at 1,000 km, half lit).",
        options: [days.spec] + PassesCommand.filters,
        requires: [.observer],
        examples: [
            Example("observer LFPG; iss passes", "the next three days over Paris"), Example("iss passes days 7", "a week"),
            Example("iss passes visible tonight", "the passes you can see tonight"),
            Example("observer 44.3062 -71.7701; iss passes --horizon terrain", "from a valley: over the mountains, not the 0° line"),
        ]
    ) { args, context in
        try PassesCommand.run(.one(try context.orbit.issSet()), days: try args.value(ISSCommands.days), limit: 1, args, context)
    }

    static let map = CommandSpec(
        "map", category: .orbit,
        abstract: "The ISS's ground track for the next orbit on a world map",
        examples: [Example("iss map", "where it will fly over in the next 90 minutes")]
    ) { _, context in
        try groundTrack(try context.orbit.propagator(), context)
    }

    /// A satellite's ground track for its next orbit on a world map.
    static func groundTrack(_ sgp4: SGP4, _ context: CommandContext) throws -> Output {
        let now = context.runner.clock.now
        let period = 2 * Double.pi / (sgp4.tle.meanMotion * 2 * .pi / 1440)  // minutes
        var track: [Coordinate] = []
        for k in 0...180 {
            let t = now.addingTimeInterval(Double(k) / 180 * period * 60)
            guard let s = try? sgp4.propagate(to: t) else { break }
            track.append(OrbitFrames.subPoint(s, julianDate: JulianDate.of(t)).coordinate)
        }
        guard let here = track.first else { throw ShellError.data("the element set cannot be propagated to now") }
        var content = WorldMap.Content()
        for part in GeoFeatures.splitAtAntimeridian(track) { content.lines.append((part, .accent)) }
        content.places.append((here, sgp4.tle.name.map { String($0.prefix(3)) } ?? "SAT", .bold))
        if let observer = context.session.observer { content.places.append((observer.place.coordinate, nil, .good)) }
        content.extent = [Coordinate(validLatitude: -60, longitude: -180), Coordinate(validLatitude: 75, longitude: 179.9)]
        var output = Output([.message("\(sgp4.tle.title): the next orbit (\(Format.fixed(period, 0)) min) from \(TimeText.utc(now))", .accent)])
        let extent = content.extent
        output.append(
            .drawing(
                Drawing("the map", minimumColumns: 20, minimumRows: 12) { columns, rows in
                    WorldMap(fitting: extent, columns: min(columns, 120), rows: max(12, min(rows - 4, 30))).draw(content)
                }))
        output.append(
            .data("track", .list(track.map { .list([.number(($0.longitude * 1e4).rounded() / 1e4), .number(($0.latitude * 1e4).rounded() / 1e4)]) })))
        return output
    }
}
