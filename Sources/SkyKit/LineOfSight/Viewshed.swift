import Foundation

/// What a viewshed sweep is asked for.
public struct ViewshedRequest: Sendable, Equatable {
    public var origin: Coordinate
    public var observer: LOSHeight
    public var target: LOSHeight
    /// Radius swept, metres.
    public var range: Double
    public var earth: EarthModel
    /// Angle between rays, degrees.
    public var azimuthStep: Double
    /// Distance between samples along a ray, metres.
    public var rangeStep: Double

    public init(
        origin: Coordinate, observer: LOSHeight, target: LOSHeight, range: Double, earth: EarthModel,
        azimuthStep: Double = 1, rangeStep: Double = 250
    ) {
        self.origin = origin
        self.observer = observer
        self.target = target
        self.range = range
        self.earth = earth
        self.azimuthStep = azimuthStep
        self.rangeStep = rangeStep
    }

    public var rayCount: Int { max(1, Int((360 / azimuthStep).rounded())) }
    public var samplesPerRay: Int { max(1, Int((range / rangeStep).rounded(.down))) }

    /// The longest distance between two looks at the ground along a ray, metres: an SRTM3
    /// cell (3″ of latitude), so a ridge between two range steps still hides what is behind it.
    public static let groundSpacing = 92.6

    /// Looks at the ground per range step: enough that no two are more than `groundSpacing` apart.
    public var groundLooksPerStep: Int { Self.looksPerStep(rangeStep) }

    static func looksPerStep(_ rangeStep: Double) -> Int { max(1, Int((rangeStep / groundSpacing).rounded(.up))) }

    /// How many times a sweep with the automatic azimuth step may look at the ground.
    public static let automaticLookBudget = 1_600_000

    /// The azimuth step (degrees) used when none is asked for: rays no further apart at the
    /// edge of the range than one range step (the same resolution across the rays as along
    /// them), as long as the sweep looks at the ground at most `automaticLookBudget` times, and
    /// never coarser than 1°. 0.36° for 40 km at 250 m steps, 0.95° for 350 km, 1° from about 370 km.
    public static func automaticAzimuthStep(range: Double, rangeStep: Double) -> Double {
        let looksPerRay = max(1, Int((range / rangeStep).rounded(.down))) * looksPerStep(rangeStep)
        let wanted = (2 * Double.pi * range / rangeStep).rounded(.up)
        let affordable = Double(automaticLookBudget / looksPerRay)
        let rays = max(360, min(wanted, affordable))
        return 360 / rays
    }
}

/// Where a target at the LOS height can be seen from the origin: for each ray (azimuth), the
/// stretches of samples from which the straight sight line clears all terrain before them.
public struct Viewshed: Sendable {
    public var request: ViewshedRequest
    public var observerGround: Double?
    public var observerMSL: Double
    /// Per ray, the visible stretches, metres from the origin. A stretch ends where the sight
    /// line to the target crosses the terrain's running horizon, found between the two samples
    /// either side (linear in the target's height above that horizon), not at a sample.
    public var stretches: [[ClosedRange<Double>]]
    /// Per ray, the stretches whose visibility is not known: samples without terrain (neither a
    /// tile nor known sea), and samples beyond one that known terrain does not already hide
    /// (each sample standing for half a step either side).
    public var unknown: [[ClosedRange<Double>]]
    /// Looks at the ground with no terrain under them, and all looks.
    public var missingSamples: Int, totalSamples: Int

    public var missingShare: Double { Double(missingSamples) / Double(max(totalSamples, 1)) }

    /// The share of the samples whose visibility is unknown.
    public var unknownShare: Double { area(unknown) / discArea }

    /// What the viewshed says of one place.
    public enum Visibility: String, Sendable {
        case visible, hidden, unknown
    }

    /// The inner and outer distance (metres) of a stretch.
    public func extent(_ stretch: ClosedRange<Double>) -> (Double, Double) { (stretch.lowerBound, stretch.upperBound) }

    /// The visible area, square metres (each stretch a sector of a ring).
    public var visibleArea: Double { area(stretches) }

    /// The area (square metres) of stretches of every ray, each a sector of a ring.
    func area(_ rays: [[ClosedRange<Double>]]) -> Double {
        let angle = request.azimuthStep * .pi / 180
        var area = 0.0
        for ray in rays {
            for stretch in ray { area += angle / 2 * (stretch.upperBound * stretch.upperBound - stretch.lowerBound * stretch.lowerBound) }
        }
        return area
    }

    /// The area of the whole disc swept, square metres.
    public var discArea: Double { .pi * request.range * request.range }

    /// Whether the viewshed says a target at `point` is visible; nil beyond the range.
    public func isVisible(_ point: Coordinate) -> Bool? {
        let line = Geodesic.wgs84.inverse(request.origin, point)
        return isVisible(distance: line.distance.meters, azimuth: line.initialAzimuth.normalizedBearing.degrees)
    }

    /// Whether the ray nearest `azimuth` is visible at the sample nearest `distance`; nil
    /// beyond the range or where it is not known.
    public func isVisible(distance: Double, azimuth: Double) -> Bool? {
        switch visibility(distance: distance, azimuth: azimuth) {
        case .visible?: true
        case .hidden?: false
        case .unknown?, nil: nil
        }
    }

    /// What the ray nearest `azimuth` says at the sample nearest `distance`; nil beyond the range.
    public func visibility(distance: Double, azimuth: Double) -> Visibility? {
        guard distance <= request.range else { return nil }
        if distance < request.rangeStep / 2 { return .visible }
        let ray = Int((azimuth / request.azimuthStep).rounded()) % stretches.count
        if stretches[ray].contains(where: { $0.contains(distance) }) { return .visible }
        return unknown[ray].contains(where: { $0.contains(distance) }) ? .unknown : .hidden
    }

    /// Sweeps every ray outward from the origin, the rays shared between the cores (each ray is
    /// independent, so the result does not depend on how they are shared). `progress` is called
    /// with the share done; `cancelled` is polled between rays and stops the sweep (nil is
    /// returned).
    public static func sweep(
        _ request: ViewshedRequest, terrain: Terrain, progress: (Double) -> Void = { _ in },
        cancelled: () -> Bool = { false }
    ) -> Viewshed? {
        let ground = terrain.height(request.origin)
        let observerMSL = request.observer.msl(ground: ground)
        let rays = request.rayCount
        let parts = rays >= 64 ? max(1, min(Parallel.cores, 8)) : 1
        let swept = Parallel.map(parts) { part -> [(Int, Ray)]? in
            var done: [(Int, Ray)] = []
            var lookup = TerrainLookup(terrain)
            for r in stride(from: part, to: rays, by: parts) {
                if (r / parts) % 8 == 0 {
                    if cancelled() { return nil }
                    // One part reports for all: they advance together.
                    if part == 0 { progress(Double(r) / Double(rays)) }
                }
                done.append((r, sweepRay(r, request, observerMSL: observerMSL, lookup: &lookup)))
            }
            return done
        }
        var stretches: [[ClosedRange<Double>]] = Array(repeating: [], count: rays)
        var unknown: [[ClosedRange<Double>]] = Array(repeating: [], count: rays)
        var missing = 0
        for part in swept {
            guard let part else { return nil }
            for (r, ray) in part {
                stretches[r] = ray.visible
                unknown[r] = ray.unknown
                missing += ray.missing
            }
        }
        progress(1)
        return Viewshed(
            request: request, observerGround: ground, observerMSL: observerMSL, stretches: stretches, unknown: unknown,
            missingSamples: missing, totalSamples: rays * request.samplesPerRay * request.groundLooksPerStep)
    }

    /// What one ray finds: its visible stretches, the unknown ones, and its samples without terrain.
    struct Ray {
        var visible: [ClosedRange<Double>] = [], unknown: [ClosedRange<Double>] = []
        var missing = 0
    }

    /// Walks ray `r` outward, keeping the steepest slope seen so far. It looks at the ground
    /// `groundLooksPerStep` times per range step (the visible stretches start and end between
    /// those looks), so what hides a target is the terrain at the tiles' own resolution, not
    /// only the terrain under the range steps.
    static func sweepRay(_ r: Int, _ request: ViewshedRequest, observerMSL: Double, lookup: inout TerrainLookup) -> Ray {
        let looks = request.groundLooksPerStep
        let step = request.rangeStep / Double(looks), earth = request.earth, range = request.range
        let samples = request.samplesPerRay * looks
        let targetMSL = request.target.reference == .msl ? request.target.height.meters : nil
        let targetAGL = request.target.height.meters
        var walker = RayWalker(origin: request.origin, azimuth: Double(r) * request.azimuthStep, step: step)
        var maxSlope = -Double.infinity
        // The open visible stretch's start (metres), and the unknown one's; the last sample's
        // margin (metres the target is above the horizon line, negative when hidden) and distance.
        var visibleFrom: Double? = 0, unknownFrom: Double?
        var previousMargin = Double.infinity, previousD = 0.0
        var ray = Ray()
        // Past a sample without terrain, only what known terrain hides is known.
        var pastMissing = false
        for k in 1...samples {
            let (lat, lon) = walker.next()
            let d = Double(k) * step
            let drop = earth.drop(d)
            var margin = -Double.infinity, isUnknown = false
            if let h = lookup.height(latitude: lat, longitude: lon) {
                let target = targetMSL ?? h + targetAGL
                // How far the target is above the horizon line at d, and above the ground.
                let aboveHorizon = maxSlope == -.infinity ? Double.infinity : target - drop - observerMSL - maxSlope * d
                let found = min(aboveHorizon, target - h)
                let slope = (h - drop - observerMSL) / d
                if slope > maxSlope { maxSlope = slope }
                if pastMissing { isUnknown = found >= 0 } else { margin = found }
            } else {
                // No ground here: a target above sea level that known terrain already hides is
                // hidden; anything else is unknown.
                ray.missing += 1
                pastMissing = true
                isUnknown = targetMSL.map { ($0 - drop - observerMSL) / d >= maxSlope } ?? true
            }
            // Where the margin changes sign between the last sample and this one.
            func crossing() -> Double {
                guard previousMargin.isFinite, margin.isFinite, previousMargin != margin else { return previousD + step / 2 }
                return previousD + (d - previousD) * previousMargin / (previousMargin - margin)
            }
            if margin >= 0 {
                if visibleFrom == nil { visibleFrom = crossing() }
            } else if let from = visibleFrom {
                ray.visible.append(from...max(from, crossing()))
                visibleFrom = nil
            }
            if isUnknown {
                if unknownFrom == nil { unknownFrom = d - step / 2 }
            } else if let from = unknownFrom {
                ray.unknown.append(from...(d - step / 2))
                unknownFrom = nil
            }
            previousMargin = margin
            previousD = d
        }
        if let from = visibleFrom { ray.visible.append(from...range) }
        if let from = unknownFrom { ray.unknown.append(from...range) }
        return ray
    }
}

/// Steps along a ray from an origin at a fixed azimuth: the geodesic, computed exactly at
/// nodes about 4 km apart and linearly in latitude and longitude between them (a geodesic
/// departs from that straight line by well under a metre over 4 km, against terrain cells of
/// 30–90 m).
struct RayWalker {
    let line: GeodesicLine
    let step: Double
    /// Samples between nodes.
    let span: Int
    var count = 0
    var from = (0.0, 0.0), to = (0.0, 0.0)

    init(origin: Coordinate, azimuth: Double, step: Double) {
        line = GeodesicLine(from: origin, azimuth: Angle(degrees: azimuth))
        self.step = step
        span = max(1, Int(4_000 / step))
        let start = line.point(0)
        to = (start.latitude, start.longitude)
    }

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
        var lon = from.1 + (to.1 - from.1) * t
        if lon >= 180 { lon -= 360 } else if lon < -180 { lon += 360 }
        return (from.0 + (to.0 - from.0) * t, lon)
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
