/// Usage lines derived from declarations.
public enum Usage {
    /// `distance <place> <place> [<place>…] [in <unit>] [--trace]`
    public static func line(_ spec: CommandSpec, path: [String]) -> String {
        var parts = [path.joined(separator: " ")]
        if !spec.subcommands.isEmpty {
            let subs = spec.subcommands.map(\.name).joined(separator: "|")
            parts.append(spec.handler == nil ? subs : "[\(subs)]")
        }
        for argument in spec.arguments {
            let p = "<\(argument.kind.placeholder)>"
            switch argument.arity {
            case .required: parts.append(p)
            case .optional: parts.append("[\(p)]")
            case .repeating(let min):
                parts += Array(repeating: p, count: min)
                parts.append("[\(p)…]")
            case .rest(let required): parts.append(required ? "<\(argument.kind.placeholder)…>" : "[\(argument.kind.placeholder)…]")
            }
        }
        for option in spec.options { parts.append("[\(option.usage)]") }
        return parts.joined(separator: " ")
    }
}
