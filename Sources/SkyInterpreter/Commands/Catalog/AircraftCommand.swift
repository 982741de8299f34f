import SkyKit

/// `aircraft <designator|name>`.
enum AircraftCommand {
    static let aircraft = Argument("aircraft", .aircraftText, "the aircraft type")

    static let spec = CommandSpec(
        "aircraft", aliases: ["type"], category: .catalog,
        abstract: "Show an aircraft type",
        discussion:
            "Designator, name, manufacturer, model names, IATA codes, kind and engines, wake turbulence category, and how "
            + "many airline routes fly it. Give an ICAO designator (B738), an IATA code (738) or a name (737-800, Boeing "
            + "737-800).",
        arguments: [aircraft.spec],
        examples: [
            Example("aircraft B738", "by ICAO designator"),
            Example("aircraft 738", "by IATA code"),
            Example("aircraft boeing 737-800", "by name"),
        ]
    ) { args, context in
        let t = try args.value(AircraftCommand.aircraft)
        let wakeWords = ["L": "light", "M": "medium", "H": "heavy", "J": "super", "L/M": "light/medium"]
        var kind = t.description.rawValue
        if let engines = t.engineCount, let engine = t.engineType {
            kind += ", \(engines) \(engine.lowercased()) engine\(engines == 1 ? "" : "s")"
        } else if let engine = t.engineType {
            kind += ", \(engine.lowercased())"
        }
        // A family (777 Boeing 777) lists the types it may be instead of models.
        let variants = t.variants.map { d in d + (context.catalog.aircraftType(designator: d).map { " " + $0.name } ?? "") }
        let former = t.isFamily ? [] : context.catalog.aircraftFormerNames(at: t.rank)
        return .card(
            Card(
                title: t.label,
                fields: [
                    Field("name", "", Cell(t.name)),
                    Field("former_names", former.isEmpty ? "" : "formerly", Cell(.list(former.map(Datum.string)), text: former.joined(separator: "; "))),
                    Field("designator", t.isFamily ? "family code" : "designator", Cell(t.designator)),
                    Field("family", "", Cell(.bool(t.isFamily))),
                    Field("variants", t.isFamily ? "variants" : "", Cell(.list(t.variants.map(Datum.string)), text: variants.joined(separator: "; "))),
                    Field("manufacturer", "manufacturer", Cell(t.manufacturer)),
                    Field("models", "models", Cell(.list(t.models.map(Datum.string)), text: t.models.isEmpty ? "—" : modelsText(t.models))),
                    Field(
                        "iata", "IATA codes",
                        Cell(.list(t.iataCodes.map(Datum.string)), text: t.iataCodes.isEmpty ? "—" : t.iataCodes.joined(separator: ", ")), kind: .airport),
                    Field("description", "kind", Cell(.string(t.description.rawValue), text: kind)),
                    Field("engine_type", "", Cell(Datum.optional(t.engineType))),
                    Field("engines", "", Cell(t.engineCount.map { .int($0) } ?? .null)),
                    Field(
                        "wake", "wake category",
                        Cell(Datum.optional(t.wakeCategory), text: t.wakeCategory.map { "\(wakeWords[$0] ?? $0) (\($0))" } ?? "—")),
                    Field("routes", "airline routes", Cell(.int(t.routeCount), text: Format.grouped(Double(t.routeCount)))),
                ]))
    }

    /// The first dozen model names, and how many more the JSON lists.
    static func modelsText(_ models: [String]) -> String {
        let shown = 12
        return models.prefix(shown).joined(separator: "; ") + (models.count > shown ? "; … (\(models.count - shown) more)" : "")
    }
}
