import CTerminal
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a finished child process left behind.
public struct ProcessResult: Equatable, Sendable {
    public var stdout: String
    public var stderr: String
    /// Exit status, or 128 + signal when killed.
    public var status: Int32
    public var timedOut: Bool
}

/// Runs programs with posix_spawn, feeding stdin and collecting stdout and stderr with poll
/// (no threads), killing the child after a timeout.
public enum ProcessRunner {
    public static func run(
        _ executable: String, _ arguments: [String], stdin: Data = Data(),
        environment: [String: String], directory: String? = nil,
        stdoutPath: String? = nil, timeout: Double = 60
    ) -> ProcessResult {
        var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        sky_pipe_cloexec(&inPipe); sky_pipe_cloexec(&outPipe); sky_pipe_cloexec(&errPipe)
        let pid = spawn(executable, arguments, environment, directory: directory) { actions in
            posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
            if let stdoutPath {
                posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY, 0)
            } else {
                posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
            }
            posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        }
        close(inPipe[0]); close(outPipe[1]); close(errPipe[1])
        guard pid > 0 else {
            close(inPipe[1]); close(outPipe[0]); close(errPipe[0])
            return ProcessResult(stdout: "", stderr: "spawn failed: \(String(cString: strerror(-pid)))", status: -1, timedOut: false)
        }
        var out = Data(), err = Data()
        let timedOut = pump(
            input: inPipe[1], stdin: stdin, outputs: [(outPipe[0], { out.append($0) }), (errPipe[0], { err.append($0) })],
            deadline: Date().addingTimeInterval(timeout))
        if timedOut { kill(pid, SIGKILL) }
        let status = wait(pid)
        return ProcessResult(
            stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
            status: status, timedOut: timedOut)
    }

    /// Starts a program in the background with its output discarded; returns its pid.
    public static func start(_ executable: String, _ arguments: [String], environment: [String: String], directory: String? = nil) -> pid_t {
        spawn(executable, arguments, environment, directory: directory) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
    }

    /// Spawns a program with the file actions `setUp` adds, every other descriptor closed,
    /// default signal handling and optionally a new session; returns its pid or a negative errno.
    public static func spawn(
        _ executable: String, _ arguments: [String], _ environment: [String: String],
        directory: String? = nil, newSession: Bool = false,
        _ setUp: (inout posix_spawn_file_actions_t) -> Void
    ) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        setUp(&actions)
        _ = sky_spawn_close_from(&actions, 3)
        if let directory { _ = sky_spawn_chdir(&actions, directory) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if newSession { posix_spawnattr_setflags(&attributes, Int16(sky_spawn_setsid_flag())) }
        _ = sky_spawn_reset_signals(&attributes)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        var rc = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        // A program just written (a test's copy of the binary) is "busy" while another test's
        // child, forked in that moment, still holds the writer's descriptor before its own exec:
        // that lasts microseconds, so try again for up to a second.
        var tries = 0
        while rc == ETXTBSY, tries < 100 {
            usleep(10_000)
            tries += 1
            rc = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        }
        return rc == 0 ? pid : -rc
    }

    /// Writes `stdin` and reads outputs until they close or the deadline passes; true on timeout.
    static func pump(input: Int32, stdin: Data, outputs: [(Int32, (Data) -> Void)], deadline: Date) -> Bool {
        var pending = [UInt8](stdin)
        var inputOpen = true
        if pending.isEmpty { close(input); inputOpen = false }
        var open = outputs
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty || inputOpen {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                if inputOpen { close(input) }
                for (fd, _) in open { close(fd) }
                return true
            }
            var fds = open.map { pollfd(fd: $0.0, events: Int16(POLLIN), revents: 0) }
            if inputOpen { fds.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(remaining, 1) * 1000))
            if ready < 0 && errno != EINTR { break }
            if inputOpen, let last = fds.last, last.revents != 0 {
                if last.revents & Int16(POLLOUT) != 0 {
                    let n = pending.withUnsafeBytes { write(input, $0.baseAddress, min($0.count, 65536)) }
                    if n > 0 { pending.removeFirst(n) }
                    // A write cut short by a signal is tried again, never taken for the end.
                    let failed = n < 0 && errno != EINTR && errno != EAGAIN
                    if failed || pending.isEmpty { close(input); inputOpen = false }
                } else {
                    close(input); inputOpen = false
                }
            }
            var still: [(Int32, (Data) -> Void)] = []
            for (i, entry) in open.enumerated() {
                if fds[i].revents == 0 { still.append(entry); continue }
                let n = read(entry.0, &buffer, buffer.count)
                if n > 0 { entry.1(Data(buffer[..<n])); still.append(entry) } else if n < 0 && errno == EINTR { still.append(entry) } else { close(entry.0) }
            }
            open = still
        }
        return false
    }

    /// Waits for a child; 128 + signal when it was killed.
    public static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return exitStatus(status)
    }

    /// Waits for `pid`; its status and the most memory it held (resident, in bytes), read from
    /// its own VmHWM every millisecond while it runs. (wait4's ru_maxrss is no use here: a
    /// spawned child inherits the spawning process's high-water mark at its exec.)
    public static func waitMeasuring(_ pid: pid_t) -> (status: Int32, peakBytes: Int) {
        var status: Int32 = 0
        var peak = 0
        while true {
            if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
            {
                peak = max(peak, kilobytes * 1024)
            }
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid || (done < 0 && errno != EINTR) { break }
            usleep(1_000)
        }
        return (exitStatus(status), peak)
    }

    /// The status of `pid` if it has ended (without waiting), else nil.
    public static func reap(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid ? exitStatus(status) : nil
    }

    /// A wait status as a shell shows it: the exit status, or 128 + the signal that ended it.
    static func exitStatus(_ status: Int32) -> Int32 {
        status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// The unprivileged user the tests run programs as where file modes must apply.
    public static let nobody: UInt32 = 65534

    /// Runs a program as the unprivileged user `nobody` (no groups) when the tests run as root —
    /// as CI does, and root reads and writes anything — so that file modes apply; as any other
    /// user the tests are unprivileged already and the program runs directly.
    public static func runUnprivileged(
        _ executable: String, _ arguments: [String], environment: [String: String], directory: String? = nil, timeout: Double = 60
    ) -> ProcessResult {
        guard getuid() == 0 else { return run(executable, arguments, environment: environment, directory: directory, timeout: timeout) }
        let id = String(nobody)
        return run(
            "/usr/bin/setpriv", ["--reuid=\(id)", "--regid=\(id)", "--clear-groups", executable] + arguments, environment: environment,
            directory: directory, timeout: timeout)
    }

    /// A clean environment for skyshell runs: fixed clock, locale, width; `home` as
    /// SKYSHELL_HOME and HOME.
    public static func environment(home: String, extra: [String: String] = [:]) -> [String: String] {
        var env = [
            "PATH": "/usr/bin:/bin",
            "HOME": home,
            "SKYSHELL_HOME": home,
            "LANG": "C.UTF-8",
            "TZ": "UTC",
            "COLUMNS": "100",
            "SKYSHELL_NOW": "2025-11-10T12:00:00Z",
        ]
        for (k, v) in extra { env[k] = v }
        return env
    }
}
