import FoundationEssentials
import Glibc
import SkyKit

/// The badges service's state: the badge book read from the built-ins and the user's file,
/// and what badge definitions refer to in the catalog.
final class BadgesContext: ServiceContext {
    private let context: CommandContext
    private var loaded: (stamp: String, book: BadgeBook)?
    /// What badge definitions refer to, from the catalog.
    lazy var world = BadgeWorld.of(context.catalog)

    init(context: CommandContext) { self.context = context }

    /// The user's own badge definitions: `badges.toml` in the config directory.
    var userFile: String? { context.runner.paths?.path(.badges) }

    /// The built-in badges and the user's, read again whenever the user's file changes; its
    /// problems are notes of the command's output, once per change.
    func book() -> BadgeBook {
        let stamp =
            userFile.flatMap { file -> String? in
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: file) else { return nil }
                return "\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) \((attributes[.size] as? Int) ?? 0)"
            } ?? "none"
        if let loaded, loaded.stamp == stamp { return loaded.book }
        let book = BadgeBook.load(world: world, userFile: userFile)
        for problem in book.problems { context.console.note(problem) }
        loaded = (stamp, book)
        return book
    }

    /// The progress of the active logbook on `badges` (all of them by default). A logbook
    /// database that does not exist yet means every badge is locked.
    func statuses(_ badges: [Badge]? = nil) throws -> [BadgeStatus] {
        try BadgeEvaluator(badges: badges ?? book().badges, world: world).evaluate(context.logbook.existingStore(), logbook: context.session.logbook)
    }

    /// A card field listing the badges that involve an airline, with their state.
    func field(airline code: String) -> Field {
        let involved = book().badges.filter { $0.airlines.contains(code) }
        let statuses = (try? statuses(involved)) ?? []
        let text =
            statuses.isEmpty
            ? "none" : statuses.map { "\($0.isUnlocked ? "✓" : "🔒") \($0.badge.title) — \(BadgeText.state($0))" }.joined(separator: "\n")
        return Field("badges", "badges", Cell(.list(statuses.map { .object([("id", .string($0.badge.id)), ("unlocked", .bool($0.isUnlocked))]) }), text: text))
    }

    /// After a change to the logbook: the badges it unlocked or locked again, one line each.
    /// A failure here never undoes the change; it is reported as a note.
    func announcements() -> [Block] {
        do {
            let changes = try BadgeLedger.reconcile(statuses(), store: context.logbook.store(), logbook: context.session.logbook)
            var blocks: [Block] = changes.unlocked.map { .message("Badge unlocked: \($0.badge.title) — \($0.badge.description)", .accent) }
            if changes.relocked.count <= 3 {
                blocks += changes.relocked.map { .message("Badge locked again: \($0.badge.title) (\(BadgeText.progress($0)))", .dim) }
            } else {
                blocks.append(.message("\(changes.relocked.count) badges locked again (badges locked lists them)", .dim))
            }
            if !changes.unlocked.isEmpty {
                blocks.append(.data("badges_unlocked", .list(changes.unlocked.map { .string($0.badge.id) })))
            }
            if !changes.relocked.isEmpty {
                blocks.append(.data("badges_locked", .list(changes.relocked.map { .string($0.badge.id) })))
            }
            return blocks
        } catch {
            return [.note("badges were not updated: \(error)")]
        }
    }
}

extension CommandContext {
    /// The badges service.
    var badges: BadgesContext { services.context() }
}
