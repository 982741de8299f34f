/// `help`, `help <command> [<subcommand>…]`, `help values|settings|keys`.
enum HelpCommand {
    static let topics = ["values", "settings", "keys"]

    static let topic = Argument(
        "topic",
        Kind<[String]>(
            placeholder: "command", summary: "a command name or values, settings, keys",
            read: { cursor, _ in cursor.takeRest().map(\.text) },
            complete: { query in Kind<String>.commandName.complete(query) + candidates(topics, prefix: query.prefix) }),
        "what to explain", .optional)

    static let spec = CommandSpec(
        "help", aliases: ["?"], category: .shell,
        abstract: "Show the commands, or how to use one",
        discussion:
            "help alone lists every command by topic. help <command> shows its usage, arguments, options, subcommands and "
            + "examples; add subcommand names to go deeper (help logbook new). help values explains how to write distances, "
            + "angles, places and times; help settings lists the settings; help keys the editing keys.",
        arguments: [topic.spec],
        examples: [
            Example("help", "list every command"),
            Example("help observer", "how to use one command"),
            Example("help values", "how to write distances, places and times"),
        ]
    ) { args, context in
        let words = args[topic] ?? []
        guard let first = words.first else {
            let rows = context.interpreter.registry.commands.map { [Cell($0.name), Cell($0.category.rawValue), Cell($0.abstract)] }
            var table = Table(
                key: "commands", columns: [Column("name", "Command"), Column("category", "Category"), Column("abstract", "Description")], rows: rows)
            table.display = HelpText.overview(context.interpreter.registry)
            return .table(table)
        }
        switch first.lowercased() {
        case "values": return Output([.art(HelpText.values)])
        case "keys": return Output([.art(HelpText.keys)])
        case "settings": return try SettingsCommand.list(context)
        default: break
        }
        let registry = context.interpreter.registry
        guard let (spec, path, next) = registry.resolve(words.map { Token($0) }) else {
            throw ShellError.usage("no help for '\(first)'" + suggestion(first, among: registry.allNames + topics) + " — type help for the list")
        }
        if next < words.count {
            throw ShellError.usage(
                "\(path.joined(separator: " ")) has no subcommand '\(words[next])'" + suggestion(words[next], among: spec.subcommands.map(\.name)))
        }
        return Output([.art(HelpText.command(spec, path: path)), .data("command", HelpText.data(spec, path: path))])
    }
}
