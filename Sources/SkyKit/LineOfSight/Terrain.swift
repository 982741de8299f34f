import CSkyData
import Foundation

/// The terrain skyshell knows: the embedded tile (N44W072, the White Mountains) and the tiles
/// of a folder. Heights are metres above mean sea level; nil where no tile covers a point.
public final class Terrain: @unchecked Sendable {
    /// Tiles by corner (latitude × 1000 + longitude).
    let tiles: [Int: HGTTile]
    /// Files in the folder that could not be used, one message each.
    public let problems: [String]
    /// The folder tiles were read from, if any.
    public let directory: String?

    public init(tiles: [HGTTile], directory: String? = nil, problems: [String] = []) {
        var byCorner: [Int: HGTTile] = [:]
        for tile in tiles where byCorner[Terrain.key(tile.south, tile.west)] == nil || tile.size > byCorner[Terrain.key(tile.south, tile.west)]!.size {
            byCorner[Terrain.key(tile.south, tile.west)] = tile
        }
        self.tiles = byCorner
        self.directory = directory
        self.problems = problems
    }

    @inline(__always) static func key(_ south: Int, _ west: Int) -> Int { south * 1000 + west }

    /// The tile embedded in skyshell: SRTM3 N44W072.
    public static let embeddedTile: HGTTile? = {
        var length: UInt = 0
        let start = sky_data_terrain(&length)
        return try? HGTTile(south: 44, west: -72, bytes: UnsafeRawBufferPointer(start: start, count: Int(length)), origin: "embedded N44W072")
    }()

    /// The embedded tile plus every `.hgt` tile in `directory` (the folder's win where both
    /// cover a square). Unreadable files are listed in `problems`, not fatal.
    public static func load(directory: String?) -> Terrain {
        var tiles = embeddedTile.map { [$0] } ?? []
        var problems: [String] = []
        if let directory, let names = try? FileManager.default.contentsOfDirectory(atPath: directory) {
            var folder: [HGTTile] = []
            for name in names.sorted() where name.lowercased().hasSuffix(".hgt") {
                do throws(TerrainError) {
                    folder.append(try HGTTile.open(path: directory + "/" + name))
                } catch {
                    problems.append(error.message)
                }
            }
            let covered = Set(folder.map { key($0.south, $0.west) })
            tiles = tiles.filter { !covered.contains(key($0.south, $0.west)) } + folder
        }
        return Terrain(tiles: tiles, directory: directory, problems: problems)
    }

    /// The tiles loaded, by name.
    public var tileNames: [String] { tiles.values.map(\.origin).sorted() }

    /// The height at a point, or nil outside the loaded tiles (or in a void with no valid
    /// neighbour).
    @inline(__always)
    public func height(latitude: Double, longitude: Double) -> Double? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 360 else { return nil }
        let south = Int(latitude.rounded(.down)), west = Int(longitude.rounded(.down))
        guard let tile = tiles[Terrain.key(south, west)] else { return nil }
        return tile.height(latitude: latitude, longitude: longitude)
    }

    public func height(_ c: Coordinate) -> Double? { height(latitude: c.latitude, longitude: c.longitude) }
}
