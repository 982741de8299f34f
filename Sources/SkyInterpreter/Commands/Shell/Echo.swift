/// `echo <text…>`: prints its words.
enum EchoCommand {
    static let text = Argument("text", .words, "the text to print", .rest(required: false))

    static let spec = CommandSpec(
        "echo", category: .shell,
        abstract: "Print text",
        discussion: "Prints its words separated by single spaces; useful in scripts and lessons.",
        arguments: [text.spec],
        examples: [Example("echo \"Looking east\"", "print a line")]
    ) { args, _ in
        .message(args[EchoCommand.text] ?? "")
    }
}
