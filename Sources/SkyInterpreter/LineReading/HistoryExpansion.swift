/// Recalling earlier lines at the prompt, as shells do: a line whose first word is `!!` (the
/// line before), `!N` (line N of `history`), `!-N` (N lines back) or `!text` (the latest line
/// starting with text) runs that line, with the rest of the typed line after it.
enum HistoryExpansion {
    /// What an expansion gives: nothing to expand, the line to run, or why it cannot be.
    enum Result: Equatable {
        case unchanged
        case expanded(String)
        case failed(String)
    }

    /// `history` is read only for a line that recalls one (every other line costs nothing).
    static func expand(_ line: String, history: () -> [String]) -> Result {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.first == "!", trimmed.count > 1 else { return .unchanged }
        let entries = history()
        let word = trimmed.prefix { $0 != " " && $0 != "\t" }
        let rest = trimmed.dropFirst(word.count)
        let key = word.dropFirst()
        let found: String?
        if key == "!" {
            found = entries.last
        } else if let n = Int(key), n > 0 {
            found = n <= entries.count ? entries[n - 1] : nil
        } else if key.first == "-", let back = Int(key.dropFirst()), back > 0 {
            found = back <= entries.count ? entries[entries.count - back] : nil
        } else if key.first?.isNumber == true || key.first == "-" {
            return .failed("\(word): not a line of the history (history lists them)")
        } else {
            found = entries.last { $0.hasPrefix(key) }
        }
        guard let found else { return .failed("\(word): no such line in the history (history lists them)") }
        return .expanded(found + rest)
    }
}
