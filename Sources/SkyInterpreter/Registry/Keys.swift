/// A positional argument declared once — name, kind, help, arity — and read back with its
/// type: `args[file]` is a `String` because `file` is an `Argument<String>`.
public struct Argument<Value>: @unchecked Sendable {
    public let spec: ArgumentSpec
    public init(_ name: String, _ kind: Kind<Value>, _ help: String, _ arity: ArgumentSpec.Arity = .required, placeholder: String? = nil) {
        spec = ArgumentSpec(name, kind, help, arity, placeholder: placeholder)
    }
    public var name: String { spec.name }
}

/// A keyword option declared once, with the value it takes when not given (which help shows).
public struct Option<Value>: @unchecked Sendable {
    public let spec: OptionSpec
    public let defaultValue: Value?

    /// An option without a default: reading it gives nil when it is not given.
    public init(_ name: String, _ kind: Kind<Value>, _ help: String, bare: Bool = true, repeatable: Bool = false) {
        spec = OptionSpec(name, kind, help, bare: bare, repeatable: repeatable)
        defaultValue = nil
    }

    /// An option with a default: help says "(default <shown>)", and the handler reads the same
    /// value (`args.value(option)`).
    public init(_ name: String, _ kind: Kind<Value>, _ help: String, default value: Value, shown: String, bare: Bool = true) {
        spec = OptionSpec(name, kind, help, bare: bare, default: (value, shown))
        defaultValue = value
    }
    public var name: String { spec.name }
}

/// A flag: `--name`, given or not.
public struct Flag: Sendable {
    public let spec: OptionSpec
    /// `bare`: the word alone sets it too (`passes visible`), as well as `--name`.
    public init(_ name: String, _ help: String, bare: Bool = false) { spec = .flag(name, help, bare: bare) }
}

extension Arguments {
    /// The value of an argument, when given.
    public subscript<Value>(_ argument: Argument<Value>) -> Value? { values[argument.name]?.first as? Value }

    /// The value of a required argument; the binder has checked it is there, so its absence is
    /// a bug reported as one, never a command that silently does nothing.
    public func value<Value>(_ argument: Argument<Value>) throws(ShellError) -> Value {
        guard let value = self[argument] else { throw ShellError(.internal, "the argument <\(argument.name)> is missing after binding") }
        return value
    }

    /// Every value of a repeating argument.
    public func all<Value>(_ argument: Argument<Value>) -> [Value] { values[argument.name]?.compactMap { $0 as? Value } ?? [] }

    /// The value of an option: the one given, else its declared default, else nil.
    public subscript<Value>(_ option: Option<Value>) -> Value? { (values[option.name]?.first as? Value) ?? option.defaultValue }

    /// The value of an option only when it was given (its default left out), for options whose
    /// default comes from a setting.
    public func given<Value>(_ option: Option<Value>) -> Value? { values[option.name]?.first as? Value }

    /// The value of an option that has a default.
    public func value<Value>(_ option: Option<Value>) throws(ShellError) -> Value {
        guard let value = self[option] else { throw ShellError(.internal, "the option \(option.name) has no value and no default") }
        return value
    }

    /// Every value of a repeatable option.
    public func all<Value>(_ option: Option<Value>) -> [Value] { values[option.name]?.compactMap { $0 as? Value } ?? [] }

    /// True when the option was given (not its default).
    public func given<Value>(_ option: Option<Value>) -> Bool { values[option.name] != nil }

    /// True when the flag was given.
    public func flag(_ flag: Flag) -> Bool { flags.contains(flag.spec.name) }
}

extension Kind {
    /// One of the cases of an enumeration, by its raw value (any case); completes them all.
    public static func choice<E: CaseIterable & RawRepresentable>(_ type: E.Type, placeholder: String) -> Kind<E> where E.RawValue == String {
        let values = E.allCases.map(\.rawValue)
        return Kind<E>.word(placeholder, "one of: \(values.joined(separator: ", "))", complete: { candidates(values, prefix: $0.prefix) }) { word, _ in
            guard let value = E(rawValue: word.lowercased()) ?? E.allCases.first(where: { $0.rawValue.lowercased() == word.lowercased() }) else {
                throw ValueError("'\(word)' is not one of: \(values.joined(separator: ", "))" + suggestion(word, among: values))
            }
            return value
        }
    }
}
