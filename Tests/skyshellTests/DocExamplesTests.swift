import Foundation
import SkyTestSupport
import Testing

/// The examples in README.md and Docs/guide.md are run: every `$ skyshell -c '…'` line in a
/// fenced block, in order, in one fresh home per document, with the pinned clock; the lines
/// shown after it must be what skyshell prints (a line `...` stands for any lines).
@Suite("Examples in the documentation")
struct DocExamplesTests {
    struct Example {
        var commands: String
        var expected: [String]
    }

    static func examples(in path: String) throws -> [Example] {
        let text = try String(contentsOfFile: Executable.packageRoot + "/" + path, encoding: .utf8)
        var result: [Example] = []
        var inBlock = false
        // Lines belong to the example above them in the same block: a block with no example
        // line (an illustration) expects nothing.
        var inExample = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                inBlock.toggle()
                inExample = false
                continue
            }
            guard inBlock else { continue }
            if line.hasPrefix("$ skyshell -c '"), line.hasSuffix("'") {
                result.append(Example(commands: String(line.dropFirst("$ skyshell -c '".count).dropLast()), expected: []))
                inExample = true
            } else if inExample, !line.hasPrefix("$ ") {
                result[result.count - 1].expected.append(line)
            }
        }
        return result
    }

    /// True when `actual` matches `expected`, where a `...` line matches any run of lines.
    static func matches(_ actual: [String], _ expected: [String]) -> Bool {
        var i = 0
        var skipping = false
        for e in expected {
            if e.trimmingCharacters(in: .whitespaces) == "..." { skipping = true; continue }
            if skipping {
                guard let k = actual[i...].firstIndex(of: e) else { return false }
                i = k + 1
            } else {
                guard i < actual.count, actual[i] == e else { return false }
                i += 1
            }
            skipping = false
        }
        return skipping || i == actual.count
    }

    @Test(arguments: ["README.md", "Docs/guide.md"])
    func everyExampleRunsAndPrintsWhatTheDocumentShows(_ path: String) throws {
        let home = TemporaryDirectory("doc-examples")
        let list = try Self.examples(in: path)
        #expect(list.count >= 5, "\(path) has only \(list.count) examples")
        for example in list {
            let r = ProcessRunner.run(Executable.skyshell, ["-c", example.commands], environment: ProcessRunner.environment(home: home.path))
            #expect(r.status == 0, "\(path): `\(example.commands)` failed: \(r.stderr)")
            var expected = example.expected
            while expected.last?.isEmpty == true { expected.removeLast() }
            guard !expected.isEmpty else { continue }
            let actual = (r.stdout + r.stderr).split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(
                r.stdout.hasSuffix("\n") ? 1 : 0)
            #expect(Self.matches(Array(actual), expected), "\(path): `\(example.commands)` printed:\n\(r.stdout)\(r.stderr)")
        }
    }
}
