/// A read-only hash table from packed codes (an aircraft type, an airline, a route, an airline
/// at an airport) to the goals they count for, built once per evaluation. Open addressing with
/// a multiplicative hash: the scan looks up several keys per flight, and Swift's seeded hashing
/// and array values would cost more than the database read.
struct GoalIndex {
    /// One goal a key counts for, and the airline a flight must have (0 for any).
    struct Posting {
        var goal: Int32
        var airline: UInt64
    }

    private var keys: [UInt64]
    private var ranges: [(start: Int32, count: Int32)]
    private var postings: [Posting] = []
    private let shift: UInt64

    var isEmpty: Bool { postings.isEmpty }

    /// A table of `entries` (keys must not be 0).
    init(_ entries: [UInt64: [Posting]]) {
        var bits: UInt64 = 4
        while (1 << bits) < entries.count * 2 { bits += 1 }
        shift = 64 - bits
        keys = [UInt64](repeating: 0, count: 1 << bits)
        ranges = [(Int32, Int32)](repeating: (0, 0), count: 1 << bits)
        let mask = (1 << bits) - 1
        for (key, list) in entries {
            var slot = Int(Self.hash(key) >> shift)
            while keys[slot] != 0 { slot = (slot + 1) & mask }
            keys[slot] = key
            ranges[slot] = (Int32(postings.count), Int32(list.count))
            postings += list
        }
    }

    @inline(__always) static func hash(_ key: UInt64) -> UInt64 { (key ^ (key >> 29)) &* 0x9E37_79B9_7F4A_7C15 }

    /// Calls `body` with each posting of `key`.
    @inline(__always) func forEach(_ key: UInt64, _ body: (Posting) -> Void) {
        guard key != 0 else { return }
        let mask = keys.count - 1
        var slot = Int(Self.hash(key) >> shift)
        while true {
            let k = keys[slot]
            if k == key {
                let (start, count) = ranges[slot]
                for i in Int(start)..<Int(start + count) { body(postings[i]) }
                return
            }
            if k == 0 { return }
            slot = (slot + 1) & mask
        }
    }
}
