/// `exit [status]`: leaves skyshell (or ends the script) with a status.
enum ExitCommand {
    static let status = Argument("status", .integer(0...255, placeholder: "status"), "the exit status", .optional)

    static let spec = CommandSpec(
        "exit", aliases: ["quit"], category: .shell,
        abstract: "Leave skyshell",
        discussion: "Ends the interactive session or the script with the given status (default 0). Ctrl-D on an empty line does the same at the prompt.",
        arguments: [status.spec],
        examples: [Example("exit", "leave"), Example("exit 3", "end a script with status 3")]
    ) { args, context in
        context.interpreter.requestExit(Int32(args[ExitCommand.status] ?? 0))
        return .none
    }
}
