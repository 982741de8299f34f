import FoundationEssentials
import Glibc
import SkyKit

/// The value kinds of the command language, each parsed here and nowhere else.
extension Kind {
    /// One word of free text.
    public static var text: Kind<String> {
        Kind<String>.word("text", "a word (quote it to include spaces)") { word, _ in word }
    }

    /// Free text: the rest of the line.
    public static var words: Kind<String> {
        Kind<String>.word("text", "any text") { word, _ in word }
    }

    /// A whole number within `range`.
    public static func integer(_ range: ClosedRange<Int>, placeholder: String = "n") -> Kind<Int> {
        .word(placeholder, "a whole number from \(range.lowerBound) to \(range.upperBound)") { word, _ in
            guard let n = NumberParser.integer(word, in: range) else {
                throw ValueError("'\(word)' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return n
        }
    }

    /// How many times faster than the clock, within `range`: 10, 10x or 10×.
    public static func factor(_ range: ClosedRange<Double>) -> Kind<Double> {
        let bounds = "\(Format.trimmed(range.lowerBound)) to \(Format.trimmed(range.upperBound))"
        return .word("factor", "how many times faster than the clock, \(bounds): 10 or 10x") { word, _ in
            let number = word.hasSuffix("x") || word.hasSuffix("×") ? String(word.dropLast()) : word
            guard let n = NumberParser.parse(number), range.contains(n) else { throw ValueError("'\(word)' is not a speed-up from \(bounds) (10 or 10x)") }
            return n
        }
    }

    /// A horizontal distance whose bare numbers are in the units setting's unit: km (metric), mi
    /// (imperial) or nm (aviation).
    public static func distance() -> Kind<Distance> {
        .word("distance", "a distance: 50km, 12mi, 5nm, 800m (the units setting's unit — km, mi or nm — when no unit is given)", joiningUnit: true) {
            word, context in
            Distance(meters: try LengthParser.meters(word, defaultUnit: Format.distanceUnit(context.settings.units), what: "a distance"))
        }
    }

    /// A horizontal distance; bare numbers are in `unit` whatever the units setting.
    public static func distance(default unit: LengthUnit) -> Kind<Distance> {
        .word("distance", "a distance: 50km, 12mi, 5nm, 800m (\(unit.symbol) when no unit is given)", joiningUnit: true) { word, _ in
            Distance(meters: try LengthParser.meters(word, defaultUnit: unit, what: "a distance"))
        }
    }

    /// A height or altitude; bare numbers are in `unit`; FL350 is a flight level.
    public static func height(default unit: LengthUnit) -> Kind<Height> {
        .word("height", "a height: 33ft, 10m, FL350 (\(unit.symbol) when no unit is given)", joiningUnit: true) { word, _ in
            Height(meters: try LengthParser.meters(word, defaultUnit: unit, what: "a height"))
        }
    }

    /// A height whose bare numbers are in the units setting's height unit (metres for metric,
    /// feet for imperial and aviation).
    public static func height() -> Kind<Height> {
        .word("height", "a height: 33ft, 10m, FL350 (the units setting's unit — m or ft — when no unit is given)", joiningUnit: true) { word, context in
            Height(meters: try LengthParser.meters(word, defaultUnit: Format.heightUnit(context.settings.units), what: "a height"))
        }
    }

    /// A line-of-sight height: bare numbers in feet, as SkyQuant takes them, until units are
    /// chosen (then that system's unit).
    public static func losHeight() -> Kind<Height> {
        .word("height", "a height: 33ft, 10m, FL350 (feet when no unit is given, or the chosen units' unit)", joiningUnit: true) { word, context in
            Height(meters: try LengthParser.meters(word, defaultUnit: LOSUnits(context).heightUnit, what: "a height"))
        }
    }

    /// A unit of length: km, mi, nm, m or ft.
    public static var lengthUnit: Kind<LengthUnit> { .choice(LengthUnit.self, placeholder: "unit") }

    /// An angle in degrees or a compass point.
    public static var angle: Kind<Angle> {
        Kind<Angle>.word(
            "angle", "an angle: 270, 270deg, or a compass point N, NE, ENE…",
            complete: { candidates(CompassPoint.allCases.map(\.rawValue), prefix: $0.prefix) }
        ) { word, _ in
            try AngleParser.parse(word)
        }
    }

    /// A duration; bare numbers are in `defaultSeconds` units.
    public static func duration(defaultSeconds: Double = 1, placeholder: String = "duration") -> Kind<Double> {
        .word(placeholder, "a duration: 10s, 10min, 2h, 3d", joiningUnit: true) { word, _ in
            try TimeParser.duration(word, defaultSeconds: defaultSeconds)
        }
    }

    /// An instant: ISO 8601, now, -10min, +2h, 13:05 (UTC).
    public static var instant: Kind<Date> {
        Kind<Date>.word(
            "time", "a time: 2025-11-09T12:30Z, now, -10min, +2h, 13:05 (UTC)",
            complete: { candidates(["now"], prefix: $0.prefix) }
        ) { word, context in
            try TimeParser.instant(word, now: context.runner.clock.now)
        }
    }

    /// A time asked of a forecast: a UTC clock time (`18:30`), placed by the forecast in its
    /// validity, or any instant the `instant` kind reads.
    public static var askedTime: Kind<AskedTime> {
        Kind<AskedTime>.word(
            "time", "a time: 18:30 (UTC, the next one within the forecast), 2025-11-09T18:30Z, +2h",
            complete: { candidates(["now"], prefix: $0.prefix) }
        ) { word, context in
            if let clock = CivilTime.timeOfDay(word.lowercased()) { return .clock(clock) }
            return .instant(try TimeParser.instant(word, now: context.runner.clock.now).timeIntervalSince1970)
        }
    }

    /// An http or https URL with a host (a feed, an element set, an API's base).
    public static var webURL: Kind<URL> {
        Kind<URL>.word("url", "an http(s) URL: https://host/path") { word, _ in
            if let problem = WebAddress.problem(word) { throw ValueError("'\(word)' is not an http(s) URL skyshell can fetch: \(problem)") }
            guard let url = WebAddress.httpURL(word) else { throw ValueError("'\(word)' is not an http(s) URL") }
            return url
        }
    }

    /// A file path; `~` expands to the home directory. Completes from the file system,
    /// preferring files ending in one of `extensions`.
    public static func path(extensions: [String] = [], required: Bool = false) -> Kind<String> {
        .word(
            "file", required ? "a file path ending in ." + extensions.joined(separator: " or .") : "a file path",
            complete: { query in
                PathCompletion.candidates(query.prefix, extensions: extensions, home: query.context.runner.environment["HOME"])
            }
        ) { word, context in
            guard !word.isEmpty else { throw ValueError("an empty file name") }
            if required, !extensions.contains(where: { word.lowercased().hasSuffix("." + $0) }) {
                throw ValueError("'\(Visible.text(word))' does not end in ." + extensions.joined(separator: " or ."))
            }
            return PathCompletion.expand(word, home: context.runner.environment["HOME"])
        }
    }

    /// A coordinate: two words (51.4775 -0.4614, 51.4775N 0.4614W, 51°28'39"N 0°27'41"W) or one
    /// (51.4775,-0.4614).
    public static var coordinate: Kind<Coordinate> {
        Kind<Coordinate>(
            placeholder: "coordinate",
            summary: "a coordinate: 51.4775 -0.4614, 51.4775N 0.4614W, 51°28'39\"N 0°27'41\"W or 51.4775,-0.4614",
            read: { cursor, _ in try readCoordinate(&cursor) })
    }

    /// A place: a coordinate, `here` (the observer) or an airport code or name.
    public static var place: Kind<Place> {
        Kind<Place>(
            placeholder: "place",
            summary: "a place: an airport code (KSFO, SFO), coordinates (37.62 -122.38) or here",
            read: { cursor, context in try readPlace(&cursor, context) },
            complete: { candidates(["here"], prefix: $0.prefix) + $0.context.places.complete($0.prefix) })
    }

    /// The name of a command.
    public static var commandName: Kind<String> {
        Kind<String>.word(
            "command", "a command name",
            complete: { query in
                candidates(query.context.interpreter.registry.commands.map(\.name), prefix: query.prefix)
            }
        ) { word, _ in word }
    }

    /// The name of a setting.
    public static var settingName: Kind<String> {
        Kind<String>.word(
            "setting", "a setting name (settings lists them)",
            complete: { candidates(SettingSpec.all.map(\.name), prefix: $0.prefix) }
        ) { word, _ in
            guard let spec = SettingSpec.named(word) else {
                throw ValueError("unknown setting '\(word)'" + suggestion(word, among: SettingSpec.all.map(\.name)) + " — settings lists them")
            }
            return spec.name
        }
    }

    /// A setting's value (checked by `set` against the setting); completes the values of the
    /// setting named by the previous word.
    public static var settingValue: Kind<String> {
        Kind<String>.word(
            "value", "a value of the setting", joiningUnit: true,
            complete: { query in
                guard let name = query.previous.last, let spec = SettingSpec.named(name) else { return [] }
                return candidates(spec.values, prefix: query.prefix)
            }
        ) { word, _ in word }
    }
}

extension ValueKind {
    /// The kinds `help values` and the reference explain.
    static let described: [ValueKind] = [
        Kind<Distance>.distance().erased, Kind<Height>.height().erased, Kind<Angle>.angle.erased, Kind<Coordinate>.coordinate.erased,
        Kind<Place>.place.erased, Kind<Date>.instant.erased, Kind<Double>.duration().erased, Kind<String>.path().erased,
    ]
}

/// Reads a coordinate from one or two words.
func readCoordinate(_ cursor: inout WordCursor) throws -> Coordinate {
    guard let first = cursor.peek() else { throw ValueError("missing coordinate") }
    if first.text.contains(","), let single = CoordinateParser.single(first.text) {
        _ = cursor.take()
        return single
    }
    guard let second = cursor.peek(1), CoordinateParser.looksLikeComponent(second.text) else {
        if CoordinateParser.looksLikeComponent(first.text) {
            throw ValueError("'\(first.text)' is only half a coordinate — give a latitude and a longitude, e.g. 51.4775 -0.4614")
        }
        _ = try CoordinateParser.component(first.text)
        throw ValueError("missing coordinate")
    }
    let coordinate = try CoordinateParser.pair(first.text, second.text)
    _ = cursor.take()
    _ = cursor.take()
    return coordinate
}

/// Reads a place: `here`, a coordinate (two words or `lat,lon`), or an airport through the
/// shell's resolver.
func readPlace(_ cursor: inout WordCursor, _ context: CommandContext) throws -> Place {
    guard let word = cursor.peek() else { throw ValueError("missing place") }
    if word.text.lowercased() == "here" {
        guard let observer = context.session.observer else {
            throw ValueError("'here' is the observer, and no observer is set — use `observer KSFO` or `observer 51.47 -0.45` first")
        }
        _ = cursor.take()
        return observer.place
    }
    var probe = cursor
    if let coordinate = try? readCoordinate(&probe) {
        cursor = probe
        return Place(coordinate: coordinate, name: CoordinateText.short(coordinate))
    }
    if CoordinateParser.looksLikeComponent(word.text) {
        // A number is half a coordinate, unless it is exactly an airport code.
        if let code = context.catalog.airport(code: word.text) {
            _ = cursor.take()
            return code.place
        }
        _ = try readCoordinate(&cursor)
    }
    if let resolver = context.places.resolver {
        return try readName(&cursor) { text in
            guard let place = try resolver(text) else {
                throw ValueError("'\(text)' is not a place — use an airport code, coordinates (51.4775 -0.4614) or here")
            }
            return place
        }
    }
    throw ValueError("'\(word.text)' is not a place — use an airport code, coordinates (51.4775 -0.4614) or here")
}

/// Coordinates as short text.
public enum CoordinateText {
    /// `51.47750, -0.46140` (5 decimals, about a metre).
    public static func short(_ c: Coordinate) -> String {
        Format.fixed(c.latitude, 5) + ", " + Format.fixed(c.longitude, 5)
    }

    /// `51°28'39.0"N 0°27'41.0"W`.
    public static func dms(_ c: Coordinate) -> String {
        component(c.latitude, "N", "S") + " " + component(c.longitude, "E", "W")
    }

    static func component(_ value: Double, _ positive: String, _ negative: String) -> String {
        var total = (abs(value) * 36000).rounded() / 10  // tenths of arc seconds
        let degrees = Int(total / 3600)
        total -= Double(degrees) * 3600
        let minutes = Int(total / 60)
        let seconds = total - Double(minutes) * 60
        let s = Format.fixed(seconds, 1)
        return "\(degrees)°\(minutes < 10 ? "0" : "")\(minutes)'\(seconds < 10 ? "0" : "")\(s)\"" + (value < 0 ? negative : positive)
    }
}
