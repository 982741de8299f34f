import Foundation

@testable import SkyInterpreter

/// A shell with every command, a pinned clock and output kept in memory.
func makeShell(session: Session = Session(), environment: [String: String] = [:], paths: Paths? = nil) -> Shell {
    let shell = Shell.standard(environment: environment, paths: paths, clock: Clock(pinned: Date(timeIntervalSince1970: 1_762_776_000)))
    shell.session = session
    shell.markSaved()
    return shell
}

extension Shell {
    /// Runs a line and returns what it printed (the error message when it failed).
    func output(_ line: String) -> String {
        let before = out.captured.count
        do {
            try run(line: line)
        } catch {
            return "error: " + error.message
        }
        out.flush()
        return String(out.captured.dropFirst(before))
    }
}
