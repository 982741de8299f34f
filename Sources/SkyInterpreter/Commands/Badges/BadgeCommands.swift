import SkyKit

/// `badges [all|unlocked|locked] [kind K]` and `badge <name>`: FlyLines' achievements.
enum BadgeCommands {
    /// Which badges a listing shows.
    enum Which: String, CaseIterable { case all, unlocked, locked }

    static let which = Argument("which", .choice(Which.self, placeholder: "which"), "which badges (all by default)", .optional)
    static let kind = Option("kind", .badgeKind, "only badges of this kind")

    static let badges = CommandSpec(
        "badges", category: .badges,
        abstract: "List the badges and your progress towards them",
        discussion:
            "Badges are achievements earned from the active logbook, in six kinds: Bank Angle (an unusual event on a "
            + "flight), Flightpath (a set of routes flown, in any order and direction), Frequent Flyer (an airline flown to "
            + "or from each of its hubs), Skyline (aircraft of a manufacturer flown a number of times), Soaring (one "
            + "aircraft family flown a number of times) and Voyage (each airline of a list flown). Unlocked badges show the "
            + "date of the flight that earned them; locked ones show how far you are. Add your own in badges.toml in the "
            + "config directory: [[badge]] tables with kind, name, description, an optional id, and event (bank-angle); "
            + "routes = [\"SFO-OAK\", …] and an optional airline (flightpath); airline (frequent-flyer); manufacturer and "
            + "flights (skyline); aircraft = [\"B38M\", …] and flights (soaring); airlines and an optional flights per "
            + "airline (voyage). Mistakes are reported with their line and field; see Docs/BADGES.md.",
        arguments: [which.spec],
        options: [kind.spec],
        examples: [
            Example("badges", "every badge"), Example("badges unlocked", "the ones you have"),
            Example("badges locked kind skyline", "manufacturers still to fly"),
        ]
    ) { args, context in
        let which = args[BadgeCommands.which] ?? .all
        let kind = args[BadgeCommands.kind]
        let statuses = try context.badges.statuses()
        let unlockedCount = statuses.filter(\.isUnlocked).count
        let shown = statuses.filter { status in
            (kind == nil || status.badge.kind == kind)
                && (which == .all || (which == .unlocked) == status.isUnlocked)
        }
        var table = Table(
            key: "badges",
            columns: [
                Column("glyph", "", textOnly: true), Column("id", "", dataOnly: true), Column("kind", "Kind"), Column("name", "Badge"),
                Column("unlocked", "", dataOnly: true), Column("unlocked_on", "", dataOnly: true, kind: .date),
                Column("progress", "Progress", textOnly: true), Column("done", "", dataOnly: true), Column("total", "", dataOnly: true),
                Column("unit", "", dataOnly: true),
                Column("description", "Description"),
            ])
        table.rows = shown.map { status in
            let style: Style = status.isUnlocked ? .accent : .dim
            let (done, total) = status.progress
            return [
                Cell(.null, text: status.isUnlocked ? "✓" : "🔒", style: style), Cell(.string(status.badge.id)),
                Cell(.string(status.badge.kind.rawValue), text: status.badge.kind.title, style: style), Cell(status.badge.name, style: style),
                Cell(.bool(status.isUnlocked)), Cell(.optional(status.unlockedOn?.description)),
                Cell(.string(BadgeText.state(status)), style: style), Cell(.int(done)), Cell(.int(total)), Cell(status.progressUnit),
                Cell(status.badge.description, style: style),
            ]
        }
        var output = Output([.message("Badges — \(unlockedCount) of \(statuses.count) unlocked in logbook \(context.session.logbook)", .accent)])
        if shown.isEmpty {
            output.append(.message("no \(which == .all ? "" : which.rawValue + " ")badges" + (kind.map { " of kind \($0.rawValue)" } ?? "")))
            output.append(.data("badges", .list([])))
        } else {
            output.append(.table(table))
        }
        return output
    }

    static let name = Argument("name", .badge, "the badge's id or name")

    static let badge = CommandSpec(
        "badge", category: .badges,
        abstract: "Show one badge: its rule, your progress, the flights that count, what is missing",
        arguments: [name.spec],
        examples: [Example("badge island-hopper", "the legs of the Island Hopper you have flown"), Example("badge The Best Seller", "by name")]
    ) { args, context in
        let badge = try args.value(BadgeCommands.name)
        guard let status = try context.badges.statuses([badge]).first else { throw ShellError(.internal, "no status for the badge \(badge.id)") }
        return .card(card(status, context))
    }

    /// The card of one badge.
    static func card(_ status: BadgeStatus, _ context: CommandContext) -> Card {
        let badge = status.badge
        // The flights that count: for each goal, the ones that earned it (or all so far).
        var counted: [CountedFlight] = []
        for goal in status.goals { counted += goal.flightsByDate.prefix(goal.needed) }
        var seen = Set<Int64>()
        counted = counted.filter { seen.insert($0.number).inserted }.sorted { ($0.date, $0.number) < ($1.date, $1.number) }
        let store = context.logbook.existingStore()
        let lines = counted.prefix(20).map { c -> String in
            guard let flight = try? store?.flight(number: Int(c.number), in: context.session.logbook) else { return "#\(c.number)" }
            return "#\(c.number)  " + FlightFields.summary(flight, context)
        }
        let missing = BadgeText.missing(status)
        var card = Card(
            title: badge.title,
            fields: [
                Field("id", "id", Cell(badge.id)),
                Field("kind", "kind", Cell(.string(badge.kind.rawValue), text: "\(badge.kind.title) — \(badge.kind.rule)")),
                Field("name", "", Cell(badge.name)),
                Field("description", "description", Cell(badge.description)),
                Field("rule", "rule", Cell(BadgeText.rule(badge, context))),
                Field(
                    "unlocked", "status",
                    Cell(
                        .bool(status.isUnlocked), text: status.unlockedOn.map { "unlocked \($0) ✓" } ?? "locked 🔒 — \(BadgeText.progress(status))",
                        style: status.isUnlocked ? .accent : .dim)),
                Field("unlocked_on", "", Cell(.optional(status.unlockedOn?.description)), kind: .date),
                Field("done", "", Cell(.int(status.progress.done))),
                Field("total", "", Cell(.int(status.progress.total))),
                Field(
                    "flights", "flights that count",
                    Cell(
                        .list(counted.map { .int(Int($0.number)) }),
                        text: lines.isEmpty ? "none yet" : lines.joined(separator: "\n") + (counted.count > 20 ? "\n… and \(counted.count - 20) more" : ""))),
                Field("missing", "missing", Cell(.list(missing.map(Datum.string)), text: missing.isEmpty ? "nothing" : missing.joined(separator: ", "))),
                Field("defined", "defined", Cell(badge.origin)),
            ])
        card.titleStyle = status.isUnlocked ? .accent : .dim
        return card
    }
}
