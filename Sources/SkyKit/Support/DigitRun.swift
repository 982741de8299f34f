/// Decimal digits read eight at a time: one 64-bit load finds how many of the next bytes are
/// digits and adds them up with three multiplications (a number in a feed is read in one or
/// two steps instead of one per digit).
enum DigitRun {
    /// The value and count of the digits (at most 8) from `start`; a byte at a time near the
    /// end of the buffer.
    @inline(__always)
    static func read(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> (value: UInt64, length: Int) {
        guard start &+ 8 <= count else {
            var value: UInt64 = 0, i = start
            while i < count, i &- start < 8 {
                let d = base[i] &- 48
                if d >= 10 { break }
                value = value &* 10 &+ UInt64(d)
                i &+= 1
            }
            return (value, i &- start)
        }
        // The first byte read is the lowest. Subtracting "0" from every byte leaves 0…9 in a
        // digit's byte; a byte below "0" gets its top bit, one above "9" gets it after adding
        // 0x76. Borrows and carries only run upwards, so the lowest flagged byte is the first
        // that is not a digit.
        let v = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)) &- 0x3030_3030_3030_3030
        let flags = (v | (v &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080
        let length = flags == 0 ? 8 : flags.trailingZeroBitCount / 8
        guard length > 0 else { return (0, 0) }
        // The digits moved to the top bytes (zeros below them are leading zeros), then pairs,
        // fours and eights combined.
        var d = v &<< UInt64(8 * (8 - length))
        d = ((d & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
        d = ((d & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        d = ((d & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
        return (d, length)
    }

    /// Reads every digit from `i` (moved past them) into `mantissa` (times ten for each, plus
    /// the digit; the caller bounds how many) and gives how many there were.
    @inline(__always)
    static func readAll(_ base: UnsafePointer<UInt8>, from i: inout Int, count: Int, into mantissa: inout UInt64) -> Int {
        var total = 0
        while true {
            let (value, length) = read(base, from: i, count: count)
            mantissa = mantissa &* scale(length) &+ value
            i &+= length
            total &+= length
            if length < 8 { return total }
        }
    }

    /// 10ⁿ for n in 0…8.
    @inline(__always)
    static func scale(_ n: Int) -> UInt64 {
        switch n {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        default: 100_000_000
        }
    }

    /// 10ⁿ as a Double for n in 0…22, where it is exact; nil past that.
    @inline(__always)
    static func exactPowerOfTen(_ n: Int) -> Double? {
        switch n {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        case 22: 1e22
        default: nil
        }
    }
}
