import SkyKit

/// What a line means once read: for each command, its path and its bound arguments and
/// options (values as parsed, so `LHR` and `EGLL` are one airport, `30 km` is `30km`, options
/// in any order are the same); a pipeline's stages as written, any case. Practice compares
/// the student's line with the lesson's by it. Nothing runs: `( … )` stays as written.
extension Shell {
    /// The meaning of `line`, or nil when it does not bind (then it means nothing to compare).
    func meaning(of line: String) -> [String]? {
        guard let commands = try? Lexer(arguments: arguments).commands(in: line), !commands.isEmpty else { return nil }
        var parts: [String] = []
        for words in commands {
            let pieces = words.split(omittingEmptySubsequences: false, whereSeparator: \.isPipe)
            guard let head = pieces.first, let first = head.first else { return nil }
            if first.keyword?.lowercased() == "let" || isVariableHead(Array(head)) {
                parts.append(head.map(\.text).joined(separator: " "))
            } else {
                guard let (_, path, args) = try? bind(Array(head)) else { return nil }
                parts.append(path.joined(separator: " ") + " " + Shell.described(args))
            }
            for stage in pieces.dropFirst() { parts.append("| " + stage.map { $0.text.lowercased() }.joined(separator: " ")) }
        }
        return parts
    }

    /// Bound arguments in an order of their own: names sorted, each value as Swift shows it.
    private static func described(_ args: Arguments) -> String {
        let values = args.values.keys.sorted().map { key in key + "=" + args.values[key]!.map { String(reflecting: $0) }.joined(separator: ",") }
        return (values + args.flags.sorted().map { "--" + $0 }).joined(separator: " ")
    }
}
