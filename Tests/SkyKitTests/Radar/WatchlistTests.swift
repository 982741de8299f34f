import Foundation
import Testing

@testable import SkyKit

/// Watchlist patterns: `*` and `?` without regard to case, over the field each kind reads.
@Suite("Watchlist")
struct WatchlistTests {
    static let c17 = AircraftState(
        icao24: "ae1234", callsign: "RCH123", coordinate: Coordinate(validLatitude: 48.95, longitude: 2.4), typeDesignator: "C17",
        registration: "08-8601", squawk: "7700")

    @Test func patternsMatchWithStarsAndQuestionMarksWithoutRegardToCase() {
        let cases: [(String, String, Bool)] = [
            ("BAW*", "BAW304", true), ("BAW*", "XBAW1", false), ("*", "", true), ("", "", true), ("", "A", false), ("N12?AB", "N123AB", true),
            ("N12?AB", "N12AB", false), ("*AB", "N123AB", true), ("A*B*C", "AxxBxxC", true), ("A*B*C", "AxxCxxB", false), ("**", "ABC", true),
            ("?", "", false), ("A?C*", "ABCDEF", true),
        ]
        for (pattern, text, expected) in cases {
            #expect(Glob.matches(pattern, text) == expected, "\(pattern) ~ \(text)")
        }
    }

    @Test func eachKindReadsItsOwnField() {
        #expect(WatchEntry(.type, "c1?").matches(Self.c17))
        #expect(WatchEntry(.reg, "08-*").matches(Self.c17))
        #expect(WatchEntry(.operator, "rch").matches(Self.c17) && !WatchEntry(.operator, "RC").matches(Self.c17))
        #expect(WatchEntry(.callsign, "RCH1*").matches(Self.c17) && !WatchEntry(.callsign, "RCH").matches(Self.c17))
        #expect(WatchEntry(.squawk, "77*").matches(Self.c17) && WatchEntry(.hex, "AE1234").matches(Self.c17))
        // A field the aircraft does not send never matches, not even *.
        let bare = AircraftState(icao24: "abcdef", coordinate: Coordinate(validLatitude: 0, longitude: 0))
        #expect(!WatchEntry(.type, "*").matches(bare) && WatchEntry(.hex, "*").matches(bare))
        // An operator is three letters: a registration-like callsign has none.
        #expect(!WatchEntry(.operator, "N12").matches(AircraftState(icao24: "a", callsign: "N123AB", coordinate: bare.coordinate)))
    }

    @Test func emergencySquawksAreNamed() {
        #expect(WatchEntry.emergency("7500") != nil && WatchEntry.emergency("7600") != nil && WatchEntry.emergency("7700") != nil)
        #expect(WatchEntry.emergency("7000") == nil && WatchEntry.emergency(nil) == nil)
    }
}
