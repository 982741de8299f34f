/// The words of a command being read left to right by argument kinds.
public struct WordCursor {
    public let words: [Token]
    public private(set) var index: Int

    public init(_ words: [Token], index: Int = 0) {
        self.words = words
        self.index = index
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

    public var isAtEnd: Bool { index >= words.count }
}
