import CSkyData
import FoundationEssentials
import Glibc
import Synchronization

/// The terrain skyshell knows: the embedded tile (N44W072, the White Mountains) and the tiles
/// of a folder. Heights are metres above mean sea level: 0 in squares known to be sea, nil
/// where nothing is known. A folder's tiles are found by name and size when it is opened and
/// each is read the first time a height in its square is asked for, so a command that needs
/// one square (or none) never reads the others.
public final class Terrain: @unchecked Sendable {
    /// Tiles in memory by corner (latitude × 1000 + longitude): the embedded one, test tiles.
    let tiles: [Int: HGTTile]
    /// The folder's tile files by corner, with their sizes, read on first use.
    let files: [Int: (path: String, bytes: Int)]
    /// Folder tiles read so far (nil: the file could not be read when it was needed).
    private let read = Mutex<[Int: HGTTile?]>([:])
    /// Files found unusable when the folder was opened, and later when read.
    private let foundProblems: [String]
    private let readProblems = Mutex<[String]>([])
    /// The folder tiles come from, if any.
    public let directory: String?
    /// Squares known to be all water (`N44W072.sea` in the folder): sea level there, not missing.
    let sea: Set<Int>
    /// The squares known to be sea.
    public let seaSquares: [TileCorner]

    public init(
        tiles: [HGTTile], files: [Int: (path: String, bytes: Int)] = [:], sea: [TileCorner] = [], directory: String? = nil, problems: [String] = []
    ) {
        var byCorner: [Int: HGTTile] = [:]
        for tile in tiles where byCorner[Terrain.key(tile.south, tile.west)] == nil || tile.size > byCorner[Terrain.key(tile.south, tile.west)]!.size {
            byCorner[Terrain.key(tile.south, tile.west)] = tile
        }
        // A folder's tile wins over one in memory for the same square.
        self.tiles = byCorner.filter { files[$0.key] == nil }
        self.files = files
        seaSquares = sea.filter { byCorner[Terrain.key($0.south, $0.west)] == nil && files[Terrain.key($0.south, $0.west)] == nil }.sorted()
        self.sea = Set(seaSquares.map { Terrain.key($0.south, $0.west) })
        self.directory = directory
        foundProblems = problems
    }

    @inline(__always) static func key(_ south: Int, _ west: Int) -> Int { south * 1000 + west }

    /// The tile embedded in skyshell: SRTM3 N44W072.
    public static let embeddedTile: HGTTile? = {
        var length: UInt = 0
        let start = sky_data_terrain(&length)
        return try? HGTTile(south: 44, west: -72, bytes: UnsafeRawBufferPointer(start: start, count: Int(length)), origin: "embedded N44W072")
    }()

    /// The embedded tile plus the `.hgt` tiles of `directory` (the folder's win where both cover
    /// a square; of two files for one square, the larger). Files that are no tile by name or
    /// size are listed in `problems`, not fatal; nothing is read yet.
    public static func load(directory: String?) -> Terrain {
        var problems: [String] = []
        var sea: [TileCorner] = []
        var files: [Int: (path: String, bytes: Int)] = [:]
        if let directory, let names = try? FileManager.default.contentsOfDirectory(atPath: directory) {
            for name in names.sorted() {
                let lower = name.lowercased()
                guard lower.hasSuffix(".hgt") || lower.hasSuffix(".sea") else { continue }
                guard let corner = TileCorner(fileName: name) else {
                    problems.append(TileCorner.notATileName(name))
                    continue
                }
                if name.hasSuffix(".sea") {
                    // A record of sea over land (an older skyshell's, or a hand-made one) is no
                    // sea: the square stays unknown until its tile comes.
                    if !KnownSea.mayBeSea(corner) {
                        problems.append("\(name): recorded as sea, but the square holds land — its terrain is unknown until its tile is fetched")
                    } else {
                        sea.append(corner)
                    }
                    continue
                }
                var info = stat()
                let path = directory + "/" + name
                guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                    problems.append("\(name): not a regular file")
                    continue
                }
                let bytes = Int(info.st_size)
                guard HGTTile.samplesPerSide(byteCount: bytes) != nil else {
                    problems.append(HGTTile.wrongSize(name, bytes).message)
                    continue
                }
                let key = key(corner.south, corner.west)
                if files[key] == nil || bytes > files[key]!.bytes { files[key] = (path, bytes) }
            }
        }
        return Terrain(tiles: embeddedTile.map { [$0] } ?? [], files: files, sea: sea, directory: directory, problems: problems)
    }

    /// Files that could not be used, one message each.
    public var problems: [String] { foundProblems + readProblems.withLock { $0 } }

    /// The tile of a square, read from its file the first time.
    func tile(_ key: Int) -> HGTTile? {
        if let tile = tiles[key] { return tile }
        guard let file = files[key] else { return nil }
        return read.withLock { cache in
            if let known = cache[key] { return known }
            var tile: HGTTile?
            do throws(TerrainError) {
                tile = try HGTTile.open(path: file.path)
            } catch {
                readProblems.withLock { $0.append(error.message) }
            }
            cache[key] = tile
            return tile
        }
    }

    /// One tile the terrain has, without reading it.
    public struct Entry: Sendable {
        public var name: String
        /// Samples a side (1201 or 3601).
        public var samples: Int
        public var bytes: Int
        public var isEmbedded: Bool
    }

    /// The tiles, south-west first, by what their names and sizes say.
    public var entries: [Entry] {
        let memory = tiles.map {
            (key: $0.key, entry: Entry(name: $0.value.origin, samples: $0.value.size, bytes: $0.value.size * $0.value.size * 2, isEmbedded: true))
        }
        let folder = files.map { file in
            (
                key: file.key,
                entry: Entry(
                    name: PathText.base(file.value.path), samples: HGTTile.samplesPerSide(byteCount: file.value.bytes) ?? 0,
                    bytes: file.value.bytes, isEmbedded: false)
            )
        }
        return (memory + folder).sorted { $0.key < $1.key }.map(\.entry)
    }

    /// The tiles, by name.
    public var tileNames: [String] { entries.map(\.name).sorted() }

    /// Whether the terrain at a point is known: a tile or known sea covers it.
    public func covers(_ c: Coordinate) -> Bool {
        let corner = TileCorner(c)
        let key = Terrain.key(corner.south, corner.west)
        return tiles[key] != nil || files[key] != nil || sea.contains(key)
    }

    /// The height at a point, or nil where nothing is known (or in a void with no valid
    /// neighbour).
    @inline(__always)
    public func height(latitude: Double, longitude: Double) -> Double? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 360 else { return nil }
        let key = Terrain.key(Int(latitude.rounded(.down)), Int(longitude.rounded(.down)))
        guard let tile = tile(key) else { return sea.contains(key) ? 0 : nil }
        return tile.height(latitude: latitude, longitude: longitude)
    }

    public func height(_ c: Coordinate) -> Double? { height(latitude: c.latitude, longitude: c.longitude) }
}
