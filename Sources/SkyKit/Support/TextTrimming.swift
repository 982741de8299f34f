/// White space trimmed from the ends of a text, padding to a width, and a search from the end:
/// what Foundation's `trimmingCharacters(in:)`, `padding(toLength:…)` and `range(of:options:
/// .backwards)` do, in the standard library's own strings (skyshell links no Foundation text
/// functions, which need ICU).
extension StringProtocol {
    /// The text without the spaces (Unicode's space separators) and tabs at its ends, as
    /// Foundation's `.whitespaces` trims.
    public func trimmingWhitespace() -> String { trimming(where: Self.isSpace) }

    /// The text without spaces, tabs and line ends (LF, VT, FF, CR, NEL, U+2028, U+2029) at
    /// its ends, as Foundation's `.whitespacesAndNewlines` trims.
    public func trimmingWhitespaceAndNewlines() -> String {
        trimming { Self.isSpace($0) || Self.isLineEnd($0) }
    }

    /// The text without the characters at its ends whose every scalar is `unwanted`.
    public func trimming(where unwanted: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, unwanted(scalars[start]) { start = scalars.index(after: start) }
        while end > start, unwanted(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }

    /// The range of the last occurrence of `target`, or nil.
    public func lastRange(of target: some StringProtocol) -> Range<Index>? {
        guard !target.isEmpty else { return nil }
        var at = endIndex
        while at > startIndex {
            at = index(before: at)
            if self[at...].hasPrefix(target) { return at..<index(at, offsetBy: target.count) }
        }
        return nil
    }

    /// The text with spaces after it to `width` characters (as it is when it is longer).
    public func padded(to width: Int) -> String { String(self) + String(repeating: " ", count: Swift.max(0, width - count)) }

    /// The text with spaces before it to `width` characters (as it is when it is longer).
    public func padded(before width: Int) -> String { String(repeating: " ", count: Swift.max(0, width - count)) + String(self) }

    static func isSpace(_ s: Unicode.Scalar) -> Bool { s == "\t" || s.properties.generalCategory == .spaceSeparator }

    static func isLineEnd(_ s: Unicode.Scalar) -> Bool {
        (0x0A...0x0D).contains(s.value) || s.value == 0x85 || s.value == 0x2028 || s.value == 0x2029
    }
}
