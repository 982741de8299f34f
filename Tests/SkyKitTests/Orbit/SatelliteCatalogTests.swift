import SkyKit
import Testing

/// The kept catalogue: one set per object; a fetch keeps the newer of two, a set the user
/// loads is the one used whatever its epoch.
@Suite("Satellite catalogue")
struct SatelliteCatalogTests {
    let now = TLE.builtInISS
    /// The same elements with their epoch five years earlier.
    var earlier: TLE {
        get throws {
            let lines = now.line1.prefix(18) + "20178.50000000" + now.line1.dropFirst(32).prefix(36)
            return try TLE.parse("ISS (ZARYA)\n" + lines + String(Self.checksum(String(lines))) + "\n" + now.line2)
        }
    }

    static func checksum(_ line: String) -> Int {
        line.prefix(68).reduce(0) { $0 + ($1.wholeNumberValue ?? ($1 == "-" ? 1 : 0)) } % 10
    }

    @Test func aFetchKeepsTheNewerSet() throws {
        var catalogue = SatelliteCatalog([now])
        let merge = catalogue.merge([try earlier])
        #expect(merge.older == 1 && merge.updated == 0 && catalogue.set(number: 25544) == now)
    }

    @Test func aSetTheUserLoadsReplacesANewerOne() throws {
        var catalogue = SatelliteCatalog([now])
        let old = try earlier
        let merge = catalogue.merge([old], olderToo: true)
        #expect(merge.older == 1 && merge.added == 0 && catalogue.set(number: 25544) == old)
        // And a newer one after it is an update again.
        #expect(catalogue.merge([now], olderToo: true).updated == 1 && catalogue.set(number: 25544) == now)
    }
}
