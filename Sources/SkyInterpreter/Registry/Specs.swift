import SkyKit

/// A positional argument of a command.
public struct ArgumentSpec: @unchecked Sendable {
    /// How many values the argument takes.
    public enum Arity: Sendable, Equatable {
        case required, optional
        /// At least `min` values, as many as given.
        case repeating(min: Int)
        /// All remaining words joined by spaces (free text such as a search).
        case rest(required: Bool)
    }

    public var name: String
    public var kind: ValueKind
    public var help: String
    public var arity: Arity

    /// `placeholder` replaces the kind's placeholder in usage lines (`<arg>` rather than `<text>`).
    public init<Value>(_ name: String, _ kind: Kind<Value>, _ help: String, _ arity: Arity = .required, placeholder: String? = nil) {
        self.name = name
        self.kind = kind.erased
        self.help = help
        self.arity = arity
        if let placeholder { self.kind.placeholder = placeholder }
    }

    var isRequired: Bool {
        switch arity {
        case .required: true
        case .optional: false
        case .repeating(let min): min > 0
        case .rest(let required): required
        }
    }

    var minimumCount: Int {
        switch arity {
        case .required: 1
        case .optional: 0
        case .repeating(let min): min
        case .rest(let required): required ? 1 : 0
        }
    }
}

/// An option: a keyword with a value (`within 50km`, also `--within 50km` or `--within=50km`)
/// or a flag (`--yes`).
public struct OptionSpec: @unchecked Sendable {
    public var name: String
    /// The value kind, or nil for a flag.
    public var kind: ValueKind?
    public var help: String
    /// True when the keyword may be written without dashes.
    public var bare: Bool
    /// True when the option may be given more than once.
    public var repeatable: Bool
    /// The value used when the option is not given, as help shows it (from the declaration).
    public var defaultText: String?
    /// The value used when the option is not given (what `defaultText` shows).
    public var defaultValue: Any?

    /// A keyword option taking one value; `bare: false` requires the dashed spelling.
    public init<Value>(
        _ name: String, _ kind: Kind<Value>, _ help: String, bare: Bool = true, repeatable: Bool = false, default value: (Value, shown: String)? = nil
    ) {
        self.name = name
        self.kind = kind.erased
        self.defaultText = value?.shown
        self.defaultValue = value?.0
        self.help = help
        self.bare = bare
        self.repeatable = repeatable
    }

    private init(flag name: String, help: String, bare: Bool) {
        self.name = name
        self.kind = nil
        self.help = help
        self.bare = bare
        self.repeatable = false
        self.defaultText = nil
        self.defaultValue = nil
    }

    /// A flag: `--name`, and with `bare` also the word alone (`visible`).
    public static func flag(_ name: String, _ help: String, bare: Bool = false) -> OptionSpec { OptionSpec(flag: name, help: help, bare: bare) }

    public var isFlag: Bool { kind == nil }

    /// The help text with the default the declaration gives: "entries per list (default 15)".
    /// A help ending in a parenthesis takes the default inside it: "azimuth step (0.05–10, default 1)".
    public var fullHelp: String {
        guard let defaultText else { return help }
        return help.hasSuffix(")") ? help.dropLast() + ", default \(defaultText))" : help + " (default \(defaultText))"
    }

    /// How the option appears in usage lines.
    public var usage: String {
        guard let kind else { return (bare ? "" : "--") + name }
        return (bare ? name : "--" + name) + " <\(kind.placeholder)>"
    }
}

/// A part of the session state a command needs, with the message shown when it is missing.
public struct Requirement: @unchecked Sendable {
    public var name: String
    public var isMet: (Session) -> Bool
    public var message: String
    /// Hands the handler what the met requirement found (`args.observer()`).
    var provide: (Session, inout Arguments) -> Void = { _, _ in }
    public init(name: String, message: String, isMet: @escaping (Session) -> Bool) {
        self.name = name
        self.message = message
        self.isMet = isMet
    }

    /// The observer position must be set; the handler gets it as `args.observer()`.
    public static let observer: Requirement = {
        var r = Requirement(name: "observer", message: "no observer position — set one with `observer KSFO` or `observer 51.47 -0.45`") {
            $0.observer != nil
        }
        r.provide = { session, args in args.met.observer = session.observer }
        return r
    }()
}

/// What met requirements handed a command (see `Requirement.provide`).
struct MetRequirements {
    var observer: Observer?
}

/// A worked example of a command, shown in help and the reference, and run by the tests.
public struct Example: Sendable {
    public var command: String
    public var explanation: String
    public init(_ command: String, _ explanation: String) {
        self.command = command
        self.explanation = explanation
    }
}

/// Groups of commands in help and the reference.
public enum CommandCategory: String, CaseIterable, Sendable {
    case shell = "Shell"
    case query = "Querying"
    case session = "Session"
    case catalog = "Catalog"
    case logbook = "Logbook"
    case badges = "Badges"
    case radar = "Radar"
    case weather = "Weather"
    case lineOfSight = "Line of sight"
    case orbit = "Tracking and orbit"
    case teaching = "Teaching"
    /// Commands made with `def` in this session or the start-up file.
    case user = "Your commands"
}

/// A command's parsed arguments and options. Handlers read them through the typed keys of
/// their declarations (`Argument`, `Option`, `Flag`: see Keys.swift); the string-keyed
/// accessors below are the binder's and its tests'.
public struct Arguments {
    var values: [String: [Any]] = [:]
    var flags: Set<String> = []
    /// What the command's met requirements found.
    var met = MetRequirements()

    /// The observer, handed over by the command's `.observer` requirement (an error naming the
    /// requirement only for a command that does not declare it).
    func observer() throws(ShellError) -> Observer {
        guard let observer = met.observer else { throw ShellError(.state, Requirement.observer.message) }
        return observer
    }

    public init() {}

    /// The first value of `name` as `T`, if given.
    func get<T>(_ name: String, as type: T.Type = T.self) -> T? { values[name]?.first as? T }
    /// All values of `name` as `T`.
    func all<T>(_ name: String, as type: T.Type = T.self) -> [T] { values[name]?.compactMap { $0 as? T } ?? [] }
    /// True when the value or flag `name` was given.
    func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

    mutating func add(_ name: String, _ value: Any) { values[name, default: []].append(value) }
    /// Turns a flag on as if it had been given (`set trace on`).
    mutating func raise(_ flag: String) { flags.insert(flag) }
    /// True when nothing at all was given.
    var isEmpty: Bool { values.isEmpty && flags.isEmpty }
}

/// A command as it is declared once: everything help, usage, completion, the reference and
/// the man page say about it, and the handler that runs it.
public struct CommandSpec: @unchecked Sendable {
    public typealias Handler = (Arguments, CommandContext) throws -> Output

    public var name: String
    public var aliases: [String]
    public var abstract: String
    public var discussion: String
    public var category: CommandCategory
    /// Nil when the command only groups subcommands.
    public var handler: Handler?
    /// What the command offers the pipeline when it makes rows itself, one at a time: their
    /// table, for the `where` stages right after it (`context.pipeline.pushedWhere`: see
    /// `WherePushDown`), and the query of its store (see `RowSource`).
    var rowSource: RowSource?
    /// For a pipeline stage: what completion and explain know of it.
    var stage: StageTraits?
    /// Arguments, options, subcommands, requirements and examples, built when first asked for:
    /// a one-line run looks at one command's parts, not at every command's.
    private let parts: Once<Parts>

    public var arguments: [ArgumentSpec] { parts.value.arguments }
    public var options: [OptionSpec] { parts.value.options }
    public var subcommands: [CommandSpec] { parts.value.subcommands }
    public var requires: [Requirement] { parts.value.requires }
    public var examples: [Example] { parts.value.examples }
    /// The columns of the table the command makes, as declared (empty when it makes none or
    /// its columns follow from what it finds): help lists them, completion offers them after
    /// `| where ` before the command has run.
    public var columns: [Column] { rowSource?.table.columns ?? parts.value.columns }

    public init(
        _ name: String, aliases: [String] = [], category: CommandCategory, abstract: String,
        discussion: String = "", arguments: @autoclosure @escaping () -> [ArgumentSpec] = [],
        options: @autoclosure @escaping () -> [OptionSpec] = [], subcommands: @autoclosure @escaping () -> [CommandSpec] = [],
        requires: @autoclosure @escaping () -> [Requirement] = [], examples: @autoclosure @escaping () -> [Example] = [],
        columns: @autoclosure @escaping () -> [Column] = [], rowSource: RowSource? = nil, stage: StageTraits? = nil, handler: Handler? = nil
    ) {
        self.rowSource = rowSource
        self.stage = stage
        self.name = name
        self.aliases = aliases
        self.category = category
        self.abstract = abstract
        self.discussion = discussion
        self.handler = handler
        self.parts = Once {
            Parts(
                arguments: arguments(), options: options(), subcommands: subcommands(), requires: requires(), examples: examples(),
                columns: columns())
        }
    }

    /// What `parts` builds: immutable, shared by every copy of the command.
    final class Parts: Sendable {
        let arguments: [ArgumentSpec]
        let options: [OptionSpec]
        let subcommands: [CommandSpec]
        let requires: [Requirement]
        let examples: [Example]
        let columns: [Column]

        init(
            arguments: [ArgumentSpec], options: [OptionSpec], subcommands: [CommandSpec], requires: [Requirement], examples: [Example],
            columns: [Column]
        ) {
            self.columns = columns
            self.arguments = arguments
            self.options = options
            self.subcommands = subcommands
            self.requires = requires
            self.examples = examples
        }
    }

    /// All the names the command answers to.
    public var names: [String] { [name] + aliases }

    /// The subcommand called `word` (by name or alias, case-insensitive).
    public func subcommand(_ word: String) -> CommandSpec? {
        let w = word.lowercased()
        return subcommands.first { $0.names.contains(w) }
    }

    /// The option called `name` (without dashes).
    public func option(_ name: String) -> OptionSpec? { options.first { $0.name == name } }

    /// The flag a word sets by itself (`visible` for `--visible`), any case.
    func bareFlag(_ word: String) -> OptionSpec? {
        let name = word.lowercased()
        return options.first { $0.bare && $0.isFlag && $0.name == name }
    }
}
