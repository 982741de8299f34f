import FoundationEssentials
import Glibc

/// Steps along a ray from an origin at a fixed azimuth: the geodesic, computed exactly at
/// nodes about 4 km apart and linearly in latitude and longitude between them (a geodesic
/// departs from that straight line by well under a metre over 4 km, against terrain cells of
/// 30–90 m).
struct RayWalker {
    /// Metres between the points computed exactly on a ray's geodesic.
    static let nodeSpacing = 4_000.0

    let line: GeodesicLine
    let step: Double
    /// Samples between nodes.
    let span: Int
    var count = 0
    var from = (0.0, 0.0), to = (0.0, 0.0)

    /// A walker whose first sample is `(skipping + 1) × step` from the origin; `skipping` is a
    /// whole number of spans between exact nodes (`span`), so that it starts on a node.
    init(origin: Coordinate, azimuth: Double, step: Double, skippingSpans spans: Int = 0) {
        line = GeodesicLine(from: origin, azimuth: Angle(degrees: azimuth))
        self.step = step
        span = max(1, Int(Self.nodeSpacing / step))
        count = spans * span
        let start = line.point(Double(count) * step)
        to = (start.latitude, start.longitude)
    }

    /// Metres between the origin and the first exact node.
    var firstNode: Double { Double(span) * step }

    /// Latitude and longitude (degrees, longitude within ±180°) of the next sample.
    mutating func next() -> (Double, Double) {
        let i = count % span
        if i == 0 {
            from = to
            let node = line.point(Double(count + span) * step)
            to = (node.latitude, node.longitude)
        }
        count += 1
        let t = Double(i + 1) / Double(span)
        return (from.0 + (to.0 - from.0) * t, Self.wrapped(from.1 + (to.1 - from.1) * t))
    }

    /// A longitude from the geodesic (the start's plus the change, not wrapped) within
    /// [-180°, 180°), where the tile squares are.
    static func wrapped(_ longitude: Double) -> Double {
        longitude >= 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude
    }
}

/// Terrain heights in a hot loop: remembers the last tile so most samples skip the lookup.
struct TerrainLookup {
    let terrain: Terrain
    var tile: HGTTile?
    var sea = false
    var south = Int.min, west = Int.min

    init(_ terrain: Terrain) { self.terrain = terrain }

    @inline(__always)
    mutating func height(latitude: Double, longitude: Double) -> Double? {
        guard latitude.isFinite, longitude.isFinite else { return nil }
        let s = Int(latitude.rounded(.down)), w = Int(longitude.rounded(.down))
        if s != south || w != west {
            south = s
            west = w
            tile = terrain.tile(Terrain.key(s, w))
            sea = tile == nil && terrain.sea.contains(Terrain.key(s, w))
        }
        if sea { return 0 }
        return tile?.height(latitude: latitude, longitude: longitude)
    }
}
