/// Scripts that start scripts: `run FILE`, `lesson FILE`, a lesson's own steps, commands of your
/// own and substitutions share one depth limit, so no chain of them (a lesson that runs itself,
/// a script and a lesson that run each other, `$( $( … ) )`) can exhaust the stack.
extension Shell {
    /// How deep scripts and lessons may nest.
    static let maxNesting = 16

    /// Runs `body` one level deeper; past the limit it is an error naming `what` (one of `kind`).
    func nested<T>(_ what: String, kind: String = "scripts and lessons", _ body: () throws -> T) throws -> T {
        guard runDepth < Self.maxNesting else {
            var error = ShellError.usage("\(kind) nested more than \(Self.maxNesting) deep (does \(what) run itself?)")
            error.endsTheCommand = true
            runaway = true
            throw error
        }
        runDepth += 1
        defer { runDepth -= 1 }
        return try body()
    }

    /// Runs a script's lines in this session with `values` as $1, $2…; its exit status.
    func runScript(_ reader: any LineReader, name: String, values: [String]) -> Int32 {
        let savedArguments = arguments
        arguments = ScriptArguments(name: name, values: values, environment: environment)
        defer { arguments = savedArguments }
        out.flush()
        return BatchRunner(shell: self, keepGoing: keepGoing).run(reader, name: name)
    }

    /// A new shell for a lesson: its own home in `folder`, every write confined to it, this
    /// shell's settings, overrides, output and nesting depth.
    func scratchShell(in folder: String) -> Shell {
        let scratch = Shell.standard(
            environment: environment, paths: Paths(config: folder + "/config", state: folder + "/state", data: folder + "/data"),
            clock: clock, mode: mode, out: out, err: err, stdoutIsTerminal: stdoutIsTerminal, stderrIsTerminal: stderrIsTerminal)
        scratch.session.settings = session.settings
        scratch.overrides = overrides
        scratch.confinedTo = folder
        scratch.runDepth = runDepth
        return scratch
    }
}
