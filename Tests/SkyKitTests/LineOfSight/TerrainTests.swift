import Foundation
import SkyTestSupport
import Testing

@testable import SkyKit

/// Reading SRTM tiles: names, sizes, the embedded tile, interpolation and voids.
@Suite("Terrain tiles")
struct TerrainTests {
    @Test func tileNamesGiveTheSouthWestCorner() {
        #expect(HGTTile.corner(fileName: "N44W072.hgt")! == (44, -72))
        #expect(HGTTile.corner(fileName: "S16E166.hgt")! == (-16, 166))
        #expect(HGTTile.corner(fileName: "s16e166.HGT") == nil && HGTTile.corner(fileName: "n44w072.hgt") == nil, "only SRTM's spelling")
        #expect(HGTTile.corner(fileName: "N44W072.tif") == nil)
        #expect(HGTTile.corner(fileName: "X44W072.hgt") == nil)
        #expect(HGTTile.corner(fileName: "N95W072.hgt") == nil)
    }

    @Test func theEmbeddedTileHoldsMountWashington() throws {
        let tile = try #require(Terrain.embeddedTile)
        #expect(tile.size == 1201 && tile.south == 44 && tile.west == -72)
        let terrain = Terrain(tiles: [tile])
        // The summit, 1,917 m on the survey; SRTM3 averages 90 m cells, so a little lower.
        let summit = try #require(terrain.height(latitude: 44.27056, longitude: -71.30333))
        #expect(summit > 1850 && summit < 1920)
        // Lake Winnipesaukee's surface is at 153 m.
        let lake = try #require(terrain.height(latitude: 44.0, longitude: -71.98))  // a sample on the tile's south row
        #expect(lake > 100 && lake < 700)
        #expect(terrain.height(latitude: 43.9, longitude: -71.5) == nil)
    }

    @Test func samplesAreReadBigEndianAtTheirGridPoints() throws {
        let tile = try #require(Terrain.embeddedTile)
        // The north-west corner sample is the first two bytes, big-endian.
        let raw = tile.sample(row: 0, column: 0)
        #expect(tile.height(latitude: 45, longitude: -72) == Double(raw))
        #expect(tile.height(latitude: 44, longitude: -71) == Double(tile.sample(row: 1200, column: 1200)))
    }

    @Test func heightsAreBilinearBetweenSamples() throws {
        // Height = 1000 × (latitude - 10) + 100 × (longitude - 10): a plane, which bilinear
        // interpolation reproduces exactly between grid points.
        let terrain = try SyntheticTerrain.terrain { lat, lon in Int16((1000 * (lat - 10) + 100 * (lon - 10)).rounded()) }
        let h = try #require(terrain.height(latitude: 10.5004, longitude: 10.2502))
        #expect(abs(h - (500.4 + 25.02)) < 0.5)
    }

    @Test func voidsAreFilledFromTheirNeighboursOrMissing() throws {
        let terrain = try SyntheticTerrain.terrain { lat, lon in
            if lat > 10.9 { return HGTTile.void }
            return abs(lat - 10.5) < 0.0001 && abs(lon - 10.5) < 0.0001 ? HGTTile.void : 300
        }
        #expect(terrain.height(latitude: 10.5, longitude: 10.5) == 300)
        #expect(abs(try #require(terrain.height(latitude: 10.5001, longitude: 10.5003)) - 300) < 1e-9)
        #expect(terrain.height(latitude: 10.95, longitude: 10.5) == nil)
    }

    @Test func aFolderOfTilesReportsBadFilesByName() throws {
        let dir = TemporaryDirectory("tiles")
        try Data(count: 1000).write(to: URL(fileURLWithPath: dir.path + "/N45W072.hgt"))
        try Data(count: 2_884_802).write(to: URL(fileURLWithPath: dir.path + "/N46W072.hgt"))
        try Data(count: 2_884_802).write(to: URL(fileURLWithPath: dir.path + "/mountains.hgt"))
        // Only SRTM's own spelling is a tile: another case would be a second file for a square.
        try Data(count: 2_884_802).write(to: URL(fileURLWithPath: dir.path + "/n47w072.hgt"))
        try Data(count: 2_884_802).write(to: URL(fileURLWithPath: dir.path + "/N48W072.HGT"))
        try Data().write(to: URL(fileURLWithPath: dir.path + "/n30w040.sea"))
        let terrain = Terrain.load(directory: dir.path)
        #expect(
            terrain.problems == [
                "N45W072.hgt: 1000 bytes is neither an SRTM3 (2,884,802) nor an SRTM1 (25,934,402) tile",
                "N48W072.HGT: not a tile name — tiles are named like N44W072.hgt: rename it N48W072.hgt",
                "mountains.hgt: not a tile name (like N44W072.hgt)",
                "n30w040.sea: not a tile name — tiles are named like N44W072.hgt: rename it N30W040.sea",
                "n47w072.hgt: not a tile name — tiles are named like N44W072.hgt: rename it N47W072.hgt",
            ], "\(terrain.problems)")
        #expect(terrain.seaSquares.isEmpty)
        #expect(TileCorner(typed: "n47w072") == TileCorner(south: 47, west: -72) && TileCorner(typed: "N47W072.HGT") == TileCorner(south: 47, west: -72))
        #expect(terrain.tileNames == ["N46W072.hgt", "embedded N44W072"])
        #expect(terrain.height(latitude: 46.5, longitude: -71.5) == 0)
        #expect(throws: TerrainError("N47W072.hgt: No such file or directory")) { try HGTTile.open(path: dir.path + "/N47W072.hgt") }
    }
}

/// A folder's tiles are read when a height in their square is first asked for, not before.
@Suite("Terrain folder reading")
struct TerrainFolderReadingTests {
    @Test func aTileIsReadOnlyWhenItsSquareIsUsed() throws {
        let directory = TemporaryDirectory("lazy-terrain")
        let tile = [UInt8](repeating: 0, count: 1201 * 1201 * 2)
        for name in ["N10E010.hgt", "N10E011.hgt"] {
            #expect(FileManager.default.createFile(atPath: directory.path + "/" + name, contents: Data(tile)))
        }
        _ = FileManager.default.createFile(atPath: directory.path + "/N10E012.hgt", contents: Data(count: 1000))
        let terrain = Terrain.load(directory: directory.path)
        #expect(terrain.problems == ["N10E012.hgt: 1000 bytes is neither an SRTM3 (2,884,802) nor an SRTM1 (25,934,402) tile"])
        #expect(terrain.tileNames == ["N10E010.hgt", "N10E011.hgt", "embedded N44W072"])
        // The second file goes away after the folder was opened: nothing notices until its square is used.
        unlink(directory.path + "/N10E011.hgt")
        #expect(terrain.height(latitude: 10.5, longitude: 10.5) == 0)
        #expect(terrain.problems.count == 1)
        #expect(terrain.height(latitude: 10.5, longitude: 11.5) == nil)
        #expect(terrain.problems.count == 2 && terrain.problems[1].contains("N10E011.hgt"), "\(terrain.problems)")
    }
}

/// Four tiles meeting at a corner act as one terrain: a plane across all four is read the same
/// on every side of the seams, and sight lines and sweeps cross them without a step.
@Suite("Terrain across tiles")
struct TerrainAcrossTilesTests {
    /// The plane 1000 × (latitude − 10) + 100 × (longitude − 10) metres, on N10E010, N10E011,
    /// N11E010 and N11E011.
    static func fourTiles() throws -> Terrain {
        let plane: (Double, Double) -> Int16 = { lat, lon in Int16((1000 * (lat - 10) + 100 * (lon - 10)).rounded()) }
        return Terrain(tiles: try [(10, 10), (10, 11), (11, 10), (11, 11)].map { try SyntheticTerrain.tile(south: $0.0, west: $0.1, height: plane) })
    }

    @Test func heightsAreContinuousAcrossTheCorner() throws {
        let terrain = try Self.fourTiles()
        for (lat, lon) in [(10.9999, 10.9999), (11.0, 11.0), (11.0001, 11.0001), (10.9999, 11.0001), (11.0001, 10.9999), (11.5, 10.2), (10.2, 11.7)] {
            let h = try #require(terrain.height(latitude: lat, longitude: lon))
            #expect(abs(h - (1000 * (lat - 10) + 100 * (lon - 10))) < 1, "\(lat), \(lon): \(h)")
        }
    }

    @Test func aPathAndASweepCrossTheSeamsLikeAnyOtherGround() throws {
        let terrain = try Self.fourTiles()
        let corner = Coordinate(validLatitude: 11, longitude: 11)
        // Across the corner, diagonally: every sample has terrain and the verdict is known.
        let check = try #require(
            PathCheck.run(
                terrain: terrain, origin: Coordinate(validLatitude: 10.8, longitude: 10.8), observer: LOSHeight(Height(meters: 10), .agl),
                target: Coordinate(validLatitude: 11.2, longitude: 11.2), targetHeight: LOSHeight(Height(meters: 10), .agl), earth: .radio))
        #expect(check.missingShare == 0 && check.verdict != .unknown)
        // A sweep from the corner: no unknown ground, and on a rising plane the uphill side
        // (north) is in sight as on any single tile.
        let request = ViewshedRequest(
            origin: corner, observer: LOSHeight(Height(meters: 10), .agl), target: LOSHeight(Height(meters: 10), .agl), range: 30_000,
            earth: .radio, azimuthStep: 1, rangeStep: 100)
        let v = try #require(Viewshed.sweep(request, terrain: terrain))
        #expect(v.missingSamples == 0 && v.unknownShare == 0)
        #expect(v.visibility(distance: 20_000, azimuth: 0) == .visible)
        let skyline = Skyline.compute(terrain: terrain, origin: corner, observerMSL: 1100 + 10, range: 30_000)
        #expect(!skyline.isIncomplete)
    }
}
