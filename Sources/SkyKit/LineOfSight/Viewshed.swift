import FoundationEssentials
import Glibc

/// Where a target at the LOS height can be seen from the origin: for each ray (azimuth) and
/// each look at the ground along it, how far the target there is above the sight line's
/// horizon, and what that means between the rays and looks.
public struct Viewshed: Sendable {
    public var request: ViewshedRequest
    /// The rays and looks swept (`request.plan`).
    public var plan: ViewshedRequest.Plan
    public var observerGround: Double?
    public var observerMSL: Double
    /// Per ray, the visible stretches, metres from the origin. A stretch ends where the sight
    /// line to the target crosses the terrain's running horizon, found between the two looks
    /// either side (linear in the target's height above that horizon), not at a look.
    public var stretches: [[ClosedRange<Double>]]
    /// Per ray, the stretches whose visibility is not known: looks without terrain (neither a
    /// tile nor known sea), and looks beyond one that known terrain does not already hide
    /// (each look standing for half a look either side).
    public var unknown: [[ClosedRange<Double>]]
    /// Looks at the ground with no terrain under them, and all looks.
    public var missingSamples: Int, totalSamples: Int
    /// The margins between the rays and looks: per ray, per look, metres the target there is
    /// above the horizon line (negative: hidden; `ViewshedMesh.unknownMargin` where no terrain
    /// decides it).
    let mesh: ViewshedMesh
    /// The visible area, square metres: where the mesh's margins are at least zero.
    public let visibleArea: Double

    public var missingShare: Double { Double(missingSamples) / Double(max(totalSamples, 1)) }

    /// The share of the disc whose visibility is unknown.
    public var unknownShare: Double { area(unknown) / discArea }

    /// What the viewshed says of one place.
    public enum Visibility: String, Sendable {
        case visible, hidden, unknown
    }

    /// The inner and outer distance (metres) of a stretch.
    public func extent(_ stretch: ClosedRange<Double>) -> (Double, Double) { (stretch.lowerBound, stretch.upperBound) }

    /// The stretches of the ray nearest `azimuth` (degrees).
    public func stretches(toward azimuth: Double) -> [ClosedRange<Double>] { stretches[mesh.nearestRay(azimuth)] }

    /// The area (square metres) of stretches of every ray, each a sector of a ring one ray wide.
    func area(_ rays: [[ClosedRange<Double>]]) -> Double {
        let angle = plan.rayStep * .pi / 180
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

    /// Whether a target `distance` metres away toward `azimuth` is visible; nil beyond the
    /// range or where it is not known.
    public func isVisible(distance: Double, azimuth: Double) -> Bool? {
        switch visibility(distance: distance, azimuth: azimuth) {
        case .visible?: true
        case .hidden?: false
        case .unknown?, nil: nil
        }
    }

    /// What the viewshed says `distance` metres away toward `azimuth`; nil beyond the range.
    /// Visible where the margin, linear between the three nearest looks (on two rays), is at
    /// least zero — exactly the exported polygons; otherwise unknown where the nearest ray does
    /// not know, else hidden.
    public func visibility(distance: Double, azimuth: Double) -> Visibility? {
        guard distance <= request.range else { return nil }
        if mesh.margin(distance: distance, azimuth: azimuth) >= 0 { return .visible }
        return unknown[mesh.nearestRay(azimuth)].contains(where: { $0.contains(distance) }) ? .unknown : .hidden
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
        let plan = request.plan
        let rays = plan.rays, looks = request.samplesPerRay * plan.looksPerStep
        let parts = rays >= 64 ? max(1, min(Parallel.cores, 8)) : 1
        // Each part writes the margins of its own rays, so the parts never share a slot.
        var margins = [Float](repeating: 0, count: rays * looks)
        let swept = margins.withUnsafeMutableBufferPointer { buffer in
            let shared = Parallel.SharedPointer(base: buffer.baseAddress!)
            return Parallel.map(parts) { part -> [(Int, Ray)]? in
                var done: [(Int, Ray)] = []
                var lookup = TerrainLookup(terrain)
                for r in stride(from: part, to: rays, by: parts) {
                    if (r / parts) % 8 == 0 {
                        if cancelled() { return nil }
                        // One part reports for all: they advance together.
                        if part == 0 { progress(Double(r) / Double(rays)) }
                    }
                    let row = UnsafeMutableBufferPointer(start: shared.base + r * looks, count: looks)
                    done.append((r, sweepRay(r, request, plan: plan, observerMSL: observerMSL, lookup: &lookup, margins: row)))
                }
                return done
            }
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
        let mesh = ViewshedMesh(plan: plan, rangeStep: request.rangeStep, range: request.range, margins: margins)
        let viewshed = Viewshed(
            request: request, plan: plan, observerGround: ground, observerMSL: observerMSL, stretches: stretches, unknown: unknown,
            missingSamples: missing, totalSamples: rays * looks, mesh: mesh, visibleArea: mesh.visibleArea())
        progress(1)
        return viewshed
    }

    /// What one ray finds: its visible stretches, the unknown ones, and its looks without terrain.
    struct Ray {
        var visible: [ClosedRange<Double>] = [], unknown: [ClosedRange<Double>] = []
        var missing = 0
    }

    /// Walks ray `r` outward, keeping the steepest slope seen so far, and writes the margin of
    /// each look. It looks at the ground `plan.looksPerStep` times per range step (the visible
    /// stretches start and end between those looks), so what hides a target is the terrain at
    /// the tiles' own resolution, not only the terrain under the range steps.
    static func sweepRay(
        _ r: Int, _ request: ViewshedRequest, plan: ViewshedRequest.Plan, observerMSL: Double, lookup: inout TerrainLookup,
        margins: UnsafeMutableBufferPointer<Float>
    ) -> Ray {
        let step = request.rangeStep / Double(plan.looksPerStep), earth = request.earth, range = request.range
        let targetMSL = request.target.reference == .msl ? request.target.height.meters : nil
        let targetAGL = request.target.height.meters
        var walker = RayWalker(origin: request.origin, azimuth: Double(r) * plan.rayStep, step: step)
        var maxSlope = -Double.infinity
        // The open visible stretch's start (metres), and the unknown one's; the last look's
        // margin (metres the target is above the horizon line, negative when hidden) and distance.
        var visibleFrom: Double? = 0, unknownFrom: Double?
        var previousMargin = Double.infinity, previousD = 0.0
        var ray = Ray()
        // Past a look without terrain, only what known terrain hides is known.
        var pastMissing = false
        for k in 1...margins.count {
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
            margins[k - 1] = margin.isFinite ? Float(margin) : ViewshedMesh.unknownMargin
            // Where the margin changes sign between the last look and this one.
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
