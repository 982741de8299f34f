import CTerminal
import Glibc
import SkyKit

/// The `skyshell` program: reads the command line, builds the shell and runs it
/// interactively or as a script. Returns the exit status.
public enum SkyshellMain {
    public static let version = "0.1.0"

    /// Freed memory is kept for the next allocations: blocks up to 32 MB come from the heap, and
    /// up to 64 MB free at its top stay mapped. A radar answer of 10,000 aircraft lives in a few
    /// arrays of 1–3 MB, made again on every refresh; given back to the system and mapped anew,
    /// each of their pages was a page fault again (`skybench radar`: 53,200 page faults, 7,900
    /// with these settings; Docs/PERFORMANCE.md). skybench does the same, to time what skyshell
    /// does.
    public static func keepFreedMemory() { sky_memory_keep_freed(32 << 20, 64 << 20) }

    /// The process environment, read straight from `environ` (cheaper at start-up than
    /// Foundation's ProcessInfo).
    public static var processEnvironment: [String: String] { environment(sky_environment()) }

    /// The NAME=value entries of a null-terminated list as a dictionary, split at the first "="
    /// on the bytes (a search by Character would break every value, LS_COLORS and PATH among
    /// them, into grapheme clusters on each start); an entry without "=" is left out, text that
    /// is not UTF-8 is repaired as `String(cString:)` would.
    static func environment(_ entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String: String] {
        var env: [String: String] = [:]
        guard var entry = entries else { return env }
        // Counted first: the dictionary is made once at its size instead of grown.
        var count = 0
        while entry[count] != nil { count += 1 }
        env.reserveCapacity(count)
        while let cString = entry.pointee {
            let bytes = UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self)
            let length = strlen(cString)
            if let eq = memchr(cString, 0x3D, length) {
                let keyLength = UnsafeRawPointer(eq) - UnsafeRawPointer(cString)
                let key = String(decoding: UnsafeBufferPointer(start: bytes, count: keyLength), as: UTF8.self)
                env[key] = String(decoding: UnsafeBufferPointer(start: bytes + keyLength + 1, count: length - keyLength - 1), as: UTF8.self)
            }
            entry += 1
        }
        return env
    }

    public static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        sky_signals_install()
        keepFreedMemory()
        let errSink = OutputSink(fd: 2)

        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(Array(arguments.dropFirst()))
        } catch {
            errSink.write("skyshell: error: \(error.message)\n")
            errSink.flush()
            return ExitCode.usage
        }
        let out = OutputSink(fd: 1)
        if options.help {
            out.write(CommandLineOptions.helpText)
            out.flush()
            return out.failure == nil ? 0 : ExitCode.ioError
        }
        if let kind = options.generate {
            out.write(Reference.generate(kind, registry: AllCommands.registry) ?? "")
            out.flush()
            return out.failure == nil ? 0 : ExitCode.ioError
        }
        if options.version {
            out.write("skyshell \(version)\n")
            out.flush()
            return out.failure == nil ? 0 : ExitCode.ioError
        }

        let stdinTTY = isatty(0) == 1, stdoutTTY = isatty(1) == 1, stderrTTY = isatty(2) == 1
        let interactive = options.source == .standardInput && stdinTTY
        let paths = Paths.resolve(environment)
        let (clock, clockProblem) = Clock.from(environment)
        let shell = Shell.standard(
            environment: environment, paths: paths, clock: clock, mode: interactive ? .interactive : .batch,
            out: out, err: errSink, stdoutIsTerminal: stdoutTTY, stderrIsTerminal: stderrTTY)
        if let clockProblem { shell.warn(clockProblem) }
        if let output = options.output { shell.overrides[Setting.output.name] = output }
        if let color = options.color { shell.overrides[Setting.color.name] = color }
        if options.trace { shell.overrides[Setting.trace.name] = Switch.on.rawValue }
        shell.quiet = options.quiet

        let wantsSaved = interactive ? !options.fresh : options.resume
        var firstStart = false
        if wantsSaved {
            if let paths {
                // Skyshell's folders are private: made so (with one note) before anything is kept there.
                let existing = paths.directories.filter { access($0, F_OK) == 0 }
                do { try shell.ensurePrivateDirectories(existing) } catch { shell.warn(error.message) }
                // A first start at a terminal: no folder of skyshell's yet. The state folder is
                // made now, so it is said once.
                if interactive, existing.isEmpty {
                    firstStart = true
                    do { try shell.ensurePrivateDirectory(paths.state) } catch { shell.warn(error.message) }
                }
                let store = SessionStore(paths: paths)
                let (session, problems) = store.load()
                for problem in problems { shell.warn(problem) }
                shell.session = session
                shell.markSaved()
                shell.persistence = store
            } else {
                shell.warn("neither SKYSHELL_HOME nor HOME is set; the session will not be saved")
            }
        }
        if let paths, interactive ? !options.fresh || options.startup : options.startup {
            runStartup(shell, paths.path(.startup), asked: options.startup)
        }
        let status: Int32
        if interactive {
            out.autoFlush = true
            status = runInteractive(shell, stdoutTTY: stdoutTTY, firstStart: firstStart)
        } else {
            status = runBatch(shell, options)
        }
        Renderer.finish(shell.renderOptions, to: out)
        out.flush()
        if let failure = out.failure, status == 0 {
            shell.location = nil
            shell.report(ShellError(.io, "cannot write output: \(failure)"))
            return ExitCode.ioError
        }
        return status
    }

    /// Runs the start-up file (its errors are reported and the rest of it runs); a missing
    /// file is fine unless `--startup` asked for it.
    static func runStartup(_ shell: Shell, _ path: String, asked: Bool) {
        guard access(path, F_OK) == 0 || asked else { return }
        do {
            let reader = try ScriptFile.open(path)
            _ = BatchRunner(shell: shell, keepGoing: true).run(reader, name: path)
        } catch {
            shell.report(error)
        }
    }

    static func runInteractive(_ shell: Shell, stdoutTTY: Bool, firstStart: Bool) -> Int32 {
        let reader: LineReader
        let editing = stdoutTTY && EditlineReader.unavailable == nil
        if stdoutTTY, let reason = EditlineReader.unavailable {
            shell.warn("no line editing, history or completion: libedit is not available (\(reason)); install libedit2")
        }
        if editing {
            setUpLocale()
            let completer = Completer(shell: shell)
            let editline = EditlineReader(historyPath: shell.persistence == nil ? nil : shell.paths?.historyFile) {
                completer.complete($0)
            }
            editline.historyProblem = { [unowned shell] in shell.warn($0) }
            editline.leavesBlockOpen = { [unowned shell] in shell.leavesBlockOpen($0) }
            // Never on a terminal that cannot show dim text.
            let dumb = (shell.environment["TERM"] ?? "dumb") == "dumb"
            editline.suggests = { [unowned shell] in !dumb && shell.setting(.suggestions) == .on }
            shell.history = editline
            shell.prompter = { [unowned editline] question in
                editline.ask(question.prompt, completion: question.completion.map { kind in { completer.complete(answer: $0, kind: kind) } })
            }
            reader = editline
        } else {
            reader = PlainLineReader(fd: 0, promptSink: shell.err)
        }
        shell.out.write("skyshell \(version) — type help for commands, Ctrl-D to leave.\n")
        if firstStart { shell.out.write(welcome) }
        return REPL(shell: shell, reader: reader).run()
    }

    /// Said at a first start: how to begin.
    static let welcome = "New here? tour shows what skyshell does in a minute, lesson 1 teaches it step by step, help lists every command.\n"

    static func runBatch(_ shell: Shell, _ options: CommandLineOptions) -> Int32 {
        let runner = BatchRunner(shell: shell, keepGoing: options.keepGoing)
        shell.keepGoing = options.keepGoing
        switch options.source {
        case .commands(let text):
            guard !text.trimmingWhitespace.isEmpty else {
                shell.report(.usage("-c needs commands, e.g. skyshell -c 'help'"))
                return ExitCode.usage
            }
            shell.arguments = ScriptArguments(name: "skyshell", values: options.scriptArguments, environment: shell.environment)
            return runner.run(PlainLineReader(text: text), name: "-c")
        case .file(let path):
            shell.arguments = ScriptArguments(name: path, values: options.scriptArguments, environment: shell.environment)
            do {
                let reader = try ScriptFile.open(path)
                return runner.run(reader, name: path)
            } catch {
                shell.report(error)
                return error.exitCode
            }
        case .standardInput, .stdinScript:
            shell.arguments = ScriptArguments(name: "skyshell", values: options.scriptArguments, environment: shell.environment)
            return runner.run(PlainLineReader(fd: 0), name: "<stdin>")
        }
    }

    /// Uses the user's locale, falling back to C.UTF-8 when it is not UTF-8 (libedit drops
    /// non-ASCII input in the C locale). Only the line editor needs it: skyshell itself
    /// treats all text as UTF-8 whatever the locale.
    static func setUpLocale() {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        if codeset != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
    }
}

extension String {
    var trimmingWhitespace: Substring {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" { s = s.dropLast() }
        return s
    }
}
