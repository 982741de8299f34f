import SkyKit

/// What a command's output is written for: the settings in effect (command-line overrides
/// over the session's), colours, charts and the size drawings get.
extension Shell {
    /// The effective word of a setting: a command-line override or the session's value.
    public func setting(named name: String) -> String { overrides[name] ?? session.settings[name] }

    /// The effective value of a setting.
    public func setting<Value>(_ setting: Setting<Value>) -> Value { setting.value(self.setting(named: setting.name)) }

    public var units: UnitSystem { setting(.units) }

    /// Chooses a setting's value (nil: back to the default), as `set` does: checked, kept in the
    /// session, and in place of any command-line override.
    public func choose(_ name: String, _ value: String?) throws(ShellError) {
        if let value {
            do throws(ValueError) {
                try session.settings.set(name, value)
            } catch {
                throw ShellError.usage(error.message)
            }
        } else {
            session.settings.reset(name)
        }
        overrides[name] = nil
    }

    /// Whether a setting was chosen, on the command line or with `set`, rather than left at
    /// its default.
    public func isChosen(_ name: String) -> Bool { overrides[name] != nil || session.settings.isCustomized(name) }

    /// Whether colour codes may be written to a stream that is (or is not) a terminal.
    public func colorEnabled(terminal: Bool) -> Bool {
        switch setting(.color) {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return terminal
        }
    }

    /// Whether ranked lists carry bar charts.
    public var chartsEnabled: Bool {
        switch setting(.charts) {
        case .on: true
        case .off: false
        case .auto: stdoutIsTerminal
        }
    }

    public var renderOptions: RenderOptions {
        RenderOptions(
            format: setting(.output), color: colorEnabled(terminal: stdoutIsTerminal), accent: setting(.accent).paletteIndex,
            columns: terminalColumns, rows: terminalRows, wrap: stdoutIsTerminal)
    }

    /// Columns available for drawings: the terminal's width, $COLUMNS, or 80.
    public var terminalColumns: Int {
        if stdoutIsTerminal, let size = TerminalSize.current() { return size.columns }
        if let text = environment["COLUMNS"], let n = Int(text), n >= 20, n <= 1000 { return n }
        return 80
    }

    /// Rows available for drawings: the terminal's height, $LINES, or 24.
    public var terminalRows: Int {
        if stdoutIsTerminal, let size = TerminalSize.current() { return size.rows }
        if let text = environment["LINES"], let n = Int(text), n >= 10, n <= 1000 { return n }
        return 24
    }
}
