/// How many bytes of one value, or of either of two, a stretch of bytes holds, read eight at a
/// time: a row bound for text cut into parts (CSV line ends, the "[" that begins each state of
/// a feed).
enum ByteCount {
    static func of(_ value: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        of(value, value, in: bytes, range)
    }

    /// How many bytes are either `a` or `b` (CR and LF), in one pass.
    static func of(_ a: UInt8, _ b: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let patternA = UInt64(a) &* 0x0101_0101_0101_0101, patternB = UInt64(b) &* 0x0101_0101_0101_0101
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, evenBytes: UInt64 = 0x00FF_00FF_00FF_00FF
        var count = 0, i = range.lowerBound
        while i &+ 8 <= range.upperBound {
            // Up to 255 words at a time, each byte of `lanes` counting the matches in its column.
            var lanes: UInt64 = 0
            let stop = i &+ 8 &* Swift.min(255, (range.upperBound &- i) / 8)
            while i < stop {
                // A byte of x is zero where the byte is the value sought. Per byte, the sum sets
                // the top bit when any low bit is set (it cannot carry into the next byte), x
                // when the top bit is: after the complement only a zero byte keeps its top bit.
                // A byte is one value or the other, never both: the two tests are added by "or".
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                let x = word ^ patternA, y = word ^ patternB
                lanes &+= (~(((x & low) &+ low) | x | low) | ~(((y & low) &+ low) | y | low)) &>> 7
                i &+= 8
            }
            // The eight columns added up: pairs into 16-bit lanes, then those four together.
            let pairs = (lanes & evenBytes) &+ ((lanes &>> 8) & evenBytes)
            count &+= Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) &>> 48)
        }
        while i < range.upperBound {
            if base[i] == a || base[i] == b { count &+= 1 }
            i &+= 1
        }
        return count
    }
}
