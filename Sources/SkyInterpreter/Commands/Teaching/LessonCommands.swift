import Foundation
import SkyKit

/// `lesson list` and `lesson <n>`: guided lessons, run step by step in a scratch session.
enum LessonCommands {
    static let number = Argument("number", .integer(1...6, placeholder: "n"), "the lesson to run", .optional)

    static let spec = CommandSpec(
        "lesson", category: .teaching,
        abstract: "Guided lessons: run one step by step, or list them",
        discussion:
            "Each lesson shows a step, runs its command, and says what to notice in the output; at a terminal it waits for Enter between steps (q and Enter stops). A lesson runs in a scratch session with its own empty logbook, so your position, settings and flights are left as they are. In scripts the steps run straight through. The lessons are also plain .sky scripts, in Docs/lessons.",
        arguments: [number.spec],
        subcommands: [list],
        examples: [Example("lesson list", "the lessons"), Example("lesson 1", "finding a plane from your garden")]
    ) { args, shell in
        guard let number = args[LessonCommands.number] else { return listing() }
        return try run(Lesson.all[number - 1], shell)
    }

    static let list = CommandSpec(
        "list", category: .teaching,
        abstract: "List the lessons",
        examples: [Example("lesson list", "all six")]
    ) { _, _ in
        listing()
    }

    static func listing() -> Output {
        var table = Table(key: "lessons", columns: [Column("number", "#", .right), Column("title", "Lesson"), Column("steps", "Steps", .right)])
        table.rows = Lesson.all.map { [Cell(.int($0.number)), Cell($0.title), Cell(.int($0.steps.count))] }
        return Output([.table(table), .message("lesson <n> runs one, step by step", .dim)])
    }

    /// Runs a lesson in a scratch shell that shares the output but nothing else.
    static func run(_ lesson: Lesson, _ shell: Shell) throws -> Output {
        var template = Array("/tmp/skyshell-lesson-XXXXXX".utf8CString)
        guard let dir = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
            throw ShellError(.io, "cannot make a scratch directory for the lesson")
        }
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scratch = Shell.standard(
            environment: shell.environment, paths: Paths(config: dir + "/config", state: dir + "/state", data: dir + "/data"),
            clock: shell.clock, mode: shell.mode, out: shell.out, err: shell.err,
            stdoutIsTerminal: shell.stdoutIsTerminal, stderrIsTerminal: shell.stderrIsTerminal)
        scratch.session.settings = shell.session.settings
        scratch.overrides = shell.overrides
        let paced = shell.mode == .interactive && isatty(0) == 1
        func say(_ blocks: [Block]) {
            shell.out.write(Renderer.terminalText(Output(blocks), shell.renderOptions))
            shell.out.flush()
        }
        say([.message("Lesson \(lesson.number): \(lesson.title)", .accent)])
        for (k, step) in lesson.steps.enumerated() {
            if !step.intro.isEmpty { say(step.intro.map { .message($0) }) }
            say([.message("sky> " + step.command, .bold)])
            do {
                try scratch.run(line: step.command)
            } catch {
                shell.err.write("error: \(error.message)\n")
                shell.err.flush()
            }
            scratch.out.flush()
            if !step.notes.isEmpty { say(step.notes.map { .message("→ " + $0, .dim) }) }
            if Interrupt.requested { Interrupt.take(); return .message("lesson stopped (Ctrl-C)") }
            if paced, k < lesson.steps.count - 1 {
                say([.message("[Enter: next step · q: stop]", .dim)])
                guard let answer = readLine(), answer.trimmingCharacters(in: .whitespaces).lowercased() != "q" else {
                    return .message("lesson \(lesson.number) stopped at step \(k + 1) of \(lesson.steps.count)")
                }
            }
        }
        return .message(
            "end of lesson \(lesson.number)"
                + (lesson.number < Lesson.all.count ? " — next: lesson \(lesson.number + 1), \(Lesson.all[lesson.number].title)" : ""), .good)
    }
}
