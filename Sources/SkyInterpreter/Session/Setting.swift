import SkyKit

/// The values of a setting: a closed set of words, read by handlers as an enum.
public protocol SettingValue: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

/// A typed handle on one setting: its name, meaning and default, and the enum its values are.
/// `shell.setting(.units)` reads it; `SettingSpec.all` is built from these handles, so `set`,
/// `settings`, completion, help and the reference offer exactly the words the enum has.
public struct Setting<Value: SettingValue>: Sendable {
    public let name: String
    public let summary: String
    public let defaultValue: Value

    init(_ name: String, _ summary: String, default defaultValue: Value) {
        self.name = name
        self.summary = summary
        self.defaultValue = defaultValue
    }

    /// The declaration of this setting: its words, the default first.
    public var spec: SettingSpec {
        let words = Value.allCases.map(\.rawValue)
        return SettingSpec(name, summary, values: [defaultValue.rawValue] + words.filter { $0 != defaultValue.rawValue })
    }

    /// The value a stored word stands for; the default for a missing or unknown word.
    public func value(_ word: String?) -> Value { word.flatMap(Value.init(rawValue:)) ?? defaultValue }
}

extension Setting where Value == UnitSystem {
    public static var units: Self {
        Setting("units", "distances, heights and speeds: metric (km, m, km/h), imperial (mi, ft, mph) or aviation (nm, ft, kt)", default: .metric)
    }
}

extension DateOrder: SettingValue {}

extension Setting where Value == DateOrder {
    public static var dateOrder: Self {
        Setting("date-order", "how a date with slashes or dots is read: ymd (only 2019-06-14), dmy (14/06/2019) or mdy (06/14/2019)", default: .ymd)
    }
}

extension Setting where Value == OutputFormat {
    public static var output: Self { Setting("output", "result format: aligned table text, json (one document per command) or csv", default: .table) }
}

extension Setting where Value == ColorMode {
    public static var color: Self { Setting("color", "ANSI colours: auto (on a terminal unless NO_COLOR is set), always or never", default: .auto) }
}

extension Setting where Value == ChartsMode {
    public static var charts: Self { Setting("charts", "bar charts beside ranked lists: auto (on a terminal), on or off", default: .auto) }
}

extension Setting where Value == AirportNaming {
    public static var codes: Self {
        Setting("codes", "how airports are named in lists, stats and maps: icao codes, iata codes (ICAO where there is none) or names", default: .icao)
    }
}

extension Setting where Value == AccentColor {
    public static var accent: Self { Setting("accent", "the accent colour of titles and highlights", default: .cyan) }
    public static var viewshedColor: Self { Setting("viewshed-color", "the colour of the visible area on viewshed maps", default: .green) }
}

extension Setting where Value == TimeShown {
    public static var time: Self {
        Setting(
            "time", "how the radar shows moments: utc, or local — the observer's time zone (JSON always gives ISO 8601 UTC)", default: .utc)
    }
}

extension Setting where Value == StationLogging {
    public static var stationLog: Self {
        Setting("station-log", "keep what a readsb receiver source hears in the station log (station.sqlite in the data folder): on or off", default: .on)
    }
}

extension Setting where Value == RadarTheme {
    public static var theme: Self {
        Setting("theme", "the radar scope: retro (green phosphor, callsigns) or kid (big bright shapes, no text)", default: .retro)
    }
}

extension Setting where Value == TerrainFetchMode {
    public static var terrainFetch: Self {
        Setting(
            "terrain-fetch",
            "terrain tiles a computation lacks: ask (at a terminal; never in scripts), auto (download them) or never (say which command fetches them)",
            default: .ask)
    }
}

extension Setting where Value == TerrainCap {
    public static var terrainCap: Self {
        Setting(
            "terrain-cap", "the most the downloaded terrain tiles may take; past it the least recently used go (off: no limit)", default: .off)
    }
}

extension Setting where Value == PassHorizon {
    public static var passHorizon: Self {
        Setting("pass-horizon", "where passes rise and set: the flat 0° line or the terrain's skyline around the observer (as --horizon)", default: .flat)
    }
}

extension Setting where Value == RadarSatellites {
    public static var radarSatellites: Self {
        Setting(
            "satellites", "satellites on the radar scope and in radar list: off, iss (the ISS when it is up) or visible (the brightest satellites you can see)",
            default: .iss)
    }
}

extension Setting where Value == Switch {
    public static var timing: Self {
        Setting("timing", "after each command, the time it took (as psql's \\timing): off or on", default: .off)
    }

    public static var trace: Self {
        Setting("trace", "every command that can show its steps does (as --trace on each): off or on", default: .off)
    }

    public static var suggestions: Self {
        Setting(
            "suggestions", "at the prompt, the rest of the latest matching history line shown dim after the cursor (→ or Ctrl-F takes it): on or off",
            default: .on)
    }

    public static var pager: Self {
        Setting("pager", "output longer than the screen goes through $PAGER (less -FRX) at a terminal, never in scripts: on or off", default: .on)
    }
}

/// A setting that is off or on.
public enum Switch: String, SettingValue {
    case off, on
}

/// Which satellites the radar shows.
public enum RadarSatellites: String, SettingValue {
    case off, iss, visible
}

/// Which horizon satellite passes are counted from.
public enum PassHorizon: String, SettingValue {
    case flat, terrain
}

/// How much room downloaded terrain may take.
public enum TerrainCap: String, SettingValue {
    case off, mb100 = "100mb", mb500 = "500mb", gb1 = "1gb", gb5 = "5gb"

    /// The cap in bytes, nil for none.
    public var bytes: Int? {
        switch self {
        case .off: nil
        case .mb100: 100 * 1_048_576
        case .mb500: 500 * 1_048_576
        case .gb1: 1_073_741_824
        case .gb5: 5 * 1_073_741_824
        }
    }
}

/// When missing terrain is downloaded.
public enum TerrainFetchMode: String, SettingValue {
    case ask, auto, never
}

/// Systems of units for showing values.
public enum UnitSystem: String, SettingValue {
    case metric, imperial, aviation
}

/// When ANSI colours are written.
public enum ColorMode: String, SettingValue {
    case auto, always, never
}

/// When ranked lists carry bar charts.
public enum ChartsMode: String, SettingValue {
    case auto, on, off
}

/// How airports are named in lists.
public enum AirportNaming: String, SettingValue {
    case icao, iata, names
}

/// Whether a receiver's snapshots go to the station log.
public enum StationLogging: String, SettingValue {
    case on, off
}

/// The clock moments are shown on.
public enum TimeShown: String, SettingValue {
    case utc, local
}

/// The look of the radar scope.
public enum RadarTheme: String, SettingValue {
    case retro, kid
}

extension OutputFormat: SettingValue {}
extension AccentColor: SettingValue {}
