/// `timing [on|off]` and `clear`: habits from psql and every context.
enum ShellHabits {
    static let state = Argument("state", .choice(Switch.self, placeholder: "on|off"), "on or off (switch it when omitted)", .optional)

    static let timing = CommandSpec(
        "timing", category: .shell,
        abstract: "Show how long each command takes (or stop)",
        discussion:
            "As psql's \\timing: after each command, \"Time: 12.345 ms\" — on standard output beside text, on standard "
            + "error when the output is JSON or CSV. The same as set timing on|off.",
        arguments: [state.spec],
        examples: [Example("timing", "switch timing on or off"), Example("timing on", "time every command")]
    ) { args, context in
        let now = args[ShellHabits.state] ?? (context.settings.value(.timing) == .on ? .off : .on)
        try context.settings.choose(Setting.timing.name, now.rawValue)
        return .message("timing is \(now.rawValue)")
    }

    static let clear = CommandSpec(
        "clear", category: .shell,
        abstract: "Clear the terminal",
        discussion: "Clears the screen and puts the prompt at the top; does nothing when the output is not a terminal.",
        examples: [Example("clear", "a clean screen")]
    ) { _, context in
        if context.console.stdoutIsTerminal { context.console.out.write(.rendered("\u{1B}[H\u{1B}[2J\u{1B}[3J")) }
        return Output()
    }
}
