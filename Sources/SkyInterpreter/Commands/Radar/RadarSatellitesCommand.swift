import SkyKit

/// `radar satellites [off|iss|visible]`: which satellites the scope and the lists show (the
/// satellites setting).
enum RadarSatellitesCommand {
    static let mode = Argument("mode", .choice(RadarSatellites.self, placeholder: "mode"), "off, iss or visible", .optional)

    static let spec = CommandSpec(
        "satellites", category: .radar,
        abstract: "Show or set which satellites the radar marks (the satellites setting)",
        discussion:
            "iss (the default) marks the ISS when it is above your horizon; visible marks the brightest satellites you can "
            + "see now — lit by the Sun against a dark sky — among those loaded (`sat load`, `sat fetch`), up to five, "
            + "brightest first; off marks none. Satellites sit on the scope's rim in their direction, and `radar list` and "
            + "`spot` say where to look.",
        arguments: [mode.spec],
        examples: [Example("radar satellites visible", "the brightest satellites in sight"), Example("radar satellites", "what is marked now")]
    ) { args, context in
        let name = Setting.radarSatellites.name
        if let mode = args[RadarSatellitesCommand.mode] { try context.settings.choose(name, mode.rawValue) }
        let current = context.settings.value(.radarSatellites)
        let words: String =
            switch current {
            case .off: "the radar marks no satellites"
            case .iss: "the radar marks the ISS when it is up"
            case .visible: "the radar marks the brightest satellites you can see (up to five)"
            }
        return Output([.message(words), .data("satellites", .string(current.rawValue))])
    }
}
