/// One point of a terrain profile.
public struct ProfilePoint: Sendable, Equatable {
    /// Distance from the origin along the geodesic, metres.
    public var distance: Double
    public var coordinate: Coordinate
    /// Terrain height (MSL), nil where nothing is known there (the verdict is unknown unless
    /// known terrain blocks the line).
    public var terrain: Double?
    /// Height of the sight line above sea level at this point.
    public var sightLine: Double
    /// Sight line minus terrain, metres (negative: the terrain is in the way); where the
    /// terrain is unknown, the sight line above sea level, which says nothing of clearance
    /// (`knownClearance` is nil there).
    public var clearance: Double

    /// The clearance where the terrain is known.
    public var knownClearance: Double? { terrain == nil ? nil : clearance }
}

/// A sight line checked over terrain: the profile, the verdict and where it is decided.
public struct PathCheck: Sendable {
    public var origin: Coordinate
    public var target: Coordinate
    public var earth: EarthModel
    public var distance: Double
    public var azimuth: Angle
    public var observerGround: Double?
    public var observerMSL: Double
    public var targetGround: Double?
    public var targetMSL: Double
    /// Whether the target was given above the ground (AGL) rather than above sea level.
    public var targetIsAboveGround = false
    public var points: [ProfilePoint]

    /// What a check can say: clear, blocked by known terrain, or unknown because part of the
    /// path has no terrain (neither a tile nor known sea) and nothing known blocks it.
    public enum Verdict: String, Sendable {
        case clear, blocked, unknown
    }

    public var verdict: Verdict {
        // A target given above a ground nobody knows is at a height nobody knows.
        if targetGround == nil, targetIsAboveGround { return .unknown }
        if firstObstruction != nil { return .blocked }
        return points.contains(where: { $0.terrain == nil }) ? .unknown : .clear
    }

    /// The squares under the path that have no terrain, in order along it.
    public var missingSquares: [TileCorner] {
        var seen: [TileCorner] = []
        for point in points where point.terrain == nil {
            let corner = TileCorner(point.coordinate)
            if !seen.contains(corner) { seen.append(corner) }
        }
        return seen
    }

    /// The first point where known terrain rises above the sight line, nil when none does.
    public var firstObstruction: ProfilePoint? { interior.first { $0.terrain != nil && $0.clearance < 0 } ?? buriedTarget }
    public var isClear: Bool { firstObstruction == nil }
    /// The smallest clearance between the ends over known terrain; nil when none is known.
    public var minimumClearance: ProfilePoint? { interior.filter { $0.terrain != nil }.min { $0.clearance < $1.clearance } }
    /// The share of points with no terrain under them.
    public var missingShare: Double { Double(points.filter { $0.terrain == nil }.count) / Double(max(points.count, 1)) }

    var interior: ArraySlice<ProfilePoint> { points.count > 2 ? points[1..<(points.count - 1)] : [] }
    /// A target given above sea level but lying underground (a target on the ground, 0 m above
    /// it, is not: its clearance is zero but for rounding).
    var buriedTarget: ProfilePoint? { points.last.flatMap { $0.terrain != nil && $0.clearance < -0.001 ? $0 : nil } }

    /// The point nearest to `distance` metres from the origin.
    public func point(at distance: Double) -> ProfilePoint? {
        guard !points.isEmpty else { return nil }
        let i = Int((distance / self.distance * Double(points.count - 1)).rounded())
        return points[min(max(i, 0), points.count - 1)]
    }

    /// Samples the geodesic from `origin` to `target` at `samples` evenly spaced points and
    /// tests the straight sight line, in the curved-Earth frame, against the terrain. Nil when
    /// the target is the origin.
    public static func run(
        terrain: Terrain, origin: Coordinate, observer: LOSHeight, target: Coordinate, targetHeight: LOSHeight,
        earth: EarthModel, samples: Int = 500
    ) -> PathCheck? {
        let line = Geodesic.wgs84.inverse(origin, target)
        let total = line.distance.meters
        guard total >= 1, samples >= 2 else { return nil }
        var coordinates: [Coordinate] = []
        var heights: [Double?] = []
        coordinates.reserveCapacity(samples)
        heights.reserveCapacity(samples)
        for i in 0..<samples {
            let d = total * Double(i) / Double(samples - 1)
            let c =
                i == 0
                ? origin
                : i == samples - 1
                    ? target
                    : Geodesic.wgs84.direct(from: origin, azimuth: line.initialAzimuth, distance: Distance(meters: d)).coordinate
            coordinates.append(c)
            heights.append(terrain.height(c))
        }
        let observerMSL = observer.msl(ground: heights[0])
        let targetMSL = targetHeight.msl(ground: heights[samples - 1])
        // The sight line relative to the observer's horizontal plane, where terrain at d lies
        // drop(d) lower; back in heights above sea level it is the chord minus the bulge.
        let targetInPlane = targetMSL - earth.drop(total)
        var points: [ProfilePoint] = []
        points.reserveCapacity(samples)
        for i in 0..<samples {
            let d = total * Double(i) / Double(samples - 1)
            let sight = observerMSL + (targetInPlane - observerMSL) * d / total + earth.drop(d)
            let ground = heights[i] ?? 0
            points.append(ProfilePoint(distance: d, coordinate: coordinates[i], terrain: heights[i], sightLine: sight, clearance: sight - ground))
        }
        return PathCheck(
            origin: origin, target: target, earth: earth, distance: total, azimuth: line.initialAzimuth.normalizedBearing,
            observerGround: heights[0], observerMSL: observerMSL, targetGround: heights[samples - 1], targetMSL: targetMSL,
            targetIsAboveGround: targetHeight.reference == .agl, points: points)
    }
}
