import SkyKit
import Testing

/// Which squares a missing tile may be taken as sea: water in the land outline, with a margin
/// for its coasts, and no airport (the outline's 1:110m leaves out small islands).
@Suite("Known sea")
struct KnownSeaTests {
    func sea(_ south: Int, _ west: Int) -> Bool { KnownSea.mayBeSea(TileCorner(south: south, west: west)) }

    @Test func openOceanIsSea() {
        #expect(sea(30, -40), "mid-Atlantic")
        #expect(sea(0, -150), "central Pacific")
        #expect(sea(-40, -120), "south Pacific")
        #expect(sea(45, -179) && sea(-45, 179), "beside the antimeridian")
    }

    @Test func landAndCoastsAreNeverSea() {
        #expect(!sea(10, 21), "Chad")
        #expect(!sea(44, -72), "the White Mountains")
        #expect(!sea(51, 0), "London, a coast near")
        #expect(!sea(36, -6), "the Strait of Gibraltar")
        #expect(!sea(19, -156) && !sea(22, -160), "Hawaii")
        #expect(!sea(65, -18), "Iceland")
        #expect(!sea(-16, 166), "Vanuatu")
    }

    @Test func smallIslandsTheOutlineLacksHaveAnAirport() {
        // Too small for the 1:110m outline: the catalog's airports say there is land.
        #expect(!Land.mayHoldLand(south: 32, west: -65) && !sea(32, -65), "Bermuda")
        #expect(!sea(-21, 55), "Réunion")
        #expect(!sea(7, 134), "Palau")
    }
}
