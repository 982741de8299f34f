/// Reads CSV (RFC 4180: quoted fields with doubled quotes, CRLF or LF rows, a UTF-8 byte
/// order mark ignored) one record at a time.
public struct CSVReader: Sequence, IteratorProtocol {
    let bytes: [UInt8]
    var i = 0
    /// The 1-based line number where the last record started.
    public private(set) var line = 0
    var nextLine = 1

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    /// The next record's fields, or nil at the end. A record with a quote left open ends at the
    /// end of the input.
    public mutating func next() -> [String]? {
        guard i < bytes.count else { return nil }
        line = nextLine
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        while i < bytes.count {
            let b = bytes[i]
            if quoted {
                if b == 0x22 {
                    if i + 1 < bytes.count, bytes[i + 1] == 0x22 { field.append(0x22); i += 2; continue }
                    quoted = false
                } else {
                    if b == 0x0A { nextLine += 1 }
                    field.append(b)
                }
                i += 1
                continue
            }
            switch b {
            case 0x22 where field.isEmpty: quoted = true
            case 0x2C:
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
            case 0x0D where i + 1 < bytes.count && bytes[i + 1] == 0x0A:
                break
            case 0x0A:
                i += 1
                nextLine += 1
                fields.append(String(decoding: field, as: UTF8.self))
                return fields
            default: field.append(b)
            }
            i += 1
        }
        fields.append(String(decoding: field, as: UTF8.self))
        return fields
    }
}

/// Writes CSV fields, quoting where needed, with CRLF row ends.
public enum CSVWriter {
    public static func row(_ values: [String]) -> String {
        values.map { v in
            guard v.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return v }
            var q = "\""
            for c in v { q += c == "\"" ? "\"\"" : String(c) }
            return q + "\""
        }.joined(separator: ",") + "\r\n"
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs (ASCII only, no Foundation).
    public var trimmedSpaces: String {
        let u = utf8
        guard let first = u.first, let last = u.last, first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 else { return self }
        var start = u.startIndex, end = u.endIndex
        while start < end, u[start] == 0x20 || u[start] == 0x09 { start = u.index(after: start) }
        while end > start, u[u.index(before: end)] == 0x20 || u[u.index(before: end)] == 0x09 { end = u.index(before: end) }
        return String(self[start..<end])
    }
}
