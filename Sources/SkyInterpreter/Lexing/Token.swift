/// One word of a command line after quoting and escapes are resolved.
public struct Token: Equatable, Sendable {
    /// The word's text.
    public var text: String
    /// True when any part of the word was quoted or escaped: such a word is never read as a
    /// keyword, an option or a command name.
    public var isLiteral: Bool
    /// 1-based column (in characters) of the word's first character in its line.
    public var column: Int

    /// True when the word was quoted or escaped; a word that is literal only because it came
    /// from an expansion (`$n`, a substitution) is not.
    public var isQuoted = false
    /// True for the `|` between the parts of a pipeline.
    public var isPipe = false
    /// True for a `$NAME` left as it is because it holds a table (a pipeline's head).
    public var isVariableReference = false

    public init(_ text: String, isLiteral: Bool = false, column: Int = 1) {
        self.text = text
        self.isLiteral = isLiteral
        self.column = column
    }

    /// The text when the word can act as a keyword (unquoted), else nil.
    public var keyword: String? { isLiteral ? nil : text }
}

/// A lexing failure, with the 1-based column where it starts.
public struct LexError: Error, Equatable, Sendable {
    public var message: String
    public var column: Int
}
