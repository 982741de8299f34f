import FoundationEssentials
import Glibc

/// Documents generated from the declarations: the Markdown command reference, the manual
/// page and the shell completion scripts.
public enum Reference {
    /// The kinds of generated documents (`skyshell --generate <kind>`).
    public static let kinds = ["commands-md", "man", "bash-completion", "zsh-completion", "fish-completion", "examples"]

    /// The document of `kind`, or nil for an unknown kind.
    public static func generate(_ kind: String, registry: CommandRegistry) -> String? {
        switch kind {
        case "commands-md": markdown(registry)
        case "man": ManPage.generate(registry)
        case "bash-completion": CompletionScripts.bash()
        case "zsh-completion": CompletionScripts.zsh()
        case "fish-completion": CompletionScripts.fish()
        case "examples": examples(registry)
        default: nil
        }
    }

    /// Docs/commands.md: every command and subcommand with usage, arguments, options and examples.
    public static func markdown(_ registry: CommandRegistry) -> String {
        var md = """
            # skyshell command reference

            <!-- Generated from the command declarations by `Scripts/generate-docs`; do not edit. -->

            Type `help <command>` inside skyshell for the same text. How to write values (distances,
            angles, places, times) is under [Values](#values); the settings are under [Settings](#settings).

            """
        for category in CommandCategory.allCases {
            let commands = registry.commands.filter { $0.category == category }
            guard !commands.isEmpty else { continue }
            md += "\n## \(category.rawValue)\n\n"
            for command in commands {
                md += "- [`\(command.name)`](#\(command.name)) — \(command.abstract)\n"
            }
            for command in commands { md += section(command, path: [command.name]) }
        }
        md += "\n## Values\n\n| Kind | How to write it |\n|---|---|\n"
        let kinds = ValueKind.described + [Kind<URL>.webURL.erased]
        for kind in kinds { md += "| `<\(kind.placeholder)>` | \(escape(kind.summary)) |\n" }
        md += "\n## Settings\n\n| Setting | Values (first is the default) | Meaning |\n|---|---|---|\n"
        for spec in SettingSpec.all {
            md +=
                "| `\(spec.name)` "
                + "| \(spec.problem == nil ? spec.values.map { "`\($0)`" }.joined(separator: ", ") : "text, default `\(spec.defaultValue)`") "
                + "| \(escape(spec.summary)) |\n"
        }
        return md
    }

    /// Every example of every command and subcommand, one a line, in the reference's order
    /// (what the tests run at several clocks).
    public static func examples(_ registry: CommandRegistry) -> String {
        func walk(_ spec: CommandSpec) -> [String] { spec.examples.map(\.command) + spec.subcommands.flatMap(walk) }
        return registry.commands.flatMap(walk).map { $0 + "\n" }.joined()
    }

    static func section(_ spec: CommandSpec, path: [String]) -> String {
        let level = path.count == 1 ? "###" : "####"
        var md = "\n\(level) \(path.joined(separator: " "))\n\n\(spec.abstract).\n\n```\n\(Usage.line(spec, path: path))\n```\n"
        if !spec.discussion.isEmpty { md += "\n\(spec.discussion)\n" }
        if !spec.arguments.isEmpty || !spec.options.isEmpty {
            md += "\n| Argument or option | Meaning |\n|---|---|\n"
            for argument in spec.arguments {
                md += "| `<\(argument.kind.placeholder)>` | \(escape(argument.help)) — \(escape(argument.kind.summary)) |\n"
            }
            for option in spec.options {
                md += "| `\(option.usage)` | \(escape(option.fullHelp))\(option.kind.map { " — " + escape($0.summary) } ?? "") |\n"
            }
        }
        if !spec.requires.isEmpty {
            md += "\nNeeds: " + spec.requires.map(\.name).joined(separator: ", ") + ".\n"
        }
        md += "\nExamples:\n\n```\n"
        let width = spec.examples.map { displayWidth($0.command) }.max() ?? 0
        for example in spec.examples { md += pad(example.command, to: width) + "   # " + example.explanation + "\n" }
        md += "```\n"
        if !spec.aliases.isEmpty { md += "\nAliases: " + spec.aliases.map { "`\($0)`" }.joined(separator: ", ") + ".\n" }
        for sub in spec.subcommands { md += section(sub, path: path + [sub.name]) }
        return md
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text { out += c == "|" ? "\\|" : String(c) }
        return out
    }
}
