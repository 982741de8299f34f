import Foundation

@testable import SkyKit

/// Hand-built SRTM3 tiles held in memory, for tests: heights from a function of latitude and
/// longitude, sampled at the tile's grid points.
enum SyntheticTerrain {
    /// Owns the tile's bytes for as long as the tile lives.
    final class Buffer {
        let bytes: UnsafeMutableRawBufferPointer
        init(count: Int) { bytes = .allocate(byteCount: count, alignment: 2) }
        deinit { bytes.deallocate() }
    }

    static func tile(south: Int, west: Int, height: (Double, Double) -> Int16) throws -> HGTTile {
        let n = 1201
        let buffer = Buffer(count: n * n * 2)
        for row in 0..<n {
            for column in 0..<n {
                let lat = Double(south + 1) - Double(row) / Double(n - 1), lon = Double(west) + Double(column) / Double(n - 1)
                buffer.bytes.storeBytes(of: height(lat, lon).bigEndian, toByteOffset: 2 * (row * n + column), as: Int16.self)
            }
        }
        return try HGTTile(south: south, west: west, bytes: UnsafeRawBufferPointer(buffer.bytes), origin: "synthetic", owner: buffer)
    }

    static func terrain(south: Int = 10, west: Int = 10, height: (Double, Double) -> Int16) throws -> Terrain {
        Terrain(tiles: [try tile(south: south, west: west, height: height)])
    }
}
