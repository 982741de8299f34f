import Foundation
import SkyTestSupport
import Testing

/// Batch behaviour that transcripts cannot show: executable scripts, write failures, huge
/// inputs, what is (not) written to the home directory.
@Suite("Batch mode")
struct BatchTests {
    let home = TemporaryDirectory("batch")
    var env: [String: String] { ProcessRunner.environment(home: home.path) }

    @Test func aShebangScriptRunsDirectly() throws {
        let script = home.write("hello.sky", "#!/usr/bin/env skyshell\necho hello from $0 with $1\n")
        chmod(script, 0o755)
        var env = self.env
        env["PATH"] = Executable.buildDirectory + ":/usr/bin:/bin"
        let result = ProcessRunner.run(script, ["arg"], environment: env)
        #expect(result.status == 0)
        #expect(result.stdout == "hello from \(script) with arg\n")
    }

    /// A lesson or script that stops on an error gives the batch command that ran it the error's
    /// status, however deep the error was: a lesson file that runs itself, a failing step, a
    /// script that runs such a lesson, in `-c` and in a script file alike.
    @Test func anErrorInsideALessonOrScriptIsTheBatchCommandsStatus() throws {
        let looping = home.write("self.sky", "lesson \(home.path)/self.sky\n")
        let failing = home.write("bad.sky", "echo one\nnosuchcommand\necho two\n")
        let caller = home.write("caller.sky", "lesson \(failing)\necho after\n")
        for (arguments, message) in [
            (["-c", "lesson \(looping)"], "nested more than 16 deep"), (["-c", "run \(looping)"], "nested more than 16 deep"),
            (["-c", "lesson \(failing)"], "unknown command 'nosuchcommand'"), (["-c", "run \(failing)"], "unknown command 'nosuchcommand'"),
            ([caller], "unknown command 'nosuchcommand'"), (["-c", "run \(caller); echo after"], "unknown command 'nosuchcommand'"),
        ] {
            let result = ProcessRunner.run(Executable.skyshell, arguments, environment: env)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            // Said once, and nothing after the failing step runs.
            #expect(result.stderr.components(separatedBy: message).count == 2, "\(arguments): \(result.stderr)")
            #expect(!result.stdout.contains("two") && !result.stdout.contains("after"), "\(arguments): \(result.stdout)")
        }
        // A lesson that runs through exits 0.
        #expect(ProcessRunner.run(Executable.skyshell, ["-c", "lesson 1"], environment: env).status == 0)
    }

    @Test func aFullDiskOnStdoutIsAnIOError() {
        let result = ProcessRunner.run(Executable.skyshell, ["-c", "help"], environment: env, stdoutPath: "/dev/full")
        #expect(result.status == 74)
        #expect(result.stderr == "skyshell: error: cannot write output: No space left on device\n")
    }

    @Test func aOneMegabyteLineIsRejectedAndTheRestRunsWithKeepGoing() throws {
        let line = String(repeating: "x", count: 1 << 20)
        let script = home.write("long.sky", "echo first\necho \(line)\necho last\n")
        let stop = ProcessRunner.run(Executable.skyshell, [script], environment: env)
        #expect(stop.status == 65)
        #expect(stop.stdout == "first\n")
        #expect(stop.stderr == "\(script):2: error: line is longer than 65536 bytes\n")
        let go = ProcessRunner.run(Executable.skyshell, ["--keep-going", script], environment: env)
        #expect(go.status == 65)
        #expect(go.stdout == "first\nlast\n")
    }

    @Test func aHugeStdinStreamRunsInConstantMemory() throws {
        var text = ""
        for i in 0..<20_000 { text += "echo line \(i)\n" }
        let result = ProcessRunner.run(Executable.skyshell, [], stdin: Data(text.utf8), environment: env)
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("line 19999\n"))
        #expect(result.stdout.split(separator: "\n").count == 20_000)
    }

    @Test func scriptsRecordNoHistoryAndSaveNoSession() throws {
        let result = ProcessRunner.run(Executable.skyshell, ["-c", "observer 1 2; heading 90"], environment: env)
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: home.path + "/history"))
        #expect(!FileManager.default.fileExists(atPath: home.path + "/session.json"))
    }

    @Test func resumeSavesTheSessionForLaterRuns() throws {
        _ = ProcessRunner.run(Executable.skyshell, ["--resume", "-c", "heading 90"], environment: env)
        let later = ProcessRunner.run(Executable.skyshell, ["--resume", "-c", "heading"], environment: env)
        #expect(later.stdout == "heading 90° (E) — facing east\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: home.path + "/session.json")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func anUnreadableScriptExits66() throws {
        // Run as an unprivileged user (root reads anything), who can reach the folder.
        chmod(home.path, 0o755)
        let script = home.write("secret.sky", "echo hi\n")
        chmod(script, 0o644)
        let readable = ProcessRunner.runUnprivileged(Executable.skyshell, [script], environment: env, directory: "/")
        #expect(readable.status == 0 && readable.stdout == "hi\n", "the same script, readable, runs: \(readable.stderr)")
        chmod(script, 0o000)
        defer { chmod(script, 0o600) }
        let result = ProcessRunner.runUnprivileged(Executable.skyshell, [script], environment: env, directory: "/")
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.contains("secret.sky") && result.stderr.contains("Permission denied"), "\(result.stderr)")
    }

    @Test func anUnusableSKYSHELL_NOWIsReportedAndIgnored() {
        var env = self.env
        env["SKYSHELL_NOW"] = "yesterday"
        let result = ProcessRunner.run(Executable.skyshell, ["-c", "echo ok"], environment: env)
        #expect(result.status == 0)
        #expect(result.stderr == "skyshell: warning: SKYSHELL_NOW='yesterday' is not an ISO 8601 time; using the system clock\n")
    }
}
