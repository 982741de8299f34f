import Foundation
import SkyKit
import SkyTestSupport
import Testing

/// Which tiles cover an area, where they are downloaded from, and gzip read strictly.
@Suite("Terrain tile sources")
struct TileSourceTests {
    @Test func cornersAreNamedAsSRTMNamesThem() {
        #expect(TileCorner(south: 44, west: -72).description == "N44W072")
        #expect(TileCorner(south: -34, west: 151).description == "S34E151")
        #expect(TileCorner(Coordinate(validLatitude: -0.5, longitude: -0.5)).description == "S01W001")
        #expect(TileCorner(Coordinate(validLatitude: 10.2, longitude: 179.9)).description == "N10E179")
    }

    @Test func anAreaIsCoveredByEverySquareItTouches() {
        let sfo = Coordinate(validLatitude: 37.61881, longitude: -122.37542)
        #expect(TileCorner.covering(sfo, radius: Distance(10, .kilometers)).map(\.description) == ["N37W123"])
        // 60 km reach 37.08–38.16° N and 123.08–121.68° W.
        let wide = TileCorner.covering(sfo, radius: Distance(60, .kilometers)).map(\.description)
        #expect(wide == ["N37W124", "N37W123", "N37W122", "N38W124", "N38W123", "N38W122"], "\(wide)")
        // Across the antimeridian: both sides.
        let fiji = TileCorner.covering(Coordinate(validLatitude: -17.5, longitude: 179.95), radius: Distance(20, .kilometers)).map(\.description)
        #expect(fiji.contains("S18E179") && fiji.contains("S18W180"), "\(fiji)")
        // Near a pole every longitude.
        #expect(TileCorner.covering(Coordinate(validLatitude: 89.9, longitude: 0), radius: Distance(50, .kilometers)).count == 360)
    }

    @Test func theTemplateFillsInTheTile() {
        let skadi = TileSource()
        #expect(skadi.url(TileCorner(south: 44, west: -72))?.absoluteString == "https://s3.amazonaws.com/elevation-tiles-prod/skadi/N44/N44W072.hgt.gz")
        let parts = TileSource(template: "http://127.0.0.1:9/{ns}{lat}{ew}{lon}.hgt.gz")
        #expect(parts.url(TileCorner(south: -3, west: 5))?.absoluteString == "http://127.0.0.1:9/S03E005.hgt.gz")
        #expect(TileSource.problem("http://x/static.hgt.gz") != nil)
        #expect(TileSource.problem("file:///tmp/{tile}.hgt.gz") != nil)
        #expect(TileSource.problem(TileSource.defaultTemplate) == nil)
    }

    @Test func gzipIsReadWholeOrNotAtAll() throws {
        let text = Array(String(repeating: "skyshell terrain ", count: 1000).utf8)
        let packed = GzipWriter.compress(text)
        #expect(try Gzip.decompress(packed, limit: 1 << 20) == text)
        #expect(throws: TerrainError.self) { try Gzip.decompress(Array(packed.dropLast(3)), limit: 1 << 20) }
        var damaged = packed
        damaged[damaged.count - 6] ^= 0xFF  // the CRC
        #expect(throws: TerrainError.self) { try Gzip.decompress(damaged, limit: 1 << 20) }
        #expect(throws: TerrainError("the data expands past 0 MB")) { try Gzip.decompress(packed, limit: 1000) }
        #expect(throws: TerrainError("not gzip data")) { try Gzip.decompress(Array("<html>".utf8) + [UInt8](repeating: 0, count: 20), limit: 1000) }
    }
}

/// The terrain folder kept under a size: the least recently used tiles go first.
@Suite("Terrain folder cap")
struct TerrainCapTests {
    @Test func theLeastRecentlyUsedTilesGoFirstAndTheOnesInUseStay() throws {
        let directory = TemporaryDirectory("terrain-cap")
        let folder = directory.path
        let corners = [TileCorner(south: 10, west: 10), TileCorner(south: 10, west: 11), TileCorner(south: 11, west: 10)]
        for (n, corner) in corners.enumerated() {
            let path = TerrainFetch.tilePath(corner, in: folder)
            #expect(FileManager.default.createFile(atPath: path, contents: Data(count: 1_000)))
            // Used n hours ago, newest last.
            var times = [timespec(tv_sec: time(nil) - Int(3 - n) * 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - Int(3 - n) * 3600, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        }
        _ = FileManager.default.createFile(atPath: folder + "/notes.txt", contents: Data(count: 5_000))
        try InstalledTiles.update(folder, adding: corners.map { $0.description + ".hgt" })
        // Using the oldest makes it the newest.
        TerrainFetch.touch([corners[0]], in: folder)
        #expect(TerrainFetch.evict(in: folder, cap: 3_000) == [])
        #expect(TerrainFetch.evict(in: folder, cap: 2_000) == [corners[1]])
        #expect(TerrainFetch.evict(in: folder, cap: 0, keeping: [corners[0]]) == [corners[2]])
        #expect(TerrainFetch.holding(corners[0], in: folder) == .tile(bytes: 1_000))
        #expect(FileManager.default.fileExists(atPath: folder + "/notes.txt"), "only tiles are ever removed")
        withExtendedLifetime(directory) {}
    }

    /// A folder of the user's own tiles (`los terrain FOLDER`) keeps them: only the tiles
    /// skyshell recorded as installed are evicted, removed or touched.
    @Test func theUsersOwnTilesAreNeverEvictedRemovedOrTouched() throws {
        let directory = TemporaryDirectory("terrain-own")
        let folder = directory.path
        let mine = TileCorner(south: 44, west: -72), fetched = TileCorner(south: 45, west: -72)
        let old = timespec(tv_sec: time(nil) - 86_400, tv_nsec: 0)
        for corner in [mine, fetched] {
            #expect(FileManager.default.createFile(atPath: TerrainFetch.tilePath(corner, in: folder), contents: Data(count: 1_000)))
            var times = [old, old]
            #expect(utimensat(AT_FDCWD, TerrainFetch.tilePath(corner, in: folder), &times, 0) == 0)
        }
        _ = FileManager.default.createFile(atPath: TerrainFetch.seaPath(TileCorner(south: 0, west: 0), in: folder), contents: Data())
        try InstalledTiles.update(folder, adding: [fetched.description + ".hgt", "../../etc/passwd", "notes.txt"])
        #expect(InstalledTiles(folder: folder).names == [fetched.description + ".hgt"], "only tile names are recorded")
        TerrainFetch.touch([mine, fetched], in: folder)
        var info = stat()
        #expect(stat(TerrainFetch.tilePath(mine, in: folder), &info) == 0 && info.st_mtim.tv_sec == old.tv_sec, "the user's tile was touched")
        #expect(TerrainFetch.evict(in: folder, cap: 0) == [fetched])
        #expect(TerrainFetch.holding(mine, in: folder) == .tile(bytes: 1_000))
        let (removed, left) = TerrainFetch.remove([mine, TileCorner(south: 0, west: 0)], in: folder)
        #expect(removed.isEmpty && left == [mine, TileCorner(south: 0, west: 0)])
        #expect(TerrainFetch.holding(mine, in: folder) == .tile(bytes: 1_000) && TerrainFetch.holding(TileCorner(south: 0, west: 0), in: folder) == .sea)
        #expect(InstalledTiles(folder: folder).names.isEmpty, "the evicted tile left the record")
    }
}

@Suite("Stale temporary files")
struct StaleTemporaryTests {
    /// A writer killed before it finished (kill -9 in a tile fetch) leaves its hidden temporary
    /// file; the next run removes those of processes that are gone and keeps a live one's.
    @Test func temporariesOfDeadProcessesGoAndALiveOnesStay() throws {
        let directory = TemporaryDirectory("stale")
        let folder = directory.path
        // A process that has ended: its pid is free until reused.
        let child = ProcessRunner.start("/bin/true", [], environment: [:])
        _ = ProcessRunner.wait(child)
        let dead = ".N44W072.hgt.skyshell-\(child)-0", live = ".N45W072.hgt.skyshell-\(getpid())-0"
        for name in [dead, live, ".notes.skyshell-x-1", "N44W072.hgt"] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(count: 10)))
        }
        #expect(AtomicFile.removeStaleTemporaries(in: folder) == 1)
        #expect(Set(PathText.entries(of: folder)) == [live, ".notes.skyshell-x-1", "N44W072.hgt"])
    }
}
