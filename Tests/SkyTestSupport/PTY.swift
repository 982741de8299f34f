import CTerminal
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program running on a real pseudo-terminal, driven like a person at the keyboard.
/// Waits are for conditions with timeouts, never fixed sleeps.
public final class PTYSession {
    public let pid: pid_t
    let master: Int32
    /// Everything the program wrote so far (raw, with escape sequences).
    public private(set) var transcript = ""
    private var consumed = 0
    public private(set) var exitStatus: Int32?

    /// Starts `executable` with the slave side of a new pty as its controlling terminal.
    public init(
        _ executable: String, _ arguments: [String] = [], environment: [String: String],
        columns: UInt16 = 100, rows: UInt16 = 30
    ) throws {
        var masterFD: Int32 = -1, slaveFD: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&masterFD, &slaveFD, nil, nil, &size) == 0 else { throw PTYError("openpty failed") }
        _ = fcntl(masterFD, F_SETFD, FD_CLOEXEC)
        // Non-blocking: reads and writes wait in poll, with deadlines, never in the call.
        _ = fcntl(masterFD, F_SETFL, fcntl(masterFD, F_GETFL) | O_NONBLOCK)
        var name = [CChar](repeating: 0, count: 256)
        guard ttyname_r(slaveFD, &name, name.count) == 0 else { throw PTYError("ttyname_r failed") }
        let slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Opened after setsid in the child, the slave becomes its controlling terminal.
        let child = ProcessRunner.spawn(executable, arguments, environment, newSession: true) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
        }
        close(slaveFD)
        guard child > 0 else { close(masterFD); throw PTYError("spawn failed: \(String(cString: strerror(-child)))") }
        pid = child
        master = masterFD
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            _ = ProcessRunner.wait(pid)
        }
        close(master)
    }

    /// Reads whatever is available within `timeout` seconds into the transcript.
    func pump(_ timeout: Double) {
        var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, 1, Int32(timeout * 1000)) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = read(master, &buffer, buffer.count)
        if n > 0 { transcript += String(decoding: buffer[..<n], as: UTF8.self) }
    }

    /// Waits until the output after the last match contains `text`; returns that output.
    @discardableResult
    public func waitFor(_ text: String, timeout: Double = 60) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let fresh = String(transcript.dropFirst(consumed))
            if let range = fresh.range(of: text) {
                consumed += fresh.distance(from: fresh.startIndex, to: range.upperBound)
                return fresh
            }
            if Date() >= deadline { throw PTYError("timed out waiting for \(text.debugDescription); got \(fresh.debugDescription)") }
            pump(0.05)
        }
    }

    /// Waits until the terminal is out of canonical mode: the line editor is reading keys.
    /// (libedit draws the prompt before switching modes; keys sent earlier are cooked by the
    /// kernel.)
    public func waitForEditing(timeout: Double = 60) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            var mode = termios()
            if tcgetattr(master, &mode) == 0, mode.c_lflag & tcflag_t(ICANON) == 0 { return }
            if Date() >= deadline { throw PTYError("terminal never left canonical mode") }
            pump(0.01)
        }
    }

    /// Sends keys, by default after the line editor is ready for them (`toEditor: false` for
    /// programs that read the terminal in canonical mode).
    /// A program that stops reading its terminal fails the test within `timeout` seconds
    /// instead of blocking it: the keys are written only when the terminal takes them, and
    /// its output is read meanwhile.
    public func send(_ keys: String, toEditor: Bool = true, timeout: Double = 60) throws {
        if toEditor { try waitForEditing() }
        let deadline = Date().addingTimeInterval(timeout)
        var bytes = Array(keys.utf8)
        while !bytes.isEmpty {
            var fds = [pollfd(fd: master, events: Int16(POLLOUT), revents: 0)]
            if poll(&fds, 1, 50) > 0, fds[0].revents & Int16(POLLOUT) != 0 {
                let n = write(master, bytes, bytes.count)
                if n > 0 {
                    bytes.removeFirst(n)
                    continue
                }
                if n < 0, errno != EAGAIN, errno != EINTR { throw PTYError("write to pty failed: \(String(cString: strerror(errno)))") }
            }
            if Date() >= deadline {
                throw PTYError("the program stopped reading its terminal; output \(String(transcript.dropFirst(consumed)).debugDescription)")
            }
            pump(0.01)
        }
    }

    /// Resizes the terminal; the program receives SIGWINCH.
    public func resize(columns: Int, rows: Int) {
        _ = sky_terminal_set_size(master, Int32(columns), Int32(rows))
    }

    /// Types `line` and Return, then returns what was printed up to `marker`, without escape codes.
    @discardableResult
    public func enter(_ line: String, until marker: String) throws -> String {
        try send(line + "\r")
        return PTYSession.plain(try waitFor(marker))
    }

    /// Types `exit` and waits for the shell to end; returns its status.
    @discardableResult
    public func exitShell() throws -> Int32 {
        try send("exit\r")
        return try waitForExit()
    }

    /// Sends a signal to the program.
    public func signal(_ number: Int32) { kill(pid, number) }

    /// Waits for the program to exit and returns its status.
    @discardableResult
    public func waitForExit(timeout: Double = 60) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let status = ProcessRunner.reap(pid) {
                exitStatus = status
                pump(0.05)
                return status
            }
            if Date() >= deadline { throw PTYError("program did not exit; output \(String(transcript.dropFirst(consumed)).debugDescription)") }
            pump(0.05)
        }
    }

    /// Text without ANSI escape sequences and carriage returns.
    public static func plain(_ text: String) -> String {
        var out = ""
        var escape = false
        var csi = false
        for scalar in text.unicodeScalars {
            if escape {
                if csi {
                    if (0x40...0x7E).contains(scalar.value) { escape = false; csi = false }
                } else if scalar == "[" {
                    csi = true
                } else {
                    escape = false
                }
                continue
            }
            if scalar == "\u{1B}" { escape = true; continue }
            if scalar == "\r" || scalar == "\u{07}" { continue }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}

/// A failure while driving a pseudo-terminal.
public struct PTYError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension PTYSession {
    /// skyshell on a terminal of its own (TERM=xterm, its size from the PTY, not COLUMNS),
    /// with `home` as SKYSHELL_HOME.
    /// skyshell at a terminal of the given size, waiting at its first prompt. The terminal has
    /// that size from the start: a resize while the first prompt is drawn can leave it half drawn
    /// until the next key (libedit redraws on SIGWINCH), which a test would wait for in vain.
    public static func prompt(home: String, columns: Int = 100, rows: Int = 40, extra: [String: String] = [:]) throws -> PTYSession {
        let session = try skyshell(home: home, [], extra: extra, columns: columns, rows: rows)
        try session.waitFor("sky ✈default> ")
        return session
    }

    public static func skyshell(
        home: String, _ arguments: [String] = [], extra: [String: String] = [:], binary: String = Executable.skyshell,
        columns: Int = 100, rows: Int = 30
    ) throws -> PTYSession {
        // Long output at a terminal goes through $PAGER: tests read it whole, as git's do.
        var env = ProcessRunner.environment(home: home, extra: ["PAGER": "cat"].merging(extra) { $1 })
        env["TERM"] = extra["TERM"] ?? "xterm"
        env.removeValue(forKey: "COLUMNS")
        return try PTYSession(binary, arguments, environment: env, columns: UInt16(columns), rows: UInt16(rows))
    }
}
