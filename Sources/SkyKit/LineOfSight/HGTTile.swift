import FoundationEssentials
import Glibc

/// Why terrain could not be read.
public struct TerrainError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One SRTM `.hgt` tile: a square grid of big-endian signed 16-bit heights in metres above mean
/// sea level, first row northernmost, covering one degree from its south-west corner. SRTM3 has
/// 1201 samples a side (3″), SRTM1 3601 (1″); -32768 marks a void. The embedded
/// tile is read where it lies; a tile file is read into memory once (never mapped: a file
/// truncated by another program while mapped would end skyshell with SIGBUS).
public struct HGTTile: @unchecked Sendable {
    /// Integer latitude and longitude of the south-west corner.
    public let south: Int, west: Int
    /// Samples per side (1201 or 3601).
    public let size: Int
    /// Where the file came from, for messages.
    public let origin: String
    let base: UnsafeRawPointer
    /// Keeps the mapping alive for as long as any copy of the tile exists.
    let owner: AnyObject?

    public static let void: Int16 = -32768
    static let srtm3Bytes = 1201 * 1201 * 2
    static let srtm1Bytes = 3601 * 3601 * 2

    /// The corner named by a tile file name, exactly `[NS]dd[EW]ddd.hgt` with digits only and a
    /// corner on Earth (N00–N89 or S01–S90, E000–E179 or W001–W180); nil for any other name
    /// (`N44W-72.hgt` is not a tile).
    public static func corner(fileName: String) -> (south: Int, west: Int)? {
        // Exactly as SRTM names its tiles (N44W072.hgt): n44w072.hgt beside N44W072.hgt would
        // be two files for one square on a case-sensitive disk.
        guard fileName.hasSuffix(".hgt") else { return nil }
        let u = Array(fileName.utf8.dropLast(4))
        func number(_ digits: ArraySlice<UInt8>) -> Int? {
            guard digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
            return digits.reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        guard u.count == 7, let lat = number(u[1..<3]), let lon = number(u[4..<7]) else { return nil }
        let south: Int, west: Int
        switch u[0] {
        case UInt8(ascii: "N") where lat <= 89: south = lat
        case UInt8(ascii: "S") where (1...90).contains(lat): south = -lat
        default: return nil
        }
        switch u[3] {
        case UInt8(ascii: "E") where lon <= 179: west = lon
        case UInt8(ascii: "W") where (1...180).contains(lon): west = -lon
        default: return nil
        }
        return (south, west)
    }

    /// The tile over bytes already in memory (the embedded tile).
    public init(south: Int, west: Int, bytes: UnsafeRawBufferPointer, origin: String, owner: AnyObject? = nil) throws(TerrainError) {
        guard let size = HGTTile.samplesPerSide(byteCount: bytes.count), let base = bytes.baseAddress else {
            throw HGTTile.wrongSize(origin, bytes.count)
        }
        self.south = south
        self.west = west
        self.size = size
        self.origin = origin
        self.base = base
        self.owner = owner
    }

    /// The error for a file of `byteCount` bytes that is no tile.
    static func wrongSize(_ origin: String, _ byteCount: Int) -> TerrainError {
        TerrainError("\(origin): \(byteCount) bytes is neither an SRTM3 (2,884,802) nor an SRTM1 (25,934,402) tile")
    }

    static func samplesPerSide(byteCount: Int) -> Int? {
        switch byteCount {
        case srtm3Bytes: 1201
        case srtm1Bytes: 3601
        default: nil
        }
    }

    /// Reads a tile file; the corner comes from its name.
    public static func open(path: String) throws(TerrainError) -> HGTTile {
        let name = PathText.base(path)
        guard let corner = corner(fileName: name) else { throw TerrainError(TileCorner.notATileName(name)) }
        let file = try TileFile(path: path)
        return try HGTTile(south: corner.south, west: corner.west, bytes: UnsafeRawBufferPointer(file.bytes), origin: name, owner: file)
    }

    /// The raw sample at a row (0 = north) and column (0 = west).
    @inline(__always)
    public func sample(row: Int, column: Int) -> Int16 {
        Int16(bigEndian: base.loadUnaligned(fromByteOffset: 2 * (row * size + column), as: Int16.self))
    }

    /// The height at a point inside the tile, bilinear between the four samples around it. A
    /// void sample takes the mean of the valid ones among the four; nil when all four are void.
    public func height(latitude: Double, longitude: Double) -> Double? {
        let n = Double(size - 1)
        let y = (Double(south + 1) - latitude) * n, x = (longitude - Double(west)) * n
        let r0 = min(max(Int(y), 0), size - 2), c0 = min(max(Int(x), 0), size - 2)
        let fy = min(max(y - Double(r0), 0), 1), fx = min(max(x - Double(c0), 0), 1)
        let h00 = sample(row: r0, column: c0), h01 = sample(row: r0, column: c0 + 1)
        let h10 = sample(row: r0 + 1, column: c0), h11 = sample(row: r0 + 1, column: c0 + 1)
        if h00 != HGTTile.void, h01 != HGTTile.void, h10 != HGTTile.void, h11 != HGTTile.void {
            let top = Double(h00) + (Double(h01) - Double(h00)) * fx
            let bottom = Double(h10) + (Double(h11) - Double(h10)) * fx
            return top + (bottom - top) * fy
        }
        // Fill voids from the valid neighbours, weighted as bilinear would weight them.
        var sum = 0.0, weight = 0.0
        for (h, w) in [(h00, (1 - fx) * (1 - fy)), (h01, fx * (1 - fy)), (h10, (1 - fx) * fy), (h11, fx * fy)] where h != HGTTile.void {
            sum += Double(h) * w
            weight += w
        }
        if weight > 0 { return sum / weight }
        let valid = [h00, h01, h10, h11].filter { $0 != HGTTile.void }
        return valid.isEmpty ? nil : Double(valid.map(Int.init).reduce(0, +)) / Double(valid.count)
    }
}

/// A tile file's bytes in memory, read whole and checked: the size is a tile's, and the file
/// did not change while it was read (a tile that changes under skyshell is an error, never a
/// signal).
final class TileFile: @unchecked Sendable {
    let bytes: UnsafeMutableRawBufferPointer

    init(path: String) throws(TerrainError) {
        let name = PathText.base(path)
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw TerrainError("\(name): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var before = stat()
        guard fstat(fd, &before) == 0, (before.st_mode & S_IFMT) == S_IFREG else { throw TerrainError("\(name): not a regular file") }
        let count = Int(before.st_size)
        guard HGTTile.samplesPerSide(byteCount: count) != nil else {
            throw TerrainError("\(name): \(count) bytes is neither an SRTM3 (2,884,802) nor an SRTM1 (25,934,402) tile")
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
        var done = 0
        while done < count {
            let n = pread(fd, buffer.baseAddress! + done, count - done, off_t(done))
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                let reason = n < 0 ? String(cString: strerror(errno)) : "it became shorter while it was read"
                buffer.deallocate()
                throw TerrainError("\(name): \(reason)")
            }
            done += n
        }
        var after = stat()
        guard fstat(fd, &after) == 0, after.st_size == before.st_size, after.st_mtim.tv_sec == before.st_mtim.tv_sec,
            after.st_mtim.tv_nsec == before.st_mtim.tv_nsec
        else {
            buffer.deallocate()
            throw TerrainError("\(name): the file changed while it was read")
        }
        bytes = buffer
    }

    deinit { bytes.deallocate() }
}
