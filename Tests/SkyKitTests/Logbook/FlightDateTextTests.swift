import Foundation
import Testing

@testable import SkyKit

/// Dates and zero-padded numbers as text, against Foundation's printf formatting.
@Suite("Flight date text")
struct FlightDateTextTests {
    @Test func wholeAndPartialDatesReadAsISO() throws {
        #expect(try #require(FlightDate(year: 2012, month: 4, day: 4)).description == "2012-04-04")
        #expect(try #require(FlightDate(year: 1, month: 12, day: 31)).description == "0001-12-31")
        #expect(try #require(FlightDate(year: 9999, month: 1, day: 1)).description == "9999-01-01")
        #expect(try #require(FlightDate(year: 2006, month: 2)).description == "2006-02")
        #expect(try #require(FlightDate(year: 2006)).description == "2006")
        var odd = try #require(FlightDate(year: 2006, month: 2, day: 3))
        odd.year = 12_345
        #expect(odd.description == "12345-02-03")
        odd.year = -5
        #expect(odd.description == "00-5-02-03")  // as before: outside FlightDate's range, the slow path
    }

    @Test func paddedDigitsMatchPrintf() {
        var rng = SplitMix64(seed: 3)
        let samples = [0, 1, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, 123_456_789, Int.max, -1, -42] + (0..<300).map { _ in rng.next(1_000_000) }
        for n in samples {
            for width in [1, 2, 3, 4, 5, 8] {
                let expected = n >= 0 ? String(format: "%0\(width)ld", n) : String(repeating: "0", count: max(0, width - String(n).count)) + String(n)
                #expect(FlightDate.digits(n, width) == expected, "\(n) width \(width)")
            }
        }
    }
}
