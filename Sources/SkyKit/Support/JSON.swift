/// A JSON-shaped value with ordered keys: command results for machine-readable output, and
/// the documents skyshell writes (GeoJSON, exports).
public enum Datum: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case list([Datum])
    case object([(String, Datum)])

    public static func == (a: Datum, b: Datum) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.int(x), .int(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.list(x), .list(y)): x == y
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// A number rounded to `places` decimals, so JSON does not carry noise digits.
    public static func rounded(_ value: Double, _ places: Int) -> Datum {
        guard value.isFinite else { return .null }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return .number((value * scale).rounded() / scale)
    }

    /// `.string` for a present value, `.null` otherwise.
    public static func optional(_ text: String?) -> Datum { text.map(Datum.string) ?? .null }

    /// The plain text of a scalar, as CSV and tables show it.
    public var plainText: String {
        switch self {
        case .null: ""
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .number(let d): JSONWriter.number(d)
        case .string(let s): s
        case .list(let items): items.map(\.plainText).joined(separator: "; ")
        case .object(let fields): fields.map { "\($0.0)=\($0.1.plainText)" }.joined(separator: "; ")
        }
    }
}

/// Writes `Datum` values as JSON text, keys in the order given.
public enum JSONWriter {
    /// The JSON text of `datum`, pretty-printed with two-space indentation.
    public static func write(_ datum: Datum) -> String {
        var out = ""
        write(datum, indent: 0, into: &out)
        return out
    }

    /// The JSON text of `datum` on one line, without spaces (JSON Lines).
    public static func compact(_ datum: Datum) -> String {
        var out = ""
        compact(datum, into: &out)
        return out
    }

    static func compact(_ datum: Datum, into out: inout String) {
        switch datum {
        case .null, .bool, .int, .number: out += scalar(datum)
        case .string(let s): quote(s, into: &out)
        case .list(let items):
            out += "["
            for (n, item) in items.enumerated() {
                if n > 0 { out += "," }
                compact(item, into: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (n, (key, value)) in fields.enumerated() {
                if n > 0 { out += "," }
                quote(key, into: &out)
                out += ":"
                compact(value, into: &out)
            }
            out += "}"
        }
    }

    static func write(_ datum: Datum, indent: Int, into out: inout String) {
        switch datum {
        case .null, .bool, .int, .number:
            out += scalar(datum)
        case .string(let s):
            quote(s, into: &out)
        case .list(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[\n"
            for (n, item) in items.enumerated() {
                pad(indent + 1, &out)
                write(item, indent: indent + 1, into: &out)
                out += n + 1 < items.count ? ",\n" : "\n"
            }
            pad(indent, &out)
            out += "]"
        case .object(let fields):
            if fields.isEmpty { out += "{}"; return }
            out += "{\n"
            for (n, (key, value)) in fields.enumerated() {
                pad(indent + 1, &out)
                quote(key, into: &out)
                out += ": "
                write(value, indent: indent + 1, into: &out)
                out += n + 1 < fields.count ? ",\n" : "\n"
            }
            pad(indent, &out)
            out += "}"
        }
    }

    static func scalar(_ datum: Datum) -> String {
        switch datum {
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .number(let d): number(d)
        default: "null"
        }
    }

    /// A finite double in JSON form: integral values without a fraction, others shortest.
    public static func number(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return d.description
    }

    static func pad(_ level: Int, _ out: inout String) {
        for _ in 0..<level { out += "  " }
    }

    /// Characters written as `\uXXXX` although JSON allows them raw: DEL and the C1 controls,
    /// the bidirectional controls and the line and paragraph separators — so a document shown
    /// on a terminal cannot act on it, and the text stays exact.
    static func escapedAlways(_ v: UInt32) -> Bool {
        (0x7F..<0xA0).contains(v) || v == 0x061C || v == 0x200E || v == 0x200F || (0x2028...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || JSONWriter.escapedAlways(scalar.value):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
