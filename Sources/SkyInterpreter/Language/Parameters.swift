import SkyKit

/// A parameter of a command of your own, as `def` writes it: `n`, `n:number`, `n:number=10`.
/// A kind checks the argument as a built-in command's is checked (the same value kinds) and
/// `$n` then holds a value of that kind; a default makes the parameter optional.
struct Parameter: Equatable {
    var name: String
    var kind: ParameterKind
    /// The value used when the argument is left out, as written (checked when `def` runs).
    var defaultText: String?

    /// Reads `word`, or says why it is no parameter.
    static func parse(_ word: String) -> Result<Parameter, ParameterMistake> {
        var rest = Substring(word)
        var defaultText: String?
        if let equals = rest.firstIndex(of: "=") {
            defaultText = String(rest[rest.index(after: equals)...])
            rest = rest[..<equals]
            if defaultText!.isEmpty { return .failure(ParameterMistake("'\(Visible.text(word))' has no default after =")) }
        }
        var kind = ParameterKind.any
        if let colon = rest.firstIndex(of: ":") {
            let kindName = String(rest[rest.index(after: colon)...]).lowercased()
            guard let named = ParameterKind(rawValue: kindName), named != .any else {
                return .failure(
                    ParameterMistake(
                        "'\(Visible.text(kindName))' is not a parameter kind" + suggestion(kindName, among: ParameterKind.names)
                            + " (kinds: \(ParameterKind.names.joined(separator: ", ")))"))
            }
            kind = named
            rest = rest[..<colon]
        }
        let name = String(rest)
        guard Shell.isVariableName(name) else { return .failure(ParameterMistake("'\(Visible.text(name))' is not a parameter name (letters, digits and _)")) }
        return .success(Parameter(name: name, kind: kind, defaultText: defaultText))
    }

    /// The argument's declaration: its kind, optional with a default.
    var spec: ArgumentSpec {
        let help = "$\(name) in the command" + (defaultText.map { " (default \(Visible.text($0)))" } ?? "")
        return ArgumentSpec(name, kind.valueKind, help, defaultText == nil ? .required : .optional, placeholder: name)
    }

    /// The value `$NAME` holds: the argument given, else the default read as the argument would be.
    func value(_ args: Arguments, _ context: CommandContext) throws -> PipeValue {
        let read = try args.get(name, as: PipeValue.self) ?? kind.read(defaultText ?? "", context)
        guard case .value(let cell, let cellKind, _) = read else { return read }
        return .value(cell, cellKind, key: name)
    }
}

/// A mistake in a parameter's spelling.
struct ParameterMistake: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// The kinds a parameter may have: each reads its word with the value kind skyshell's own
/// commands use for it, and gives a value that keeps its kind and unit.
enum ParameterKind: String, CaseIterable {
    /// No kind written: the word as it is, a quantity or a date when it reads as one.
    case any
    case text, number, integer, length, height, angle, duration, airport, airline, aircraft

    static var names: [String] { allCases.filter { $0 != .any }.map(\.rawValue) }

    /// Reads one word as an argument of this kind is read.
    func read(_ word: String, _ context: CommandContext) throws -> PipeValue {
        var cursor = WordCursor([Token(word, isLiteral: true)])
        return try valueKind.erased.read(&cursor, context) as! PipeValue
    }

    var valueKind: Kind<PipeValue> {
        switch self {
        case .any: Kind<PipeValue>.word("value", "a word (quote it to include spaces)") { word, _ in typed(Cell(word), Shell.literalKind(Token(word))) }
        case .text: Self.mapped(.text) { (Datum.string($0), .text) }
        case .number:
            Kind<PipeValue>.word("number", "a number") { word, _ in
                guard let n = NumberParser.parse(word) else { throw ValueError("'\(word)' is not a number") }
                return typed(Cell(.number(n)), .number)
            }
        case .integer:
            Kind<PipeValue>.word("integer", "a whole number") { word, _ in
                guard let n = NumberParser.integer(word, in: Int(Int32.min)...Int(Int32.max)) else { throw ValueError("'\(word)' is not a whole number") }
                return typed(Cell(.int(n)), .integer)
            }
        case .length: Self.mapped(.distance()) { (Datum.number($0.kilometers), .length(.kilometers)) }
        case .height: Self.mapped(.height()) { (Datum.number($0.meters), .height(.meters)) }
        case .angle: Self.mapped(.angle) { (Datum.number($0.degrees), .angle) }
        case .duration: Self.mapped(.duration()) { (Datum.number($0), .duration(secondsPerUnit: 1)) }
        case .airport: Self.mapped(.airport) { (Datum.string($0.icao), .airport) }
        case .airline: Self.mapped(.airline) { (Datum.string($0.icao ?? $0.iata ?? $0.name), .airline) }
        case .aircraft: Self.mapped(.aircraftType) { (Datum.string($0.designator), .aircraft) }
        }
    }

    /// A built-in kind whose values become a parameter's value.
    private static func mapped<Value>(_ kind: Kind<Value>, _ make: @escaping (Value) -> (Datum, ColumnKind)) -> Kind<PipeValue> {
        let read = kind.erased.read
        return Kind<PipeValue>(
            placeholder: kind.placeholder, summary: kind.summary,
            read: { cursor, context in
                let (datum, kind) = make(try read(&cursor, context) as! Value)
                return typed(Cell(datum), kind)
            }, complete: kind.complete)
    }
}

private func typed(_ cell: Cell, _ kind: ColumnKind) -> PipeValue { .value(cell, kind, key: "value") }
