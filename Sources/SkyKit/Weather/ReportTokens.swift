/// A report's text cut into groups: upper case, split at spaces, line ends and any other
/// control character, the final `=` (end of report) taken off.
struct ReportTokens {
    /// The longest report decoded, in bytes: the longest real ones are a few hundred.
    static let maximumBytes = 4_096

    var tokens: [ArraySlice<UInt8>]
    var index = 0

    init(_ text: String) {
        var bytes = Array(text.utf8.prefix(Self.maximumBytes))
        for i in bytes.indices where bytes[i] >= 0x61 && bytes[i] <= 0x7A { bytes[i] -= 0x20 }
        var tokens: [ArraySlice<UInt8>] = []
        var start = 0
        var end = bytes.count
        for (i, b) in bytes.enumerated() where b <= 0x20 || b == 0x7F || b == 0x3D {
            if i > start { tokens.append(bytes[start..<i]) }
            start = i + 1
            // `=` ends the report: nothing after it belongs to it.
            if b == 0x3D {
                end = i
                break
            }
        }
        if end == bytes.count, start < end { tokens.append(bytes[start..<end]) }
        self.tokens = tokens
    }

    /// Refuses a text longer than any report.
    static func checkLength(_ text: String) throws(METARDecoder.Failure) {
        let count = text.utf8.count
        if count > maximumBytes {
            throw METARDecoder.Failure(message: "a report is at most \(maximumBytes) characters; this one has \(count)")
        }
    }

    var current: ArraySlice<UInt8>? { index < tokens.count ? tokens[index] : nil }
    func peek(_ offset: Int = 1) -> ArraySlice<UInt8>? { index + offset < tokens.count ? tokens[index + offset] : nil }
    var atEnd: Bool { index >= tokens.count }
}
