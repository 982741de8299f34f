/// The kind of a user value — distance, angle, place, file… — declared once and used for
/// parsing, usage text, help and completion.
public struct ValueKind: @unchecked Sendable {
    /// The placeholder in usage lines, without brackets: "distance".
    public var placeholder: String
    /// What a value looks like, for help: "a distance: 50km, 12mi, 5nm (km when bare)".
    public var summary: String
    /// Reads one value from the words at the cursor (one or more words), advancing it.
    public var read: (inout WordCursor, CommandContext) throws -> Any
    /// Completion candidates for a partly typed word.
    public var complete: (CompletionQuery) -> [Candidate]

    public init(
        placeholder: String, summary: String,
        read: @escaping (inout WordCursor, CommandContext) throws -> Any,
        complete: @escaping (CompletionQuery) -> [Candidate] = { _ in [] }
    ) {
        self.placeholder = placeholder
        self.summary = summary
        self.read = read
        self.complete = complete
    }

    /// The same kind reading the remaining words as one text (`airport san francisco`), up to
    /// an unquoted `--option`.
    public var restOfLine: ValueKind {
        let single = read
        return ValueKind(
            placeholder: placeholder, summary: summary,
            read: { cursor, context in
                var whole = WordCursor([Token(cursor.takeWordsBeforeOptions().map(\.text).joined(separator: " "), isLiteral: true)])
                return try single(&whole, context)
            }, complete: complete)
    }
}

/// What a value kind needs to offer completions: the partly typed word, the words of the
/// command before it, and what a command sees.
public struct CompletionQuery {
    public var prefix: String
    /// The words after the command path, before the one being completed.
    public var previous: [String]
    public var context: CommandContext
    public init(prefix: String, previous: [String], context: CommandContext) {
        self.prefix = prefix
        self.previous = previous
        self.context = context
    }
}

/// A value kind that reads values of one type: `Kind<Distance>`, `Kind<Airport>`. Declarations
/// use it (`Argument`, `Option`), so what a handler reads back has the type the kind makes; the
/// binder works with the type-erased `ValueKind` inside it.
public struct Kind<Value>: @unchecked Sendable {
    public var erased: ValueKind

    public init(
        placeholder: String, summary: String, read: @escaping (inout WordCursor, CommandContext) throws -> Value,
        complete: @escaping (CompletionQuery) -> [Candidate] = { _ in [] }
    ) {
        erased = ValueKind(placeholder: placeholder, summary: summary, read: { cursor, context in try read(&cursor, context) }, complete: complete)
    }

    public var placeholder: String { erased.placeholder }
    public var summary: String { erased.summary }
    public var complete: (CompletionQuery) -> [Candidate] { erased.complete }

    /// A kind that reads exactly one word with `parse`; with `joiningUnit`, a number and its
    /// unit written apart are that one word (`30 km` is `30km`: see `WordCursor.takeQuantity`).
    public static func word(
        _ placeholder: String, _ summary: String, joiningUnit: Bool = false, complete: @escaping (CompletionQuery) -> [Candidate] = { _ in [] },
        parse: @escaping (String, CommandContext) throws -> Value
    ) -> Kind<Value> {
        Kind(
            placeholder: placeholder, summary: summary,
            read: { cursor, context in
                guard let word = joiningUnit ? cursor.takeQuantity() : cursor.take() else { throw ValueError("missing \(placeholder)") }
                return try parse(word.text, context)
            }, complete: complete)
    }

    /// The same kind reading the remaining words as one text (`airport san francisco`), up to
    /// an unquoted `--option`.
    public var restOfLine: Kind<Value> {
        var copy = self
        copy.erased = erased.restOfLine
        return copy
    }
}
