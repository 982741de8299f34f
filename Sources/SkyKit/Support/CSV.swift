/// Why CSV text cannot be read: what is wrong and on which line.
public struct CSVError: Error, Equatable, Sendable {
    public var line: Int
    public var message: String
    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }
}

/// Reads CSV (RFC 4180: quoted fields with doubled quotes, CRLF, LF or CR rows, a UTF-8 byte
/// order mark ignored) one record at a time. A quote left open is an error naming the line
/// where it opened, never a field that swallows the rest of the file.
public struct CSVReader {
    let bytes: [UInt8]
    var i = 0
    /// The 1-based line number where the last record started.
    public private(set) var line = 0
    var nextLine = 1

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    /// The next record's fields, or nil at the end.
    public mutating func next() throws(CSVError) -> [String]? {
        guard i < bytes.count else { return nil }
        line = nextLine
        var fields: [String] = []
        while true {
            // An unquoted field is a slice of the bytes, made a String once; a quoted one is
            // gathered byte by byte (its doubled quotes become one).
            if i < bytes.count, bytes[i] == 0x22 {
                let quoteLine = nextLine
                var field: [UInt8] = []
                i += 1
                var closed = false
                while i < bytes.count {
                    let b = bytes[i]
                    if b == 0x22 {
                        if i + 1 < bytes.count, bytes[i + 1] == 0x22 { field.append(0x22); i += 2; continue }
                        i += 1
                        closed = true
                        break
                    }
                    if b == 0x0A { nextLine += 1 }
                    field.append(b)
                    i += 1
                }
                guard closed else { throw CSVError(line: quoteLine, "a quoted field opened here is never closed (a missing \")") }
                // Text after the closing quote, up to the separator, belongs to the field.
                let start = i
                while i < bytes.count, bytes[i] != 0x2C, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
                field += bytes[start..<i]
                fields.append(String(decoding: field, as: UTF8.self))
            } else {
                let start = i
                while i < bytes.count, bytes[i] != 0x2C, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
                fields.append(String(decoding: bytes[start..<i], as: UTF8.self))
            }
            guard i < bytes.count else { return fields }
            switch bytes[i] {
            case 0x2C:
                i += 1
            case 0x0D:
                // CRLF, or a CR alone (old Mac files; OpenFlights reads them), ends the row.
                i += i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
                nextLine += 1
                return fields
            default:
                i += 1
                nextLine += 1
                return fields
            }
        }
    }

    /// The first row start at or after each of `targets` (ascending), with its line number,
    /// found by skimming the bytes with `next`'s own rules (a quote opens a field only at its
    /// start) without making fields: where a large file can be cut into parts that read alone.
    /// Nothing is found past a quote that is never closed.
    public static func rowStarts(in bytes: [UInt8], atOrAfter targets: [Int]) -> [(offset: Int, line: Int)] {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var found: [(offset: Int, line: Int)] = []
        var t = 0
        let n = bytes.count
        while i < n, t < targets.count {
            if i >= targets[t] {
                found.append((i, line))
                t += 1
                continue
            }
            row: while i < n {
                if bytes[i] == 0x22 {
                    i += 1
                    var closed = false
                    while i < n {
                        if bytes[i] == 0x22 {
                            if i + 1 < n, bytes[i + 1] == 0x22 { i += 2; continue }
                            i += 1
                            closed = true
                            break
                        }
                        if bytes[i] == 0x0A { line += 1 }
                        i += 1
                    }
                    guard closed else { return found }
                }
                while i < n, bytes[i] != 0x2C, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
                guard i < n else { break row }
                switch bytes[i] {
                case 0x2C: i += 1
                case 0x0D:
                    i += i + 1 < n && bytes[i + 1] == 0x0A ? 2 : 1
                    line += 1
                    break row
                default:
                    i += 1
                    line += 1
                    break row
                }
            }
        }
        return found
    }

    /// The header's column names (trimmed), refusing an empty header and a name given twice.
    public mutating func header() throws(CSVError) -> [String]? {
        guard let raw = try next() else { return nil }
        let names = raw.map(\.trimmedSpaces)
        var seen: Set<String> = []
        for name in names where !name.isEmpty {
            guard seen.insert(name.lowercased()).inserted else {
                throw CSVError(line: line, "the header names the column '\(name)' twice")
            }
        }
        return names
    }
}

/// Writes CSV rows, quoting where needed, with CRLF row ends. Text that a spreadsheet would
/// run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) is written
/// with a leading `'`; numbers are written as they are. `FormulaGuard.remove` undoes it exactly.
public enum CSVWriter {
    /// One field of a row.
    public enum Field: Sendable, Equatable {
        case text(String)
        case number(String)
    }

    /// A row of fields.
    public static func row(_ fields: [Field]) -> String {
        fields.map { field in
            switch field {
            case .text(let text): quote(FormulaGuard.add(text))
            case .number(let text): quote(text)
            }
        }.joined(separator: ",") + "\r\n"
    }

    /// A row of text fields.
    public static func row(_ texts: [String]) -> String { row(texts.map(Field.text)) }

    static func quote(_ v: String) -> String {
        guard v.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return v }
        var q = "\""
        for c in v { q += c == "\"" ? "\"\"" : String(c) }
        return q + "\""
    }
}

/// The guard against spreadsheet formula injection in CSV text cells: a leading `'` before a
/// cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return — or with quotes
/// followed by one of those, so that a cell which really started with `'` survives a round trip.
public enum FormulaGuard {
    static func isTrigger(_ c: Unicode.Scalar) -> Bool {
        c == "=" || c == "+" || c == "-" || c == "@" || c == "\t" || c == "\r"
    }

    /// True when `text` (after any leading quotes) starts with a formula character.
    static func needsGuard(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first(where: { $0 != "'" }) else { return false }
        return isTrigger(first)
    }

    /// `text` as written in a CSV cell.
    public static func add(_ text: String) -> String { needsGuard(text) ? "'" + text : text }

    /// The cell's text as it was before `add`.
    public static func remove(_ cell: String) -> String {
        guard cell.utf8.first == 0x27, needsGuard(String(cell.dropFirst())) else { return cell }
        return String(cell.dropFirst())
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs (ASCII only, no Foundation).
    public var trimmedSpaces: String {
        // On the bytes themselves (every field of an import passes here); spaces and tabs are
        // never inside a UTF-8 sequence, so the bytes kept are whole characters.
        var text = self
        return text.withUTF8 { bytes in
            let kept = bytes.trimmingSpaces(0..<bytes.count)
            return kept.count == bytes.count ? self : String(decoding: UnsafeBufferPointer(rebasing: bytes[kept]), as: UTF8.self)
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// `range` without the spaces and tabs at its ends.
    public func trimmingSpaces(_ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound, end = range.upperBound
        while start < end, self[start] == 0x20 || self[start] == 0x09 { start += 1 }
        while end > start, self[end - 1] == 0x20 || self[end - 1] == 0x09 { end -= 1 }
        return start..<end
    }
}
