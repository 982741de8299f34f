/// The order that sorts unsigned keys, ties kept in their given order: a least-significant-digit
/// radix sort, a byte per pass, passes where every key has the same byte left out. Ten thousand
/// keys take a few passes over two small buffers instead of the comparisons of a general sort.
enum RadixOrder {
    /// The indices of `keys` from the smallest key to the largest; equal keys in index order.
    static func of(_ keys: [UInt64]) -> [Int] {
        let n = keys.count
        guard n > 1 else { return Array(0..<n) }
        var current = keys.indices.map { (key: keys[$0], index: $0) }
        var next = current
        var counts = [Int](repeating: 0, count: 256)
        for shift in stride(from: UInt64(0), to: 64, by: 8) {
            for b in 0..<256 { counts[b] = 0 }
            for entry in current { counts[Int(truncatingIfNeeded: entry.key &>> shift) & 0xFF] += 1 }
            // Every key has this byte: the pass would change nothing.
            if counts[Int(truncatingIfNeeded: current[0].key &>> shift) & 0xFF] == n { continue }
            var start = 0
            for b in 0..<256 {
                let c = counts[b]
                counts[b] = start
                start += c
            }
            for entry in current {
                let b = Int(truncatingIfNeeded: entry.key &>> shift) & 0xFF
                next[counts[b]] = entry
                counts[b] += 1
            }
            swap(&current, &next)
        }
        return current.map(\.index)
    }
}
