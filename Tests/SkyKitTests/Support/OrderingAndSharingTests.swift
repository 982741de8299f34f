import Testing

@testable import SkyKit

/// The radix order against the standard library's stable sort, the partition point against a
/// scan, and work shared between cores against the same work done in one loop.
@Suite("Radix order, partition point and shared work")
struct OrderingAndSharingTests {
    @Test func theRadixOrderIsAStableSort() {
        var rng = SplitMix64(seed: 2026)
        for size in [0, 1, 2, 3, 17, 256, 1_000, 10_000] {
            for spread in [UInt64(1), 4, 300, 1 << 20, .max] {
                let keys = (0..<size).map { _ in spread == .max ? rng.next() : (rng.next() % spread) << 7 }
                let expected = keys.indices.sorted { keys[$0] < keys[$1] }  // stable: equal keys keep their order
                #expect(RadixOrder.of(keys) == expected, "\(size) keys below \(spread)")
            }
        }
        // Distances as the radar orders them: the bits of non-negative doubles.
        let distances = [3.5, 0, 1e-300, 12_000_000, 3.5, 0.25, 7]
        let order = RadixOrder.of(distances.map(\.bitPattern))
        #expect(order == [1, 2, 5, 0, 4, 6, 3])
    }

    @Test func thePartitionPointIsTheFirstPositionWhereTheConditionFails() {
        var rng = SplitMix64(seed: 12)
        for count in [0, 1, 2, 3, 8, 100, 1_001] {
            let sorted = (0..<count).map { _ in rng.next(50) }.sorted()
            for key in -1...51 {
                let scanned = sorted.firstIndex { $0 >= key } ?? count
                #expect(PartitionPoint.first(in: count) { sorted[$0] < key } == scanned, "\(count) values, key \(key)")
                // The last at or before the key, as the recordings and zone transitions ask it.
                let lastScanned = sorted.lastIndex { $0 <= key }
                #expect(PartitionPoint.first(in: count) { sorted[$0] <= key } - 1 == (lastScanned ?? -1))
                #expect(PartitionPoint.last(in: count) { sorted[$0] <= key } == lastScanned)
                // The position holding the key itself (any one of equal keys), or none.
                let found = PartitionPoint.exact(in: count) { sorted[$0] < key ? -1 : sorted[$0] == key ? 0 : 1 }
                #expect(found.map { sorted[$0] == key } ?? !sorted.contains(key))
            }
        }
    }

    @Test func sharedWorkGivesEveryResultInItsPlace() {
        for count in [0, 1, 249, 250, 251, 999, 5_000] {
            let shared = Parallel.array(count: count, run: 250) { i in "\(i * i)" }
            #expect(shared == (0..<count).map { "\($0 * $0)" }, "\(count) items")
        }
        // A run of no items is taken as a run of one, not as no work.
        #expect(Parallel.array(count: 5, run: 0) { $0 } == [0, 1, 2, 3, 4])
    }
}
