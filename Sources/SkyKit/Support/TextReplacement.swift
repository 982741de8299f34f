/// Literal text replacement and splitting in Swift's own strings: every occurrence of a piece of
/// text, matched byte for byte in UTF-8 (so on whole characters' code points), found in one
/// pass. Foundation's `replacingOccurrences` and `components(separatedBy:)` bridge through
/// NSString and its UTF-16 storage, which costs more than the work itself on a short-lived run.
extension String {
    /// This text with every occurrence of `target` (left to right, not overlapping) replaced by
    /// `replacement`. An empty `target` matches nothing.
    public func replacingAll(_ target: String, with replacement: String) -> String {
        let text = Array(utf8)
        let found = Self.occurrences(of: Array(target.utf8), in: text)
        guard !found.isEmpty else { return self }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var copied = 0
        for start in found {
            out.append(contentsOf: text[copied..<start])
            out.append(contentsOf: replacement.utf8)
            copied = start + target.utf8.count
        }
        out.append(contentsOf: text[copied...])
        return String(decoding: out, as: UTF8.self)
    }

    /// The pieces of this text between occurrences of `separator`, empty pieces kept, as
    /// Foundation's `components(separatedBy:)` gives them. An empty `separator` splits nothing.
    public func parts(separatedBy separator: String) -> [String] {
        let text = Array(utf8)
        var parts: [String] = []
        var from = 0
        for start in Self.occurrences(of: Array(separator.utf8), in: text) {
            parts.append(String(decoding: text[from..<start], as: UTF8.self))
            from = start + separator.utf8.count
        }
        parts.append(String(decoding: text[from...], as: UTF8.self))
        return parts
    }

    /// Where `needle` starts in `text`, left to right, occurrences not overlapping.
    static func occurrences(of needle: [UInt8], in text: [UInt8]) -> [Int] {
        guard let first = needle.first, needle.count <= text.count else { return [] }
        let last = text.count - needle.count
        var found: [Int] = []
        var i = 0
        while i <= last {
            if text[i] == first && text[i..<i + needle.count].elementsEqual(needle) {
                found.append(i)
                i += needle.count
            } else {
                i += 1
            }
        }
        return found
    }
}
