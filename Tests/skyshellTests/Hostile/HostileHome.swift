import Foundation
import Glibc
import SkyTestSupport

/// A skyshell home for the hostile-input tests, and the ways they run the binary in it.
final class HostileHome {
    let dir = TemporaryDirectory("hostile")
    var path: String { dir.path }
    var env: [String: String] { ProcessRunner.environment(home: path) }

    /// Runs `-c commands` (with `--resume` when asked) in the home.
    @discardableResult
    func sky(_ commands: String, resume: Bool = false, env extra: [String: String] = [:], timeout: Double = 60) -> ProcessResult {
        var environment = env
        for (k, v) in extra { environment[k] = v }
        return ProcessRunner.run(
            Executable.skyshell, (resume ? ["--resume"] : []) + ["-c", commands], environment: environment, directory: path, timeout: timeout)
    }

    /// Runs skyshell with any arguments (a script, `-`) in the home.
    func run(_ arguments: [String], stdin: Data = Data(), env extra: [String: String] = [:], timeout: Double = 60) -> ProcessResult {
        var environment = env
        for (k, v) in extra { environment[k] = v }
        return ProcessRunner.run(Executable.skyshell, arguments, stdin: stdin, environment: environment, directory: path, timeout: timeout)
    }

    /// Runs `-c commands` as the unprivileged user `nobody` (root ignores file modes).
    func skyAsNobody(_ commands: String, resume: Bool = false) -> ProcessResult {
        ProcessRunner.runUnprivileged(Executable.skyshell, (resume ? ["--resume"] : []) + ["-c", commands], environment: env, directory: "/")
    }

    /// Runs `-c commands` with the umask set first (as a login shell would).
    func sky(umask mask: String, _ commands: String) -> ProcessResult {
        ProcessRunner.run("/bin/sh", ["-c", "umask \(mask); exec \"$0\" --resume -c \"$1\"", Executable.skyshell, commands], environment: env, directory: path)
    }

    @discardableResult
    func write(_ name: String, _ text: String) -> String { dir.write(name, text) }

    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: path + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    func mode(_ name: String) -> mode_t {
        var info = stat()
        return lstat(name.hasPrefix("/") ? name : path + "/" + name, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    /// The flights listed, by their "#n" lines.
    func flightCount() -> Int {
        sky("flights").stdout.split(separator: "\n").filter { $0.contains("→") }.count
    }
}
