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

    @Test func bytesCountedSixteenAtATimeAreTheBytesOfThatValue() {
        var rng = SplitMix64(seed: 91)
        for _ in 0..<2_000 {
            let size = rng.next(70)
            // Few distinct values, so runs of the value sought and its neighbours (0x80 apart
            // too, for the top bit) fill whole blocks.
            let alphabet: [UInt8] = [0x5B, 0x5A, 0x5C, 0xDB, 0x00, 0xFF, 0x0A, 0x0D]
            let bytes = (0..<size).map { _ in alphabet[rng.next(alphabet.count)] }
            let lower = rng.next(size + 1), upper = lower + rng.next(size - lower + 1)
            for value in alphabet {
                let counted = bytes.withUnsafeBufferPointer { ByteCount.of(value, in: $0, lower..<upper) }
                #expect(counted == bytes[lower..<upper].filter { $0 == value }.count, "\(bytes) \(lower)..<\(upper) \(value)")
                // Line ends: either of two values, counted in the same pass.
                let either = bytes.withUnsafeBufferPointer { ByteCount.of(value, 0x0D, in: $0, lower..<upper) }
                #expect(either == bytes[lower..<upper].filter { $0 == value || $0 == 0x0D }.count, "\(bytes) \(lower)..<\(upper) \(value) or CR")
            }
        }
        // Long stretches: the column counts are added up every 255 blocks of 16, before a byte
        // of them can overflow.
        for length in [2_039, 4_079, 4_080, 4_081, 4_096, 8_160, 100_003] {
            let same = [UInt8](repeating: 0x5B, count: length)
            #expect(same.withUnsafeBufferPointer { ByteCount.of(0x5B, in: $0, $0.indices) } == length)
            let mixed = (0..<length).map { $0 % 3 == 0 ? UInt8(0x5B) : UInt8(0xDB) }
            #expect(mixed.withUnsafeBufferPointer { ByteCount.of(0x5B, in: $0, 1..<length) } == (length - 1) / 3)
        }
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
