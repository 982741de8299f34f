/// The order that sorts unsigned keys, ties kept in their given order: a least-significant-digit
/// radix sort, a byte per pass, passes where every key has the same byte left out. Ten thousand
/// keys take a few passes over two small buffers instead of the comparisons of a general sort.
enum RadixOrder {
    /// The indices of `keys` from the smallest key to the largest; equal keys in index order.
    static func of(_ keys: [UInt64]) -> [Int] {
        let n = keys.count
        guard n > 1 else { return Array(0..<n) }
        // How many keys have each value of each byte, all eight counted in one pass over the
        // keys (reordering them does not change these counts).
        var counts = [Int](repeating: 0, count: 8 * 256)
        var current = [(key: UInt64, index: Int)](repeating: (0, 0), count: n)
        var next = current
        counts.withUnsafeMutableBufferPointer { table in
            let table = table.baseAddress!
            keys.withUnsafeBufferPointer { keys in
                current.withUnsafeMutableBufferPointer { current in
                    for (k, key) in keys.enumerated() {
                        current[k] = (key, k)
                        for byte in 0..<8 { table[byte &* 256 &+ Int(truncatingIfNeeded: key &>> UInt64(8 &* byte)) & 0xFF] &+= 1 }
                    }
                }
            }
            for byte in 0..<8 {
                let shift = UInt64(8 * byte), row = table + byte * 256
                // Every key has this byte: the pass would change nothing.
                if row[Int(truncatingIfNeeded: keys[0] &>> shift) & 0xFF] == n { continue }
                var start = 0
                for b in 0..<256 {
                    let c = row[b]
                    row[b] = start
                    start &+= c
                }
                current.withUnsafeBufferPointer { from in
                    next.withUnsafeMutableBufferPointer { to in
                        let to = to.baseAddress!
                        for entry in from {
                            let b = Int(truncatingIfNeeded: entry.key &>> shift) & 0xFF
                            to[row[b]] = entry
                            row[b] &+= 1
                        }
                    }
                }
                swap(&current, &next)
            }
        }
        return current.map(\.index)
    }
}
