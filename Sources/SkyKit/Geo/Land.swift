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

    /// The latitude and longitude bounds of each ring, for `mayHoldLand`.
    static let bounds: [(south: Double, north: Double, west: Double, east: Double)] = rings.map { ring in
        var b = (south: 90.0, north: -90.0, west: 180.0, east: -180.0)
        for p in ring {
            b.south = min(b.south, p.latitude)
            b.north = max(b.north, p.latitude)
            b.west = min(b.west, p.longitude)
            b.east = max(b.east, p.longitude)
        }
        return b
    }

    /// False only when the outline shows the one-degree square at (`south`, `west`) to be all
    /// water, with a margin of `margin` degrees around it (the outline is 1:110m: its coasts are
    /// off by kilometres, and it leaves out small islands — so a square it calls water may still
    /// hold a rock; the margin keeps coasts safe). True when a coast passes through the square
    /// with its margin, or land covers it.
    public static func mayHoldLand(south: Int, west: Int, margin: Double = 0.25) -> Bool {
        let s = Double(south) - margin, n = Double(south) + 1 + margin
        for shift in [-360.0, 0, 360] {
            let w = Double(west) - margin + shift, e = Double(west) + 1 + margin + shift
            for (k, ring) in rings.enumerated() {
                let b = bounds[k]
                guard b.north >= s, b.south <= n, b.east >= w, b.west <= e else { continue }
                var previous = ring[ring.count - 1]
                for p in ring {
                    if (s...n).contains(p.latitude), (w...e).contains(p.longitude) { return true }
                    if segment(previous, p, crossesBox: s, n, w, e) { return true }
                    previous = p
                }
            }
        }
        // No coast near: the square is all land or all water, as its centre is.
        return contains(Coordinate(validLatitude: Double(south) + 0.5, longitude: Double(west) + 0.5))
    }

    /// True when the segment from `a` to `b` crosses an edge of the box.
    static func segment(_ a: Coordinate, _ b: Coordinate, crossesBox s: Double, _ n: Double, _ w: Double, _ e: Double) -> Bool {
        func crosses(_ p: (Double, Double), _ q: (Double, Double), _ r: (Double, Double), _ t: (Double, Double)) -> Bool {
            func side(_ o: (Double, Double), _ u: (Double, Double), _ v: (Double, Double)) -> Double {
                (u.0 - o.0) * (v.1 - o.1) - (u.1 - o.1) * (v.0 - o.0)
            }
            let d1 = side(r, t, p), d2 = side(r, t, q), d3 = side(p, q, r), d4 = side(p, q, t)
            return (d1 > 0) != (d2 > 0) && (d3 > 0) != (d4 > 0)
        }
        let p = (a.longitude, a.latitude), q = (b.longitude, b.latitude)
        let corners = [(w, s), (e, s), (e, n), (w, n)]
        for k in 0..<4 where crosses(p, q, corners[k], corners[(k + 1) % 4]) { return true }
        return false
    }
}
