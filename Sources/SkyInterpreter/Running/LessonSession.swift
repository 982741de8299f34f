/// A lesson's own session as the lesson commands see it: lines to run, conditions to check and
/// what a line means — the interpreter capability `lesson` needs, never the `Shell` itself.
public struct LessonSession {
    private let shell: Shell

    init(_ shell: Shell) { self.shell = shell }

    /// Runs one line as the prompt would.
    func run(line: String) throws(ShellError) { try shell.run(line: line) }

    /// Whether `condition` (written as `if` writes it) holds in the session now.
    func holds(_ condition: String) throws(ShellError) -> Bool { try shell.holds(CommandText(text: condition, location: nil)) }

    /// What `line` means once read (see `Shell.meaning(of:)`).
    func meaning(of line: String) -> [String]? { shell.meaning(of: line) }

    /// Prints an error line, as the session reports its own.
    func report(_ error: ShellError) { shell.report(error) }

    /// Writes out what the session's commands printed.
    func flush() { shell.out.flush() }
}
