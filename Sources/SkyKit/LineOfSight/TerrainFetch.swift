import FoundationEssentials
import Glibc

/// Terrain tiles downloaded into the terrain folder: each one verified (the gzip member whole,
/// the exact size of an SRTM tile), stored at the resolution asked for, and installed in one
/// step (a tile is either all there or not there: an interrupted download leaves nothing). A
/// tile the mirror does not have is recorded as known sea (`N44W072.sea`), distinct from a tile
/// that is merely missing — only where `KnownSea` allows it (a missing tile of a square with
/// land is an error: the terrain there stays unknown).
public enum TerrainFetch {
    /// How finely a tile is stored.
    public enum Resolution: String, Sendable, CaseIterable {
        /// 3″ (1201 × 1201, 2.9 MB): the 1″ samples of every third row and column — the same
        /// grid points, as SRTMGL3S is sub-sampled from SRTMGL1.
        case three = "3"
        /// 1″ (3601 × 3601, 26 MB), as the mirror serves it.
        case one = "1"
    }

    /// What a folder holds for a square.
    public enum Holding: Equatable, Sendable {
        case tile(bytes: Int)
        case sea
        case missing
    }

    /// What fetching one square did.
    public enum Outcome: Equatable, Sendable {
        /// Downloaded and installed: bytes downloaded and bytes stored.
        case installed(downloaded: Int, stored: Int)
        /// The mirror has no tile there: all water, recorded as such.
        case sea
        case failed(String)
    }

    /// The most a tile may expand to (an SRTM1 tile is 25,934,402 bytes).
    static let expandedLimit = 32 * 1_048_576

    public static func tilePath(_ corner: TileCorner, in folder: String) -> String { folder + "/" + corner.description + ".hgt" }
    public static func seaPath(_ corner: TileCorner, in folder: String) -> String { folder + "/" + corner.description + ".sea" }

    /// What `folder` holds for `corner`.
    public static func holding(_ corner: TileCorner, in folder: String) -> Holding {
        var info = stat()
        if stat(tilePath(corner, in: folder), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { return .tile(bytes: Int(info.st_size)) }
        if stat(seaPath(corner, in: folder), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { return .sea }
        return .missing
    }

    /// Downloads one square's tile from `source` into `folder`. Throws only when `cancelled`
    /// stopped it (nothing is left behind); every other failure is the outcome.
    public static func fetch(
        _ corner: TileCorner, from source: TileSource, into folder: String, resolution: Resolution, client: HTTPClient,
        cancelled: () -> Bool
    ) throws(HTTPError) -> Outcome {
        guard let url = source.url(corner) else { return .failed("the tile URL template gives no http(s) URL") }
        let response: HTTPResponse
        do {
            response = try client.get(url, cancelled: cancelled)
        } catch .cancelled {
            throw .cancelled
        } catch {
            return .failed(error.description)
        }
        switch response.status {
        case 200: break
        case 404:
            // A mirror has no tile of open sea; a square with land on it that it lacks is a
            // wrong address or a partial mirror, never sea.
            guard KnownSea.mayBeSea(corner) else {
                return .failed(
                    "\(url.absoluteString) answered HTTP 404 (no such tile), but the square holds land: its terrain stays unknown — check "
                        + "`los terrain source`"
                )
            }
            do {
                try AtomicFile.write([UInt8](), to: seaPath(corner, in: folder), .private)
                try InstalledTiles.update(folder, adding: [corner.description + ".sea"])
            } catch {
                return .failed("cannot record it as sea: \(error.message)")
            }
            return .sea
        default:
            return .failed("the server answered HTTP \(response.status)")
        }
        let raw: [UInt8]
        do {
            raw = try Gzip.decompress(response.body, limit: expandedLimit)
        } catch {
            return .failed(error.message)
        }
        guard let size = HGTTile.samplesPerSide(byteCount: raw.count) else {
            return .failed("\(raw.count) bytes is neither an SRTM1 (25,934,402) nor an SRTM3 (2,884,802) tile")
        }
        let stored = resolution == .three && size == 3601 ? subsample(raw) : raw
        if cancelled() { throw .cancelled }
        do {
            // Recorded first: a tile skyshell installed is always one it may remove again.
            try InstalledTiles.update(folder, adding: [corner.description + ".hgt"])
            try AtomicFile.write(stored, to: tilePath(corner, in: folder), .private)
        } catch {
            return .failed("cannot install it: \(error.message)")
        }
        if InstalledTiles(folder: folder).contains(corner.description + ".sea") {
            unlink(seaPath(corner, in: folder))
            try? InstalledTiles.update(folder, removing: [corner.description + ".sea"])
        }
        return .installed(downloaded: response.body.count, stored: stored.count)
    }

    /// Marks the tiles of `corners` that skyshell installed in `folder` as just used (their
    /// modification time, which `evict` orders by); the user's own tiles are not touched.
    public static func touch(_ corners: [TileCorner], in folder: String) {
        let installed = InstalledTiles(folder: folder).tileCorners
        for corner in corners where installed.contains(corner) { utimensat(AT_FDCWD, tilePath(corner, in: folder), nil, 0) }
    }

    /// Removes the least recently used tiles skyshell installed in `folder` (oldest modification
    /// time first) until they take at most `cap` bytes, never one of `keeping` nor a tile it did
    /// not install; returns what it removed.
    public static func evict(in folder: String, cap: Int, keeping: Set<TileCorner> = []) -> [TileCorner] {
        let installed = InstalledTiles(folder: folder).tileCorners
        var tiles: [(corner: TileCorner, bytes: Int, used: Double)] = []
        for corner in installed {
            let name = corner.description + ".hgt"
            var info = stat()
            guard stat(folder + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let used = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            tiles.append((corner, Int(info.st_size), used))
        }
        var total = tiles.reduce(0) { $0 + $1.bytes }
        var removed: [TileCorner] = []
        for tile in tiles.sorted(by: { ($0.used, $0.corner) < ($1.used, $1.corner) }) where total > cap && !keeping.contains(tile.corner) {
            if unlink(tilePath(tile.corner, in: folder)) == 0 {
                total -= tile.bytes
                removed.append(tile.corner)
            }
        }
        if !removed.isEmpty { try? InstalledTiles.update(folder, removing: removed.map { $0.description + ".hgt" }) }
        return removed
    }

    /// Removes what skyshell installed in `folder` for `corners` (tile and sea record), never
    /// a file it did not install; returns the names removed and the corners it had to leave
    /// (the user's own files there).
    public static func remove(_ corners: [TileCorner], in folder: String) -> (removed: [String], left: [TileCorner]) {
        let record = InstalledTiles(folder: folder)
        var removed: [String] = [], left: [TileCorner] = []
        for corner in corners {
            let names = [corner.description + ".hgt", corner.description + ".sea"]
            for name in names where record.contains(name) && unlink(folder + "/" + name) == 0 { removed.append(name) }
            if names.contains(where: { !record.contains($0) && access(folder + "/" + $0, F_OK) == 0 }) { left.append(corner) }
        }
        try? InstalledTiles.update(folder, removing: removed)
        return (removed, left)
    }

    /// A 1″ tile's samples at every third row and column: the 3″ tile of the same grid points.
    static func subsample(_ raw: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: HGTTile.srtm3Bytes)
        raw.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for row in 0..<1201 {
                    let from = row * 3 * 3601 * 2, to = row * 1201 * 2
                    for column in 0..<1201 {
                        target[to + 2 * column] = source[from + 6 * column]
                        target[to + 2 * column + 1] = source[from + 6 * column + 1]
                    }
                }
            }
        }
        return out
    }
}
