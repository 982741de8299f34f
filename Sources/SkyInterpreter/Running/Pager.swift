import CTerminal
import Glibc

/// Output longer than the screen, at an interactive terminal, goes through a pager as psql and
/// git do: `$PAGER`, or `less -FRX` (which quits at once when the text fits, keeps colours and
/// leaves the text on the screen). Never in scripts or pipes; `set pager off` turns it off.
enum Pager {
    /// The pager to run: `$PAGER`, else `less -FRX` when less is on the PATH; nil for none.
    static func command(_ environment: [String: String]) -> String? {
        if let chosen = environment["PAGER"] { return chosen.trimmingWhitespace.isEmpty ? nil : chosen }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        let found = path.split(separator: ":").contains { access("\($0)/less", X_OK) == 0 }
        return found ? "less -FRX" : nil
    }

    /// How showing through the pager went.
    enum Outcome: Equatable {
        case shown
        /// The pager could not show it: the caller writes the text itself, with this note.
        case failed(String)
    }

    /// Shows `text` through the pager and waits for it to end. A pager that cannot be started,
    /// that is not found, or that ends with a failure status (`PAGER=false`) has not shown it;
    /// one the person quits early (q) has.
    static func show(_ text: String, command: String, environment: [String: String]) -> Outcome {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return .failed("the pager could not be started (\(String(cString: strerror(errno))))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        _ = sky_spawn_reset_signals(&attributes)
        let arguments = ["/bin/sh", "-c", command]
        let env = environment.map { "\($0.key)=\($0.value)" }
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = env.map { strdup($0) } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var pid = pid_t()
        let started = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, &envp)
        close(fds[0])
        guard started == 0 else {
            close(fds[1])
            return .failed("the pager could not be started (\(String(cString: strerror(started))))")
        }
        // A pager quit early (q) closes the pipe: the rest is dropped, not a signal.
        let previous = signal(SIGPIPE, SIG_IGN)
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            offset += n
        }
        close(fds[1])
        signal(SIGPIPE, previous)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // 127: the shell found no such program; any other failure status: the pager did not
        // do its job. Ended by a signal (Ctrl-C in the pager) is the person's choice.
        let exited = status & 0x7F == 0, code = (status >> 8) & 0xFF
        guard exited, code != 0 else { return .shown }
        return .failed(code == 127 ? "the pager '\(command)' was not found" : "the pager '\(command)' failed (exit status \(code))")
    }
}
