import CTerminal

/// The size of the terminal on stdout.
public struct TerminalSize: Sendable, Equatable {
    public var columns: Int
    public var rows: Int

    public static func current(fd: Int32 = 1) -> TerminalSize? {
        var columns: Int32 = 0, rows: Int32 = 0
        guard sky_terminal_size(fd, &columns, &rows) == 0 else { return nil }
        return TerminalSize(columns: Int(columns), rows: Int(rows))
    }
}
