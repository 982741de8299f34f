/// Splits a command line into commands (`;`) and words, the way a shell does.
///
/// Rules: spaces and tabs separate words; `;` separates commands; `#` at the start of a word
/// starts a comment. `'…'` keeps everything literal; `"…"` keeps everything but `\"`, `\\`, `\$`
/// and `$` expansions. A quote opens a quoted part only at the start of a word, right after
/// `=` (`--label="A B"`) or right after another quoted part; inside a word it is an ordinary
/// character, so `O'Hare` and DMS
/// coordinates such as `51°28'39"N` need no escaping. A backslash outside quotes makes the next
/// character literal; at the very end of a line it continues the command on the next line.
/// `$1`…`$9`, `$0`, `$#` and `$@` expand to script arguments; `$NAME` and `${NAME}` to
/// environment variables (an unset one is an error, not an empty word).
public struct Lexer {
    /// The script name and arguments that `$0`, `$1`… and `$#` expand to.
    public var arguments: ScriptArguments
    /// Runs the command of a `( … | … )` or `$( … )` substitution and gives its words; when
    /// nil (completion, checking a line) the substitution stays one word as written.
    public var substitute: ((String) throws(LexError) -> [String])?

    public init(arguments: ScriptArguments = ScriptArguments()) { self.arguments = arguments }

    /// The most words one command may expand to, and the most bytes one word may grow to by
    /// expansion: a variable holding a list of more is refused with one error line, so a script
    /// that doubles a list in a loop stops at a megabyte-sized value, not at all the memory.
    public static let maxWords = 1_000_000
    public static let maxWordBytes = 1 << 20

    /// The commands of a line, each as its words; empty commands are dropped.
    public func commands(in line: String) throws(LexError) -> [[Token]] {
        var scan = Scan(lexer: self, text: line, lenient: false)
        return try scan.run().commands
    }

    /// The text of each command of a line (split at `;` outside quotes), with the column each
    /// starts at, unexpanded: a command is expanded just before it runs, so `let n = …; echo $n`
    /// sees the value the first command set.
    public static func commandTexts(in line: String) throws(LexError) -> [(text: String, column: Int)] {
        var scan = Scan(lexer: Lexer(), text: line, lenient: false)
        scan.expand = false
        _ = try scan.run()
        let bytes = Array(line.utf8)
        var out: [(String, Int)] = []
        var start = 0
        for end in scan.separators + [bytes.count] {
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            if !text.allSatisfy({ $0 == " " || $0 == "\t" }) { out.append((text, scan.column(start))) }
            start = end + 1
        }
        return out
    }

    /// The words of the last command of `text` (the text left of the cursor) for completion:
    /// never fails; an open quote leaves its word in progress. Returns the words and whether the
    /// text ends inside a word (no trailing separator).
    public func wordsForCompletion(_ text: String) -> (words: [Token], inWord: Bool) {
        var scan = Scan(lexer: self, text: text, lenient: true)
        let result = (try? scan.run()) ?? Scan.Result(commands: [], inWord: false, endsCommand: false)
        if result.endsCommand { return ([], false) }
        return (result.commands.last ?? [], result.inWord)
    }

    /// If `line` ends with a continuation backslash (outside quotes and comments), the line
    /// without it; else nil.
    public static func continuation(of line: String) -> String? {
        guard line.hasSuffix("\\") else { return nil }
        var scan = Scan(lexer: Lexer(), text: line, lenient: true)
        scan.expand = false
        _ = try? scan.run()
        return scan.sawContinuation ? String(line.dropLast()) : nil
    }
}

extension Lexer {
    /// The parenthesised group opening at `open`: the index of its `)` (quoted parts and
    /// backslash escapes skipped) and whether it holds a `|` of its own, outside quotes and
    /// inner groups — `(flights | count)` is a substitution, `(distance > 5km or …)` is not.
    /// Nil when the group is not closed.
    static func group(_ bytes: [UInt8], from open: Int) -> (close: Int, holdsPipe: Bool)? {
        var depth = 0
        var pipe = false
        var k = open
        while k < bytes.count {
            switch bytes[k] {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return (k, pipe) }
            // `||` is a condition's "or", not a pipe.
            case UInt8(ascii: "|") where depth == 1:
                if k + 1 < bytes.count, bytes[k + 1] == UInt8(ascii: "|") { k += 1 } else { pipe = true }
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                guard let end = bytes[(k + 1)...].firstIndex(of: bytes[k]) else { return nil }
                k = end
            case UInt8(ascii: "\\"): k += 1
            default: break
            }
            k += 1
        }
        return nil
    }

    /// The index of the `)` that closes the `(` at `open`; nil when it is not closed.
    static func closingParenthesis(_ bytes: [UInt8], from open: Int) -> Int? { group(bytes, from: open)?.close }

    /// The text inside when `text` is one parenthesised group, `( … )`, else nil.
    static func parenthesised(_ text: String) -> Substring? {
        let t = Substring(text)
        guard t.hasPrefix("("), t.hasSuffix(")"), closingParenthesis(Array(t.utf8), from: 0) == t.utf8.count - 1 else { return nil }
        return t.dropFirst().dropLast()
    }
}

/// Script name, positional arguments and environment for `$` expansion.
public struct ScriptArguments: Sendable, Equatable {
    public var name: String
    public var values: [String]
    public var environment: [String: String]
    /// The shell's variables (`let`), which `$NAME` finds before the environment; `$status`
    /// (0 before any command) and `$error` (empty until a `catch`) are always set.
    public var variables: [String: VariableWords] = ["status": .text("0"), "error": .text(nil)]
    public init(name: String = "skyshell", values: [String] = [], environment: [String: String] = [:]) {
        self.name = name
        self.values = values
        self.environment = environment
    }
}

// MARK: - Scanner

/// Walks the line's UTF-8 bytes (every special character is ASCII, so multi-byte characters
/// are copied through untouched); columns count characters' first bytes.
private struct Scan {
    struct Result {
        var commands: [[Token]]
        var inWord: Bool
        var endsCommand: Bool
    }

    let lexer: Lexer
    let bytes: [UInt8]
    let lenient: Bool
    var expand = true
    var sawContinuation = false
    /// Byte offsets of the `;` that end commands.
    var separators: [Int] = []

    var i = 0
    var commands: [[Token]] = []
    var words: [Token] = []
    var word: [UInt8] = []
    var wordStarted = false
    var wordLiteral = false
    /// True when the word was quoted or escaped (not only expanded).
    var wordQuoted = false
    var wordColumn = 1
    /// True right after a closing quote, so `'a'"b"` joins into one word.
    var afterQuote = false

    init(lexer: Lexer, text: String, lenient: Bool) {
        self.lexer = lexer
        self.bytes = Array(text.utf8)
        self.lenient = lenient
    }

    static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), semicolon = UInt8(ascii: ";")
    static let hash = UInt8(ascii: "#"), single = UInt8(ascii: "'"), double = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\"), dollar = UInt8(ascii: "$"), equals = UInt8(ascii: "=")
    static let bar = UInt8(ascii: "|"), dot = UInt8(ascii: "."), open = UInt8(ascii: "(")

    /// The last offset whose column was asked for, and that column: words are met left to
    /// right, so each column counts on from the one before (a line of many words stays linear).
    var counted = (offset: 0, column: 1)

    /// The 1-based character column of byte offset `offset`.
    mutating func column(_ offset: Int) -> Int {
        let end = min(offset, bytes.count)
        if end < counted.offset { counted = (0, 1) }
        var n = counted.column
        for k in counted.offset..<end where bytes[k] & 0xC0 != 0x80 { n += 1 }
        counted = (end, n)
        return n
    }

    mutating func run() throws(LexError) -> Result {
        var endsCommand = false
        while i < bytes.count {
            let c = bytes[i]
            endsCommand = false
            let closedQuoteBefore = i > 0 && (bytes[i - 1] == Scan.single || bytes[i - 1] == Scan.double)
            afterQuote = afterQuote && closedQuoteBefore
            switch c {
            case Scan.space, Scan.tab:
                endWord()
                i += 1
            case Scan.semicolon:
                endWord()
                endCommand()
                endsCommand = true
                separators.append(i)
                i += 1
            case Scan.bar where i + 1 < bytes.count && bytes[i + 1] == Scan.bar:
                // `||` is a condition's "or", never two pipes.
                startWord()
                word += [Scan.bar, Scan.bar]
                i += 2
            case Scan.bar:
                endWord()
                var pipe = Token("|", column: column(i))
                pipe.isPipe = true
                words.append(pipe)
                i += 1
            case Scan.hash where !wordStarted:
                i = bytes.count
            case Scan.open where !wordStarted:
                if let group = Lexer.group(bytes, from: i), group.holdsPipe {
                    try substitution(i, group.close, quoted: false, written: i)
                } else {
                    startWord()
                    word.append(c)
                    i += 1
                }
            case Scan.dollar where !expand && i + 1 < bytes.count && bytes[i + 1] == Scan.open:
                // Unexpanded (splitting a line into commands), a `$( … )` is kept whole.
                if let close = Lexer.closingParenthesis(bytes, from: i + 1) {
                    try substitution(i + 1, close, quoted: false, written: i)
                } else {
                    startWord()
                    word.append(c)
                    i += 1
                }
            case Scan.single where opensQuote, Scan.double where opensQuote:
                try quoted(c)
            case Scan.backslash:
                startWord()
                if i + 1 < bytes.count {
                    let length = Scan.sequenceLength(bytes[i + 1])
                    word += bytes[(i + 1)..<min(bytes.count, i + 1 + length)]
                    wordLiteral = true
                    wordQuoted = true
                    i += 1 + length
                } else {
                    sawContinuation = true
                    i += 1
                }
            case Scan.dollar where expand:
                try expansion(quoted: false)
            default:
                startWord()
                word.append(c)
                i += 1
            }
        }
        let inWord = wordStarted
        endWord()
        endCommand()
        return Result(commands: commands, inWord: inWord, endsCommand: endsCommand)
    }

    static func isNameStart(_ b: UInt8) -> Bool {
        (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95
    }

    /// Bytes in the UTF-8 sequence that starts with `lead`.
    static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// A quote opens a quoted part at a word start, right after `=` or right after another
    /// quoted part.
    var opensQuote: Bool { !wordStarted || word.last == Scan.equals || afterQuote }

    mutating func startWord() {
        if !wordStarted {
            wordStarted = true
            wordColumn = column(i)
        }
    }

    mutating func endWord() {
        if wordStarted {
            var token = Token(String(decoding: word, as: UTF8.self), isLiteral: wordLiteral, column: wordColumn)
            token.isQuoted = wordQuoted
            words.append(token)
        }
        word.removeAll(keepingCapacity: true)
        wordStarted = false
        wordLiteral = false
        wordQuoted = false
    }

    mutating func endCommand() {
        if !words.isEmpty { commands.append(words) }
        words = []
    }

    /// A quoted part. Inside single quotes everything is literal; inside double quotes `\"`,
    /// `\\` and `\$` are escapes and `$` expands.
    mutating func quoted(_ quote: UInt8) throws(LexError) {
        startWord()
        wordLiteral = true
        wordQuoted = true
        let open = i
        let double = quote == Scan.double
        i += 1
        while i < bytes.count, bytes[i] != quote {
            let c = bytes[i]
            if double, c == Scan.backslash, i + 1 < bytes.count,
                bytes[i + 1] == Scan.double || bytes[i + 1] == Scan.backslash || bytes[i + 1] == Scan.dollar
            {
                word.append(bytes[i + 1])
                i += 2
            } else if double, c == Scan.dollar, expand {
                try expansion(quoted: true)
            } else {
                word.append(c)
                i += 1
            }
        }
        if i >= bytes.count {
            if lenient { return }
            throw LexError(message: "unterminated \(double ? "double" : "single") quote", column: column(open))
        }
        i += 1
        afterQuote = true
    }

    /// The group from `open` to `close` as a substitution: its command's words (kept as written
    /// when unexpanded or when nothing runs commands).
    /// `written` is where its text starts (the `$` of `$( … )`).
    mutating func substitution(_ open: Int, _ close: Int, quoted: Bool, written: Int) throws(LexError) {
        defer { i = close + 1 }
        guard expand, !lenient, let substitute = lexer.substitute else {
            startWord()
            word += bytes[written...close]
            return
        }
        let words = try substitute(String(decoding: bytes[(open + 1)..<close], as: UTF8.self))
        if words.isEmpty, !quoted, !wordStarted { return }
        if quoted || wordStarted {
            startWord()
            wordLiteral = true
            try insert(words, quoted: true, at: written)
        } else {
            try insert(words, quoted: false, at: written)
        }
    }

    /// `.NAME` right after a variable's name at byte `j`: the name and where it ends.
    func field(after j: Int) -> (String, Int)? {
        guard j + 1 < bytes.count, bytes[j] == Scan.dot, Scan.isNameStart(bytes[j + 1]) else { return nil }
        var k = j + 1
        while k < bytes.count, Scan.isNameStart(bytes[k]) || (bytes[k] >= 48 && bytes[k] <= 57) { k += 1 }
        return (String(decoding: bytes[(j + 1)..<k], as: UTF8.self), k)
    }

    /// The environment variable `name` (`$NAME` when no shell variable has the name, `$env.NAME` always).
    mutating func environment(_ name: String, at: Int) throws(LexError) {
        startWord()
        wordLiteral = true
        if let value = lexer.arguments.environment[name] {
            word += value.utf8
        } else if !lenient {
            throw LexError(message: "$\(name) is not set", column: column(at))
        }
    }

    /// `$NAME.COLUMN` of a variable holding one row.
    mutating func variableField(_ name: String, _ field: String, at: Int) throws(LexError) {
        startWord()
        wordLiteral = true
        guard let value = lexer.arguments.variables[name] else { return }
        if let text = value.fields[field.lowercased()] {
            word += text.utf8
        } else if !lenient {
            let why =
                value.words != nil
                ? "$\(name) holds \(value.what), not a row"
                : value.fields.isEmpty ? "$\(name) holds \(value.what), not one row" : "$\(name) has no column '\(field)'"
            throw LexError(message: why, column: column(at))
        }
    }

    /// Several values (`$@`, a list variable): several words outside quotes, one joined by
    /// spaces inside them.
    mutating func insert(_ values: [String], quoted: Bool, at: Int) throws(LexError) {
        if quoted {
            let joined = values.joined(separator: " ").utf8
            guard word.count + joined.count <= Lexer.maxWordBytes else {
                throw LexError(message: "this expansion makes a word longer than \(Format.grouped(Double(Lexer.maxWordBytes))) bytes", column: column(at))
            }
            word += joined
            return
        }
        guard words.count + values.count <= Lexer.maxWords else {
            throw LexError(message: "this expansion makes the command longer than \(Format.grouped(Double(Lexer.maxWords))) words", column: column(at))
        }
        for (n, value) in values.enumerated() {
            if n > 0 { endWord() }
            startWord()
            wordLiteral = true
            word += value.utf8
        }
    }

    /// `$0`–`$9`, `$#` and `$@`; any other `$` is an ordinary character.
    mutating func expansion(quoted: Bool) throws(LexError) {
        let at = i
        guard i + 1 < bytes.count else {
            startWord(); word.append(Scan.dollar); i += 1; return
        }
        let next = bytes[i + 1]
        let args = lexer.arguments
        if next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") {
            let digit = Int(next - UInt8(ascii: "0"))
            startWord()
            wordLiteral = true
            if digit == 0 {
                word += args.name.utf8
            } else if digit <= args.values.count {
                word += args.values[digit - 1].utf8
            } else if !lenient {
                let given = args.values.count == 1 ? "1 argument" : "\(args.values.count) arguments"
                throw LexError(message: "$\(digit) is not set (the script was given \(given))", column: column(at))
            }
            i += 2
        } else if next == Scan.hash {
            startWord()
            wordLiteral = true
            word += String(args.values.count).utf8
            i += 2
        } else if Scan.isNameStart(next) || next == UInt8(ascii: "{") {
            let braced = next == UInt8(ascii: "{")
            var j = i + (braced ? 2 : 1)
            let start = j
            while j < bytes.count, Scan.isNameStart(bytes[j]) || (bytes[j] >= 48 && bytes[j] <= 57) { j += 1 }
            let name = String(decoding: bytes[start..<j], as: UTF8.self)
            if braced {
                guard j < bytes.count, bytes[j] == UInt8(ascii: "}"), !name.isEmpty else {
                    if lenient { startWord(); word.append(Scan.dollar); i += 1; return }
                    throw LexError(message: "${ without a closing } or a variable name", column: column(at))
                }
                j += 1
            }
            if !braced, name == "env" || args.variables[name] != nil, let (field, end) = field(after: j) {
                if name == "env" {
                    try environment(field, at: at)
                } else {
                    try variableField(name, field, at: at)
                }
                i = end
                return
            }
            if let value = args.variables[name] {
                guard let words = value.words else {
                    // A table: left as it is when it is a word of its own (a pipeline's head).
                    let alone = !wordStarted && (j >= bytes.count || [Scan.space, Scan.tab, Scan.semicolon, Scan.bar].contains(bytes[j]))
                    guard alone || lenient else {
                        throw LexError(
                            message: "$\(name) holds \(value.what): use $\(name).COLUMN on one row, or pipe it ($\(name) | get COLUMN)", column: column(at))
                    }
                    startWord()
                    word += ("$" + name).utf8
                    endWord()
                    words[words.count - 1].isVariableReference = !lenient
                    i = j
                    return
                }
                i = j
                try insert(words, quoted: quoted, at: at)
                return
            }
            try environment(name, at: at)
            i = j
        } else if next == Scan.open {
            guard let close = Lexer.closingParenthesis(bytes, from: i + 1) else {
                if lenient { startWord(); word.append(Scan.dollar); i += 1; return }
                throw LexError(message: "$( without a closing )", column: column(at))
            }
            try substitution(i + 1, close, quoted: quoted, written: i)
        } else if next == UInt8(ascii: "@") {
            i += 2
            try insert(args.values, quoted: quoted, at: at)
        } else {
            startWord()
            word.append(Scan.dollar)
            i += 1
        }
    }
}
