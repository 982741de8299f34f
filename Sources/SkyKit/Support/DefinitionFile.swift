/// A value in a definition file: text, a whole number, true/false or a list of values.
public enum DefinitionValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case array([DefinitionValue])

    /// What kind of value this is, for error messages.
    public var kindName: String {
        switch self {
        case .string: "text"
        case .integer: "a number"
        case .bool: "true/false"
        case .array: "a list"
        }
    }
}

/// One `key = value` line, with where it was written.
public struct DefinitionEntry: Sendable, Equatable {
    public var value: DefinitionValue
    public var line: Int
    public init(value: DefinitionValue, line: Int) {
        self.value = value
        self.line = line
    }
}

/// One `[[name]]` table of a definition file and its entries.
public struct DefinitionTable: Sendable, Equatable {
    public var name: String
    public var line: Int
    public var entries: [String: DefinitionEntry] = [:]
    /// Keys in the order they were written.
    public var keys: [String] = []
}

/// A problem in a definition file, with its line (1-based).
public struct DefinitionError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    /// The key the problem is about, when there is one.
    public var field: String?
    public var message: String
    public init(line: Int, field: String? = nil, _ message: String) {
        self.line = line
        self.field = field
        self.message = message
    }
    public var description: String { "line \(line): " + (field.map { "\($0): " } ?? "") + message }
}

/// Reads the small TOML subset skyshell's definition files use: `[[name]]` tables of
/// `key = value` lines, where a value is a "string", an integer, true/false or a [list] (which
/// may span lines), and `#` starts a comment. Every problem is reported with its line; a table
/// with a broken line still yields its other entries.
public enum DefinitionFile {
    public static func parse(_ text: String) -> (tables: [DefinitionTable], errors: [DefinitionError]) {
        var reader = Reader(Array(text.utf8))
        return reader.parse()
    }

    struct Reader {
        let bytes: [UInt8]
        var i = 0
        var line = 1
        var tables: [DefinitionTable] = []
        var errors: [DefinitionError] = []

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        }

        var atEnd: Bool { i >= bytes.count }
        var current: UInt8 { bytes[i] }

        mutating func parse() -> ([DefinitionTable], [DefinitionError]) {
            while !atEnd {
                skipBlanks()
                if atEnd { break }
                let start = line
                do {
                    switch current {
                    case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "#"):
                        break
                    case UInt8(ascii: "["):
                        try table()
                    default:
                        try entry()
                    }
                    try endOfLine()
                } catch let error as DefinitionError {
                    errors.append(error)
                    // Skip to the next line that is not inside the broken value.
                    if line == start { skipLine() }
                } catch {}
                newline()
            }
            return (tables, errors)
        }

        mutating func table() throws {
            guard match("[["), let nameEnd = bytes[i...].firstIndex(of: UInt8(ascii: "]")),
                bytes[nameEnd...].starts(with: Array("]]".utf8))
            else {
                throw DefinitionError(line: line, "expected a table header like [[badge]]")
            }
            let name = String(decoding: bytes[i..<nameEnd], as: UTF8.self).trimmedSpaces
            i = nameEnd + 2
            guard !name.isEmpty, name.utf8.allSatisfy(Reader.isKeyByte) else {
                throw DefinitionError(line: line, "'\(name)' is not a table name")
            }
            tables.append(DefinitionTable(name: name, line: line))
        }

        mutating func entry() throws {
            let start = i
            while !atEnd, Reader.isKeyByte(current) { i += 1 }
            let key = String(decoding: bytes[start..<i], as: UTF8.self)
            guard !key.isEmpty else { throw DefinitionError(line: line, "expected key = value") }
            skipBlanks()
            guard !atEnd, current == UInt8(ascii: "=") else { throw DefinitionError(line: line, field: key, "expected = after the key") }
            i += 1
            skipBlanks()
            let entryLine = line
            let value = try self.value(key)
            guard !tables.isEmpty else { throw DefinitionError(line: entryLine, field: key, "comes before the first [[table]]") }
            guard tables[tables.count - 1].entries[key] == nil else {
                throw DefinitionError(line: entryLine, field: key, "is given twice (first on line \(tables[tables.count - 1].entries[key]!.line))")
            }
            tables[tables.count - 1].entries[key] = DefinitionEntry(value: value, line: entryLine)
            tables[tables.count - 1].keys.append(key)
        }

        /// Lists inside lists go this deep at most (a file of 50,000 `[` must be an error, not a
        /// stack overflow).
        static let maximumDepth = 32

        mutating func value(_ key: String, depth: Int = 0) throws -> DefinitionValue {
            guard !atEnd, current != UInt8(ascii: "\n") else { throw DefinitionError(line: line, field: key, "has no value") }
            guard depth < Reader.maximumDepth else {
                throw DefinitionError(line: line, field: key, "lists are nested deeper than \(Reader.maximumDepth) levels")
            }
            switch current {
            case UInt8(ascii: "\""):
                return .string(try string(key))
            case UInt8(ascii: "["):
                i += 1
                let opened = line
                var items: [DefinitionValue] = []
                while true {
                    skipSpaceAndNewlines()
                    guard !atEnd else { throw DefinitionError(line: opened, field: key, "the list is not closed with ]") }
                    if current == UInt8(ascii: "]") { i += 1; return .array(items) }
                    let itemLine = line
                    items.append(try value(key, depth: depth + 1))
                    skipSpaceAndNewlines()
                    guard !atEnd else { throw DefinitionError(line: opened, field: key, "the list is not closed with ]") }
                    if current == UInt8(ascii: ",") {
                        i += 1
                    } else if current != UInt8(ascii: "]") {
                        throw DefinitionError(line: itemLine, field: key, "expected , or ] after this item")
                    }
                }
            default:
                let start = i
                while !atEnd,
                    ![
                        UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","),
                        UInt8(ascii: "]"), UInt8(ascii: "#"),
                    ].contains(current)
                { i += 1 }
                let word = String(decoding: bytes[start..<i], as: UTF8.self)
                if word == "true" { return .bool(true) }
                if word == "false" { return .bool(false) }
                if let n = Int(word.replacingAll("_", with: "")) { return .integer(n) }
                throw DefinitionError(line: line, field: key, "'\(word)' is not a value (text needs \"quotes\")")
            }
        }

        mutating func string(_ key: String) throws -> String {
            i += 1
            var out: [UInt8] = []
            while !atEnd {
                let b = current
                if b == UInt8(ascii: "\n") { break }
                i += 1
                switch b {
                case UInt8(ascii: "\""):
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard !atEnd else { break }
                    let e = current
                    i += 1
                    switch e {
                    case UInt8(ascii: "n"): out.append(10)
                    case UInt8(ascii: "t"): out.append(9)
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(e)
                    case UInt8(ascii: "u"):
                        let hex = i + 4 <= bytes.count ? String(decoding: bytes[i..<i + 4], as: UTF8.self) : ""
                        guard let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) else {
                            throw DefinitionError(line: line, field: key, "\\u needs four hex digits")
                        }
                        i += 4
                        out += Array(String(scalar).utf8)
                    default:
                        throw DefinitionError(line: line, field: key, "unknown escape \\\(Character(Unicode.Scalar(e)))")
                    }
                default:
                    out.append(b)
                }
            }
            throw DefinitionError(line: line, field: key, "the text is not closed with \"")
        }

        mutating func endOfLine() throws {
            skipBlanks()
            if !atEnd, current == UInt8(ascii: "#") { skipLine() }
            if !atEnd, current == UInt8(ascii: "\r") { i += 1 }
            guard atEnd || current == UInt8(ascii: "\n") else {
                throw DefinitionError(line: line, "unexpected text after the value")
            }
        }

        mutating func newline() {
            if !atEnd, current == UInt8(ascii: "\n") { i += 1; line += 1 }
        }

        mutating func skipLine() {
            while !atEnd, current != UInt8(ascii: "\n") { i += 1 }
        }

        mutating func skipBlanks() {
            while !atEnd, current == UInt8(ascii: " ") || current == UInt8(ascii: "\t") { i += 1 }
        }

        /// Inside lists: spaces, line breaks and comments.
        mutating func skipSpaceAndNewlines() {
            while !atEnd {
                switch current {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): i += 1
                case UInt8(ascii: "\n"): i += 1; line += 1
                case UInt8(ascii: "#"): skipLine()
                default: return
                }
            }
        }

        mutating func match(_ text: String) -> Bool {
            guard bytes[i...].starts(with: Array(text.utf8)) else { return false }
            i += text.utf8.count
            return true
        }

        static func isKeyByte(_ b: UInt8) -> Bool {
            (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || (b >= 48 && b <= 57) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
        }
    }
}
