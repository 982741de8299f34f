/// How many bytes of one value, or of either of two, a stretch of bytes holds, read sixteen at
/// a time: a row bound for text cut into parts (CSV line ends, the "[" that begins each state
/// of a feed).
enum ByteCount {
    static func of(_ value: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        of(value, value, in: bytes, range)
    }

    /// How many bytes are either `a` or `b` (CR and LF), in one pass.
    static func of(_ a: UInt8, _ b: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let patternA = SIMD16<UInt8>(repeating: a), patternB = SIMD16<UInt8>(repeating: b)
        var count = 0, i = range.lowerBound
        while i &+ 16 <= range.upperBound {
            // Up to 255 blocks at a time, each lane of `lanes` counting the matches in its
            // column: a lane that matches compares to all ones (255), and subtracting that adds 1.
            var lanes = SIMD16<UInt8>()
            let stop = i &+ 16 &* Swift.min(255, (range.upperBound &- i) / 16)
            while i < stop {
                let block = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
                let matches = (block .== patternA) .| (block .== patternB)
                lanes &-= unsafeBitCast(matches, to: SIMD16<UInt8>.self)
                i &+= 16
            }
            count &+= Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        while i < range.upperBound {
            if base[i] == a || base[i] == b { count &+= 1 }
            i &+= 1
        }
        return count
    }
}
