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
///
/// `advance` reads the next record as byte ranges that are reused from record to record: a
/// field is a range of the file's bytes (a quoted one too, unless it has doubled quotes or text
/// after its closing quote, which are gathered into a scratch buffer), so reading a record
/// allocates nothing and a field becomes a String only when asked for.
public struct CSVReader {
    let bytes: [UInt8]
    var i = 0
    /// The 1-based line number where the last record started.
    public private(set) var line = 0
    var nextLine = 1
    /// The current record's fields: ranges of `bytes`, or (from `bytes.count` on) of `scratch`.
    var ranges: [Range<Int>] = []
    var scratch: [UInt8] = []

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    /// The next record's fields, or nil at the end.
    public mutating func next() throws(CSVError) -> [String]? {
        guard try advance() else { return nil }
        return withRecord { record in (0..<record.count).map { String(decoding: record[$0], as: UTF8.self) } }
    }

    /// The current record's fields as views of their bytes, valid inside `withRecord` only.
    public struct Record {
        let bytes: UnsafeBufferPointer<UInt8>
        let scratch: UnsafeBufferPointer<UInt8>
        let ranges: UnsafeBufferPointer<Range<Int>>

        public var count: Int { ranges.count }

        /// The bytes of field `n` (quotes removed, doubled quotes made one).
        public subscript(n: Int) -> UnsafeBufferPointer<UInt8> {
            let range = ranges[n], base = bytes.count
            guard range.lowerBound >= base else { return UnsafeBufferPointer(rebasing: bytes[range]) }
            return UnsafeBufferPointer(rebasing: scratch[(range.lowerBound - base)..<(range.upperBound - base)])
        }

        /// True when every field is empty or spaces.
        public var isBlank: Bool {
            (0..<count).allSatisfy { n in
                let field = self[n]
                return field.trimmingSpaces(0..<field.count).isEmpty
            }
        }
    }

    /// Runs `body` over the current record.
    public func withRecord<R, E: Error>(_ body: (Record) throws(E) -> R) throws(E) -> R {
        try bytes.withUnsafeBufferPointer { (b) throws(E) -> R in
            try scratch.withUnsafeBufferPointer { (s) throws(E) -> R in
                try ranges.withUnsafeBufferPointer { (r) throws(E) -> R in try body(Record(bytes: b, scratch: s, ranges: r)) }
            }
        }
    }

    /// Reads the next record; false at the end.
    public mutating func advance() throws(CSVError) -> Bool {
        guard i < bytes.count else { return false }
        line = nextLine
        // The record's storage is moved out while it is filled, so appending never copies it.
        var ranges = self.ranges, scratch = self.scratch
        self.ranges = []
        self.scratch = []
        ranges.removeAll(keepingCapacity: true)
        scratch.removeAll(keepingCapacity: true)
        var i = self.i, nextLine = self.nextLine
        defer {
            self.ranges = ranges
            self.scratch = scratch
            self.i = i
            self.nextLine = nextLine
        }
        let bytes = self.bytes, n = bytes.count
        return try bytes.withUnsafeBufferPointer { (b) throws(CSVError) -> Bool in
            while true {
                if i < n, b[i] == 0x22 {
                    let quoteLine = nextLine
                    i += 1
                    let start = i
                    // Bytes up to the first doubled quote are a range of the file; from there on
                    // they are gathered into the scratch buffer.
                    var gathered: Int? = nil
                    var closed = false, end = i
                    while i < n {
                        let c = b[i]
                        if c == 0x22 {
                            if i + 1 < n, b[i + 1] == 0x22 {
                                if gathered == nil {
                                    gathered = scratch.count
                                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: b[start..<i]))
                                }
                                scratch.append(0x22)
                                i += 2
                                continue
                            }
                            end = i
                            i += 1
                            closed = true
                            break
                        }
                        if c == 0x0A { nextLine += 1 }
                        if gathered != nil { scratch.append(c) }
                        i += 1
                    }
                    guard closed else { throw CSVError(line: quoteLine, "a quoted field opened here is never closed (a missing \")") }
                    // Text after the closing quote, up to the separator, belongs to the field.
                    let after = i
                    while i < n, b[i] != 0x2C, b[i] != 0x0A, b[i] != 0x0D { i += 1 }
                    if after < i, gathered == nil {
                        gathered = scratch.count
                        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: b[start..<end]))
                    }
                    if let gathered {
                        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: b[after..<i]))
                        ranges.append((n + gathered)..<(n + scratch.count))
                    } else {
                        ranges.append(start..<end)
                    }
                } else {
                    let start = i
                    while i < n, b[i] != 0x2C, b[i] != 0x0A, b[i] != 0x0D { i += 1 }
                    ranges.append(start..<i)
                }
                guard i < n else { return true }
                switch b[i] {
                case 0x2C:
                    i += 1
                case 0x0D:
                    // CRLF, or a CR alone (old Mac files; OpenFlights reads them), ends the row.
                    i += i + 1 < n && b[i + 1] == 0x0A ? 2 : 1
                    nextLine += 1
                    return true
                default:
                    i += 1
                    nextLine += 1
                    return true
                }
            }
        }
    }

    /// The first row start at or after each of `targets` (ascending), with its line number,
    /// found by reading records with `advance` (which makes no fields): where a large file can
    /// be cut into parts that read alone. Nothing is found past a quote that is never closed.
    public static func rowStarts(in bytes: [UInt8], atOrAfter targets: [Int]) -> [(offset: Int, line: Int)] {
        var reader = CSVReader(bytes)
        var found: [(offset: Int, line: Int)] = []
        for target in targets {
            while reader.i < target {
                guard (try? reader.advance()) == true else { return found }
            }
            guard reader.i < bytes.count else { return found }
            found.append((reader.i, reader.nextLine))
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
    /// The characters a spreadsheet reads as the start of a formula: = + - @ tab CR (all ASCII,
    /// so a byte tells).
    static func isTrigger(_ byte: UInt8) -> Bool {
        byte == 0x3D || byte == 0x2B || byte == 0x2D || byte == 0x40 || byte == 0x09 || byte == 0x0D
    }

    /// True when the bytes in `range` (after any leading quotes) start with a formula character.
    static func needsGuard(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard let first = range.first(where: { b[$0] != 0x27 }) else { return false }
        return isTrigger(b[first])
    }

    /// True when `text` (after any leading quotes) starts with a formula character.
    static func needsGuard(_ text: String) -> Bool {
        var text = text  // withUTF8 needs a var; a native string is not copied
        return text.withUTF8 { needsGuard($0, 0..<$0.count) }
    }

    /// `text` as written in a CSV cell.
    public static func add(_ text: String) -> String { needsGuard(text) ? "'" + text : text }

    /// The cell's text as it was before `add`.
    public static func remove(_ cell: String) -> String {
        var text = cell
        return text.withUTF8 { b in
            let kept = guarded(b, 0..<b.count)
            return kept.count == b.count ? cell : String(decoding: UnsafeBufferPointer(rebasing: b[kept]), as: UTF8.self)
        }
    }

    /// `range` of a cell's bytes without the guard's quote, if it has one: a quote that `add`
    /// would have put before the rest.
    static func guarded(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        let rest = range.dropFirst()
        guard b[range].first == 0x27, needsGuard(b, rest) else { return range }
        return rest
    }

    /// The text of a CSV cell as an import reads it: trimmed, the guard removed, trimmed again.
    static func cell(_ b: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        b.trimmingSpaces(guarded(b, b.trimmingSpaces(0..<b.count)))
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
