/// What asking to pick one of a numbered list gave.
enum NumberedChoice<Item> {
    case chosen(Item)
    /// Nothing to choose between: the lookup's own error stands.
    case notAmbiguous
    case cancelled
    /// An answer that is not one of the numbers.
    case invalid(String)

    /// Lists up to nine items under `heading` (as notes) and asks for the number of one.
    static func ask(_ heading: String, _ items: [Item], line: (Item) -> String, _ ask: (Question) -> String?, _ context: CommandContext) -> NumberedChoice {
        let choices = Array(items.prefix(9))
        guard choices.count > 1 else { return .notAmbiguous }
        context.console.notice(heading)
        for (n, item) in choices.enumerated() { context.console.notice("  \(n + 1)  \(line(item))") }
        guard let pick = ask(Question("Which one? [1-\(choices.count)]: ")) else { return .cancelled }
        if let n = Int(pick.trimmingWhitespace), (1...choices.count).contains(n) { return .chosen(choices[n - 1]) }
        return .invalid("'\(pick)' is not one of 1 to \(choices.count)")
    }
}
