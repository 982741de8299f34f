import SkyTestSupport
import Testing

@testable import SkyKit

/// The FAA's flight categories at their limits (AIM 7-1-7: LIFR ceiling below 500 ft and/or
/// visibility below 1 mile; IFR 500 to below 1,000 ft and/or 1 to below 3 miles; MVFR 1,000
/// to 3,000 ft and/or 3 to 5 miles; VFR above 3,000 ft and 5 miles), and the cases where a
/// part not reported leaves the category unknown.
@Suite("Flight categories")
struct FlightCategoryTests {
    func category(_ body: String) throws -> FlightCategory? { try METARDecoder.decode("KXXX 061030Z 27010KT " + body + " 10/05 A2992").flightCategory }

    @Test func theCeilingLimits() throws {
        #expect(try category("10SM OVC004") == .lifr)
        #expect(try category("10SM OVC005") == .ifr)
        #expect(try category("10SM BKN009") == .ifr)
        #expect(try category("10SM BKN010") == .mvfr)
        #expect(try category("10SM BKN030") == .mvfr)
        #expect(try category("10SM BKN031") == .vfr)
        #expect(try category("10SM SCT005 FEW002") == .vfr)
        #expect(try category("10SM VV003") == .lifr)
    }

    @Test func theVisibilityLimitsInMilesAndMetres() throws {
        #expect(try category("3/4SM SKC") == .lifr)
        #expect(try category("1SM SKC") == .ifr)
        #expect(try category("2 3/4SM SKC") == .ifr)
        #expect(try category("3SM SKC") == .mvfr)
        #expect(try category("5SM SKC") == .mvfr)
        #expect(try category("6SM SKC") == .vfr)
        #expect(try category("M1SM SKC") == .lifr)
        // Metric reports: 1,600 m is how 1 mile is written, 4,800 m 3 miles, 8,000 m 5 miles.
        #expect(try category("1500 SKC") == .lifr)
        #expect(try category("1600 SKC") == .ifr)
        #expect(try category("4800 SKC") == .mvfr)
        #expect(try category("8000 SKC") == .mvfr)
        #expect(try category("9000 SKC") == .vfr)
        #expect(try category("9999 SKC") == .vfr)
    }

    @Test func theWorseOfTheTwoAndWhatCannotBeTold() throws {
        #expect(try category("2SM BKN040") == .ifr)
        #expect(try category("10SM OVC002") == .lifr)
        // No visibility: the clouds alone cannot say it is VFR…
        #expect(try category("BKN040") == nil)
        // …but LIFR is certain from either part.
        #expect(try category("OVC002") == .lifr)
        #expect(try category("1/2SM") == .lifr)
        // An automatic station's layer of unknown height may be a ceiling.
        #expect(try category("10SM BKN///") == nil)
        #expect(try category("10SM ///015") == nil)
        #expect(try category("10SM") == nil)
        let reason = FlightCategory.reason(try METARDecoder.decode("KXXX 061030Z 27010KT 10SM BKN008 10/05 A2992").conditions)
        #expect(reason == "ceiling 800 ft")
    }
}
