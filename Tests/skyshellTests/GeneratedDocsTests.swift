import Foundation
import SkyTestSupport
import Testing

/// The documents derived from the declarations are committed; they must match what the
/// binary generates now (regenerate with Scripts/generate-docs).
@Suite("Generated documents")
struct GeneratedDocsTests {
    static let documents = [
        ("commands-md", "Docs/commands.md"), ("man", "Docs/skyshell.1"), ("bash-completion", "Docs/completions/skyshell.bash"),
        ("zsh-completion", "Docs/completions/_skyshell"), ("fish-completion", "Docs/completions/skyshell.fish"),
    ]

    @Test(arguments: documents)
    func committedCopyIsCurrent(_ kind: String, _ path: String) throws {
        let result = ProcessRunner.run(Executable.skyshell, ["--generate", kind], environment: ProcessRunner.environment(home: "/nonexistent"))
        #expect(result.status == 0)
        let committed = try String(contentsOfFile: Executable.packageRoot + "/" + path, encoding: .utf8)
        if committed != result.stdout {
            Issue.record(Comment(rawValue: "\(path) is stale — run Scripts/generate-docs\n" + LineDiff.unified(committed, result.stdout)))
        }
    }

    /// Scripts/setup installs groff-base: a missing groff is a failure, not a skipped check.
    @Test func theManPageRendersWithoutWarnings() {
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"), "groff is missing — Scripts/setup installs groff-base")
        let r = ProcessRunner.run(
            "/usr/bin/groff", ["-ww", "-man", "-Tutf8", Executable.packageRoot + "/Docs/skyshell.1"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        #expect(r.stdout.count > 5_000)
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "FILES", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES"] {
            let manual = (try? String(contentsOfFile: Executable.packageRoot + "/Docs/skyshell.1", encoding: .utf8)) ?? ""
            #expect(manual.contains(".SH \(section)"), "no \(section) section")
        }
    }

    @Test func theBashCompletionCompletesFlagsAndTheirValues() {
        let script = Executable.packageRoot + "/Docs/completions/skyshell.bash"
        func complete(_ words: [String]) -> String {
            let setup =
                "source '\(script)'; COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); "
                + "COMP_CWORD=\(words.count - 1); _skyshell; echo \"${COMPREPLY[*]}\""
            return ProcessRunner.run("/bin/bash", ["-c", setup], environment: ["PATH": "/usr/bin:/bin"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(complete(["skyshell", "--ou"]) == "--output")
        #expect(complete(["skyshell", "--output", "j"]) == "json json-array")
        #expect(complete(["skyshell", "--output", "c"]) == "csv")
        #expect(complete(["skyshell", "--color", ""]) == "auto always never")
    }

    @Test(arguments: Fixtures.lessonNumbers)
    func theLessonInTheDocsIsTheOneBuiltIn(_ n: Int) throws {
        let built = try String(contentsOfFile: Executable.packageRoot + "/Sources/SkyInterpreter/Teaching/Lessons/lesson\(n).sky", encoding: .utf8)
        let docs = try String(contentsOfFile: Executable.packageRoot + "/Docs/lessons/lesson\(n).sky", encoding: .utf8)
        #expect(built == docs, "Docs/lessons/lesson\(n).sky is stale — run Scripts/generate-docs")
    }

    @Test(arguments: Fixtures.lessonNumbers)
    func everyLessonRunsWithoutAnError(_ n: Int) {
        let home = TemporaryDirectory("lesson")
        let r = ProcessRunner.run(Executable.skyshell, ["-c", "lesson \(n)"], environment: ProcessRunner.environment(home: home.path))
        #expect(r.status == 0 && r.stderr.isEmpty, "lesson \(n): \(r.stderr)")
        #expect(r.stdout.contains("end of lesson \(n)"))
        // The lesson's scratch session leaves nothing behind in the user's files.
        #expect((try? FileManager.default.contentsOfDirectory(atPath: home.path))?.contains { $0.hasPrefix("logbook") } != true)
    }

    /// Every command path of the reference (`history clear`, `radar source readsb` as well as
    /// `history`) is run by some transcript.
    @Test func everyCommandAndSubcommandHasATranscript() throws {
        let reference = try String(contentsOfFile: Executable.packageRoot + "/Docs/commands.md", encoding: .utf8)
        let commands = reference.split(separator: "\n").filter { $0.hasPrefix("###") }.map {
            $0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
        }
        #expect(commands.count > 100 && commands.contains("history clear") && commands.contains("help"), "\(commands.count) commands read")
        var lines: [String] = []
        for transcript in Transcript.all(in: TranscriptTests.directory) {
            let text = try String(contentsOfFile: transcript.path, encoding: .utf8)
            // A pipeline's stages run after its `|`.
            lines += text.split(separator: "\n").flatMap { $0.split(separator: ";") }.flatMap { $0.split(separator: "|") }
                .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        }
        let missing = commands.filter { command in !lines.contains { $0 == command || $0.hasPrefix(command + " ") } }
        #expect(missing.isEmpty, "no transcript runs: \(missing.joined(separator: ", "))")
    }
}
