import FoundationEssentials
import Glibc
import SkyKit

/// A guided lesson: steps of narration, a command, and what to notice in its output. Lessons
/// are `.sky` scripts (so each also runs as a plain script): `#! lesson: Title`, `# text` before
/// a command, the command, then `#> text` about its output.
struct Lesson: Sendable {
    struct Step: Sendable {
        var intro: [String]
        var command: String
        var notes: [String]
    }

    /// 1… for the built-in lessons, 0 for a teacher's own file.
    var number: Int
    var title: String
    var steps: [Step]
    /// The script the lesson was read from.
    var source = ""

    static func parse(_ text: String, number: Int) -> Lesson {
        var title = "Lesson \(number)"
        var steps: [Step] = []
        var intro: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            if line.hasPrefix("#! lesson:") {
                title = String(line.dropFirst(10)).trimmingWhitespace()
            } else if line.hasPrefix("#>") {
                if !steps.isEmpty { steps[steps.count - 1].notes.append(String(line.dropFirst(2)).trimmingWhitespace()) }
            } else if line.hasPrefix("#") {
                intro.append(String(line.dropFirst(1)).trimmingWhitespace())
            } else if !line.trimmingWhitespace().isEmpty {
                steps.append(Step(intro: intro, command: line, notes: []))
                intro = []
            }
        }
        return Lesson(number: number, title: title, steps: steps, source: text)
    }

    /// A teacher's own lesson from a .sky file, read through the script reader and its checks
    /// (a directory, an empty file, text that is not UTF-8 or has control characters).
    static func read(file path: String) throws(ShellError) -> Lesson {
        let reader = try ScriptFile.open(path)
        var lines: [String] = []
        reading: while true {
            switch reader.readLine(prompt: "") {
            case .line(let text): lines.append(text)
            case .end: break reading
            case .interrupted: throw ShellError(.interrupted, "interrupted")
            case .failed(let reason): throw ShellError(.io, "cannot read '\(path)': \(reason)")
            case .invalid(let reason): throw ShellError.data("\(path):\(lines.count + 1): \(reason)")
            }
            guard lines.count <= 10_000 else { throw ShellError.data("'\(path)' is longer than a lesson can be (10,000 lines)") }
        }
        var lesson = parse(lines.joined(separator: "\n"), number: 0)
        guard !lesson.steps.isEmpty else {
            throw ShellError.data("'\(path)' has no commands: a lesson is a .sky script (# narration, a command, #> what to notice)")
        }
        if !lines.contains(where: { $0.hasPrefix("#! lesson:") }) { lesson.title = PathText.base(path) }
        return lesson
    }

    /// The lessons built into skyshell, in order.
    static let all: [Lesson] = sources.enumerated().map { Lesson.parse(String(decoding: $1, as: UTF8.self), number: $0 + 1) }

    /// The built-in lessons' scripts; how many there are is known without parsing them (the
    /// command declarations need the count at every start, the lessons only when one runs).
    static let sources = [
        PackageResources.lesson1_sky, PackageResources.lesson2_sky, PackageResources.lesson3_sky,
        PackageResources.lesson4_sky, PackageResources.lesson5_sky, PackageResources.lesson6_sky,
        PackageResources.lesson7_sky,
    ]
    static var count: Int { sources.count }
}
