import SkyKit

/// Value kinds of badges: a badge by id or name, a badge kind.
extension Kind {
    /// A badge: its id (island-hopper) or its name (Island Hopper), the rest of the line.
    public static var badge: Kind<Badge> {
        Kind<Badge>.word(
            "badge", "a badge: its id like island-hopper, or its name",
            complete: { query in
                candidates(query.context.badges.book().badges.map(\.id), prefix: query.prefix)
            }
        ) { word, context in
            let book = context.badges.book()
            guard let badge = book.badge(named: word) else {
                throw ValueError("no badge called '\(word)'" + suggestion(Badge.slug(word), among: book.badges.map(\.id)) + " (badges all lists them)")
            }
            return badge
        }.restOfLine
    }

    /// A badge kind: bank-angle, flightpath, frequent-flyer, skyline, soaring, voyage.
    public static var badgeKind: Kind<BadgeKind> {
        Kind<BadgeKind>.choice(BadgeKind.self, placeholder: "kind")
    }
}
