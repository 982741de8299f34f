import SkyKit

/// How badges read: progress, the rule in words, what is missing.
enum BadgeText {
    /// "7/10 flights", "4/6 legs".
    static func progress(_ status: BadgeStatus) -> String {
        let (done, total) = status.progress
        if total == 1, status.goals.count == 1 { return done == 1 ? "done" : "not yet" }
        return "\(done)/\(total) \(status.progressUnit)"
    }

    /// "unlocked 2025-03-01" or "4/6 legs".
    static func state(_ status: BadgeStatus) -> String {
        status.unlockedOn.map { "unlocked \($0)" } ?? progress(status)
    }

    /// The rule of a badge in words, with the codes it names.
    static func rule(_ badge: Badge, _ context: CommandContext) -> String {
        func airline(_ code: String) -> String { context.catalog.airline(code: code)?.name ?? code }
        func times(_ n: Int) -> String { n == 1 ? "a flight" : "\(n) flights" }
        switch badge.rule {
        case .event(let event):
            return "a flight with the event \(event.rawValue)"
        case .routes(let legs, let only):
            return "fly " + legs.map(\.description).joined(separator: ", ") + " in any order and either direction" + (only.map { " with \(airline($0))" } ?? "")
        case .hubs(let code):
            let hubs = context.badges.world.hubs(code)
            return "fly \(airline(code)) to or from each of its hubs: " + hubs.joined(separator: ", ")
        case .manufacturers(let makers, let n):
            return "\(times(n)) on aircraft built by " + makers.joined(separator: " or ")
        case .aircraft(let types, let n):
            return "\(times(n)) on " + (types.count == 1 ? types[0] : "any of " + types.joined(separator: ", "))
        case .airlines(let codes, let n):
            return "\(times(n)) with " + (codes.count == 1 ? airline(codes[0]) : "each of " + codes.map { "\(airline($0)) (\($0))" }.joined(separator: ", "))
        }
    }

    /// What is still needed: the legs, hubs or airlines not flown, or how many more flights.
    static func missing(_ status: BadgeStatus) -> [String] {
        status.missing.map { goal in
            let more = goal.needed - goal.flights.count
            switch status.badge.rule {
            case .manufacturers, .aircraft:
                return "\(more) more flight\(more == 1 ? "" : "s")"
            case .airlines(_, let n) where n > 1:
                return "\(goal.label) (\(more) more)"
            default:
                return goal.label
            }
        }
    }
}
