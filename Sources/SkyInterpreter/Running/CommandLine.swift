/// A flag of the `skyshell` program itself, declared once for parsing, `--help`, the man page
/// and the shell completion scripts.
public struct GlobalFlag: Sendable {
    public var long: String
    public var short: Character?
    /// The placeholder of the value, or nil for a switch.
    public var value: String?
    /// Allowed values, for completion.
    public var choices: [String]
    public var help: String

    public init(_ long: String, short: Character? = nil, value: String? = nil, choices: [String] = [], _ help: String) {
        self.long = long
        self.short = short
        self.value = value
        self.choices = choices
        self.help = help
    }

    public static let all: [GlobalFlag] = [
        GlobalFlag("command", short: "c", value: "commands", "run the commands (separated by ;) and exit"),
        GlobalFlag(
            "output", short: "o", value: "format", choices: OutputFormat.allCases.map(\.rawValue),
            "result format: table, json (JSON Lines), json-array or csv"),
        GlobalFlag("color", value: "when", choices: ColorMode.allCases.map(\.rawValue), "colours: auto (terminal and no NO_COLOR), always or never"),
        GlobalFlag("keep-going", short: "k", "in scripts, go on after an error instead of stopping"),
        GlobalFlag("quiet", short: "q", "in scripts, leave out what commands that change a setting or the session say"),
        GlobalFlag("trace", "every command that can show its steps does (as set trace on)"),
        GlobalFlag("fresh", "start from default state; do not load or save the saved session"),
        GlobalFlag("resume", "run a script in the saved session (loaded before, saved after)"),
        GlobalFlag("startup", "run startup.sky from the config folder first, as interactive shells do (unless --fresh)"),
        GlobalFlag(
            "generate", value: "document", choices: Reference.kinds,
            // reduce, not joined: joined is not specialized here and would make type metadata at run
            // time on every start.
            "print a document generated from the commands' declarations (Scripts/install puts the man page and completions in place): "
                + Reference.kinds.dropFirst().reduce(Reference.kinds[0]) { $0 + ", " + $1 }),
        GlobalFlag("help", short: "h", "show this help and exit"),
        GlobalFlag("version", short: "V", "show the version and exit"),
    ]

    /// `-o, --output <format>`
    public var synopsis: String {
        var s = short.map { "-\($0), " } ?? "    "
        s += "--" + long
        if let value { s += " <\(value)>" }
        return s
    }
}

/// What the command line asks for.
public struct CommandLineOptions: Equatable, Sendable {
    public enum Source: Equatable, Sendable {
        /// Interactive when stdin is a terminal, else stdin as a script.
        case standardInput
        /// `-` : stdin as a script even at a terminal.
        case stdinScript
        case commands(String)
        case file(String)
    }

    public var source: Source = .standardInput
    public var scriptArguments: [String] = []
    public var output: String?
    public var color: String?
    public var keepGoing = false
    public var quiet = false
    public var trace = false
    public var fresh = false
    public var resume = false
    public var startup = false
    public var help = false
    public var version = false
    public var generate: String?

    public init() {}

    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) throws(ShellError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var i = 0
        func value(_ flag: GlobalFlag, inline: String?) throws(ShellError) -> String {
            if let inline { return inline }
            i += 1
            guard i < arguments.count else { throw .usage("--\(flag.long) needs a value <\(flag.value ?? "")>") }
            return arguments[i]
        }
        while i < arguments.count {
            let arg = arguments[i]
            if arg == "-" {
                options.source = .stdinScript
                options.scriptArguments = Array(arguments[(i + 1)...])
                break
            }
            if arg == "--" {
                if i + 1 < arguments.count {
                    options.source = .file(arguments[i + 1])
                    options.scriptArguments = Array(arguments[(i + 2)...])
                }
                break
            }
            guard arg.hasPrefix("-") else {
                options.source = .file(arg)
                options.scriptArguments = Array(arguments[(i + 1)...])
                break
            }
            var name = String(arg.dropFirst(arg.hasPrefix("--") ? 2 : 1))
            var inline: String?
            if arg.hasPrefix("--"), let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            } else if !arg.hasPrefix("--"), name.count > 1 {
                inline = String(name.dropFirst())
                name = String(name.prefix(1))
            }
            let flag = arg.hasPrefix("--") ? GlobalFlag.all.first { $0.long == name } : GlobalFlag.all.first { $0.short.map(String.init) == name }
            guard let flag else {
                throw .usage("unknown option '\(arg)'" + suggestion(arg, among: GlobalFlag.all.map { "--" + $0.long }) + " (see skyshell --help)")
            }
            if flag.value == nil, inline != nil { throw .usage("--\(flag.long) takes no value") }
            switch flag.long {
            case "command":
                options.source = .commands(try value(flag, inline: inline))
                options.scriptArguments = Array(arguments[(i + 1)...])
                return try options.checked()
            case "output":
                let v = try value(flag, inline: inline).lowercased()
                guard flag.choices.contains(v) else { throw .usage("--output must be one of \(flag.choices.joined(separator: ", ")), not '\(v)'") }
                options.output = v
            case "color":
                let v = try value(flag, inline: inline).lowercased()
                guard flag.choices.contains(v) else { throw .usage("--color must be auto, always or never, not '\(v)'") }
                options.color = v
            case "generate":
                let v = try value(flag, inline: inline)
                guard flag.choices.contains(v) else { throw .usage("--generate takes one of: \(flag.choices.joined(separator: ", "))") }
                options.generate = v
            case "keep-going": options.keepGoing = true
            case "quiet": options.quiet = true
            case "trace": options.trace = true
            case "fresh": options.fresh = true
            case "resume": options.resume = true
            case "startup": options.startup = true
            case "help": options.help = true
            case "version": options.version = true
            default: break
            }
            i += 1
        }
        return try options.checked()
    }

    func checked() throws(ShellError) -> CommandLineOptions {
        if fresh && resume { throw .usage("--fresh and --resume cannot be used together") }
        return self
    }

    /// The `skyshell --help` text.
    public static var helpText: String {
        var text = """
            skyshell — an interactive shell for aviation data

            usage: skyshell [options]                    interactive at a terminal
                   skyshell [options] FILE.sky [args…]   run a script
                   skyshell [options] -c 'cmd; cmd' [args…]
                   skyshell [options] -  < FILE          run stdin as a script

            options:

            """
        let width = GlobalFlag.all.map { $0.synopsis.count }.max() ?? 0
        for flag in GlobalFlag.all {
            text += "  " + flag.synopsis + String(repeating: " ", count: width - flag.synopsis.count + 2) + flag.help + "\n"
        }
        text += """

            Inside skyshell, type help for the commands. Scripts start from default settings and
            state (use --resume for the saved session). Errors in scripts print as FILE:LINE and
            end the run with a sysexits status (64 usage, 65 bad command or data, 66 missing input,
            69 service unavailable, 70 internal error, 74 I/O error).

            """
        return text
    }
}
