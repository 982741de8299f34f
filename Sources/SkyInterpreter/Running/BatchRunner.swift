import CTerminal

/// Runs lines from a script, stdin or `-c` through the shell: errors print as
/// `FILE:LINE: error: …`; the first error stops the run unless `keepGoing`.
public struct BatchRunner {
    public let shell: Shell
    public var keepGoing: Bool

    public init(shell: Shell, keepGoing: Bool) {
        self.shell = shell
        self.keepGoing = keepGoing
    }

    /// Runs every line of `reader`, naming it `name` in messages; returns the exit status
    /// (the first error's, or 0, or the status given to `exit`).
    public func run(_ reader: LineReader, name: String) -> Int32 {
        (reader as? PlainLineReader)?.flushBeforeRead = shell.out
        let outer = shell.location
        defer { shell.location = outer }
        var status: Int32 = 0
        var pending = ""
        var pendingStart = 0
        while true {
            let event = reader.readLine(prompt: "")
            shell.location = SourceLocation(file: name, line: pending.isEmpty ? reader.lineNumber : pendingStart)
            switch event {
            case .failed, .interrupted: shell.location?.line = pending.isEmpty ? reader.lineNumber + 1 : pendingStart
            default: break
            }
            switch event {
            case .end:
                if !pending.isEmpty {
                    let error = ShellError.usage("the last line ends with '\\' but no line follows")
                    shell.report(error)
                    return status == 0 ? error.exitCode : status
                }
                if let open = shell.openBlockMessage {
                    shell.discardBlock()
                    shell.location = nil
                    let error = ShellError.usage(open)
                    shell.report(error)
                    return status == 0 ? error.exitCode : status
                }
                return status
            case .interrupted:
                let error = Interrupt.termination == nil ? ShellError(.interrupted, "interrupted") : ShellError.terminated()
                shell.report(error)
                return error.exitCode
            case .failed(let reason):
                let error = ShellError(.io, reason)
                shell.report(error)
                return status == 0 ? error.exitCode : status
            case .invalid(let reason):
                pending = ""
                let error = ShellError.data(reason)
                shell.report(error)
                if status == 0 { status = error.exitCode }
                if !keepGoing { return status }
            case .line(let text):
                if let continued = Lexer.continuation(of: text) {
                    if pending.isEmpty { pendingStart = reader.lineNumber }
                    pending += continued
                    continue
                }
                let line = pending + text
                pending = ""
                if Interrupt.termination != nil {
                    let error = ShellError.terminated()
                    shell.report(error)
                    return error.exitCode
                }
                if sky_signals_take_interrupts() > 0 {
                    shell.report(ShellError(.interrupted, "interrupted"))
                    return ExitCode.interrupted
                }
                do {
                    try shell.run(line: line)
                } catch {
                    if !error.alreadyReported { shell.report(error) }
                    if error.kind == .terminated { return error.exitCode }
                    if status == 0 { status = error.exitCode }
                    // A runaway ends every script inside the command that recursed; the top
                    // level then goes on with its next line (with --keep-going).
                    if shell.runaway || error.endsTheCommand {
                        if shell.runDepth > 0 { return status }
                        shell.runaway = false
                    }
                    if error.kind == .interrupted || !keepGoing { return status }
                }
                if let exit = shell.exitStatus { return exit }
                if let failure = shell.out.failure {
                    shell.location = nil
                    shell.report(ShellError(.io, "cannot write output: \(failure)"))
                    return ExitCode.ioError
                }
            }
        }
    }
}
