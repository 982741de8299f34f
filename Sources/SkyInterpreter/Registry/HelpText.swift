import SkyKit

/// Help text derived from the declarations: the overview, one command, the value syntax.
public enum HelpText {
    /// The command list grouped by category.
    public static func overview(_ registry: CommandRegistry) -> [StyledLine] {
        var lines: [StyledLine] = [[Span("skyshell — an interactive shell for aviation data. Type help <command> for details.")]]
        let width = registry.commands.map { $0.name.count }.max() ?? 0
        for category in CommandCategory.allCases {
            let commands = registry.commands.filter { $0.category == category }
            guard !commands.isEmpty else { continue }
            lines.append([])
            lines.append([Span(category.rawValue, .accent)])
            for command in commands {
                lines.append([Span("  " + pad(command.name, to: width) + "  ", .bold), Span(command.abstract)])
            }
        }
        lines.append([])
        lines.append([Span("More: help values (how to write distances, places, times), help settings, help keys.", .dim)])
        return lines
    }

    /// Everything about one command.
    public static func command(_ spec: CommandSpec, path: [String]) -> [StyledLine] {
        var lines: [StyledLine] = [
            [Span(path.joined(separator: " "), .accent), Span(" — " + spec.abstract)],
            [Span("usage: ", .dim), Span(Usage.line(spec, path: path))],
        ]
        if !spec.discussion.isEmpty {
            lines.append([])
            for paragraph in spec.discussion.split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append([Span(String(paragraph))])
            }
        }
        var rows: [(String, String, String)] = []
        for argument in spec.arguments {
            rows.append(("Arguments", "<\(argument.kind.placeholder)>", argument.help + " — " + argument.kind.summary))
        }
        for option in spec.options {
            rows.append(("Options", option.usage, option.fullHelp + (option.kind.map { " — " + $0.summary } ?? "")))
        }
        for sub in spec.subcommands {
            rows.append(("Subcommands", sub.name, sub.abstract))
        }
        for column in Describe.declared(spec.columns) {
            rows.append(("Columns (for | where, sort, select…)", column.name, column.about))
        }
        let width = rows.map { displayWidth($0.1) }.max() ?? 0
        var section = ""
        for (heading, name, text) in rows {
            if heading != section {
                lines.append([])
                lines.append([Span(heading + ":", .bold)])
                section = heading
            }
            lines.append([Span("  " + pad(name, to: width) + "  "), Span(text)])
        }
        if !spec.examples.isEmpty {
            lines.append([])
            lines.append([Span("Examples:", .bold)])
            let w = spec.examples.map { displayWidth($0.command) }.max() ?? 0
            for example in spec.examples {
                lines.append([Span("  " + pad(example.command, to: w) + "  "), Span(example.explanation, .dim)])
            }
        }
        if !spec.aliases.isEmpty {
            lines.append([])
            lines.append([Span("Aliases: ", .bold), Span(spec.aliases.joined(separator: ", "))])
        }
        return lines
    }

    /// The command as a JSON document.
    public static func data(_ spec: CommandSpec, path: [String]) -> Datum {
        .object([
            ("name", .string(path.joined(separator: " "))),
            ("abstract", .string(spec.abstract)),
            ("usage", .string(Usage.line(spec, path: path))),
            ("discussion", .string(spec.discussion)),
            ("arguments", .list(spec.arguments.map { .object([("name", .string($0.kind.placeholder)), ("help", .string($0.help))]) })),
            ("options", .list(spec.options.map { .object([("name", .string($0.name)), ("usage", .string($0.usage)), ("help", .string($0.fullHelp))]) })),
            ("subcommands", .list(spec.subcommands.map { .string($0.name) })),
            ("examples", .list(spec.examples.map { .object([("command", .string($0.command)), ("explanation", .string($0.explanation))]) })),
            ("columns", .list(Describe.declared(spec.columns).map { .object([("name", .string($0.name)), ("kind", .string($0.about))]) })),
            ("aliases", .list(spec.aliases.map(Datum.string))),
        ])
    }

    /// How to write values, from the value kinds.
    public static let values: [StyledLine] = {
        let kinds = ValueKind.described
        var lines: [StyledLine] = [[Span("How to write values", .accent)]]
        let width = kinds.map { $0.placeholder.count + 2 }.max() ?? 0
        for kind in kinds {
            lines.append([Span("  " + pad("<\(kind.placeholder)>", to: width) + "  ", .bold), Span(kind.summary)])
        }
        lines += [
            [],
            [Span("Words are split like a shell: 'single' and \"double\" quotes, \\ escapes, ; between commands,")],
            [Span("# comments, and a trailing \\ continues a command on the next line. Quotes only open at the")],
            [Span("start of a word (or after =), so O'Hare and 51°28'39\"N need none. In scripts, $1…$9 are the")],
            [Span("script's arguments, $# their count and $@ all of them.")],
        ]
        return lines
    }()

    /// The editing keys at the prompt.
    public static let keys: [StyledLine] = [
        [Span("Keys at the prompt (emacs style)", .accent)],
        [Span("  Tab            complete a command, subcommand, option or value; twice lists them")],
        [Span("  Up / Down      previous / next line from the history (kept across sessions)")],
        [Span("  Ctrl-A / E     start / end of line      Ctrl-K   delete to end of line")],
        [Span("  Ctrl-R         search the history       Ctrl-W   delete the word before the cursor")],
        [Span("  → / Ctrl-F     take the dim suggestion from the history (set suggestions off hides it)")],
        [Span("  Ctrl-C         discard the line; stops a running command or live view")],
        [Span("  Ctrl-D         leave skyshell (on an empty line)")],
    ]
}
