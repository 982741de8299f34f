/// How far apart two words are: the optimal string alignment distance (insertions, deletions,
/// substitutions and swaps of neighbours each count one). "Did you mean" everywhere uses it.
public enum EditDistance {
    /// Longer text is never compared: no name skyshell knows comes near it (the longest are
    /// some ninety characters), and the comparison costs the product of the two lengths — a
    /// 60,000-character word against every name took two minutes.
    public static let longestCompared = 160

    /// The distance, or — when either word is longer than `longestCompared` — the longer
    /// word's length, which no threshold a caller uses lets through.
    public static func between(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if a.count > longestCompared || b.count > longestCompared { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
