/// One command as written (before `$` expansion), with the file and line it came from, so an
/// error inside a block names the inner command's place.
struct CommandText {
    var text: String
    var location: SourceLocation?
    /// The column of its line where it starts.
    var column = 1

    /// The first word, lowercased, read from the raw text (a block's keyword is never quoted).
    var keyword: String {
        String(text.drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" }).lowercased()
    }

    /// The text after the first word.
    var rest: Substring {
        let start = text.drop { $0 == " " || $0 == "\t" }.drop { $0 != " " && $0 != "\t" }
        return start.drop { $0 == " " || $0 == "\t" }
    }

    /// True when nothing but a comment follows the keyword (`end`, `catch`, `try` take nothing).
    var takesNothing: Bool { rest.isEmpty || rest.hasPrefix("#") }

    /// True for a comment line (`# …`), which a `def` reads as its help.
    var isComment: Bool { text.drop { $0 == " " || $0 == "\t" }.hasPrefix("#") }

    /// Where it is, for messages: "script.sky:12" or "the line".
    var place: String { location.map { "\($0.file):\($0.line)" } ?? "the prompt" }
}

/// A command or a block of the language: `if COND … else if COND … else … end`,
/// `for NAME in LIST|(pipeline) … end`, `def NAME [PARAM…] … end` and `try … catch … end`.
indirect enum Statement {
    case command(CommandText)
    case conditional(branches: [(condition: CommandText, body: [Statement])], otherwise: [Statement])
    case loop(name: String, source: CommandText, body: [Statement])
    case definition(UserCommand)
    /// `try BODY catch HANDLER end`: the handler runs when a command of the body fails.
    case attempt(body: [Statement], handler: [Statement])
}

/// Gathers the commands of a block as they come, over one line or many, and says when the
/// block is complete.
struct BlockCollector {
    static let openers: Set<String> = ["if", "for", "def", "try"]

    private(set) var commands: [CommandText] = []
    private var depth = 0

    /// True while a block is open (the prompt then continues it).
    var isOpen: Bool { depth > 0 }

    /// The keyword and place of the outermost open block.
    var opened: CommandText? { commands.first }

    /// True when `command` starts a block.
    static func opens(_ command: CommandText) -> Bool { openers.contains(command.keyword) }

    /// True when `command` belongs to a block: it opens one, or one is open.
    func takes(_ command: CommandText) -> Bool { isOpen || Self.opens(command) }

    /// Adds a command; returns the whole block's commands when this one closed it.
    mutating func add(_ command: CommandText) -> [CommandText]? {
        commands.append(command)
        let word = command.keyword
        if Self.openers.contains(word) { depth += 1 }
        if word == "end" { depth -= 1 }
        guard depth == 0 else { return nil }
        defer { commands = [] }
        return commands
    }

    /// Forgets a block left open (Ctrl-C at the continuation prompt).
    mutating func discard() {
        commands = []
        depth = 0
    }
}

/// A mistake in a block's shape, at the command where it is.
struct BlockError: Error {
    var message: String
    var location: SourceLocation?
    init(_ message: String, at command: CommandText) {
        self.message = message
        self.location = command.location
    }
}

/// Reads the statements of a complete block.
struct BlockParser {
    private let commands: [CommandText]
    private var at = 0
    /// How deep the blocks being read are nested (a limit keeps the stack safe).
    private var depth = 0
    static let maxDepth = 64

    init(_ commands: [CommandText]) { self.commands = commands }

    /// The statements, or the first mistake in the block's shape.
    static func parse(_ commands: [CommandText]) throws(BlockError) -> [Statement] {
        var parser = BlockParser(commands)
        let (body, stop) = try parser.statements()
        if let stop { throw BlockError("\(stop.keyword) belongs to no \(stop.keyword == "catch" ? "try" : "if, for, def or try")", at: stop) }
        return body
    }

    /// Statements up to the `end` or `else` that closes them (returned, taken) or the last command.
    private mutating func statements() throws(BlockError) -> ([Statement], CommandText?) {
        var out: [Statement] = []
        while at < commands.count {
            let command = commands[at]
            let word = command.keyword
            if word == "end" || word == "else" || word == "catch" {
                at += 1
                return (out, command)
            }
            at += 1
            guard BlockCollector.openers.contains(word) else {
                out.append(.command(command))
                continue
            }
            guard depth < Self.maxDepth else { throw BlockError("blocks nested more than \(Self.maxDepth) deep", at: command) }
            depth += 1
            defer { depth -= 1 }
            switch word {
            case "if": out.append(try conditional(command))
            case "for": out.append(try loop(command))
            case "try": out.append(try attempt(command))
            default: out.append(.definition(try definition(command)))
            }
        }
        return (out, nil)
    }

    private mutating func body(
        of opener: CommandText, allowsElse: Bool, allowsCatch: Bool = false
    ) throws(BlockError) -> ([Statement], CommandText) {
        let (body, stop) = try statements()
        guard let stop else { throw BlockError("this \(opener.keyword) has no end", at: opener) }
        if stop.keyword == "else", !allowsElse { throw BlockError("else is not inside an if", at: stop) }
        if stop.keyword == "catch", !allowsCatch { throw BlockError("catch is not inside a try", at: stop) }
        if stop.keyword == "catch", !stop.takesNothing {
            throw BlockError("catch takes nothing after it ($error holds the message, $status the exit status)", at: stop)
        }
        if stop.keyword == "end", !stop.takesNothing { throw BlockError("end takes nothing after it", at: stop) }
        return (body, stop)
    }

    private mutating func conditional(_ opener: CommandText) throws(BlockError) -> Statement {
        var branches: [(CommandText, [Statement])] = []
        var condition = opener
        while true {
            guard !condition.rest.isEmpty else { throw BlockError("if needs a condition, e.g. if $n > 3", at: condition) }
            var test = condition
            test.text = String(condition.rest)
            let (body, stop) = try self.body(of: opener, allowsElse: true)
            branches.append((test, body))
            if stop.keyword == "end" { return .conditional(branches: branches, otherwise: []) }
            // `else if COND` continues the chain; `else` alone is the last branch.
            let after = CommandText(text: String(stop.rest), location: stop.location, column: stop.column)
            if after.keyword == "if" {
                condition = after
                continue
            }
            if !after.text.isEmpty {
                throw BlockError("else takes nothing after it but if COND (start the next command on its own line or after ;)", at: stop)
            }
            let (otherwise, _) = try self.body(of: opener, allowsElse: false)
            return .conditional(branches: branches, otherwise: otherwise)
        }
    }

    private mutating func attempt(_ opener: CommandText) throws(BlockError) -> Statement {
        guard opener.takesNothing else {
            throw BlockError("try takes nothing after it (start the next command on its own line or after ;)", at: opener)
        }
        let (body, stop) = try self.body(of: opener, allowsElse: false, allowsCatch: true)
        guard stop.keyword == "catch" else { return .attempt(body: body, handler: []) }
        let (handler, _) = try self.body(of: opener, allowsElse: false)
        return .attempt(body: body, handler: handler)
    }

    private mutating func loop(_ opener: CommandText) throws(BlockError) -> Statement {
        let words = opener.rest.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard words.count >= 2, words[1] == "in" else { throw BlockError("write for NAME in VALUE… or for NAME in (pipeline)", at: opener) }
        let name = String(words[0])
        guard Shell.isVariableName(name), !Shell.reservedVariables.contains(name) else {
            throw BlockError("for: '\(Visible.text(name))' is not a variable name (letters, digits and _)", at: opener)
        }
        var source = opener
        source.text = words.count > 2 ? String(words[2]) : ""
        let (body, _) = try self.body(of: opener, allowsElse: false)
        return .loop(name: name, source: source, body: body)
    }

    private mutating func definition(_ opener: CommandText) throws(BlockError) -> UserCommand {
        let words = opener.rest.split { $0 == " " || $0 == "\t" }.map(String.init)
        guard let name = words.first?.lowercased() else { throw BlockError("def needs a name: def NAME [PARAM[:KIND][=DEFAULT]…]", at: opener) }
        guard Shell.isVariableName(name) else {
            throw BlockError("def: '\(Visible.text(name))' is not a command name (letters, digits and _)", at: opener)
        }
        var parameters: [Parameter] = []
        for word in words.dropFirst() {
            let parameter: Parameter
            switch Parameter.parse(word) {
            case .success(let p): parameter = p
            case .failure(let mistake): throw BlockError("def \(name): \(mistake.message)", at: opener)
            }
            guard !parameters.contains(where: { $0.name == parameter.name }) else {
                throw BlockError("def \(name): the parameter \(parameter.name) is named twice", at: opener)
            }
            if parameter.defaultText == nil, let optional = parameters.last(where: { $0.defaultText != nil }) {
                throw BlockError("def \(name): \(parameter.name) has no default but comes after \(optional.name), which has one", at: opener)
            }
            parameters.append(parameter)
        }
        let start = at
        let (body, _) = try self.body(of: opener, allowsElse: false)
        // The comment lines right after `def` are its help: the first line the summary.
        var help: [String] = []
        for command in commands[start..<at] {
            guard command.isComment else { break }
            help.append(String(command.text.drop { $0 == " " || $0 == "\t" || $0 == "#" }))
        }
        return UserCommand(name: name, parameters: parameters, help: help, body: body, location: opener.location)
    }
}
