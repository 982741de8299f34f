import SkyKit

/// `status`: the whole session state at a glance.
enum StatusCommand {
    static let spec = CommandSpec(
        "status", category: .session,
        abstract: "Show the session state: observer, heading, line of sight, logbook, settings",
        examples: [Example("status", "everything the session holds")]
    ) { _, context in
        let session = context.session
        var fields = [observerField(context)]
        fields.append(Field("heading_deg", "heading", Cell(.number(session.heading.degrees), text: Format.bearing(session.heading)), kind: .angle))
        fields.append(Field("los_origin", "los origin", session.los.origin.map { placeCell($0) } ?? Cell(.null, text: "none", style: .dim)))
        fields.append(Field("los_stage", "", Cell(session.los.stage.rawValue)))
        fields.append(Field("logbook", "logbook", Cell(session.logbook)))
        // The number only: naming it would read the loaded element sets (status stays instant).
        fields.append(
            Field(
                "satellite", "satellite",
                Cell(.int(session.satellite), text: "\(session.satellite)" + (session.satellite == TLE.issNumber ? " (ISS)" : ""))))
        fields.append(
            Field(
                "radar", "radar",
                Cell(
                    .string(RadarText.kindName(session.radar.source)),
                    text: RadarText.describe(session.radar.source) + ", range " + Format.distance(session.radar.range, context.settings.units, decimals: 1)
                        // The replay moments that were set, without opening a feed (status stays instant).
                        + session.radar.times.sorted { $0.key < $1.key }.map { ", time " + context.moments.moment($0.value) + " (\($0.key))" }.joined())))
        if let filter = session.radar.filter {
            fields.append(Field("radar_filter", "radar filter", Cell(Visible.text(filter))))
        }
        for spec in SettingSpec.all {
            fields.append(Field(spec.name, spec.name, Cell(context.settings.word(named: spec.name))))
        }
        fields.append(Field("saved", "saved", Cell(.bool(context.runner.savesSession), text: !context.runner.savesSession ? "no (script or --fresh)" : "yes")))
        if context.console.stdoutIsTerminal, let size = TerminalSize.current() {
            fields.append(Field("terminal", "terminal", Cell(.string("\(size.columns)x\(size.rows)"), text: "\(size.columns)×\(size.rows)")))
        }
        if let paths = context.runner.paths {
            fields.append(Field("data_dir", "data", Cell(paths.data)))
        }
        return .card(Card(title: "Session", fields: fields))
    }

    static func observerField(_ context: CommandContext) -> Field {
        guard let observer = context.session.observer else {
            return Field("observer", "observer", Cell(.null, text: "not set — use observer <place>", style: .dim))
        }
        return Field("observer", "observer", ObserverCommand.cell(observer, context.settings.units))
    }

    static func placeCell(_ place: Place) -> Cell {
        Cell(placeDatum(place), text: place.airportCode.map { "\($0)  \(CoordinateText.short(place.coordinate))" } ?? CoordinateText.short(place.coordinate))
    }

    static func placeDatum(_ place: Place) -> Datum {
        .object([
            ("name", .string(place.name)),
            ("lat", .number(place.coordinate.latitude)),
            ("lon", .number(place.coordinate.longitude)),
            ("airport", .optional(place.airportCode)),
        ])
    }
}
