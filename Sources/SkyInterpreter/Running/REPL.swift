import CTerminal

/// The interactive loop: prompt, read, run, print, with `...>` for continued lines.
public struct REPL {
    public let shell: Shell
    public let reader: LineReader

    public init(shell: Shell, reader: LineReader) {
        self.shell = shell
        self.reader = reader
    }

    /// Runs until end of input or `exit`; returns the exit status.
    public func run() -> Int32 {
        var pending = ""
        while true {
            shell.out.flush()
            // A SIGTERM or SIGHUP that arrived while a command ran (a live view hands the
            // terminal back first) ends the session here.
            if sky_signals_termination() != 0 { return 128 + sky_signals_termination() }
            let prompt = pending.isEmpty && !shell.isInBlock ? Prompt.text(shell.session) : "...> "
            sky_signals_exit_on_termination(1)
            let event = reader.readLine(prompt: prompt)
            sky_signals_exit_on_termination(0)
            if sky_signals_termination() != 0 { return 128 + sky_signals_termination() }
            switch event {
            case .end:
                if reader is EditlineReader { shell.out.write("\n") }
                shell.out.flush()
                return 0
            case .interrupted:
                pending = ""
                shell.discardBlock()
            case .failed(let reason):
                let error = ShellError(.io, reason)
                shell.report(error)
                return error.exitCode
            case .invalid(let reason):
                pending = ""
                shell.discardBlock()
                shell.report(ShellError.data(reason))
            case .line(let text):
                if let continued = Lexer.continuation(of: text) {
                    pending += continued
                    continue
                }
                let line = pending + text
                pending = ""
                _ = sky_signals_take_interrupts()
                do {
                    try shell.run(line: line)
                } catch {
                    if !error.alreadyReported { shell.report(error) }
                }
                _ = sky_signals_take_interrupts()
                if let status = shell.exitStatus { shell.out.flush(); return status }
            }
        }
    }
}
