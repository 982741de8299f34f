import SkyKit

/// A user setting declared once: its name, allowed values, default and meaning. `set`,
/// `settings`, completion, help and the reference derive from these declarations.
public struct SettingSpec: Sendable {
    public var name: String
    public var summary: String
    /// The allowed values; the first is the default. A free-text setting lists only its default.
    public var values: [String]
    public var defaultValue: String { values[0] }
    /// For a free-text setting (a URL template), what is wrong with a value, nil when it is fine;
    /// nil for a setting with a closed set of words.
    public var problem: (@Sendable (String) -> String?)?
    /// What a free-text value is, in a few words ("a URL template"); empty for a closed set.
    public var hint: String

    public init(_ name: String, _ summary: String, values: [String], hint: String = "", problem: (@Sendable (String) -> String?)? = nil) {
        self.name = name
        self.summary = summary
        self.values = values
        self.hint = hint
        self.problem = problem
    }

    /// The words shown for the values: the closed set, or what kind of text.
    public var valuesText: String { problem == nil ? values.joined(separator: "|") : hint }

    /// Every setting skyshell knows, in display order.
    public static let all: [SettingSpec] = [
        Setting.units.spec, Setting.dateOrder.spec, Setting.output.spec, Setting.color.spec, Setting.charts.spec, Setting.codes.spec, Setting.accent.spec,
        Setting.theme.spec, Setting.time.spec, Setting.viewshedColor.spec, Setting.terrainFetch.spec, Setting.terrainCap.spec, terrainURL,
        Setting.passHorizon.spec, satelliteURL, weatherURL, Setting.radarSatellites.spec, alertDistance, alertElevation, crosswindLimit, tailwindLimit,
        Setting.stationLog.spec,
        Setting.timing.spec, Setting.trace.spec,
        Setting.pager.spec, Setting.suggestions.spec,
    ]

    /// Where terrain tiles are downloaded from: a URL template (`{tile}`, `{ns}`, `{ew}`, `{lat}`, `{lon}`).
    public static let terrainURL = SettingSpec(
        "terrain-url", "where terrain tiles are downloaded from: a URL template with {tile} or {ns}{lat}{ew}{lon} (default: the Terrain Tiles open dataset)",
        values: [TileSource.defaultTemplate], hint: "a URL template", problem: { TileSource.problem($0) })

    /// Where `sat fetch GROUP` downloads element sets from: a URL template with `{group}`.
    public static let satelliteURL = SettingSpec(
        "sat-url", "where sat fetch GROUP downloads element sets from: a URL template with {group} (default: CelesTrak's GP query, OMM JSON)",
        values: ["https://celestrak.org/NORAD/elements/gp.php?GROUP={group}&FORMAT=json"], hint: "a URL template",
        problem: { text in
            guard WebAddress.httpURL(text.replacingAll("{group}", with: "x")) != nil else { return "'\(text)' is not an http(s) URL template" }
            return text.contains("{group}") ? nil : "the template needs {group}, where the group name goes"
        })

    /// Where `metar` and `taf` fetch reports from: the Aviation Weather Center's data API, or
    /// a server answering the same requests.
    public static let weatherURL = SettingSpec(
        "weather-url", "where metar and taf fetch reports: the base URL of the Aviation Weather Center's data API or one answering like it",
        values: [AviationWeatherClient.defaultBase], hint: "a URL", problem: { AviationWeatherClient.problem($0) })

    /// `radar live` rings when an aircraft is about to pass this near: off or a distance.
    public static let alertDistance = SettingSpec(
        "alert-distance", "radar live rings the bell and highlights an aircraft about to pass this near (straight-line): off or a distance (2km, 1nm)",
        values: ["off"], hint: "off|<distance>", problem: { AlertLimits.distance($0).problem })

    /// The runway wind tables mark the ends whose crosswind, gusts included, is over this.
    public static let crosswindLimit = SettingSpec(
        "crosswind-limit", "runway wind tables (metar, runways) mark the runways whose crosswind, gusts included, is over this: off or a speed (20kt)",
        values: ["off"], hint: "off|<speed>", problem: { AlertLimits.speed($0).problem })

    /// The runway wind tables mark the ends whose tailwind, gusts included, is over this.
    public static let tailwindLimit = SettingSpec(
        "tailwind-limit", "runway wind tables mark the runways whose tailwind, gusts included, is over this: off or a speed (10kt)",
        values: ["off"], hint: "off|<speed>", problem: { AlertLimits.speed($0).problem })

    /// `radar live` rings when an aircraft is about to climb this high in the sky: off or an angle.
    public static let alertElevation = SettingSpec(
        "alert-elevation", "radar live rings the bell and highlights an aircraft about to pass higher than this in your sky: off or an angle (60)",
        values: ["off"], hint: "off|<angle>", problem: { AlertLimits.elevation($0).problem })

    static let byName: [String: SettingSpec] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The setting called `name` (any case).
    public static func named(_ name: String) -> SettingSpec? { byName[name] ?? byName[name.lowercased()] }
}

/// Accent colours and their 256-colour palette indices.
public enum AccentColor: String, CaseIterable, Sendable {
    case cyan, blue, indigo, green, teal, yellow, orange, red, pink, magenta, white

    public var paletteIndex: Int {
        switch self {
        case .cyan: 44
        case .blue: 75
        case .indigo: 63
        case .green: 41
        case .teal: 30
        case .yellow: 220
        case .orange: 208
        case .red: 203
        case .pink: 212
        case .magenta: 170
        case .white: 255
        }
    }
}

/// The values of all settings, by name. Unknown names are never stored.
public struct Settings: Equatable, Sendable, Codable {
    private var values: [String: String] = [:]

    public init() {}

    /// The value of `name`, or its default.
    public subscript(name: String) -> String {
        values[name] ?? SettingSpec.named(name)?.defaultValue ?? ""
    }

    /// Sets `name` to `value` after checking both; returns the stored value or an error message.
    public mutating func set(_ name: String, _ value: String) throws(ValueError) {
        guard let spec = SettingSpec.named(name) else {
            throw ValueError("unknown setting '\(name)'" + suggestion(name, among: SettingSpec.all.map(\.name)))
        }
        if let problem = spec.problem {
            if let why = problem(value) { throw ValueError("\(spec.name): \(why)") }
            values[spec.name] = value
            return
        }
        let v = value.lowercased()
        guard spec.values.contains(v) else {
            throw ValueError("'\(value)' is not a value of \(spec.name) — use one of: \(spec.values.joined(separator: ", "))")
        }
        // Kept even when it is the default: a chosen `units metric` is a choice (line of
        // sight shows metres then, feet until units are chosen).
        values[spec.name] = v
    }

    /// Resets `name` (or every setting) to the default.
    public mutating func reset(_ name: String? = nil) {
        if let name { values[name] = nil } else { values = [:] }
    }

    /// The settings that were chosen with `set` (reset ones are not), by name.
    public var customized: [(String, String)] { values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }

    /// True when `name` was chosen with `set` (even to its default value).
    public func isCustomized(_ name: String) -> Bool { values[name] != nil }

    /// The value of a setting as its enum.
    public subscript<Value>(setting: Setting<Value>) -> Value { setting.value(self[setting.name]) }

    // Codable as a plain object; unknown or invalid entries in a stored file are ignored.
    public init(from decoder: Decoder) throws {
        let stored = try [String: String](from: decoder)
        for (name, value) in stored { try? set(name, value) }
    }

    public func encode(to encoder: Encoder) throws { try values.encode(to: encoder) }
}
