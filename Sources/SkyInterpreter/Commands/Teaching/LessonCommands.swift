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
                    + PathCompletion.candidates(query.prefix, extensions: ["sky"], home: query.context.runner.environment["HOME"])
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
            + "command, `#> what to notice` after it, and `#? expect CONDITION` for a value the step must make (`#? expect $n == 4`, "
            + "written as `if` writes it: each is said to hold or not, and one that does not fails the step). `lesson show 1` prints "
            + "one; a teacher's own file runs the same way with `lesson my-class.sky`. With --practice the student types each "
            + "command: what they type is accepted when it means the same once read (`observer EGLL` for `observer LHR`, options "
            + "in any order), or, for a step with checks, when it makes the checks hold; `help`, `?` and `explain` run without "
            + "ending the step.",
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
            guard let ask = context.runner.prompter else { throw ShellError.usage("practice needs a terminal: the student types each command") }
            return try run(lesson(text, context), context, typing: ask)
        }
        return try run(lesson(text, context), context)
    }

    static let practice = Flag(
        "practice", "the student types each command: the lesson shows what to type, checks what it means and gives a hint when it differs")

    /// The lesson a word names: a built-in number, or a file.
    static func lesson(_ text: String, _ context: CommandContext) throws -> Lesson {
        if let n = Int(text) {
            guard (1...Lesson.all.count).contains(n) else { throw ShellError.usage("there are lessons 1 to \(Lesson.all.count) (lesson list shows them)") }
            return Lesson.all[n - 1]
        }
        guard text.lowercased().hasSuffix(".sky") || text.contains("/") else {
            throw ShellError.usage("'\(text)' is neither a lesson number (1–\(Lesson.all.count)) nor a .sky file")
        }
        return try Lesson.read(file: PathCompletion.expand(text, home: context.runner.environment["HOME"]))
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
        try context.interpreter.nested(lesson.name) {
            try runScratch(lesson, context, typing: ask)
        }
    }

    /// The lesson in its scratch shell: its own home in a new folder (inside the caller's when
    /// that is a lesson's too), every write confined to that folder, one nesting level deeper.
    static func runScratch(_ lesson: Lesson, _ context: CommandContext, typing ask: ((Question) -> String?)?) throws -> Output {
        var template = Array(((context.files.confinedTo ?? "/tmp") + "/skyshell-lesson-XXXXXX").utf8CString)
        guard let dir = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
            throw ShellError(.io, "cannot make a scratch directory for the lesson")
        }
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scratch = context.interpreter.lessonSession(in: dir)
        let paced = context.runner.mode == .interactive && isatty(0) == 1
        func say(_ blocks: [Block]) {
            context.console.out.write(Renderer.terminalText(Output(blocks), context.settings.renderOptions))
            context.console.out.flush()
        }
        say([.message(lesson.heading, .accent)])
        var failure: ShellError?
        for (k, step) in lesson.steps.enumerated() {
            if !step.intro.isEmpty { say(step.intro.map { .message($0) }) }
            var line = step.command
            if let ask {
                say([.message((step.checks.isEmpty ? "Type: " : "Try: ") + step.command, .bold)])
                switch practise(step, in: scratch, ask, say) {
                case .typed(let typed): line = typed
                case .skipped: say([.message("sky> " + step.command, .bold)])
                case .stopped: return .message("lesson stopped at step \(k + 1) of \(lesson.steps.count)")
                case .done:
                    if !step.notes.isEmpty { say(step.notes.map { .message("→ " + $0, .dim) }) }
                    continue
                }
            } else {
                say([.message("sky> " + step.command, .bold)])
            }
            do throws(ShellError) {
                try scratch.run(line: line)
                // A teacher's checks: each said as it holds or not; one that does not is the
                // step's failure, as an error is.
                let failed = check(step, in: scratch, say)
                if let failed { throw ShellError.data("the lesson expected \(failed)") }
            } catch {
                if !error.alreadyReported {
                    context.console.err.write("error: \(error.message)\n")
                    context.console.err.flush()
                }
                // In a batch run the first error stops the lesson with its status, as a script's
                // does (with --keep-going, the lesson ends first).
                if context.runner.mode == .batch {
                    var stopped = error
                    stopped.alreadyReported = true
                    guard context.runner.keepGoing, !error.endsTheCommand else { throw stopped }
                    failure = failure ?? stopped
                }
            }
            scratch.flush()
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

    /// Says how each of the step's checks came out; the first that does not hold, or nil.
    static func check(_ step: Lesson.Step, in scratch: LessonSession, _ say: ([Block]) -> Void) -> String? {
        var failed: String?
        for condition in step.checks {
            let holds: Bool
            do {
                holds = try scratch.holds(condition)
            } catch {
                say([.message("✗ \(condition): \(error.message)", .warning)])
                failed = failed ?? condition
                continue
            }
            say([holds ? .message("✓ \(condition)", .good) : .message("✗ expected \(condition)", .warning)])
            if !holds { failed = failed ?? condition }
        }
        return failed
    }

    /// How a practice step ended: a line to run (the student's, meaning the step's command),
    /// the step's command to run for them, the step done (its checks hold), or the lesson stopped.
    enum Attempt: Equatable { case typed(String), skipped, done, stopped }

    /// Asks the student to type the step's command until what they type means the same (the
    /// same command with the same values once read: `observer EGLL` for `observer LHR`,
    /// options in any order), or, for a step with checks, until a command they type makes the
    /// checks hold. `help`, `?` and `explain` run without ending the step. A wrong first word
    /// is named, after two tries the whole command is shown again; `skip` runs it for them,
    /// `q` or Ctrl-D stops.
    static func practise(_ step: Lesson.Step, in scratch: LessonSession, _ ask: (Question) -> String?, _ say: ([Block]) -> Void) -> Attempt {
        func words(_ text: String) -> [String] { text.split(whereSeparator: \.isWhitespace).map { $0.lowercased() } }
        let command = step.command
        let wanted = words(command)
        let meaning = scratch.meaning(of: command)
        var tries = 0
        while true {
            guard let typed = ask(Question("practice> ")) else { return .stopped }
            let got = words(typed)
            if got == ["q"] { return .stopped }
            if got == ["skip"] { return .skipped }
            if let first = got.first, ["help", "?", "explain"].contains(first) {
                runAside(typed, in: scratch)
                continue
            }
            if !step.checks.isEmpty, !got.isEmpty {
                if runAside(typed, in: scratch), check(step, in: scratch, say) == nil { return .done }
                tries += 1
                say([.message("Not yet" + (tries >= 2 ? " — this works: \(command)" : "") + " (skip runs it for you, q stops)", .warning)])
                continue
            }
            if got == wanted || (meaning != nil && scratch.meaning(of: typed) == meaning) { return .typed(typed) }
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

    /// Runs a line the student typed in the lesson's shell, its error reported; true when it worked.
    @discardableResult
    static func runAside(_ line: String, in scratch: LessonSession) -> Bool {
        do {
            try scratch.run(line: line)
            scratch.flush()
            return true
        } catch {
            if !error.alreadyReported { scratch.report(error) }
            return false
        }
    }
}
