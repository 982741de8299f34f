import SkyKit

/// `( command | stage… )` and `$( command )` as words of another command: the value, a list's
/// values, a one-column table's values, or the text a command printed, split at spaces.
extension Shell {
    /// The words the command written `inner` stands for.
    func substitution(_ inner: String) throws(ShellError) -> [String] {
        do {
            return try nested("a substitution", kind: "substitutions") { try substituted(inner) }
        } catch {
            throw ShellError(failure: error)
        }
    }

    private func substituted(_ inner: String) throws(ShellError) -> [String] {
        let words = try lex(inner)
        guard !words.isEmpty else { throw ShellError.usage("( ) holds no command") }
        let value: PipeValue
        do {
            if Shell.isPipeline(words) || isVariableHead(words) {
                value = try evaluatePipeline(words)
            } else {
                let output = try evaluate(words)
                let messages = output.blocks.compactMap { block -> String? in if case .message(let text, _) = block { text } else { nil } }
                if !messages.isEmpty, messages.count == output.blocks.count {
                    return messages.joined(separator: " ").split { $0 == " " || $0 == "\t" || $0 == "\n" }.map(String.init)
                }
                value = try Shell.pipeValue(of: output, command: words.map(\.text).joined(separator: " "))
            }
            if case .table(let table) = value {
                guard table.columns.count == 1 else {
                    throw ShellError.usage("(\(Visible.text(inner))) gives \(value.what), not words: end it with | get COLUMN")
                }
                return table.rows.map { $0[0].datum.plainText }
            }
            return try value.words()
        } catch {
            throw ShellError(failure: error)
        }
    }
}
