import CTerminal

/// Ctrl-C while a command runs: the signal handler only counts; long loops call `check()` at
/// safe points and stop cleanly.
public enum Interrupt {
    /// True when Ctrl-C was pressed since the command started (the request stays pending).
    public static var requested: Bool { sky_signals_interrupt_pending() != 0 }

    /// Clears a pending Ctrl-C that a command handled itself (it stopped early on purpose);
    /// true when there was one.
    @discardableResult
    public static func take() -> Bool { sky_signals_take_interrupts() != 0 }

    /// Throws an `interrupted` error when Ctrl-C was pressed.
    public static func check() throws(ShellError) {
        if requested {
            _ = sky_signals_take_interrupts()
            throw ShellError(.interrupted, "interrupted")
        }
    }
}
