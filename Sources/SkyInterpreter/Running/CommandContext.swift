import SkyKit

/// What a command's handler and a value kind reach: the session, the services, the output and
/// the runner's own state — not the interpreter. A handler cannot run lines, open blocks,
/// register commands or save the session; those stay the shell's (`Shell` runs a handler with
/// `shell.context`).
public struct CommandContext {
    private unowned let shell: Shell

    init(_ shell: Shell) { self.shell = shell }

    /// The observer, heading, line-of-sight origin, logbook and settings (changes are saved
    /// after the command by the shell).
    public var session: Session {
        get { shell.session }
        nonmutating set { shell.session = newValue }
    }

    /// The aviation catalog.
    public var catalog: Catalog { shell.catalog }

    /// The state of each service, made on first use (`logbook`, `radar`… read it).
    var services: ServiceTable { shell.services }

    /// Airport codes and names read as places, and their completions.
    var places: PlaceAccess { PlaceAccess(shell: shell) }

    /// The settings in effect (command-line overrides over the session's), the units and the
    /// render options they make, and `set`'s choosing of one.
    public var settings: SettingsAccess { SettingsAccess(shell: shell) }

    /// Where the command writes: standard output and error, whether each is a terminal,
    /// and the note, warning and error lines.
    var console: ConsoleAccess { ConsoleAccess(shell: shell) }

    /// The files a command writes: user files (never replaced without --force), private files,
    /// and the folder a lesson's writes must stay in.
    var files: FileAccess { FileAccess(shell: shell) }

    /// What the pipeline the command heads asks of it: every column, and the stages pushed into it.
    var pipeline: PipelineAccess { PipelineAccess(shell: shell) }

    /// The run the command is part of: its clock, paths, environment, mode and prompter.
    public var runner: RunnerAccess { RunnerAccess(shell: shell) }

    /// The interpreter itself, for the commands that work on it (help, history, vars, set,
    /// run, exit, lesson): a test keeps every other command from asking for it.
    var interpreter: InterpreterAccess { InterpreterAccess(shell: shell) }
}

/// Places from the catalog, as the shell plugs them in.
struct PlaceAccess {
    let shell: Shell

    /// Resolves airport codes and names to places (nil until the catalog is plugged in).
    var resolver: ((String) throws -> Place?)? { shell.placeResolver }
    /// Place completions from the catalog, if one is plugged in.
    func complete(_ prefix: String) -> [Candidate] { shell.completePlaces(prefix) }
}

/// The settings in effect for a command.
public struct SettingsAccess {
    let shell: Shell

    /// The effective value of a setting (a command-line override or the session's).
    public func value<Value>(_ setting: Setting<Value>) -> Value { shell.setting(setting) }
    /// The effective word of a setting.
    func word(named name: String) -> String { shell.setting(named: name) }
    /// The unit system figures are shown in.
    public var units: UnitSystem { shell.units }
    /// The format, colours and size output is rendered with.
    public var renderOptions: RenderOptions { shell.renderOptions }
    /// Chooses a setting's value (nil: back to the default), as `set` does.
    func choose(_ name: String, _ value: String?) throws(ShellError) { try shell.choose(name, value) }
    /// Whether a setting was chosen rather than left at its default.
    func isChosen(_ name: String) -> Bool { shell.isChosen(name) }
}

/// The run a command is part of.
public struct RunnerAccess {
    let shell: Shell

    public var clock: Clock { shell.clock }
    public var paths: Paths? { shell.paths }
    public var environment: [String: String] { shell.environment }
    var mode: Shell.Mode { shell.mode }
    /// Asks the person at the terminal (nil in scripts).
    var prompter: ((Question) -> String?)? { shell.prompter }
    /// Whether the session is saved after commands (not in scripts or with --fresh).
    var savesSession: Bool { shell.persistence != nil }
    /// Whether a batch run goes on after an error (`--keep-going`).
    var keepGoing: Bool { shell.keepGoing }

    /// A number from the environment, read once: within `range`, or `default` with one warning.
    func environmentNumber(_ name: String, _ range: ClosedRange<Double>, default value: Double, what: String, whole: Bool = false) -> Double {
        shell.environmentNumber(name, range, default: value, what: what, whole: whole)
    }
    /// The words of a command's text, its `$` expansions and substitutions made.
    func lex(_ text: String) throws(ShellError) -> [Token] { try shell.lex(text) }
}

/// What the commands that work on the interpreter get beyond an ordinary command's context:
/// the command table, the variables, the history, the run-time overrides, nesting, scripts,
/// lessons and the exit status.
struct InterpreterAccess {
    let shell: Shell

    /// The line history, when the line reader keeps one.
    var history: HistoryProvider? { shell.history }
    /// The commands, for help.
    var registry: CommandRegistry { shell.registry }
    /// The variables `let` set, for `vars`.
    var variables: [String: PipeValue] { shell.variables }
    /// Settings given on the command line for this run; `set` removes one.
    var overrides: [String: String] {
        get { shell.overrides }
        nonmutating set { shell.overrides = newValue }
    }
    /// Set by `exit`: the status the session ends with.
    var exitStatus: Int32? { shell.exitStatus }
    func requestExit(_ status: Int32) { shell.requestExit(status) }
    /// Runs `body` one nesting level deeper (scripts, lessons and user commands share the limit).
    func nested<T>(_ what: String, kind: String = "scripts and lessons", _ body: () throws -> T) throws -> T {
        try shell.nested(what, kind: kind, body)
    }
    /// Runs a script's lines in this session with `values` as $1, $2…; its exit status.
    func runScript(_ reader: any LineReader, name: String, values: [String]) -> Int32 { shell.runScript(reader, name: name, values: values) }
    /// A new shell for a lesson: its own home, writes confined to `folder`, this one's settings,
    /// output and nesting depth.
    func lessonSession(in folder: String) -> LessonSession { LessonSession(shell.scratchShell(in: folder)) }
}

/// Where a command writes, and the lines it says on standard error.
struct ConsoleAccess {
    let shell: Shell

    /// Whether ranked lists carry bar charts.
    var chartsEnabled: Bool { shell.chartsEnabled }
    /// Standard output and standard error.
    var out: OutputSink { shell.out }
    var err: OutputSink { shell.err }
    var stdoutIsTerminal: Bool { shell.stdoutIsTerminal }
    var stderrIsTerminal: Bool { shell.stderrIsTerminal }

    /// Writes output now (a long command's part before it goes on); the failure of a streamed table.
    func emit(_ output: Output) -> ShellError? { shell.emit(output) }
    /// Adds a note to the output of the command being run.
    func note(_ message: String) { shell.note(message) }
    /// `explanation` the first time this session it is asked for, nil after: a standing fact
    /// (what a starred altitude is) is said once, not after every command.
    func firstTime(_ explanation: String?) -> String? {
        guard let explanation, shell.explained.insert(explanation).inserted else { return nil }
        return explanation
    }
    /// An error, warning or note line on standard error (with the script's file and line).
    func report(_ error: ShellError) { shell.report(error) }
    func warn(_ message: String) { shell.warn(message) }
    func notice(_ message: String) { shell.notice(message) }
    /// A line on stderr under its own label ("station: …"), for a long-running mode's journal.
    func log(_ message: String, label: String) { shell.report(message, label: label, style: .dim, at: nil, bare: false) }
}

/// The files a command writes, through the shell's rules (see `Shell.createUserFile`).
struct FileAccess {
    let shell: Shell

    /// A file the user named, refused when it exists unless `force` (see `Shell.createUserFile`).
    func createUserFile(_ path: String, force: Bool, personal: Bool = false) throws(ShellError) -> AtomicFile {
        try shell.createUserFile(path, force: force, personal: personal)
    }
    func commit(_ file: AtomicFile) throws(ShellError) { try shell.commit(file) }
    func finish(_ file: AtomicFile, with text: String) throws(ShellError) { try shell.finish(file, with: text) }
    func writePrivateFile(_ text: String, to path: String) throws(ShellError) { try shell.writePrivateFile(text, to: path) }
    func writePrivateFile(_ bytes: [UInt8], to path: String) throws(ShellError) { try shell.writePrivateFile(bytes, to: path) }
    func ensurePrivateDirectory(_ path: String) throws(ShellError) { try shell.ensurePrivateDirectory(path) }
    func confined(_ path: String) throws(ShellError) -> String { try shell.confined(path) }
    func outsideScratch(_ what: String) -> ShellError { shell.outsideScratch(what) }
    /// The folder every write must stay in (a lesson's scratch shell).
    var confinedTo: String? { shell.confinedTo }
}

/// What the pipeline a command heads asks of it.
struct PipelineAccess {
    let shell: Shell

    /// True while the command heads a pipeline (it then gives every column it has).
    var inPipeline: Bool { shell.inPipeline }
    /// What the stages after the command let its store's query do (see `RowSource`).
    var queryPlan: FlightPushDown { shell.queryPlan }
    /// The `where` stages after the command, done by it as it makes its rows (a command that
    /// declares a `rowSource` asks for them only when it makes its table).
    func pushedWhere() -> RowTest? { shell.wherePushDown?.take() }

    /// The pushed `where` stages and `sort … | first N` after them, for a command that can rank
    /// what it holds before making rows (see `WherePushDown`).
    func pushedRanking() -> (test: RowTest?, best: WherePushDown.Best?) { shell.wherePushDown?.takeRanked() ?? (nil, nil) }
}

extension Shell {
    /// What handlers and value kinds are given.
    public var context: CommandContext { CommandContext(self) }
}
