import CTerminal
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program fed its standard input a piece at a time while the test watches its output and
/// its files (a script that is still running: files open, locks held, signals sent mid-way).
/// Standard output and error go to files, so nothing blocks on a full pipe.
public final class LiveProcess {
    public let pid: pid_t
    let input: Int32
    let outPath: String, errPath: String
    public private(set) var exitStatus: Int32?

    public init(_ executable: String, _ arguments: [String], environment: [String: String], directory: String? = nil, scratch: String) throws {
        var pipeFDs: [Int32] = [0, 0]
        guard sky_pipe_cloexec(&pipeFDs) == 0 else { throw PTYError("pipe failed") }
        let out = scratch + "/.live-\(UUID().uuidString).out", err = scratch + "/.live-\(UUID().uuidString).err"
        outPath = out
        errPath = err
        let child = ProcessRunner.spawn(executable, arguments, environment, directory: directory) { actions in
            posix_spawn_file_actions_adddup2(&actions, pipeFDs[0], 0)
            posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        close(pipeFDs[0])
        guard child > 0 else { close(pipeFDs[1]); throw PTYError("spawn failed") }
        pid = child
        input = pipeFDs[1]
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            _ = ProcessRunner.wait(pid)
        }
        close(input)
        unlink(outPath)
        unlink(errPath)
    }

    /// Writes to the program's standard input.
    public func send(_ text: String) {
        var bytes = Array(text.utf8)
        while !bytes.isEmpty {
            let n = write(input, bytes, bytes.count)
            if n <= 0 { return }
            bytes.removeFirst(n)
        }
    }

    /// Ends the program's input.
    public func closeInput() { close(input) }

    public var stdout: String { (FileManager.default.contents(atPath: outPath)).map { String(decoding: $0, as: UTF8.self) } ?? "" }
    public var stderr: String { (FileManager.default.contents(atPath: errPath)).map { String(decoding: $0, as: UTF8.self) } ?? "" }

    /// Waits until standard output contains `text`.
    public func waitFor(_ text: String, timeout: Double = 30) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !stdout.contains(text) {
            if Date() >= deadline {
                throw PTYError(
                    "timed out waiting for \(text.debugDescription); stdout \(stdout.suffix(300).debugDescription) "
                        + "stderr \(stderr.suffix(300).debugDescription)"
                )
            }
            usleep(10_000)
        }
    }

    /// Sends a signal to the program.
    public func signal(_ number: Int32) { kill(pid, number) }

    /// Waits for the program to end; its status, or 128 + the signal that ended it.
    @discardableResult
    public func waitForExit(timeout: Double = 30) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let status = ProcessRunner.reap(pid) {
                exitStatus = status
                return status
            }
            if Date() >= deadline { throw PTYError("the program did not end; stderr \(stderr.suffix(300).debugDescription)") }
            usleep(10_000)
        }
    }
}

/// Bytes that must never reach a terminal from outside text, for tests of every input channel.
public enum TerminalSafety {
    /// What in `text` could act on a terminal (ESC, BEL, a bare CR, other C0 and C1 controls,
    /// DEL, bidirectional controls), or nil when there is nothing.
    public static func violation(in text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        for (i, s) in scalars.enumerated() {
            switch s.value {
            case 0x09, 0x0A: continue
            case 0x0D where i + 1 < scalars.count && scalars[i + 1] == "\n": continue
            case 0x00..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                let context = String(String.UnicodeScalarView(scalars[max(0, i - 20)..<min(scalars.count, i + 10)]))
                return "U+\(String(s.value, radix: 16)) at \(i) in \(context.debugDescription)"
            default: continue
            }
        }
        return nil
    }
}
