import FoundationEssentials
import Glibc
import SkyKit

/// Where a line came from, for error messages: `script.sky:12`.
public struct SourceLocation: Sendable, Equatable {
    public var file: String
    public var line: Int
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }
}

/// Something that can show and clear the line history (the interactive line reader).
public protocol HistoryProvider: AnyObject {
    var entries: [String] { get }
    func clear()
}

/// The interpreter: holds the session, runs command lines through the registry and renders
/// what commands return. Line readers and runners (REPL, batch) feed it lines.
public final class Shell {
    /// How the shell was started.
    public enum Mode: Sendable { case interactive, batch }

    public var session: Session
    public private(set) var registry: CommandRegistry
    public let environment: [String: String]
    public let paths: Paths?
    public let clock: Clock
    public let mode: Mode
    public let out: OutputSink
    public let err: OutputSink
    /// True when stdout is a terminal (colours, charts, widths).
    public var stdoutIsTerminal: Bool
    public var stderrIsTerminal: Bool
    /// Save the session and settings after commands that change them.
    public var persistence: SessionStore?
    /// Settings given by command-line flags for this run only; `set` removes an override.
    public var overrides: [String: String] = [:]
    /// The line history `history` shows, when the line reader keeps one.
    public weak var history: HistoryProvider?
    /// Values for `$0`, `$1`… and `$NAME` in the lines being run.
    public lazy var arguments = ScriptArguments(environment: environment)
    /// The file and line being run, when in a script.
    public var location: SourceLocation?
    /// Set by `exit`: the status to end with.
    public internal(set) var exitStatus: Int32?
    /// Nesting depth of scripts and lessons (`nested`).
    var runDepth = 0
    /// When set (a lesson's scratch shell), the folder every write must stay in: a file the
    /// user names, a terrain folder fetched into or removed from.
    public internal(set) var confinedTo: String?
    /// Skyshell's folders already made or made private in this process.
    var privateDirectoriesChecked: Set<String> = []
    /// Go on after errors in scripts (`--keep-going`).
    public var keepGoing = false
    /// Set when the nesting limit was reached, until the top-level command that recursed has
    /// ended: nothing inside it goes on after an error, even with `--keep-going`.
    var runaway = false
    /// The commands of your own running now, outermost first, each with the line that called it.
    var calls: [ShellError.Frame] = []
    /// How many `try` bodies are running: inside one, a failure goes to its `catch`, even with
    /// --keep-going.
    var attempts = 0
    /// Asks the person at the terminal a question and returns the answer (nil when they
    /// cancel). Nil in scripts: commands that need an answer then need a flag instead.
    public var prompter: ((Question) -> String?)?

    /// The aviation catalog.
    public var catalog: Catalog = .embedded
    /// The state of each service (opened stores, loaded files, caches), made on first use.
    public private(set) lazy var services = ServiceTable(shell: self)

    /// The variables `let` sets, and `$_` (the last result).
    var variables: [String: PipeValue] = [:]
    /// True while a command runs as the head of a pipeline (it then gives every column it has).
    var inPipeline = false
    /// While `flights` heads a pipeline: what its stages let the logbook's query do, and (for a
    /// pipeline shown as text) the fields they name.
    var queryPlan = FlightPushDown()
    /// While a command that declares its row columns heads a pipeline: the `where` stages after
    /// it, for the command to do as it makes its rows.
    var wherePushDown: WherePushDown?
    /// The column names of each command's table when it last headed a pipeline (for completion).
    var columnsSeen: [String: [String]] = [:]
    /// The commands of a block being written over several lines.
    var block = BlockCollector()
    /// The first failure in a block run with `--keep-going` (reported already).
    var blockFailure: ShellError?
    /// While a user command heads a pipeline, the outputs of its commands (nil: shown as they come).
    var gathered: [Output]?

    /// Names of environment variables already warned about (each is reported once).
    private var environmentWarnings: Set<String> = []

    /// A number from the environment, read once through `NumberParser`: within `range`, or
    /// `default` with one warning naming the variable.
    func environmentNumber(_ name: String, _ range: ClosedRange<Double>, default value: Double, what: String, whole: Bool = false) -> Double {
        guard let text = environment[name], !text.isEmpty else { return value }
        if let n = NumberParser.parse(text), range.contains(n), !whole || n == n.rounded() { return n }
        if environmentWarnings.insert(name).inserted {
            warn(
                "\(name)='\(text)' is not \(whole ? "a whole number of" : "a number of") \(what) from \(Format.trimmed(range.lowerBound)) "
                    + "to \(Format.grouped(range.upperBound)); using \(Format.grouped(value, value == value.rounded() ? 0 : 1))"
            )
        }
        return value
    }
    /// Resolves airport codes and names to places (plugged in by the catalog).
    public var placeResolver: ((String) throws -> Place?)?
    /// Completes airport codes and names (plugged in by the catalog).
    public var placeCompleter: ((String) -> [Candidate])?

    /// Place completions from the catalog, if one is plugged in.
    public func completePlaces(_ prefix: String) -> [Candidate] { placeCompleter?(prefix) ?? [] }

    private var savedSession: Session

    public init(
        session: Session = Session(), registry: CommandRegistry, environment: [String: String],
        paths: Paths?, clock: Clock, mode: Mode, out: OutputSink, err: OutputSink,
        stdoutIsTerminal: Bool, stderrIsTerminal: Bool
    ) {
        self.session = session
        self.savedSession = session
        self.registry = registry
        self.environment = environment
        self.paths = paths
        self.clock = clock
        self.mode = mode
        self.out = out
        self.err = err
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
    }

    // MARK: - Running lines

    /// Runs every command of one line, stopping at the first failure. A line that opens a block
    /// (`if`, `for`, `def`) without closing it is kept until the `end` comes on a later line.
    public func run(line: String) throws(ShellError) {
        // A line typed or read at the top starts clear of an earlier runaway.
        if runDepth == 0 { runaway = false }
        let commands: [(text: String, column: Int)]
        do {
            commands = try Lexer.commandTexts(in: line)
        } catch {
            throw ShellError.usage("\(error.message) at column \(error.column)")
        }
        let seen = Interrupt.seen
        for (n, command) in commands.enumerated() {
            let text = CommandText(text: command.text, location: location, column: command.column)
            if block.takes(text) {
                guard let whole = block.add(text) else { continue }
                blockFailure = nil
                let statements: [Statement]
                do {
                    statements = try BlockParser.parse(whole)
                } catch {
                    if let place = error.location { location = place }
                    throw ShellError.usage(error.message)
                }
                try run(statements)
                if let failure = blockFailure {
                    blockFailure = nil
                    throw failure
                }
            } else {
                try runText(text)
            }
            if exitStatus != nil { return }
            if Interrupt.termination != nil { throw ShellError.terminated() }
            // Ctrl-C during a command ends the line, even when the command stopped cleanly by
            // itself (a recording keeps what it has): in a script the run ends with 130.
            if Interrupt.seen != seen, mode == .batch || n + 1 < commands.count {
                throw ShellError(.interrupted, n + 1 < commands.count ? "interrupted — the rest of the line was not run" : "interrupted")
            }
        }
    }

    /// True while a block is open, waiting for its `end` (the prompt continues it).
    public var isInBlock: Bool { block.isOpen }

    /// The first line of the block left open, for the error at the end of a script.
    public var openBlockMessage: String? {
        block.opened.map { "the \($0.keyword) at \($0.place) has no end" }
    }

    /// True when running `line` would leave a block open (read before the line runs).
    public func leavesBlockOpen(_ line: String) -> Bool {
        guard let texts = try? Lexer.commandTexts(in: line) else { return block.isOpen }
        var after = block
        for text in texts {
            let command = CommandText(text: text.text, location: nil)
            if after.takes(command) { _ = after.add(command) }
        }
        return after.isOpen
    }

    /// Forgets an open block (Ctrl-C at the continuation prompt).
    public func discardBlock() { block.discard() }

    /// Lexes and runs one command's text.
    func runText(_ text: CommandText) throws(ShellError) {
        do {
            try runCommand(text)
            noteStatus(0)
        } catch {
            noteStatus(error.exitCode)
            throw error
        }
    }

    private func runCommand(_ text: CommandText) throws(ShellError) {
        var source = text.text
        var substituted = false
        // `let NAME = (pipeline)` keeps the pipeline's table, which a substitution would not.
        if text.keyword == "let", let equals = source.firstIndex(of: "="),
            let inner = Lexer.parenthesised(String(String(source[source.index(after: equals)...]).trimmingWhitespace))
        {
            source = String(source[...equals]) + " " + inner
            substituted = true
        }
        let words = try lex(source, column: text.column)
        // What the parentheses hold runs as a command, as a substitution's does: never text.
        if substituted, words.count > 3, !isVariableHead(Array(words[3...])), registry.command(words[3].text) == nil {
            throw unknownCommand(words[3].text)
        }
        if !words.isEmpty { try run(words: words) }
    }

    /// The words of one command's text (which starts at `column` of its line), its `$`
    /// expansions and `( … | … )` substitutions made now.
    func lex(_ text: String, column: Int = 1) throws(ShellError) -> [Token] {
        var lexer = Lexer(arguments: arguments)
        // A substitution's own failure (an unknown command inside, Ctrl-C) is thrown as it is.
        var failure: ShellError?
        lexer.substitute = { [unowned self] inner throws(LexError) in
            do throws(ShellError) {
                return try substitution(inner)
            } catch {
                failure = error
                throw LexError(message: error.message, column: 0)
            }
        }
        do {
            return try lexer.commands(in: text).first ?? []
        } catch {
            if let failure { throw failure }
            throw ShellError.usage("\(error.message) at column \(error.column + column - 1)")
        }
    }

    /// "Time: 12.345 ms" after a command: beside text output on standard output, on standard
    /// error when the output is for programs (JSON, CSV).
    func reportTime(since started: Double) {
        let ms = (monotonicSeconds() - started) * 1000
        let line = "Time: " + Format.fixed(ms, 3) + " ms"
        if renderOptions.format == .table {
            _ = emit(.message(line, .dim))
        } else {
            err.write(line + "\n")
            err.flush()
        }
    }

    /// `-q`/`--quiet`: scripts leave out the confirmations of setter commands.
    public var quiet = false

    /// Notes that services raise while a command runs (a user file with mistakes): they end up
    /// in the command's output, as notes, in whatever format it is written.
    var pendingNotes: [String] = []
    /// The standing explanations said so far this session (`ConsoleAccess.firstTime`).
    var explained: Set<String> = []

    /// Adds a note to the output of the command being run.
    func note(_ message: String) { pendingNotes.append(message) }

    /// Runs one command given as words.
    public func run(words: [Token]) throws(ShellError) {
        var output: Output
        // The clock is read only when timing is on (nothing is paid for it otherwise).
        let started = setting(.timing) == .on ? monotonicSeconds() : nil
        defer {
            // A command that failed still says what it noticed, before its error.
            for note in pendingNotes { warn(note) }
            pendingNotes = []
            if let started { reportTime(since: started) }
        }
        do {
            output = try runLanguage(words) ?? evaluate(words)
            output.blocks += pendingNotes.map { .note($0) }
            pendingNotes = []
        } catch {
            throw ShellError(failure: error)
        }
        if gathered != nil {
            gathered?.append(output)
            try persistIfChanged()
            return
        }
        let failure = emit(output)
        try persistIfChanged()
        if let failure { throw failure }
    }

    /// The output of one command, without printing it.
    public func evaluate(_ words: [Token]) throws -> Output {
        if let table = words.first(where: \.isVariableReference) {
            throw ShellError.usage("\(table.text) holds a table: pipe it (\(table.text) | get COLUMN) or use \(table.text).COLUMN on one row")
        }
        var (spec, path, args) = try bind(words)
        for requirement in spec.requires {
            guard requirement.isMet(session) else { throw ShellError(.state, requirement.message) }
            requirement.provide(session, &args)
        }
        guard let handler = spec.handler else { throw ShellError.usage("\(path.joined(separator: " ")) needs a subcommand") }
        // `set trace on` (or `skyshell --trace`): every command that can trace does.
        let given = !args.isEmpty
        if setting(.trace) == .on, let flag = spec.option("trace"), flag.isFlag { args.raise("trace") }
        var output = try handler(args, context)
        // `-q` in a script: a setter's confirmation is left out; its notes stay.
        if quiet, mode == .batch, given, AllCommands.setters.contains(path.joined(separator: " ")) {
            output.blocks = output.blocks.filter { if case .note = $0 { return true } else { return false } }
        }
        return output
    }

    /// Lexes, resolves and binds a line without running anything (the parsers' whole path):
    /// throws what running it would throw before the command starts.
    public func validate(line: String) throws {
        for words in try Lexer(arguments: arguments).commands(in: line) {
            // A pipeline's head is a command; `let` and a variable's table are the language's own.
            guard let head = words.split(whereSeparator: \.isPipe).first, head.first?.keyword?.lowercased() != "let", !isVariableHead(Array(head))
            else { continue }
            _ = try bind(Array(head))
        }
    }

    /// "unknown command 'NAME' — did you mean …".
    func unknownCommand(_ name: String) -> ShellError {
        ShellError.usage("unknown command '\(name)'" + suggestion(name, among: registry.allNames) + " — type help for the list")
    }

    /// Finds the command of some words and binds its arguments.
    func bind(_ words: [Token]) throws -> (CommandSpec, [String], Arguments) {
        guard let (spec, path, next) = registry.resolve(words) else { throw unknownCommand(words[0].text) }
        let rest = Array(words[next...])
        guard spec.handler != nil else {
            let subs = spec.subcommands.map(\.name)
            if let word = rest.first {
                throw ShellError.usage(
                    "unknown subcommand '\(word.text)' for \(path.joined(separator: " "))"
                        + suggestion(word.text, among: subs) + " (usage: \(Usage.line(spec, path: path)))")
            }
            throw ShellError.usage("\(path.joined(separator: " ")) needs a subcommand: \(subs.joined(separator: ", "))")
        }
        if !spec.subcommands.isEmpty, spec.arguments.isEmpty, let word = rest.first, word.keyword?.hasPrefix("--") != true {
            throw ShellError.usage(
                "unknown subcommand '\(word.text)' for \(path.joined(separator: " "))"
                    + suggestion(word.text, among: spec.subcommands.map(\.name)) + " (usage: \(Usage.line(spec, path: path)))")
        }
        do {
            return (spec, path, try Binder(spec: spec, path: path, context: context).bind(rest))
        } catch var error as ShellError where error.kind == .usage {
            // A first word the arguments refuse may be a subcommand mistyped (`metar decod`).
            if let word = rest.first?.keyword {
                error.message += suggestion(word, among: spec.subcommands.map(\.name)) { "'\(path.joined(separator: " ")) \($0)'" }
            }
            throw error
        }
    }

    /// Writes a command's output in the current format; returns the failure that stopped a
    /// streamed table, if one did.
    @discardableResult
    public func emit(_ output: Output) -> ShellError? {
        let options = renderOptions
        if mode == .interactive, stdoutIsTerminal, options.format == .table, setting(.pager) == .on,
            !output.blocks.contains(where: { if case .stream = $0 { return true } else { return false } })
        {
            // Rendered once: through the pager when longer than the screen, else written here.
            let text = Renderer.render(output, options)
            if text.utf8.lazy.filter({ $0 == 10 }).count >= options.rows - 1 {
                out.flush()
                if let pager = Pager.command(environment) {
                    switch Pager.show(text, command: pager, environment: environment) {
                    case .shown: return nil
                    case .failed(let why): notice(why + "; the output follows unpaged (set pager off stops trying)")
                    }
                }
            }
            Renderer.closeArray(out)
            out.write(.rendered(text))
            return nil
        }
        return Renderer.write(output, options, to: out, prose: err)
    }

    /// Saves the session when persistence is on and it changed.
    func persistIfChanged() throws(ShellError) {
        guard let store = persistence, session != savedSession else { return }
        savedSession = session
        for note in try store.save(session) { warn(note) }
    }

    /// Forgets the saved baseline, e.g. after loading a stored session.
    public func markSaved() { savedSession = session }

    // MARK: - Messages

    /// Prints an error line: `file:line: error: message` in scripts, `error: message` at the prompt.
    public func report(_ error: ShellError) {
        report(error.message, label: "error", style: .error)
        // Under it, the calls it came out of: those it carries, or those running now (an error
        // reported inside a body, with --keep-going).
        let frames = error.backtrace.isEmpty ? calls.reversed() : error.backtrace
        // A runaway's many calls of the same command: the innermost, a count, the outermost.
        let shown = frames.count > 3 ? [frames[0], frames[frames.count - 1]] : frames
        for (n, frame) in shown.enumerated() {
            if frames.count > 3, n == 1 { report("… \(frames.count - 2) calls between", label: "note", style: .dim, at: nil, bare: true) }
            let place = frame.calledFrom == nil ? ", called at the prompt" : ", called here"
            report("in \(frame.command)" + place, label: "note", style: .dim, at: frame.calledFrom, bare: frame.calledFrom == nil)
        }
    }

    /// Prints a warning line on stderr.
    public func warn(_ message: String) {
        report(message, label: "warning", style: .warning)
    }

    /// Prints a note on stderr: something skyshell did on its own that the user should know.
    public func notice(_ message: String) {
        report(message, label: "note", style: .dim)
    }

    func report(_ message: String, label: String, style: Style) {
        report(message, label: label, style: style, at: location, bare: false)
    }

    /// A line on stderr under `location` (or, unless `bare`, "skyshell: " in batch).
    func report(_ message: String, label: String, style: Style, at location: SourceLocation?, bare: Bool) {
        out.flush()
        var prefix = mode == .batch && !bare ? "skyshell: " : ""
        if let location { prefix = "\(location.file):\(location.line): " }
        let options = RenderOptions(color: colorEnabled(terminal: stderrIsTerminal))
        err.write(TerminalText(prefix) + .rendered(ANSI.paint(label + ":", style, options)) + TerminalText(" " + message + "\n"))
        err.flush()
    }

    /// Requests the end of the session with `status` (the `exit` command).
    public func requestExit(_ status: Int32) { exitStatus = status }

    /// Adds or replaces commands (services plug theirs in at start-up).
    public func register(_ commands: [CommandSpec]) {
        for command in commands { registry.register(command) }
    }
}

/// A question asked at the terminal, with an optional default and completion.
public struct Question {
    public var prompt: String
    public var defaultAnswer: String?
    public var completion: ValueKind?
    public init(_ prompt: String, default defaultAnswer: String? = nil, completion: ValueKind? = nil) {
        self.prompt = prompt
        self.defaultAnswer = defaultAnswer
        self.completion = completion
    }
}
