import CSkyData

/// The land of the world as polygons (Natural Earth 1:110m), embedded in the binary.
public enum Land {
    /// Each ring as its points; rings of land, with the odd hole (even-odd rule).
    public static let rings: [[Coordinate]] = {
        var length: UInt = 0
        let start = sky_data_land(&length)
        let bytes = UnsafeRawBufferPointer(start: start, count: Int(length))
        guard bytes.count >= 12, String(decoding: bytes[0..<8], as: UTF8.self) == "SKYLAND1" else { return [] }
        func i32(_ o: Int) -> Int32 { bytes.loadUnaligned(fromByteOffset: o, as: Int32.self).littleEndian }
        let count = Int(bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self).littleEndian)
        var offset = 12
        var rings: [[Coordinate]] = []
        for _ in 0..<count {
            let n = Int(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
            offset += 4
            var ring: [Coordinate] = []
            ring.reserveCapacity(n)
            for k in 0..<n {
                ring.append(Coordinate(validLatitude: Double(i32(offset + 8 * k + 4)) / 1e5, longitude: Double(i32(offset + 8 * k)) / 1e5))
            }
            offset += 8 * n
            rings.append(ring)
        }
        return rings
    }()

    /// True when the point is on land (even-odd test over all rings).
    public static func contains(_ c: Coordinate) -> Bool {
        var inside = false
        for ring in rings {
            var j = ring.count - 1
            for i in 0..<ring.count {
                let a = ring[i], b = ring[j]
                if (a.latitude > c.latitude) != (b.latitude > c.latitude) {
                    let x = a.longitude + (c.latitude - a.latitude) / (b.latitude - a.latitude) * (b.longitude - a.longitude)
                    if c.longitude < x { inside.toggle() }
                }
                j = i
            }
        }
        return inside
    }
}
