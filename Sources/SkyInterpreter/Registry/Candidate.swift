/// One completion: the word to insert and, optionally, a description shown in listings.
public struct Candidate: Equatable, Sendable {
    public var word: String
    public var detail: String?
    /// False for words that usually continue (a directory path ending in "/").
    public var isComplete: Bool
    public init(_ word: String, detail: String? = nil, isComplete: Bool = true) {
        self.word = word
        self.detail = detail
        self.isComplete = isComplete
    }
}

/// Filters words that start with `prefix`, ignoring case, keeping their order.
public func candidates<S: Sequence>(_ words: S, prefix: String) -> [Candidate] where S.Element == String {
    let p = prefix.lowercased()
    return words.filter { $0.lowercased().hasPrefix(p) }.map { Candidate($0) }
}
