import FoundationEssentials
import Glibc
import SkyKit

/// `lesson list`, `lesson <n|file.sky>` and `lesson show <n>`: guided lessons, run step by
/// step in a scratch session.
enum LessonCommands {
    static let which = Argument(
        "lesson",
        Kind<String>.word(
            "n|file.sky", "a lesson number (1–\(Lesson.count)) or a lesson file (.sky)",
            complete: { query in
                (1...Lesson.count).map { Candidate(String($0)) }.filter { $0.word.hasPrefix(query.prefix) }
                    + PathCompletion.candidates(query.prefix, extensions: ["sky"], home: query.context.environment["HOME"])
            }
        ) { word, _ in word },
        "the lesson to run: its number, or a .sky file of your own", .optional)

    static let spec = CommandSpec(
        "lesson", category: .teaching,
        abstract: "Guided lessons: run one step by step, or list them",
        discussion:
            "Each lesson shows a step, runs its command, and says what to notice in the output; at a terminal it waits for Enter between steps "
            + "(q and Enter stops). A lesson runs in a scratch session with its own empty logbook, so your position, settings and flights are left "
            + "as they are, and everything it writes stays in its scratch folder (a file elsewhere, or a terrain folder of yours, is refused). In "
            + "scripts the steps run straight through; a step's error stops the lesson with its status (with --keep-going the "
            + "other steps still run). A lesson is a plain .sky script: `#! lesson: Title`, `# narration` before a command, the "
            + "command, `#> what to notice` after it. `lesson show 1` prints one; a teacher's own file runs the same way with `lesson my-class.sky`.",
        arguments: [which.spec],
        options: [practice.spec],
        subcommands: [list, show],
        examples: [
            Example("lesson list", "the lessons"), Example("lesson 1", "finding a plane from your garden"),
            Example("lesson show 2", "the script of lesson 2, to copy and change"), Example("lesson class.sky", "a lesson of your own"),
            Example("lesson 1 --practice", "type each command yourself"),
        ]
    ) { args, context in
        guard let text = args[LessonCommands.which] else { return listing() }
        if args.flag(LessonCommands.practice) {
            guard let ask = context.prompter else { throw ShellError.usage("practice needs a terminal: the student types each command") }
            return try run(lesson(text, context), context, typing: ask)
        }
        return try run(lesson(text, context), context)
    }

    static let practice = Flag(
        "practice", "the student types each command: the lesson shows what to type, checks it and gives a hint when it differs")

    /// The lesson a word names: a built-in number, or a file.
    static func lesson(_ text: String, _ context: CommandContext) throws -> Lesson {
        if let n = Int(text) {
            guard (1...Lesson.all.count).contains(n) else { throw ShellError.usage("there are lessons 1 to \(Lesson.all.count) (lesson list shows them)") }
            return Lesson.all[n - 1]
        }
        guard text.lowercased().hasSuffix(".sky") || text.contains("/") else {
            throw ShellError.usage("'\(text)' is neither a lesson number (1–\(Lesson.all.count)) nor a .sky file")
        }
        return try Lesson.read(file: PathCompletion.expand(text, home: context.environment["HOME"]))
    }

    static let number = Argument("number", .integer(1...Lesson.count, placeholder: "n"), "the lesson to show")

    static let show = CommandSpec(
        "show", category: .teaching,
        abstract: "Print a lesson's script (to read, copy or change)",
        arguments: [number.spec],
        examples: [Example("lesson show 1", "the script of lesson 1")]
    ) { args, _ in
        let lesson = Lesson.all[try args.value(LessonCommands.number) - 1]
        let lines = lesson.source.split(separator: "\n", omittingEmptySubsequences: false).map { [Span(String($0))] }
        return Output([.art(Array(lines.reversed().drop { $0[0].text.isEmpty }.reversed())), .data("script", .string(lesson.source))])
    }

    static let list = CommandSpec(
        "list", category: .teaching,
        abstract: "List the lessons",
        examples: [Example("lesson list", "all of them, with their titles")]
    ) { _, _ in
        listing()
    }

    static func listing() -> Output {
        var table = Table(key: "lessons", columns: [Column("number", "#", .right), Column("title", "Lesson"), Column("steps", "Steps", .right)])
        table.rows = Lesson.all.map { [Cell(.int($0.number)), Cell($0.title), Cell(.int($0.steps.count))] }
        return Output([.table(table), .message("lesson <n> runs one, step by step", .dim)])
    }

    /// Runs a lesson in a scratch shell that shares the output but nothing else. With `typing`,
    /// the student types each command (practice).
    static func run(_ lesson: Lesson, _ context: CommandContext, typing ask: ((Question) -> String?)? = nil) throws -> Output {
        try context.nested(lesson.name) {
            try runScratch(lesson, context, typing: ask)
        }
    }

    /// The lesson in its scratch shell: its own home in a new folder (inside the caller's when
    /// that is a lesson's too), every write confined to that folder, one nesting level deeper.
    static func runScratch(_ lesson: Lesson, _ context: CommandContext, typing ask: ((Question) -> String?)?) throws -> Output {
        var template = Array(((context.confinedTo ?? "/tmp") + "/skyshell-lesson-XXXXXX").utf8CString)
        guard let dir = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
            throw ShellError(.io, "cannot make a scratch directory for the lesson")
        }
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scratch = context.scratchShell(in: dir)
        let paced = context.mode == .interactive && isatty(0) == 1
        func say(_ blocks: [Block]) {
            context.out.write(Renderer.terminalText(Output(blocks), context.renderOptions))
            context.out.flush()
        }
        say([.message(lesson.heading, .accent)])
        var failure: ShellError?
        for (k, step) in lesson.steps.enumerated() {
            if !step.intro.isEmpty { say(step.intro.map { .message($0) }) }
            if let ask {
                say([.message("Type: " + step.command, .bold)])
                switch practise(step.command, ask, say) {
                case .typed: break
                case .skipped: say([.message("sky> " + step.command, .bold)])
                case .stopped: return .message("lesson stopped at step \(k + 1) of \(lesson.steps.count)")
                }
            } else {
                say([.message("sky> " + step.command, .bold)])
            }
            do {
                try scratch.run(line: step.command)
            } catch {
                if !error.alreadyReported {
                    context.err.write("error: \(error.message)\n")
                    context.err.flush()
                }
                // In a batch run the first error stops the lesson with its status, as a script's
                // does (with --keep-going, the lesson ends first).
                if context.mode == .batch {
                    var stopped = error
                    stopped.alreadyReported = true
                    guard context.keepGoing, !error.endsTheCommand else { throw stopped }
                    failure = failure ?? stopped
                }
            }
            scratch.out.flush()
            if !step.notes.isEmpty { say(step.notes.map { .message("→ " + $0, .dim) }) }
            if Interrupt.requested { Interrupt.take(); return .message("\(lesson.name) stopped (Ctrl-C)") }
            if paced, ask == nil, k < lesson.steps.count - 1 {
                say([.message("[Enter: next step · q: stop]", .dim)])
                guard let answer = readLine(), answer.trimmingWhitespace().lowercased() != "q" else {
                    return .message("\(lesson.name) stopped at step \(k + 1) of \(lesson.steps.count)")
                }
            }
        }
        if let failure { throw failure }
        return .message(lesson.ending, .good)
    }

    /// How a practice step ended.
    enum Attempt { case typed, skipped, stopped }

    /// Asks the student to type `command` until they do (spacing and letter case aside): a
    /// wrong first word is named, after two tries the whole command is shown again; `skip`
    /// runs it for them, `q` or Ctrl-D stops.
    static func practise(_ command: String, _ ask: (Question) -> String?, _ say: ([Block]) -> Void) -> Attempt {
        func words(_ text: String) -> [String] { text.split(whereSeparator: \.isWhitespace).map { $0.lowercased() } }
        let wanted = words(command)
        var tries = 0
        while true {
            guard let typed = ask(Question("practice> ")) else { return .stopped }
            let got = words(typed)
            if got == wanted { return .typed }
            if got == ["q"] { return .stopped }
            if got == ["skip"] { return .skipped }
            tries += 1
            if got.first != wanted.first {
                say([.message("Not quite: this step's command starts with `\(wanted[0])`" + (tries >= 2 ? " — type: \(command)" : ""), .warning)])
            } else if let n = zip(got, wanted).enumerated().first(where: { $1.0 != $1.1 })?.offset ?? (got.count < wanted.count ? got.count : nil) {
                say([
                    .message(
                        "Almost: after `\(wanted.prefix(n).joined(separator: " "))` comes `\(wanted[n])`"
                            + (tries >= 2 ? " — type: \(command)" : ""), .warning)
                ])
            } else {
                say([.message("Almost: \(command) is all this step needs", .warning)])
            }
            say([.message("(skip runs it for you, q stops)", .dim)])
        }
    }
}
