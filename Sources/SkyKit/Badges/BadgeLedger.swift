/// Which badges a logbook has been told it unlocked (the `badge_unlocks` table), so a change to
/// the logbook can announce the badges it unlocks, and those it locks again, exactly once.
public enum BadgeLedger {
    /// The changes since the ledger was last brought up to date.
    public struct Changes: Sendable {
        public var unlocked: [BadgeStatus] = []
        public var relocked: [BadgeStatus] = []
    }

    /// Records `statuses` for `logbook` in one transaction and returns what changed.
    public static func reconcile(_ statuses: [BadgeStatus], store: LogbookStore, logbook: String) throws -> Changes {
        var changes = Changes()
        try store.db.writeTransaction {
            guard let id = try store.logbookID(logbook, create: false) else { return }
            var recorded = Set<String>()
            let read = try store.db.statement("SELECT badge FROM badge_unlocks WHERE logbook_id = ?").bind([.integer(id)])
            while try read.step() { if let badge = read.text(0) { recorded.insert(badge) } }
            let insert = try store.db.statement("INSERT INTO badge_unlocks (logbook_id, badge, unlocked) VALUES (?, ?, ?)")
            let delete = try store.db.statement("DELETE FROM badge_unlocks WHERE logbook_id = ? AND badge = ?")
            for status in statuses {
                let badgeID = status.badge.id
                if let date = status.unlockedOn, !recorded.contains(badgeID) {
                    try insert.bind([.integer(id), .text(badgeID), .text(date.description)]).run()
                    insert.rewind()
                    changes.unlocked.append(status)
                } else if status.unlockedOn == nil, recorded.contains(badgeID) {
                    try delete.bind([.integer(id), .text(badgeID)]).run()
                    delete.rewind()
                    changes.relocked.append(status)
                }
            }
        }
        return changes
    }
}
