import Foundation
import SkyTestSupport
import Testing

/// The documents derived from the declarations are committed; they must match what the
/// binary generates now (regenerate with Scripts/generate-docs).
@Suite("Generated documents")
struct GeneratedDocsTests {
    static let documents = [("commands-md", "Docs/commands.md")]

    @Test(arguments: documents)
    func committedCopyIsCurrent(_ kind: String, _ path: String) throws {
        let result = ProcessRunner.run(Executable.skyshell, ["--generate", kind], environment: ProcessRunner.environment(home: "/nonexistent"))
        #expect(result.status == 0)
        let committed = try String(contentsOfFile: Executable.packageRoot + "/" + path, encoding: .utf8)
        if committed != result.stdout {
            Issue.record(Comment(rawValue: "\(path) is stale — run Scripts/generate-docs\n" + LineDiff.unified(committed, result.stdout)))
        }
    }

    @Test func everyCommandAndSubcommandHasATranscript() throws {
        let result = ProcessRunner.run(Executable.skyshell, ["-o", "json", "-c", "help"], environment: ProcessRunner.environment(home: "/nonexistent"))
        let names = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])["commands"] as? [[String: Any]]
        let commands = try #require(names).compactMap { $0["name"] as? String }
        var lines: [String] = []
        for transcript in Transcript.all(in: TranscriptTests.directory) {
            let text = try String(contentsOfFile: transcript.path, encoding: .utf8)
            lines += text.split(separator: "\n").flatMap { $0.split(separator: ";") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        }
        for command in commands {
            #expect(lines.contains { $0 == command || $0.hasPrefix(command + " ") }, "no transcript runs \(command)")
        }
    }
}
