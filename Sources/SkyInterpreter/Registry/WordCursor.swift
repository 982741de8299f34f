/// The words of a command being read left to right by argument kinds.
public struct WordCursor {
    public let words: [Token]
    public private(set) var index: Int
    /// The keywords of the command being read (its bare options and flags, lower case): a name
    /// of several words ends before one of them.
    public var keywords: Set<String>

    public init(_ words: [Token], index: Int = 0, keywords: Set<String> = []) {
        self.words = words
        self.index = index
        self.keywords = keywords
    }

    /// The word `offset` places ahead, if any.
    public func peek(_ offset: Int = 0) -> Token? {
        index + offset < words.count ? words[index + offset] : nil
    }

    /// Takes the next word.
    public mutating func take() -> Token? {
        guard index < words.count else { return nil }
        defer { index += 1 }
        return words[index]
    }

    /// Takes the next word, joined with the one after it when the two are a number and its
    /// unit written apart (`30 km` is `30km`), as conditions read them.
    public mutating func takeQuantity() -> Token? {
        guard var word = take() else { return nil }
        if !word.isQuoted, let unit = peek(), !unit.isQuoted, let joined = Literal.quantity(word.text, unit: unit.text) {
            skip(1)
            word.text = joined
        }
        return word
    }

    /// Takes all the remaining words.
    public mutating func takeRest() -> [Token] {
        defer { index = words.count }
        return Array(words[index...])
    }

    /// Takes the remaining words up to an unquoted `--option` (which is left for the binder:
    /// `airport KJFK --trace` is the airport KJFK and an option, not an airport named so).
    public mutating func takeWordsBeforeOptions() -> [Token] {
        let start = index
        while index < words.count, !(words[index].keyword?.hasPrefix("--") ?? false) { index += 1 }
        return Array(words[start..<index])
    }

    /// The words ahead that may make one name (`aer lingus`, `Boeing 777`): unquoted words up
    /// to a keyword of the command or an `--option`; a quoted word is a name by itself.
    public func nameWords() -> [Token] {
        guard let first = peek() else { return [] }
        if first.isLiteral { return [first] }
        var run: [Token] = []
        for word in words[index...] {
            guard let keyword = word.keyword, !keyword.hasPrefix("--") || run.isEmpty else { break }
            if !run.isEmpty, keywords.contains(keyword.lowercased()) { break }
            run.append(word)
        }
        return run
    }

    /// Moves past `count` words.
    public mutating func skip(_ count: Int) { index = min(words.count, index + count) }

    public var isAtEnd: Bool { index >= words.count }
}
