import FoundationEssentials
import Glibc

/// The element sets a user has loaded, one per catalogue number, kept as 3LE text.
public struct SatelliteCatalog: Sendable, Equatable {
    /// The sets, by catalogue number.
    public private(set) var sets: [TLE]

    /// The sets, the newest of each object (of two with the same epoch, the later one).
    public init(_ sets: [TLE] = []) {
        self.sets = []
        _ = merge(sets)
    }

    /// What adding sets did: how many were new, replaced an older set of the same object, or
    /// were older than the one kept (left out, or with `olderToo` put in its place).
    public struct Merge: Sendable, Equatable {
        public var added = 0, updated = 0, older = 0
    }

    /// Adds sets; a set replaces one of the same object unless its epoch is older — or, with
    /// `olderToo` (sets the user chose, `sat load`), always: the set asked for is the one used.
    public mutating func merge(_ new: [TLE], olderToo: Bool = false) -> Merge {
        var report = Merge()
        var byNumber = Dictionary(sets.map { ($0.satelliteNumber, $0) }, uniquingKeysWith: { a, _ in a })
        for set in new {
            if let kept = byNumber[set.satelliteNumber] {
                guard olderToo || set.epochJulianDate >= kept.epochJulianDate else {
                    report.older += 1
                    continue
                }
                if kept != set {
                    if set.epochJulianDate < kept.epochJulianDate { report.older += 1 } else { report.updated += 1 }
                }
            } else {
                report.added += 1
            }
            byNumber[set.satelliteNumber] = set
        }
        sets = byNumber.values.sorted { $0.satelliteNumber < $1.satelliteNumber }
        return report
    }

    /// The set of a catalogue number.
    public func set(number: Int) -> TLE? {
        let k = PartitionPoint.exact(in: sets.count) { sets[$0].satelliteNumber < number ? -1 : sets[$0].satelliteNumber == number ? 0 : 1 }
        return k.map { sets[$0] }
    }

    /// The sets whose name contains `query` (any case), or whose catalogue number or
    /// international designator it is; an exact name first.
    public func matching(_ query: String) -> [TLE] {
        let q = query.trimmingWhitespace()
        if let n = Int(q), let set = set(number: n) { return [set] }
        let folded = q.lowercased()
        let found = sets.filter { ($0.name?.lowercased().contains(folded) ?? false) || $0.internationalDesignator.lowercased() == folded }
        if let exact = found.first(where: { $0.name?.lowercased() == folded }) { return [exact] + found.filter { $0 != exact } }
        return found
    }

    /// The catalogue as 3LE text: the name line (when the set has a name, after `0 ` so that a
    /// name starting `1 ` or `2 ` is not taken for a set's line) and the two lines of each set.
    public var text: String {
        var out = ""
        out.reserveCapacity(sets.count * 172)
        for set in sets {
            if let name = set.name, !name.isEmpty { out += "0 " + name + "\n" }
            out += set.line1 + "\n" + set.line2 + "\n"
        }
        return out
    }
}
