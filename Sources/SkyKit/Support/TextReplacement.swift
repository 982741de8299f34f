/// Literal text replacement in Swift's own strings: every occurrence of a piece of text,
/// matched byte for byte in UTF-8 (so on whole characters' code points), replaced in one pass.
/// Foundation's `replacingOccurrences` bridges through NSString and its UTF-16 storage, which
/// costs more than the replacement itself on a short-lived run.
extension String {
    /// This text with every occurrence of `target` (left to right, not overlapping) replaced by
    /// `replacement`. An empty `target` matches nothing.
    public func replacingAll(_ target: String, with replacement: String) -> String {
        let text = Array(utf8)
        let needle = Array(target.utf8)
        guard let first = needle.first, needle.count <= text.count else { return self }
        let last = text.count - needle.count
        var out: [UInt8] = []
        var copied = 0
        var i = 0
        while i <= last {
            if text[i] == first && text[i..<i + needle.count].elementsEqual(needle) {
                if out.isEmpty { out.reserveCapacity(text.count) }
                out.append(contentsOf: text[copied..<i])
                out.append(contentsOf: replacement.utf8)
                i += needle.count
                copied = i
            } else {
                i += 1
            }
        }
        guard copied > 0 else { return self }
        out.append(contentsOf: text[copied...])
        return String(decoding: out, as: UTF8.self)
    }
}
