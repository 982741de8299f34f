import SkyKit

/// "Did you mean …?" for mistyped names: the closest names by edit distance (with
/// transpositions), and names that start with what was typed.
public enum Suggestions {
    /// Up to `limit` names close to `word`, best first.
    public static func closest(to word: String, among names: [String], limit: Int = 3) -> [String] {
        let w = Array(undashed(word))
        guard !w.isEmpty else { return [] }
        let allowed = w.count <= 4 ? 1 : (w.count <= 8 ? 2 : 3)
        var scored: [(Int, String)] = []
        for name in names {
            let n = Array(undashed(name))
            var d = distance(w, n)
            if n.count > w.count, n.starts(with: w) { d = min(d, 1) }
            if d <= allowed { scored.append((d, name)) }
        }
        var seen = Set<String>()
        return scored.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
            .map(\.1).filter { seen.insert($0).inserted }.prefix(limit).map { $0 }
    }

    /// The word in lower case without leading dashes (options are compared by their names).
    static func undashed(_ word: String) -> String {
        String(word.lowercased().drop { $0 == "-" })
    }

    /// Optimal string alignment distance between two words.
    static func distance(_ a: [Character], _ b: [Character]) -> Int { EditDistance.between(a, b) }
}

/// " — did you mean 'x'?" (or "… 'x' or 'y'?") for a mistyped name, or "" when nothing is close.
public func suggestion(_ word: String, among names: [String], quote: (String) -> String = { "'\($0)'" }) -> String {
    let close = Suggestions.closest(to: word, among: names)
    guard !close.isEmpty else { return "" }
    let list = close.map(quote)
    let joined = list.count == 1 ? list[0] : list.dropLast().joined(separator: ", ") + " or " + list.last!
    return " — did you mean \(joined)?"
}
