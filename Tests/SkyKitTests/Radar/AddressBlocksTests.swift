import Testing

@testable import SkyKit

/// The country of registration from the ICAO address blocks of Annex 10, Volume III.
@Suite("Address blocks")
struct AddressBlocksTests {
    @Test func knownAirframesAreFoundInTheirStatesBlocks() {
        // Addresses of aircraft on each state's register, with the block's bounds.
        let cases: [(String, String?)] = [
            ("3c6444", "DE"), ("3C0000", "DE"), ("3fffff", "DE"), ("3bffff", "FR"), ("39ac45", "FR"), ("4ca7b3", "IE"), ("406b90", "GB"),
            ("a1b2c3", "US"), ("adf7c7", "US"), ("c03f01", "CA"), ("7c6b2d", "AU"), ("8963a5", "AE"), ("e48df6", "BR"),
            ("4b1a2c", "CH"), ("151dd5", "RU"), ("0d0a1b", "MX"), ("78045f", "CN"), ("86e4a1", "JP"), ("008123", "ZA"),
            // The last address of a small block, and the first one after it.
            ("4c83ff", "CY"), ("4c8400", nil),
            // Unallocated, reserved or ICAO's own: no state.
            ("200000", nil), ("280000", nil), ("b00000", nil), ("f00000", nil), ("ffffff", nil), ("000000", nil),
            // Not an address.
            ("3c644", nil), ("3c64445", nil), ("zz1234", nil), ("", nil), ("-3c644", nil),
        ]
        for (hex, country) in cases {
            #expect(AddressBlocks.country(of: hex) == country, "\(hex)")
        }
    }

    @Test func theBlocksAreAlignedInOrderAndDoNotOverlap() {
        var end: UInt32 = 0
        for block in AddressBlocks.blocks {
            #expect(block.start >= end, "\(block.country) overlaps the block before it")
            #expect(block.start % block.size == 0, "\(block.country) is not aligned on its size")
            #expect(block.size >= 1024 && block.start + block.size <= 1 << 24)
            end = block.start + block.size
        }
        #expect(AddressBlocks.blocks.count == 188)
    }

    @Test func everyBlocksCountryHasANameInTheCatalog() {
        let catalog = Catalog.embedded
        for block in AddressBlocks.blocks {
            #expect(catalog.countryName(block.country) != nil, "\(block.country)")
        }
        #expect(catalog.countryCode(named: "mongolia") == "MN" && catalog.countryCode(named: "Atlantis") == nil)
    }
}
