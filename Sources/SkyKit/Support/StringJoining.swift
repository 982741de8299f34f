/// Joining an array of strings, compiled into skyshell itself: the standard library's generic
/// `joined(separator:)` looks up an associated type at run time on its first call in a
/// process, which scans every protocol conformance of the binary (about 250,000 instructions
/// and its page faults, a sixth of a one-line command). This overload is more specific, so a
/// `[String]` anywhere in skyshell joins here.
extension Array where Element == String {
    public func joined(separator: String = "") -> String {
        var length = separator.utf8.count * Swift.max(0, count - 1)
        for text in self { length += text.utf8.count }
        var result = ""
        result.reserveCapacity(length)
        for (index, text) in enumerated() {
            if index > 0 { result += separator }
            result += text
        }
        return result
    }
}
