/// Tab completion as a pure function of the text left of the cursor, driven by the command
/// declarations: command names, subcommands, options, and the value kinds of arguments.
public struct Completer {
    public let shell: Shell
    public init(shell: Shell) { self.shell = shell }

    /// The result of a completion: the partial word being completed and the candidates.
    public struct Result: Equatable {
        /// The word left of the cursor that candidates replace ("" when starting a new word).
        public var word: String
        /// How many characters of the line that word takes as typed (with its quotes).
        public var typedLength: Int
        public var candidates: [Candidate]
        /// Insert candidates as they are (an answer to a question is not a command line).
        public var raw = false
        /// Insert candidates unquoted but as words of a command line (`$far`: quoting it would
        /// make it text).
        public var verbatim = false

        /// The text a candidate is inserted as.
        public func inserted(_ word: String, open: Bool = false) -> String {
            raw || verbatim ? word : Completer.quote(word, open: open)
        }
    }

    /// Completion of a whole answer to a question: the text is one value of `kind`.
    public func complete(answer text: String, kind: ValueKind) -> Result {
        let found = kind.complete(CompletionQuery(prefix: text, previous: [], context: shell.context))
        return Result(word: text, typedLength: text.count, candidates: unique(found), raw: true)
    }

    /// Candidates for the word ending at the cursor, given the text before the cursor.
    public func complete(_ textBeforeCursor: String) -> Result {
        // `$NAME` being typed: the variables (the lexer would already have expanded it).
        let tail = textBeforeCursor.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        if textBeforeCursor.dropLast(tail.count).hasSuffix("$") {
            let typed = "$" + String(tail.reversed())
            let names = shell.variables.keys.sorted().map { "$" + $0 } + ["$env."]
            var result = Result(word: typed, typedLength: typed.count, candidates: candidates(names, prefix: typed))
            result.verbatim = true
            return result
        }
        let (words, inWord) = Lexer(arguments: shell.arguments).wordsForCompletion(textBeforeCursor)
        let prefix = inWord ? words.last?.text ?? "" : ""
        let typed = inWord ? textBeforeCursor.count - ((words.last?.column ?? 1) - 1) : 0
        let previous = inWord ? Array(words.dropLast()) : words
        return Result(word: prefix, typedLength: typed, candidates: unique(complete(previous: previous, prefix: prefix)))
    }

    func complete(previous: [Token], prefix: String) -> [Candidate] {
        guard !previous.isEmpty else {
            return commandNames(prefix)
        }
        if let pipe = previous.lastIndex(where: \.isPipe) { return stage(previous, after: pipe, prefix: prefix) }
        guard let (spec, path, next) = shell.registry.resolve(previous) else { return [] }
        let after = Array(previous[next...])
        var result: [Candidate] = []
        if after.isEmpty, !spec.subcommands.isEmpty {
            result += candidates(spec.subcommands.map(\.name), prefix: prefix)
            if spec.handler == nil { return result }
        }
        let query = CompletionQuery(prefix: prefix, previous: after.map(\.text), context: shell.context)
        // The binder walks the words typed so far and says what comes next.
        let (expectation, given) = Binder(spec: spec, path: path, context: shell.context).expectation(after)
        switch expectation {
        case .optionValue(let kind):
            return kind.complete(query)
        case .positional(let kind, let optionsAllowed):
            if let kind { result += kind.complete(query) }
            if optionsAllowed { result += optionNames(spec, given, prefix) }
        }
        return result
    }

    /// After a `|`: the stages; after a stage that names columns, the columns of the table on
    /// the left (a variable's, or what the head command gave when it last ran in the session).
    func stage(_ previous: [Token], after pipe: Int, prefix: String) -> [Candidate] {
        let words = previous[(pipe + 1)...]
        guard let name = words.first?.text.lowercased() else { return candidates(shell.registry.stageNames, prefix: prefix) }
        guard shell.registry.stage(name)?.stage?.namesColumns == true, let head = previous.split(whereSeparator: \.isPipe).first else { return [] }
        return candidates(shell.columns(of: Array(head)), prefix: prefix)
    }

    func optionNames(_ spec: CommandSpec, _ given: Set<String>, _ prefix: String) -> [Candidate] {
        var names: [String] = []
        for option in spec.options where option.repeatable || !given.contains(option.name) {
            if option.bare && !prefix.hasPrefix("-") {
                names.append(option.name)
            } else if prefix.hasPrefix("-") {
                names.append("--" + option.name)
            }
        }
        return candidates(names, prefix: prefix)
    }

    func commandNames(_ prefix: String) -> [Candidate] {
        let names = shell.registry.commands.map(\.name)
        var result = candidates(names, prefix: prefix)
        if result.isEmpty {
            result = candidates(shell.registry.commands.flatMap(\.aliases), prefix: prefix)
        }
        return result
    }

    func unique(_ list: [Candidate]) -> [Candidate] {
        var seen = Set<String>()
        return list.filter { seen.insert($0.word).inserted }
    }
}

/// The longest prefix shared by all words (compared without case; the first word's spelling).
public func commonPrefix(_ words: [String]) -> String {
    guard var prefix = words.first.map(Array.init) else { return "" }
    for word in words.dropFirst() {
        let chars = Array(word)
        var n = 0
        while n < prefix.count, n < chars.count, prefix[n].lowercased() == chars[n].lowercased() { n += 1 }
        prefix = Array(prefix[..<n])
    }
    return String(prefix)
}

extension Completer {
    /// A word as it must be typed: quoted when it holds spaces or characters the lexer treats
    /// specially. With `open`, a quote is left open so typing can continue inside it.
    public static func quote(_ word: String, open: Bool = false) -> String {
        let special: Set<Character> = [" ", "\t", ";", "#", "'", "\"", "\\", "$"]
        guard word.contains(where: { special.contains($0) }) else { return word }
        if !word.contains("'") { return "'" + word + (open ? "" : "'") }
        var escaped = "\""
        for c in word {
            if c == "\"" || c == "\\" || c == "$" { escaped.append("\\") }
            escaped.append(c)
        }
        return escaped + (open ? "" : "\"")
    }
}

/// Candidate lists laid out in columns under the line being edited.
public enum CompletionListing {
    /// The candidates in as many columns as fit `width`; with details, one per line. A list
    /// longer than the screen (`rows` lines) shows what fits and says "… and N more".
    public static func render(_ candidates: [Candidate], width: Int, rows: Int = 1_000) -> String {
        let room = max(3, rows - 2)
        var lines: [String] = []
        if candidates.contains(where: { $0.detail != nil }) {
            let w = candidates.prefix(room).map { displayWidth($0.word) }.max() ?? 0
            lines = candidates.map { c in c.detail.map { pad(c.word, to: w) + "  " + $0 } ?? c.word }
        } else {
            let w = (candidates.map { displayWidth($0.word) }.max() ?? 0) + 2
            let perLine = max(1, width / max(w, 1))
            // As many whole lines as fit, filled column by column.
            let count = min(candidates.count, candidates.count > perLine * room ? perLine * (room - 1) : candidates.count)
            let shown = Array(candidates.prefix(count))
            let lineCount = (shown.count + perLine - 1) / perLine
            for r in 0..<lineCount {
                var line = ""
                for c in 0..<perLine {
                    let i = c * lineCount + r
                    guard i < shown.count else { break }
                    line += c + 1 < perLine && (c + 1) * lineCount + r < shown.count ? pad(shown[i].word, to: w) : shown[i].word
                }
                lines.append(line)
            }
            let more = candidates.count - shown.count
            return lines.map { $0 + "\n" }.joined() + (more > 0 ? "… and \(more) more\n" : "")
        }
        guard lines.count > room else { return lines.map { $0 + "\n" }.joined() }
        return lines.prefix(room - 1).map { $0 + "\n" }.joined() + "… and \(lines.count - (room - 1)) more\n"
    }
}
