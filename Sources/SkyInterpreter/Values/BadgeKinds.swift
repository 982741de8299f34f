import SkyKit

/// Value kinds of badges: a badge by id or name, a badge kind.
extension ValueKind {
    /// A badge: its id (island-hopper) or its name (Island Hopper), the rest of the line.
    public static let badge = ValueKind.word(
        "badge", "a badge: its id like island-hopper, or its name",
        complete: { query in
            candidates(query.shell.badgeBook().badges.map(\.id), prefix: query.prefix)
        }
    ) { word, shell in
        let book = shell.badgeBook()
        guard let badge = book.badge(named: word) else {
            throw ValueError("no badge called '\(word)'" + suggestion(Badge.slug(word), among: book.badges.map(\.id)) + " (badges all lists them)")
        }
        return badge
    }.restOfLine

    /// A badge kind: bank-angle, flightpath, frequent-flyer, skyline, soaring, voyage.
    public static let badgeKind = ValueKind.choice("kind", BadgeKind.allCases.map(\.rawValue))
}
