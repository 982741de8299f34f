import FoundationEssentials
import Glibc
import SkyKit

/// A guided lesson: steps of narration, a command, and what to notice in its output. Lessons
/// are `.sky` scripts (so each also runs as a plain script): `#! lesson: Title`, `# text` before
/// a command, the command, then `#> text` about its output and `#? expect CONDITION` for a
/// value the step must make (`#? expect $n == 3`), checked as `if` checks its condition.
struct Lesson: Sendable {
    struct Step: Sendable {
        var intro: [String]
        var command: String
        var notes: [String]
        /// The conditions the step must make hold: with them, practice accepts any command that
        /// does, and a lesson run as a script fails when one does not hold.
        var checks: [String] = []
    }

    /// 1… for the built-in lessons, 0 for a teacher's own file and for the tour.
    var number: Int
    var title: String
    /// The tour of skyshell (`tour`): run as a lesson, named as itself.
    var isTour = false
    var steps: [Step]
    /// The script the lesson was read from.
    var source = ""

    /// What the lesson is called in a sentence: "lesson 2", "the tour", "the lesson Title".
    var name: String { isTour ? "the tour" : number > 0 ? "lesson \(number)" : "the lesson \(title)" }

    /// Its heading: "Lesson 2: Title", "A tour of skyshell", "Lesson: Title".
    var heading: String { isTour ? title : number > 0 ? "Lesson \(number): \(title)" : "Lesson: \(title)" }

    /// What is said at its end, with the next lesson after a built-in one.
    var ending: String {
        if isTour { return "end of the tour — lesson 1 teaches skyshell step by step, help lists every command" }
        guard number > 0 else { return "end of the lesson \(title)" }
        return "end of lesson \(number)" + (number < Lesson.all.count ? " — next: lesson \(number + 1), \(Lesson.all[number].title)" : "")
    }

    static func parse(_ text: String, number: Int) -> Lesson {
        var title = "Lesson \(number)"
        var steps: [Step] = []
        var intro: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            if line.hasPrefix("#? expect ") {
                if !steps.isEmpty { steps[steps.count - 1].checks.append(String(line.dropFirst(10)).trimmingWhitespace()) }
            } else if line.hasPrefix("#! lesson:") {
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
        PackageResources.lesson7_sky, PackageResources.lesson8_sky,
    ]
    static var count: Int { sources.count }

    /// The tour: what skyshell does, shown on its embedded data in a few stops.
    static let tour: Lesson = {
        var tour = Lesson.parse(String(decoding: PackageResources.tour_sky, as: UTF8.self), number: 0)
        tour.isTour = true
        return tour
    }()
}
