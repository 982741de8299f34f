import FoundationEssentials
import Glibc

/// How far an antenna can hear aircraft over the terrain: for each altitude (above sea level)
/// and each bearing, the farthest distance at which an aircraft at that altitude is still above
/// the antenna's radio horizon — the terrain's and the Earth's (4/3 Earth by default, as radio
/// waves bend) — the outline tar1090 and dump1090-fa draw as range rings.
///
/// Along a bearing the terrain's steepest slope as seen from the antenna only grows outward,
/// while an aircraft above the antenna sinks below any fixed slope as it goes: once hidden it
/// stays hidden, so the reach is one distance per bearing and altitude. (An aircraft below the
/// antenna may come back into sight beyond a dip; the reach is then the farthest sighting.)
public struct RangeRings: Sendable {
    /// Why a reach ends where it does.
    public enum Limit: String, Sendable {
        /// The terrain or the Earth's bulge hides the aircraft beyond it.
        case horizon
        /// Still in sight at the range: the reach is at least the range.
        case range
        /// No terrain is known beyond it (a missing tile): the reach is at least this far.
        case noTerrain = "no_terrain"
    }

    /// The reach along one bearing.
    public struct Reach: Sendable, Equatable {
        public var azimuth: Double
        /// Metres from the antenna.
        public var distance: Double
        public var limit: Limit
        /// Where the reach ends.
        public var point: Coordinate
    }

    /// The reach of one altitude, bearing by bearing from north.
    public struct Ring: Sendable {
        /// Metres above mean sea level.
        public var altitude: Double
        public var reaches: [Reach]

        /// The reaches a limit ended.
        public func count(_ limit: Limit) -> Int { reaches.filter { $0.limit == limit }.count }
    }

    public var origin: Coordinate
    /// The ground under the antenna (nil: no terrain there, 0 used) and the antenna above sea level.
    public var ground: Double?
    public var antennaMSL: Double
    public var range: Double
    public var azimuthStep: Double
    public var rangeStep: Double
    public var earth: EarthModel
    /// In the order of the altitudes asked for.
    public var rings: [Ring]
    /// True when no terrain was known at all and the rings are the smooth-Earth radio horizon
    /// (`smoothEarth(…)`): an upper bound that terrain can only shorten.
    public var smoothEarth = false

    /// The rings of `altitudes` (metres above sea level) around an antenna at `origin`, one reach
    /// every `azimuthStep` degrees, the terrain looked at every `rangeStep` metres out to `range`;
    /// nil when `cancelled` said so.
    public static func compute(
        origin: Coordinate, antenna: LOSHeight, altitudes: [Double], range: Double, azimuthStep: Double, rangeStep: Double, earth: EarthModel,
        terrain: Terrain, progress: (Double) -> Void = { _ in }, cancelled: () -> Bool = { false }
    ) -> RangeRings? {
        let ground = terrain.height(origin)
        let antennaMSL = antenna.msl(ground: ground)
        let rays = max(1, Int((360 / azimuthStep).rounded()))
        let step = 360 / Double(rays)
        let parts = rays >= 32 ? max(1, min(Parallel.cores, 8)) : 1
        let swept = Parallel.map(parts) { part -> [(Int, [Reach])]? in
            var done: [(Int, [Reach])] = []
            var lookup = TerrainLookup(terrain)
            for r in stride(from: part, to: rays, by: parts) {
                if (r / parts) % 8 == 0 {
                    if cancelled() { return nil }
                    if part == 0 { progress(Double(r) / Double(rays)) }
                }
                let azimuth = Double(r) * step
                let reaches = walk(
                    azimuth: azimuth, origin: origin, antennaMSL: antennaMSL, altitudes: altitudes, range: range, step: rangeStep, earth: earth,
                    lookup: &lookup)
                done.append((r, reaches))
            }
            return done
        }
        var byRay = [[Reach]](repeating: [], count: rays)
        for part in swept {
            guard let part else { return nil }
            for (r, reaches) in part { byRay[r] = reaches }
        }
        let rings = altitudes.indices.map { a in Ring(altitude: altitudes[a], reaches: byRay.map { $0[a] }) }
        progress(1)
        return RangeRings(
            origin: origin, ground: ground, antennaMSL: antennaMSL, range: range, azimuthStep: step, rangeStep: rangeStep, earth: earth, rings: rings)
    }

    /// Metres between looks at the ground within the first few kilometres, where the slope of
    /// the terrain near the antenna decides the reach of every altitude (0.4 m of terrain 400 m
    /// away moves a reach 20 km out by 250 m): the terrain surface between its cells is looked
    /// at as finely as a sight line check looks.
    static let nearStep = 5.0
    /// Looks per range step beyond them (as the viewshed looks).
    static let looksPerStep = 6

    /// One bearing: walks out keeping the terrain's steepest slope seen from the antenna, and
    /// for each altitude the farthest distance at which the aircraft is above both that slope
    /// and the ground (between two looks, where its margin, linear between them, crosses zero).
    static func walk(
        azimuth: Double, origin: Coordinate, antennaMSL: Double, altitudes: [Double], range: Double, step rangeStep: Double, earth: EarthModel,
        lookup: inout TerrainLookup
    ) -> [Reach] {
        let step = rangeStep / Double(looksPerStep)
        var far = RayWalker(origin: origin, azimuth: azimuth, step: step, skippingSpans: 1)
        var near = RayWalker(origin: origin, azimuth: azimuth, step: nearStep)
        // Near looks up to the far walker's first sample's node.
        let nearLooks = Int((far.firstNode / nearStep).rounded(.down))
        var maxSlope = -Double.infinity
        let n = altitudes.count
        // Per altitude: the farthest sighting, the last look's margin, and whether it is settled.
        var reach = [Double](repeating: 0, count: n)
        var limit = [Limit](repeating: .horizon, count: n)
        var previous = [Double](repeating: .infinity, count: n)
        var settled = [Bool](repeating: false, count: n)
        // An aircraft below the antenna can only come back into sight before the distance at
        // which it sits highest above the antenna's slopes, √(2 R (antenna − altitude)).
        let comeback = altitudes.map { (2 * earth.effectiveRadius * max(0, antennaMSL - $0)).squareRoot() }
        var open = n
        var previousD = 0.0
        /// One look at distance d; false once every altitude is settled or the terrain ends.
        func look(_ d: Double, _ lat: Double, _ lon: Double) -> Bool {
            let drop = earth.drop(d)
            guard let h = lookup.height(latitude: lat, longitude: lon) else {
                // No terrain here: an altitude still in sight, or that could come back into
                // sight, reaches at least as far as its last sighting.
                for a in 0..<n where !settled[a] { limit[a] = .noTerrain }
                return false
            }
            for a in 0..<n where !settled[a] {
                let aboveHorizon = maxSlope == -.infinity ? Double.infinity : altitudes[a] - drop - antennaMSL - maxSlope * d
                let margin = min(aboveHorizon, altitudes[a] - h)
                if margin > 0 {
                    reach[a] = d
                } else if previous[a] > 0 {
                    // In sight at the last look, hidden at this one: where the margin crossed zero.
                    reach[a] = previous[a].isFinite ? previousD + (d - previousD) * previous[a] / (previous[a] - margin) : previousD
                }
                previous[a] = margin
                if margin <= 0, d >= comeback[a] {
                    settled[a] = true
                    open -= 1
                }
            }
            let slope = (h - drop - antennaMSL) / d
            if slope > maxSlope { maxSlope = slope }
            previousD = d
            return open > 0
        }
        // The terrain is bilinear within its cells and bends along their edges, where a ridge
        // between two looks is highest: between two looks, the path's crossings of the cells'
        // edges are looked at too (the path is straight in latitude and longitude there).
        var last = (d: 0.0, lat: origin.latitude, lon: origin.longitude)
        func lookWithEdges(_ d: Double, _ lat: Double, _ lon: Double) -> Bool {
            defer { last = (d, lat, lon) }
            if let cells = lookup.tile.map({ Double($0.size - 1) }) {
                for t in Self.edgeCrossings(from: (last.lat * cells, last.lon * cells), to: (lat * cells, lon * cells)) {
                    guard look(last.d + (d - last.d) * t, last.lat + (lat - last.lat) * t, last.lon + (lon - last.lon) * t) else { return false }
                }
            }
            return look(d, lat, lon)
        }
        var going = true
        var d = 0.0
        for k in 1...nearLooks where going {
            let (lat, lon) = near.next()
            d = Double(k) * nearStep
            guard d <= range else { break }
            going = lookWithEdges(d, lat, lon)
        }
        var k = far.count
        while going {
            let (lat, lon) = far.next()
            k += 1
            d = Double(k) * step
            guard d <= range else { break }
            going = lookWithEdges(d, lat, lon)
        }
        for a in 0..<n where !settled[a] && limit[a] == .horizon && previous[a] > 0 {
            limit[a] = .range
            reach[a] = range
        }
        return (0..<n).map { a in
            let point = Geodesic.wgs84.direct(from: origin, azimuth: Angle(degrees: azimuth), distance: Distance(meters: reach[a])).coordinate
            return Reach(azimuth: azimuth, distance: reach[a], limit: limit[a], point: point)
        }
    }

    /// Where the straight segment between two points given in cells (row and column scaled
    /// positions) crosses a whole row or column line, as fractions of the way, in order.
    static func edgeCrossings(from a: (Double, Double), to b: (Double, Double)) -> [Double] {
        var crossings: [Double] = []
        for (p, q) in [(a.0, b.0), (a.1, b.1)] where p.rounded(.down) != q.rounded(.down) {
            let low = min(p, q).rounded(.down) + 1, high = max(p, q).rounded(.down)
            for line in stride(from: low, through: high, by: 1) { crossings.append((line - p) / (q - p)) }
        }
        return crossings.count > 1 ? crossings.sorted() : crossings
    }
}
