import Testing

@testable import SkyKit

/// Numbers of 17 and 18 significant digits (Clinger's exact path cannot take them) read through
/// Float80 against the standard library's correctly rounded conversion, bit for bit.
@Suite("Long decimals")
struct LongDecimalTests {
    /// `plainNumber` of `text` and the extended-precision quotient alone, each against `Double(text)`.
    static func check(_ text: String) -> Bool? {
        let bytes = Array(text.utf8)
        let read = bytes.withUnsafeBufferPointer { JSONParser.plainNumber($0, from: 0) }
        #expect(read?.0.bitPattern == Double(text)?.bitPattern && read?.end == bytes.count, "\(text)")
        let digits = text.utf8.filter { $0 >= 48 && $0 <= 57 }
        let mantissa = digits.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - 48) }
        let fraction = text.utf8.count - 1 - (text.utf8.firstIndex(of: 46).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) } ?? 0)
        let quotient = JSONParser.extendedQuotient(mantissa, fraction)
        if let quotient { #expect(quotient == abs(Double(text)!), "\(text)") }
        return quotient != nil
    }

    @Test func randomLongDecimalsAreCorrectlyRounded() {
        var rng = SplitMix64(seed: 17_18)
        var taken = 0
        for _ in 0..<100_000 {
            let count = 17 + rng.next(2)
            var digits = String(1 + rng.next(9))
            for _ in 1..<count { digits += String(rng.next(10)) }
            let after = 1 + rng.next(count - 1)  // digits after the point
            // Negative ones too: the sign is put back on the magnitude found.
            let sign = rng.next(4) == 0 ? "-" : ""
            let text = sign + String(digits.prefix(count - after)) + "." + String(digits.suffix(after))
            if Self.check(text) == true { taken += 1 }
        }
        #if arch(x86_64) && os(Linux)
            #expect(taken > 99_000)  // the guard sends only near-halfway values to the standard library
        #endif
    }

    @Test func decimalsNextToADoublesHalfwayPointAreCorrectlyRounded() {
        // The exact point halfway between a double d in [1, 1024) and the next one, written to 17
        // or 18 significant digits (just below it), and one unit of the last digit more (just above).
        var rng = SplitMix64(seed: 5_3)
        var declined = 0
        for _ in 0..<20_000 {
            let k = rng.next(10), fractionBits = UInt64(rng.next()) & (1 << 52 - 1)
            let numerator = 2 * ((1 << 52) | fractionBits) + 1, shift = 53 - UInt64(k)
            var text = String(numerator >> shift) + "."
            var remainder = numerator & (1 << shift - 1)
            let significant = 17 + rng.next(2)
            while text.utf8.count - 1 < significant {
                remainder *= 10
                text += String(remainder >> shift)
                remainder &= 1 << shift - 1
            }
            if Self.check(text) == false { declined += 1 }
            guard let last = text.last, last != "9" else { continue }
            if Self.check(String(text.dropLast()) + String(Int(String(last))! + 1)) == false { declined += 1 }
        }
        #if arch(x86_64) && os(Linux)
            #expect(declined > 100)  // the halfway guard is exercised
        #endif
    }
}
