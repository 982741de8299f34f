import CTerminal

/// Ctrl-C, SIGTERM and SIGHUP while a command runs: the signal handlers only record them; long
/// loops ask `requested` at safe points and stop cleanly (a write is finished or rolled back),
/// then the runner ends the line — and, for SIGTERM and SIGHUP, the process.
public enum Interrupt {
    /// True when Ctrl-C was pressed since the command started (the request stays pending), or
    /// SIGTERM or SIGHUP arrived.
    public static var requested: Bool { sky_signals_interrupt_pending() != 0 || sky_signals_termination() != 0 }

    /// Clears a pending Ctrl-C that a command handled itself (it stopped early on purpose);
    /// true when there was one. A termination signal stays.
    @discardableResult
    public static func take() -> Bool { sky_signals_take_interrupts() != 0 }

    /// The SIGTERM or SIGHUP that asked skyshell to end, if one did.
    public static var termination: Int32? {
        let signal = sky_signals_termination()
        return signal == 0 ? nil : signal
    }

    /// How many Ctrl-Cs arrived since the process started.
    static var seen: Int32 { sky_signals_interrupts_seen() }

    /// Throws when Ctrl-C was pressed or the process is asked to end.
    public static func check() throws(ShellError) {
        if termination != nil { throw ShellError.terminated() }
        if requested {
            _ = sky_signals_take_interrupts()
            throw ShellError(.interrupted, "interrupted")
        }
    }
}

extension ShellError {
    /// The error that ends a script on SIGTERM or SIGHUP (status 128 + the signal).
    static func terminated(_ detail: String = "") -> ShellError {
        let signal = Interrupt.termination ?? 15
        return ShellError(.terminated, "stopped by \(signal == 1 ? "SIGHUP" : "SIGTERM")" + detail)
    }
}
