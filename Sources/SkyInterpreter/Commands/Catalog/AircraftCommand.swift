import SkyKit

/// `aircraft <designator|name>`.
enum AircraftCommand {
    static let aircraft = Argument("aircraft", .aircraftText, "the aircraft type")

    static let spec = CommandSpec(
        "aircraft", aliases: ["type"], category: .catalog,
        abstract: "Show an aircraft type",
        discussion:
            "Designator, name, manufacturer, model names, IATA codes, kind and engines, wake turbulence category, and how many airline routes fly it. Give an ICAO designator (B738), an IATA code (738) or a name (737-800, Boeing 737-800).",
        arguments: [aircraft.spec],
        examples: [
            Example("aircraft B738", "by ICAO designator"),
            Example("aircraft 738", "by IATA code"),
            Example("aircraft boeing 737-800", "by name"),
        ]
    ) { args, shell in
        let t = try args.value(AircraftCommand.aircraft)
        let wakeWords = ["L": "light", "M": "medium", "H": "heavy", "J": "super", "L/M": "light/medium"]
        var kind = t.description.rawValue
        if let engines = t.engineCount, let engine = t.engineType {
            kind += ", \(engines) \(engine.lowercased()) engine\(engines == 1 ? "" : "s")"
        } else if let engine = t.engineType {
            kind += ", \(engine.lowercased())"
        }
        return .card(
            Card(
                title: t.name,
                fields: [
                    Field("name", "", Cell(t.name)),
                    Field("designator", "designator", Cell(t.designator)),
                    Field("manufacturer", "manufacturer", Cell(t.manufacturer)),
                    Field("models", "models", Cell(.list(t.models.map(Datum.string)), text: t.models.isEmpty ? "—" : t.models.joined(separator: "; "))),
                    Field(
                        "iata", "IATA codes", Cell(.list(t.iataCodes.map(Datum.string)), text: t.iataCodes.isEmpty ? "—" : t.iataCodes.joined(separator: ", "))),
                    Field("description", "kind", Cell(.string(t.description.rawValue), text: kind)),
                    Field("engine_type", "", Cell(Datum.optional(t.engineType))),
                    Field("engines", "", Cell(t.engineCount.map { .int($0) } ?? .null)),
                    Field("wake", "wake category", Cell(Datum.optional(t.wakeCategory), text: t.wakeCategory.map { "\(wakeWords[$0] ?? $0) (\($0))" } ?? "—")),
                    Field("routes", "airline routes", Cell(.int(t.routeCount), text: Format.grouped(Double(t.routeCount)))),
                ]))
    }
}
