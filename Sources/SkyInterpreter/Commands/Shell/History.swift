/// `history [n]`, `history clear`: the lines typed at the prompt.
enum HistoryCommand {
    static let count = Argument("count", .integer(1...100_000, placeholder: "count"), "how many recent lines to show (all when omitted)", .optional)

    static let spec = CommandSpec(
        "history", category: .shell,
        abstract: "Show the lines typed at the prompt",
        discussion:
            "Interactive sessions keep their history in a file of their own (mode 0600) so Up recalls lines from earlier sessions. Scripts record no history.",
        arguments: [count.spec],
        subcommands: [clear],
        examples: [Example("history", "every line typed at the prompt"), Example("history 10", "the last ten lines")]
    ) { args, context in
        guard let history = context.interpreter.history else {
            return .message("no history: only interactive sessions keep one")
        }
        let entries = history.entries
        let count = args[HistoryCommand.count] ?? entries.count
        let first = max(0, entries.count - count)
        let rows = entries[first...].enumerated().map { n, line in
            [Cell(.int(first + n + 1), text: String(first + n + 1)), Cell(line)]
        }
        return .table(Table(key: "history", columns: [Column("number", "#", .right), Column("line", "Line")], rows: rows))
    }

    static let clear = CommandSpec(
        "clear", category: .shell,
        abstract: "Forget the history (also in the history file)",
        examples: [Example("history clear", "start a fresh history")]
    ) { _, context in
        guard let history = context.interpreter.history else {
            return .message("no history: only interactive sessions keep one")
        }
        history.clear()
        return .message("history cleared")
    }
}
