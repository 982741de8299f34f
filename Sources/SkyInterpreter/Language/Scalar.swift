import SkyKit

/// One value as a pipeline compares it: quantities in their base unit, codes in one spelling.
enum Scalar: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case text(String)

    /// The order of two numbers: -1, 0 or 1 (1 when either is NaN).
    static func order(_ x: Double, _ y: Double) -> Int { x == y ? 0 : (x < y ? -1 : 1) }

    /// SQL's order: nothing first, then false before true, numbers, then text.
    static func order(_ a: Scalar, _ b: Scalar) -> Int {
        switch (a, b) {
        case (.null, .null): return 0
        case (.null, _): return -1
        case (_, .null): return 1
        case let (.bool(x), .bool(y)): return x == y ? 0 : (x ? 1 : -1)
        case let (.number(x), .number(y)): return order(x, y)
        case let (.text(x), .text(y)): return x == y ? 0 : (x.utf8.lexicographicallyPrecedes(y.utf8) ? -1 : 1)
        case (.bool, _): return -1
        case (_, .bool): return 1
        case (.number, _): return -1
        case (_, .number): return 1
        }
    }
}

/// Turns cells and literals into scalars of a kind: airports and airlines by the catalog.
final class ScalarReader {
    let catalog: Catalog
    private var airports: [String: String] = [:]
    private var airlines: [String: String] = [:]
    private var spellings: [String: Set<String>] = [:]
    /// What names written in conditions stand for, read once each (`CatalogNames.swift`).
    var namedAirports: [String: String] = [:]
    var namedAirlines: [String: Set<String>] = [:]
    var namedAircraft: [String: Set<String>] = [:]
    var matchTexts: [String: [String]] = [:]

    init(catalog: Catalog) { self.catalog = catalog }

    /// The scalar of a cell of a column of `kind`.
    func read(_ datum: Datum, _ kind: ColumnKind) -> Scalar {
        switch datum {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .number(Double(i) * kind.scale)
        case .number(let d): return .number(d * kind.scale)
        case .string(let s): return text(s, kind) ?? .null
        case .list, .object: return .text(datum.plainText)
        }
    }

    /// The scalar of text in a column of `kind`; nil when the text is not such a value.
    func text(_ s: String, _ kind: ColumnKind) -> Scalar? {
        switch kind {
        case .airport: return .text(airport(s) ?? s.uppercased())
        case .airline: return .text(airline(s) ?? s.uppercased())
        case .aircraft: return .text(s.uppercased())
        case .instant: return Literal.instantSeconds(s).map(Scalar.number)
        case .clock: return Literal.clockSeconds(s).map(Scalar.number)
        case .date: return Literal.isDate(s) ? .text(s) : nil
        case .boolean: return s == "true" ? .bool(true) : s == "false" ? .bool(false) : nil
        case .text: return .text(s)
        default: return NumberParser.parse(s).map { .number($0 * kind.scale) }
        }
    }

    /// The ICAO code of the airport written `code` (ICAO, IATA or an unambiguous name).
    func airport(_ code: String) -> String? {
        if let known = airports[code] { return known }
        let found = catalog.airport(code: code)?.icao
        airports[code] = found
        return found
    }

    /// One spelling of the airline written `code`: its ICAO code when the catalog knows it.
    func airline(_ code: String) -> String? {
        if let known = airlines[code] { return known }
        let matches = catalog.airlines(code: code)
        let found = matches.count == 1 ? matches[0].storedCodeInCatalog : nil
        airlines[code] = found
        return found
    }

    /// Every stored spelling of every airline `code` names (a shared IATA code names each of
    /// its holders), upper case: a cell of an airline column is that airline when its text is one.
    func airlineSpellings(_ code: String) -> Set<String> {
        if let known = spellings[code] { return known }
        let found = Set(catalog.airlineSpellings(code: code))
        spellings[code] = found
        return found
    }

    /// Whether an airline or aircraft cell is one of `spellings`; nil for an empty cell.
    static func code(_ datum: Datum, isOneOf spellings: Set<String>) -> Bool? {
        datum == .null ? nil : spellings.contains(datum.plainText.uppercased())
    }
}

/// A value written in an expression: `5000km`, `30°`, `2h`, `2024-01-01`, `13:05`, `UA`.
enum Literal: Equatable {
    /// `30` and `km` written apart as the one quantity `30km`; nil when they are not a bare
    /// number and the unit that makes it a quantity.
    static func quantity(_ number: String, unit: String) -> String? {
        guard case .quantity(_, .plain) = parse(number), case .quantity(_, let dimension) = parse(number + unit), dimension != .plain else { return nil }
        return number + unit
    }

    case null
    case bool(Bool)
    /// A number in a base unit (metres, degrees, m/s, seconds) and what it measures.
    case quantity(Double, Dimension)
    case date(String)
    case instant(Double)
    case clock(Double)
    case text(String)

    static let durations: [String: Double] = [
        "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
        "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600, "d": 86400, "day": 86400, "days": 86400,
    ]
    static let speeds: [String: SpeedUnit] = [
        "kt": .knots, "kts": .knots, "knots": .knots, "km/h": .kilometersPerHour, "kmh": .kilometersPerHour,
        "mph": .milesPerHour, "m/s": .metersPerSecond,
    ]

    /// The literal an unquoted word stands for: a number with or without a unit, a date, a
    /// time, a truth value, or else text.
    static func parse(_ word: String) -> Literal {
        switch word.lowercased() {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default: break
        }
        if isDate(word), word.contains("-") { return .date(word) }
        if let seconds = instantSeconds(word) { return .instant(seconds) }
        if let seconds = clockSeconds(word) { return .clock(seconds) }
        guard let first = word.unicodeScalars.first, first == "-" || first == "+" || first == "." || ("0"..."9").contains(first),
            let (value, unitText) = NumberParser.splitUnit(word.lowercased())
        else { return .text(word) }
        let unit = String(unitText)
        if unit.isEmpty { return .quantity(value, .plain) }
        if unit == "°" || unit == "deg" || unit == "degrees" { return .quantity(value, .angle) }
        if let s = durations[unit] { return .quantity(value * s, .duration) }
        if let speed = speeds[unit] { return .quantity(value * speed.metersPerSecond, .speed) }
        if let length = LengthParser.unitNames[unit] { return .quantity(value * length.meters, .length) }
        return .text(word)
    }

    /// True for `YYYY`, `YYYY-MM` and `YYYY-MM-DD` of a day that exists (the logbook's dates).
    static func isDate(_ s: String) -> Bool { FlightDate(text: s) != nil }

    /// Seconds of the day of `HH:MM` or `HH:MM:SS`.
    static func clockSeconds(_ s: String) -> Double? { CivilTime.timeOfDay(s) }

    /// Unix seconds of an ISO 8601 date and time (`2026-12-02T18:52:53Z`, a space may stand for
    /// the T); nil for a date alone, which is a `date`.
    static func instantSeconds(_ s: String) -> Double? {
        let text = s.replacingAll(" ", with: "T")
        return text.contains("T") ? CivilTime.parse(text) : nil
    }

    /// Unix seconds of the start of a date, a partial one (`2024`, `2024-05`) at its first day.
    static func startSeconds(_ date: String) -> Double {
        CivilTime.parse(date + String("-01-01".suffix(10 - min(date.count, 10)))) ?? 0
    }

    /// The scalar the literal is for a column of `kind`, or why it cannot be compared with one.
    func scalar(for kind: ColumnKind, column: String, written: String? = nil, reader: ScalarReader) throws(ValueError) -> Scalar {
        // A code is the word as written, though it reads as a number (`00`, `1H`, `777`); an
        // airport may be named (`Heathrow`), and a name that names none is an error.
        if let written, kind == .airport, self != .null { return .text(try reader.airport(named: written)) }
        if let written, kind == .airline || kind == .aircraft, self != .null, let value = reader.text(written, kind) {
            return value
        }
        switch (self, kind) {
        case (.null, _): return .null
        case (.bool(let b), .boolean): return .bool(b)
        case (.quantity(let v, .plain), _) where kind.isNumeric: return .number(v * kind.scale)
        case (.quantity(let v, let d), _) where d == kind.dimension: return .number(v)
        // A bare year against a date or a time is that year's start (`date >= 2019`).
        case (.quantity(let v, .plain), .date) where Literal.isDate(Format.trimmed(v)): return .text(Format.trimmed(v))
        case (.quantity(let v, .plain), .instant) where Literal.isDate(Format.trimmed(v)): return .number(Literal.startSeconds(Format.trimmed(v)))
        case (.date(let text), .date): return .text(text)
        case (.date(let text), .instant): return .number(Literal.startSeconds(text))
        case (.instant(let s), .instant): return .number(s)
        case (.clock(let s), .clock): return .number(s)
        case (.text(let s), .text), (.text(let s), .aircraft), (.text(let s), .airport), (.text(let s), .airline):
            if let value = reader.text(s, kind) { return value }
        default: break
        }
        throw ValueError("\(column) is \(kind.description); \(written.map { "'\($0)'" } ?? shown) is \(description)")
    }

    /// The literal as written back.
    var shown: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .quantity(let v, _): Format.trimmed(v)
        case .date(let s), .text(let s): "'\(s)'"
        case .instant(let s): Format.trimmed(s)
        case .clock(let s): Format.trimmed(s)
        }
    }

    var description: String {
        switch self {
        case .null: "nothing"
        case .bool: "true or false"
        case .quantity(_, let d): d.name
        case .date: "a date"
        case .instant: "a time"
        case .clock: "a time of day"
        case .text: "text"
        }
    }

    /// The scalar of a literal compared with another literal (no column to give a kind).
    var bare: Scalar {
        switch self {
        case .null: .null
        case .bool(let b): .bool(b)
        case .quantity(let v, _), .instant(let v), .clock(let v): .number(v)
        case .date(let s), .text(let s): .text(s)
        }
    }
}
