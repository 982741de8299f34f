import CSkyData
import Foundation

/// The terrain skyshell knows: the embedded tile (N44W072, the White Mountains) and the tiles
/// of a folder. Heights are metres above mean sea level: 0 in squares known to be sea, nil
/// where nothing is known.
public final class Terrain: @unchecked Sendable {
    /// Tiles by corner (latitude × 1000 + longitude).
    let tiles: [Int: HGTTile]
    /// Files in the folder that could not be used, one message each.
    public let problems: [String]
    /// The folder tiles were read from, if any.
    public let directory: String?
    /// Squares known to be all water (`N44W072.sea` in the folder): sea level there, not missing.
    let sea: Set<Int>
    /// The squares known to be sea.
    public let seaSquares: [TileCorner]

    public init(tiles: [HGTTile], sea: [TileCorner] = [], directory: String? = nil, problems: [String] = []) {
        var byCorner: [Int: HGTTile] = [:]
        for tile in tiles where byCorner[Terrain.key(tile.south, tile.west)] == nil || tile.size > byCorner[Terrain.key(tile.south, tile.west)]!.size {
            byCorner[Terrain.key(tile.south, tile.west)] = tile
        }
        self.tiles = byCorner
        seaSquares = sea.filter { byCorner[Terrain.key($0.south, $0.west)] == nil }.sorted()
        self.sea = Set(seaSquares.map { Terrain.key($0.south, $0.west) })
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
        var sea: [TileCorner] = []
        if let directory, let names = try? FileManager.default.contentsOfDirectory(atPath: directory) {
            for name in names where name.lowercased().hasSuffix(".sea") {
                if let corner = HGTTile.corner(fileName: String(name.dropLast(4)) + ".hgt") { sea.append(TileCorner(south: corner.south, west: corner.west)) }
            }
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
        return Terrain(tiles: tiles, sea: sea, directory: directory, problems: problems)
    }

    /// The tiles loaded, south-west first.
    public var loadedTiles: [HGTTile] { tiles.values.sorted { ($0.south, $0.west) < ($1.south, $1.west) } }

    /// The tiles loaded, by name.
    public var tileNames: [String] { tiles.values.map(\.origin).sorted() }

    /// Whether the terrain at a point is known: a tile or known sea covers it.
    public func covers(_ c: Coordinate) -> Bool {
        let corner = TileCorner(c)
        let key = Terrain.key(corner.south, corner.west)
        return tiles[key] != nil || sea.contains(key)
    }

    /// The height at a point, or nil outside the loaded tiles (or in a void with no valid
    /// neighbour).
    @inline(__always)
    public func height(latitude: Double, longitude: Double) -> Double? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 360 else { return nil }
        let south = Int(latitude.rounded(.down)), west = Int(longitude.rounded(.down))
        guard let tile = tiles[Terrain.key(south, west)] else { return sea.isEmpty || !sea.contains(Terrain.key(south, west)) ? nil : 0 }
        return tile.height(latitude: latitude, longitude: longitude)
    }

    public func height(_ c: Coordinate) -> Double? { height(latitude: c.latitude, longitude: c.longitude) }
}
