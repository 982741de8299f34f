import SkyKit
import Testing

@testable import SkyInterpreter

@Suite("Literals and conditions")
struct LiteralTests {
    @Test func quantitiesAreReadInBaseUnits() {
        #expect(Literal.parse("5000km") == .quantity(5_000_000, .length))
        #expect(Literal.parse("2700nm") == .quantity(2700 * 1852, .length))
        #expect(Literal.parse("3000ft") == .quantity(3000 * 0.3048, .length))
        #expect(Literal.parse("30°") == .quantity(30, .angle))
        #expect(Literal.parse("2h") == .quantity(7200, .duration))
        #expect(Literal.parse("250kt") == .quantity(250 * 1852.0 / 3600, .speed))
        #expect(Literal.parse("12") == .quantity(12, .plain))
        #expect(Literal.parse("UA") == .text("UA"))
        #expect(Literal.parse("5000parsecs") == .text("5000parsecs"))
    }

    @Test func datesAndTimesAreChecked() {
        #expect(Literal.parse("2024-01-01") == .date("2024-01-01"))
        #expect(Literal.parse("2024-13-01") == .text("2024-13-01"))
        #expect(Literal.parse("13:05") == .clock(13 * 3600 + 5 * 60))
        #expect(Literal.parse("25:00") == .text("25:00"))
        // 2026-12-02T18:52:53Z is 1796237573 seconds after 1970 (date -d … +%s).
        #expect(Literal.parse("2026-12-02T18:52:53Z") == .instant(1_796_237_573))
        #expect(Literal.parse("2026-12-02T19:52:53+01:00") == .instant(1_796_237_573))
        // 2026-12 starts on 2026-12-01 (date -d 2026-12-01 +%s).
        #expect(Literal.startSeconds("2026-12") == 1_796_083_200)
    }

    @Test func aBareNumberIsInTheColumnsUnit() throws {
        let reader = ScalarReader(catalog: .embedded)
        #expect(try Literal.quantity(5000, .plain).scalar(for: .length(.kilometers), column: "distance", reader: reader) == .number(5_000_000))
        #expect(throws: ValueError.self) { try Literal.quantity(30, .angle).scalar(for: .length(.kilometers), column: "distance", reader: reader) }
    }

    @Test func airportsAreEqualHoweverWritten() throws {
        let reader = ScalarReader(catalog: .embedded)
        #expect(reader.read(.string("SFO"), .airport) == reader.read(.string("KSFO"), .airport))
        #expect(reader.read(.string("UA"), .airline) == reader.read(.string("UAL"), .airline))
    }

    @Test func globsMatchStarsAndQuestionMarks() {
        #expect(Glob.matches("b7*", "b738"))
        #expect(Glob.matches("a3?0", "a320"))
        #expect(!Glob.matches("a3?0", "a3200"))
        #expect(Glob.matches("*", ""))
    }
}
