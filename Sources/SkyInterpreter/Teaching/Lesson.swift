/// A guided lesson: steps of narration, a command, and what to notice in its output. Lessons
/// are `.sky` scripts (so each also runs as a plain script): `#! lesson: Title`, `# text` before
/// a command, the command, then `#> text` about its output.
struct Lesson: Sendable {
    struct Step: Sendable {
        var intro: [String]
        var command: String
        var notes: [String]
    }

    var number: Int
    var title: String
    var steps: [Step]

    static func parse(_ text: String, number: Int) -> Lesson {
        var title = "Lesson \(number)"
        var steps: [Step] = []
        var intro: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            if line.hasPrefix("#! lesson:") {
                title = String(line.dropFirst(10)).trimmingCharacters(in: .whitespaces)
            } else if line.hasPrefix("#>") {
                if !steps.isEmpty { steps[steps.count - 1].notes.append(String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces)) }
            } else if line.hasPrefix("#") {
                intro.append(String(line.dropFirst(1)).trimmingCharacters(in: .whitespaces))
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                steps.append(Step(intro: intro, command: line, notes: []))
                intro = []
            }
        }
        return Lesson(number: number, title: title, steps: steps)
    }

    /// The lessons built into skyshell, in order.
    static let all: [Lesson] = [
        PackageResources.lesson1_sky, PackageResources.lesson2_sky, PackageResources.lesson3_sky,
        PackageResources.lesson4_sky, PackageResources.lesson5_sky, PackageResources.lesson6_sky,
    ].enumerated().map { Lesson.parse(String(decoding: $1, as: UTF8.self), number: $0 + 1) }
}
