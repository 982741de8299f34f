/// Words joined as English joins them.
enum Phrases {
    /// "a", "a and b", "a, b and c"; empty for none.
    static func list(_ items: [String]) -> String {
        items.count <= 1 ? (items.first ?? "") : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
