import Foundation

/// A golden transcript test: a `.sky` script and, beside it, a `.expected` file with the
/// exit status, stdout and stderr it must produce.
///
/// Directives at the top of the script (as comments, so it stays runnable):
/// `#! args: …` flags placed before the script path; `#! after: …` script arguments;
/// `#! stdin` feeds the script on standard input instead of naming it; `#! invoke: …` replaces
/// the whole command line (`{file}` stands for the script path); `#! env: NAME=value`;
/// `#! setup: file.sky` runs a script with --resume first (same home) to prepare saved state;
/// `#! home-file: NAME fixtures/file` copies a file into the home directory as NAME first.
/// Expectations are re-recorded only when SKYSHELL_RECORD=1.
public struct Transcript: Sendable, CustomStringConvertible {
    public let path: String
    public let name: String

    public var description: String { name }

    /// Every `.sky` file under `directory`, sorted by path.
    public static func all(in directory: String) -> [Transcript] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var found: [Transcript] = []
        for case let relative as String in enumerator where relative.hasSuffix(".sky") && !relative.contains("/fixtures/") && !relative.hasPrefix("fixtures/") {
            found.append(Transcript(path: directory + "/" + relative, name: String(relative.dropLast(4))))
        }
        return found.sorted { $0.path < $1.path }
    }

    public var expectedPath: String { String(path.dropLast(4)) + ".expected" }

    /// The directives of the script.
    public var directives: [(String, String)] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").prefix { $0.hasPrefix("#!") }.compactMap { line in
            let body = line.dropFirst(2).drop { $0 == " " }
            guard let colon = body.firstIndex(of: ":") else { return (String(body), "") }
            return (String(body[..<colon]), String(body[body.index(after: colon)...].drop { $0 == " " }))
        }
    }

    /// Runs the script with a fresh home directory. A `setup:` script that fails makes the
    /// result a failure naming it (status 255 and its error), never a transcript run on
    /// state that was not prepared.
    public func run(binary: String = Executable.skyshell) -> ProcessResult {
        let home = TemporaryDirectory("transcript")
        var env: [String: String] = [:]
        var before: [String] = [], after: [String] = [], invoke: [String]?
        var viaStdin = false
        var setups: [String] = []
        var homeFiles: [(String, String)] = []
        for (key, value) in directives {
            switch key {
            case "args": before += ShellWords.split(value)
            case "after": after += ShellWords.split(value)
            case "stdin": viaStdin = true
            case "invoke": invoke = ShellWords.split(value).map { $0 == "{file}" ? (path as NSString).lastPathComponent : $0 }
            case "setup": setups.append(value)
            case "home-file":
                let words = ShellWords.split(value)
                if words.count == 2 { homeFiles.append((words[0], words[1])) }
            case "env":
                if let eq = value.firstIndex(of: "=") { env[String(value[..<eq])] = String(value[value.index(after: eq)...]) }
            default: break
            }
        }
        let environment = ProcessRunner.environment(home: home.path, extra: env)
        let directory = (path as NSString).deletingLastPathComponent
        for (name, source) in homeFiles {
            _ = FileManager.default.createFile(atPath: home.path + "/" + name, contents: FileManager.default.contents(atPath: directory + "/" + source))
        }
        for setup in setups {
            let prepared = ProcessRunner.run(binary, ["--resume", setup], environment: environment, directory: directory)
            guard prepared.status == 0 else {
                var failed = prepared
                failed.status = 255
                failed.stderr = "setup \(setup) failed with status \(prepared.status): \(prepared.stderr)"
                return failed
            }
        }
        let file = (path as NSString).lastPathComponent
        let arguments = invoke ?? (viaStdin ? before : before + [file] + after)
        let input = viaStdin ? (FileManager.default.contents(atPath: path) ?? Data()) : Data()
        var result = ProcessRunner.run(binary, arguments, stdin: input, environment: environment, directory: directory)
        result.stdout = result.stdout.replacingOccurrences(of: home.path, with: "$HOME")
        result.stderr = result.stderr.replacingOccurrences(of: home.path, with: "$HOME")
        return result
    }

    /// The expectation file's text for a result.
    public static func render(_ result: ProcessResult) -> String {
        func section(_ text: String) -> String {
            text.isEmpty || text.utf8.last == UInt8(ascii: "\n") ? text : text + "\n% no newline at end\n"
        }
        return "status: \(result.status)\n--- stdout\n" + section(result.stdout) + "--- stderr\n" + section(result.stderr)
    }

    /// Compares a result with the expectation; nil when equal, else a readable diff. With
    /// SKYSHELL_RECORD=1 it writes the expectation instead and returns nil.
    public func check(_ result: ProcessResult) -> String? {
        let actual = Transcript.render(result)
        if ProcessInfo.processInfo.environment["SKYSHELL_RECORD"] == "1" {
            _ = FileManager.default.createFile(atPath: expectedPath, contents: Data(actual.utf8))
            return nil
        }
        guard let expected = try? String(contentsOfFile: expectedPath, encoding: .utf8) else {
            return "no expectation file \(expectedPath) — record it with SKYSHELL_RECORD=1; actual:\n\(actual)"
        }
        if result.timedOut { return "timed out; output so far:\n\(actual)" }
        guard expected != actual else { return nil }
        return "transcript \(name) differs (- expected, + actual):\n" + LineDiff.unified(expected, actual)
    }
}

/// Splits a directive value into words with shell-like quotes.
public enum ShellWords {
    public static func split(_ text: String) -> [String] {
        var words: [String] = [], word = "", inWord = false
        var quote: Character?
        for c in text {
            if let q = quote {
                if c == q { quote = nil } else { word.append(c) }
            } else if c == "'" || c == "\"" {
                quote = c; inWord = true
            } else if c == " " {
                if inWord { words.append(word); word = ""; inWord = false }
            } else {
                word.append(c); inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}

/// A line diff for failure messages.
public enum LineDiff {
    public static func unified(_ a: String, _ b: String) -> String {
        let x = a.components(separatedBy: "\n"), y = b.components(separatedBy: "\n")
        var lcs = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in stride(from: x.count - 1, through: 0, by: -1) {
            for j in stride(from: y.count - 1, through: 0, by: -1) {
                lcs[i][j] = x[i] == y[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var out: [String] = []
        var i = 0, j = 0
        while i < x.count || j < y.count {
            if i < x.count, j < y.count, x[i] == y[j] {
                out.append("  " + x[i]); i += 1; j += 1
            } else if i < x.count, j == y.count || lcs[i + 1][j] >= lcs[i][j + 1] {
                out.append("- " + x[i]); i += 1
            } else {
                out.append("+ " + y[j]); j += 1
            }
        }
        // Keep changed lines with two lines of context.
        let changed = out.indices.filter { !out[$0].hasPrefix("  ") }
        let keep = Set(changed.flatMap { max(0, $0 - 2)...min(out.count - 1, $0 + 2) })
        var text = ""
        var last = -2
        for k in out.indices where keep.contains(k) {
            if k != last + 1 { text += "@@\n" }
            text += out[k] + "\n"
            last = k
        }
        return text
    }
}
