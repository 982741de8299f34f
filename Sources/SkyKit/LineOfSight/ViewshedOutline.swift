import FoundationEssentials
import Glibc

/// The outline of an area of a viewshed as valid polygons (OGC simple features): areas merged
/// across every ray and look, each a shell with its holes, no ring crossing itself or another.
///
/// An area's boundary is found as directed segments with the area on their left — for the
/// visible area, the zero line of the mesh's margins in each triangle and the visible stretches
/// of the range's edge; for the unknown area, the edges of its sectors that no other sector
/// covers. Every segment end is the start of exactly one other (the zero crossings on an edge
/// are computed the same from both of its triangles), so the segments link into closed rings:
/// counter-clockwise ones are shells, clockwise ones holes, each hole in the smallest shell
/// around it.
enum ViewshedOutline {
    typealias Vertex = ViewshedMesh.Vertex

    /// A point in (ray, distance) as a hashable key: the ray taken round (ray `rays` is ray 0).
    struct Key: Hashable {
        let ray: UInt64, distance: UInt64
        init(_ v: Vertex, rays: Int) {
            ray = (v.ray == Double(rays) ? 0 : v.ray).bitPattern
            distance = v.distance.bitPattern
        }
    }

    /// Closed rings (first point not repeated) from directed segments that meet end to start.
    /// A segment and its reverse are the two sides of a line the area has no width along (a row
    /// of corners exactly at the zero margin between hidden ground): both go, so that the rings
    /// bound the area's interior. A ring with fewer than three distinct points (one that
    /// shrinks to the origin) is dropped.
    static func rings(_ all: [(Vertex, Vertex)], rays: Int) -> [[Vertex]] {
        struct Pair: Hashable {
            let from: Key, to: Key
        }
        var unmatched: [Pair: [Int]] = [:]
        var kept = [Bool](repeating: true, count: all.count)
        for (i, s) in all.enumerated() {
            let from = Key(s.0, rays: rays), to = Key(s.1, rays: rays)
            if var reverse = unmatched[Pair(from: to, to: from)], let j = reverse.popLast() {
                kept[i] = false
                kept[j] = false
                unmatched[Pair(from: to, to: from)] = reverse
            } else {
                unmatched[Pair(from: from, to: to), default: []].append(i)
            }
        }
        let segments = all.indices.filter { kept[$0] }.map { all[$0] }
        var starting: [Key: [Int]] = [:]
        starting.reserveCapacity(segments.count)
        for (i, s) in segments.enumerated() { starting[Key(s.0, rays: rays), default: []].append(i) }
        var used = [Bool](repeating: false, count: segments.count)
        var rings: [[Vertex]] = []
        for first in segments.indices where !used[first] {
            var ring: [Vertex] = []
            var i = first
            while !used[i] {
                used[i] = true
                ring.append(segments[i].0)
                guard let candidates = starting[Key(segments[i].1, rays: rays)]?.filter({ !used[$0] }), !candidates.isEmpty else { break }
                i = candidates.count == 1 ? candidates[0] : turn(from: segments[i], to: candidates.map { ($0, segments[$0]) }, rays: rays)
            }
            if ring.count >= 3 { rings.append(ring) }
        }
        return rings
    }

    /// A ring as rings that never come back to a point they passed: where it does, the loop
    /// since then is a ring of its own (a loop of fewer than three points, a spike, is dropped).
    static func simple(_ ring: [(Double, Double)]) -> [[(Double, Double)]] {
        struct Point: Hashable {
            let x: Double, y: Double
        }
        var out: [(Double, Double)] = []
        var at: [Point: Int] = [:]
        var loops: [[(Double, Double)]] = []
        for p in ring + [ring[0]] {
            if let last = out.last, last == p { continue }
            if let i = at[Point(x: p.0, y: p.1)] {
                let loop = Array(out[(i + 1)...]) + [out[i]]
                if loop.count >= 3 { loops.append(loop) }
                for q in out[(i + 1)...] { at[Point(x: q.0, y: q.1)] = nil }
                out.removeSubrange((i + 1)...)
                continue
            }
            at[Point(x: p.0, y: p.1)] = out.count
            out.append(p)
        }
        if out.count >= 3 { loops.append(out) }
        return loops
    }

    /// Where the area touches itself at a corner (two of its pieces meet at one point), the
    /// segment that goes on round the same piece: the first one clockwise from the way back,
    /// sweeping across the area on the left. (The order of directions round a point is the
    /// same in (ray, distance) as on the ground.)
    static func turn(from incoming: (Vertex, Vertex), to candidates: [(Int, (Vertex, Vertex))], rays: Int) -> Int {
        func delta(_ p: Vertex, _ q: Vertex) -> (Double, Double) {
            var dr = q.ray - p.ray
            let half = Double(rays) / 2
            if dr > half { dr -= Double(rays) } else if dr < -half { dr += Double(rays) }
            return (dr, q.distance - p.distance)
        }
        let back = delta(incoming.1, incoming.0)
        let backAngle = atan2(back.1, back.0)
        var best = candidates[0].0, bestTurn = Double.infinity
        for (index, segment) in candidates {
            let out = delta(segment.0, segment.1)
            var turn = backAngle - atan2(out.1, out.0)
            while turn <= 0 { turn += 2 * .pi }
            while turn > 2 * .pi { turn -= 2 * .pi }
            if turn < bestTurn { (best, bestTurn) = (index, turn) }
        }
        return best
    }

    /// Rings as polygons: each counter-clockwise ring (in `plane`, where the signed area of a
    /// shell is positive) with the clockwise rings inside it, each in the smallest shell that
    /// holds it.
    static func polygons(_ rings: [[(Double, Double)]]) -> [[[(Double, Double)]]] {
        struct Ring {
            let points: [(Double, Double)]
            let area: Double
            let box: (Double, Double, Double, Double)
        }
        let all = rings.map { ring -> Ring in
            var area = 0.0
            var box = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
            // The shoelace about the first point: a ring of a few square centimetres far from
            // (0, 0) would lose its sign to rounding otherwise.
            let o = ring[0]
            for (i, p) in ring.enumerated() {
                let q = ring[(i + 1) % ring.count]
                area += (p.0 - o.0) * (q.1 - o.1) - (q.0 - o.0) * (p.1 - o.1)
                box = (min(box.0, p.0), min(box.1, p.1), max(box.2, p.0), max(box.3, p.1))
            }
            return Ring(points: ring, area: area / 2, box: box)
        }
        let shells = all.indices.filter { all[$0].area > 0 }.sorted { all[$0].area < all[$1].area }
        var polygons = shells.map { [all[$0].points] }
        for hole in all where hole.area < 0 {
            let p = hole.points[0]
            // The smallest shell around it: shells are sorted by area.
            for (n, s) in shells.enumerated() {
                let shell = all[s]
                guard shell.box.0 <= hole.box.0, shell.box.1 <= hole.box.1, shell.box.2 >= hole.box.2, shell.box.3 >= hole.box.3,
                    contains(shell.points, p)
                else { continue }
                polygons[n].append(hole.points)
                break
            }
        }
        return polygons
    }

    /// Whether a point is inside a ring (even-odd).
    static func contains(_ ring: [(Double, Double)], _ p: (Double, Double)) -> Bool {
        var inside = false
        var j = ring.count - 1
        for i in ring.indices {
            let a = ring[i], b = ring[j]
            if (a.1 > p.1) != (b.1 > p.1), p.0 < a.0 + (p.1 - a.1) / (b.1 - a.1) * (b.0 - a.0) { inside.toggle() }
            j = i
        }
        return inside
    }
}

extension ViewshedMesh {
    /// The boundary of the visible area as directed segments with it on their left: in each
    /// triangle of each cell (counter-clockwise in (ray, distance)), from where the margin
    /// falls below zero along its edges to where it rises again; and the visible stretches of
    /// the range's edge, walked toward lower rays. Where a corner's margin is exactly zero (a
    /// target on the ground is at its own horizon) the zero line passes through the corner;
    /// toward a corner no terrain decides, it leaves by the known corner itself (the unknown
    /// area is an area of its own). Where the area touches itself at a corner, `rings` and
    /// `simple` give the pieces as rings of their own.
    func visibleBoundary() -> [(Vertex, Vertex)] {
        var segments: [(Vertex, Vertex)] = []
        let last = lastRow
        /// The triangle's segment: from the crossing on the edge it leaves the area by to the
        /// crossing on the edge it comes back by.
        func triangle(_ p: [(Vertex, Double)]) {
            var exit: Vertex?, entry: Vertex?
            for e in 0..<3 {
                let (u, fu) = p[e], (v, fv) = p[(e + 1) % 3]
                if fu >= 0, fv < 0 { exit = Self.boundaryCrossing(u, fu, v, fv) }
                if fu < 0, fv >= 0 { entry = Self.boundaryCrossing(u, fu, v, fv) }
            }
            if let exit, let entry, exit != entry { segments.append((exit, entry)) }
        }
        margins.withUnsafeBufferPointer { margins in
            for r in 0..<rays {
                for k in -1..<last {
                    let cell = cell(r, k, in: margins)
                    let (a, b, c, d) = (cell.a, cell.b, cell.c, cell.d)
                    if a >= 0, b >= 0, c >= 0, d >= 0 { continue }
                    if a < 0, b < 0, c < 0, d < 0 { continue }
                    triangle([(cell.A, a), (cell.B, b), (cell.C, c)])
                    triangle([(cell.A, a), (cell.C, c), (cell.D, d)])
                }
                // The range's edge, from ray r + 1 to ray r.
                let rim = cell(r, last - 1, in: margins)
                let (from, fFrom, to, fTo) = (rim.C, rim.c, rim.D, rim.d)
                switch (fFrom >= 0, fTo >= 0) {
                case (true, true): segments.append((from, to))
                case (true, false): segments.append((from, Self.boundaryCrossing(from, fFrom, to, fTo)))
                case (false, true): segments.append((Self.boundaryCrossing(from, fFrom, to, fTo), to))
                case (false, false): break
                }
            }
        }
        return segments
    }

    /// Where the zero line crosses an edge, for the outline: as `crossing`, but exactly at a
    /// corner whose margin is zero, and at the known corner when the other one is unknown (its
    /// margin only stands for "not known").
    static func boundaryCrossing(_ p: Vertex, _ fp: Double, _ q: Vertex, _ fq: Double) -> Vertex {
        let unknown = Double(unknownMargin)
        if fp == 0 || fq == unknown { return p }
        if fq == 0 || fp == unknown { return q }
        return crossing(p, fp, q, fq)
    }
}

extension Viewshed {
    /// The boundary of the unknown area (each stretch of `unknown` a sector half a ray either
    /// side of its ray) as directed segments with it on their left: the near and far edges of
    /// every stretch, and the parts of the side between two rays that one of them covers and
    /// the other does not. The sides have a vertex every node spacing, to follow the rays.
    func unknownBoundary() -> [(ViewshedMesh.Vertex, ViewshedMesh.Vertex)] {
        typealias Vertex = ViewshedMesh.Vertex
        var segments: [(Vertex, Vertex)] = []
        let rays = unknown.count
        /// Along the side at `ray` from one distance to another, in steps of a node spacing.
        func side(_ ray: Double, from start: Double, to end: Double) {
            let spacing = RayWalker.nodeSpacing, low = min(start, end), high = max(start, end)
            let inner = Array(stride(from: (low / spacing).rounded(.down) * spacing + spacing, to: high, by: spacing))
            let stops = [start] + (start < end ? inner : inner.reversed()) + [end]
            for (p, q) in zip(stops, stops.dropFirst()) where p != q { segments.append((Vertex(ray: ray, distance: p), Vertex(ray: ray, distance: q))) }
        }
        for (r, stretches) in unknown.enumerated() {
            let left = Double(r) - 0.5, right = Double(r) + 0.5
            for s in stretches {
                segments.append((Vertex(ray: left, distance: s.lowerBound), Vertex(ray: right, distance: s.lowerBound)))
                segments.append((Vertex(ray: right, distance: s.upperBound), Vertex(ray: left, distance: s.upperBound)))
            }
            // The side between ray r and the next: covered by one of them only.
            let next = unknown[(r + 1) % rays]
            for (from, to) in Self.difference(stretches, next) { side(right, from: from, to: to) }
            for (from, to) in Self.difference(next, stretches) { side(right, from: to, to: from) }
        }
        // Ray rays - 0.5 and ray -0.5 are one side: write the first as the second.
        return segments.map { s in
            func round(_ v: Vertex) -> Vertex { v.ray == Double(rays) - 0.5 ? Vertex(ray: -0.5, distance: v.distance) : v }
            return (round(s.0), round(s.1))
        }
    }

    /// The parts of `a`'s stretches that `b`'s do not cover.
    static func difference(_ a: [ClosedRange<Double>], _ b: [ClosedRange<Double>]) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        for s in a {
            var from = s.lowerBound
            for t in b where t.upperBound > from && t.lowerBound < s.upperBound {
                if t.lowerBound > from { out.append((from, t.lowerBound)) }
                from = max(from, t.upperBound)
            }
            if from < s.upperBound { out.append((from, s.upperBound)) }
        }
        return out
    }
}
