import Foundation
import SkyKit
import Testing

/// Figures written digit by digit into one buffer read as the same text Swift's own number
/// printing gives, with commas every three digits of the whole part.
@Suite("Digit groups")
struct DigitGroupsTests {
    /// The text the same figure has from `String(UInt64)`, split and grouped by string operations.
    static func expected(_ units: UInt64, decimals: Int, grouping: Bool, negative: Bool) -> String {
        var scale: UInt64 = 1
        for _ in 0..<decimals { scale *= 10 }
        var whole = String(units / scale)
        if grouping {
            var out = ""
            for (i, c) in whole.enumerated() {
                if i > 0, (whole.count - i) % 3 == 0 { out.append(",") }
                out.append(c)
            }
            whole = out
        }
        let fraction = String(units % scale)
        let tail = decimals == 0 ? "" : "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        return (negative ? "-" : "") + whole + tail
    }

    @Test func randomFiguresReadAsSwiftPrintsThem() {
        var rng = SystemRandomNumberGenerator()
        for k in 0..<20_000 {
            // Every size of number, from one digit to twenty.
            let digits = k % 20 + 1
            let units =
                digits == 20
                ? UInt64.random(in: 10_000_000_000_000_000_000...UInt64.max, using: &rng)
                : UInt64.random(in: 0..<(0..<digits).reduce(UInt64(1)) { p, _ in p * 10 }, using: &rng)
            let decimals = k % 7, grouping = k % 3 != 0, negative = k % 5 == 0
            #expect(
                DigitGroups.text(units, decimals: decimals, grouping: grouping, negative: negative)
                    == Self.expected(units, decimals: decimals, grouping: grouping, negative: negative), "\(units) \(decimals)")
        }
    }

    @Test func theEdges() {
        #expect(DigitGroups.grouped(0) == "0")
        #expect(DigitGroups.grouped(999) == "999")
        #expect(DigitGroups.grouped(1000) == "1,000")
        #expect(DigitGroups.grouped(UInt64.max) == "18,446,744,073,709,551,615")
        #expect(DigitGroups.text(5, decimals: 3, grouping: true, negative: true) == "-0.005")
        #expect(DigitGroups.text(UInt64.max, decimals: 19, grouping: true, negative: true) == "-1.8446744073709551615")
    }
}
