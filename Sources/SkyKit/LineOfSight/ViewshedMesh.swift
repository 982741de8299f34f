import Foundation

/// A viewshed's margins as a surface over the disc: known at each look of each ray, and
/// between them linear over triangles (each cell between two rays and two looks cut along its
/// diagonal), so that where it is at least zero — the visible area — is a set of polygons in
/// (azimuth, distance), exactly what the viewshed answers and exports.
struct ViewshedMesh {
    /// The margin written where no terrain decides it: far below any sight line.
    static let unknownMargin: Float = -10_000
    /// The margin at the origin itself, which the observer sees.
    static let originMargin: Float = 10_000

    let rays: Int, looks: Int
    /// Metres between looks, degrees between rays, and the range.
    let spacing: Double, rayStep: Double, range: Double
    let margins: [Float]

    init(plan: ViewshedRequest.Plan, rangeStep: Double, range: Double, margins: [Float]) {
        rays = plan.rays
        looks = max(1, margins.count / max(plan.rays, 1))
        spacing = rangeStep / Double(plan.looksPerStep)
        rayStep = plan.rayStep
        self.range = range
        self.margins = margins
    }

    /// One vertex of a visible piece: `ray` in rays from azimuth 0 (fractional between them),
    /// `distance` in metres.
    struct Vertex: Equatable {
        var ray: Double, distance: Double
    }

    /// The last row: rows run from -1 (the origin) through the looks to the range's edge,
    /// where the last look's margins hold.
    var lastRow: Int { range > Double(looks) * spacing + 1e-6 ? looks : looks - 1 }

    /// The distance of a row, metres.
    func rowDistance(_ k: Int) -> Double { k < 0 ? 0 : k >= looks ? range : Double(k + 1) * spacing }

    func margin(ray r: Int, row k: Int) -> Double {
        k < 0 ? Double(Self.originMargin) : Double(margins[(r % rays) * looks + min(k, looks - 1)])
    }

    /// The ray nearest an azimuth (degrees).
    func nearestRay(_ azimuth: Double) -> Int { Int((Self.normalized(azimuth) / rayStep).rounded()) % rays }

    static func normalized(_ azimuth: Double) -> Double {
        let a = azimuth.truncatingRemainder(dividingBy: 360)
        return a < 0 ? a + 360 : a
    }

    /// The margin `distance` metres away toward `azimuth`, linear over the triangle of looks
    /// around it.
    func margin(distance: Double, azimuth: Double) -> Double {
        let u = Self.normalized(azimuth) / rayStep
        let r = Int(u.rounded(.down)), fu = u - Double(r)
        let k = min(max(Int((distance / spacing).rounded(.down)) - 1, -1), lastRow - 1)
        let near = rowDistance(k), far = rowDistance(k + 1)
        let fv = min(max((distance - near) / max(far - near, 1e-9), 0), 1)
        let a = margin(ray: r, row: k), b = margin(ray: r + 1, row: k)
        let c = margin(ray: r + 1, row: k + 1), d = margin(ray: r, row: k + 1)
        // The cell is cut along its diagonal from (ray r, near) to (ray r+1, far).
        return fu >= fv ? a + (b - a) * fu + (c - b) * fv : a + (c - d) * fu + (d - a) * fv
    }

    /// Calls `body` with each visible piece, a counter-clockwise polygon of `Vertex` (first
    /// vertex not repeated): the visible part of each cell, joined to the cells before and
    /// after it along the strip between two rays wherever they share a whole edge, so a piece
    /// is a visible stretch of the strip with the zero line at its ends.
    func forEachVisiblePiece(_ body: ([Vertex]) -> Void) {
        let last = lastRow
        for r in 0..<rays {
            let left = Double(r), right = Double(r + 1)
            // The piece still growing, open across the far edge of the last cell: its ring runs
            // from that edge's left corner round to its right corner (`rising`), then up from
            // the right corner along the strip and back down the left side (`leftSide`, kept in
            // the order it grew, bottom to top).
            var rising: [Vertex] = [], leftSide: [Vertex] = []
            var isOpen = false
            func close(_ middle: ArraySlice<Vertex> = []) {
                body(Self.straightened(rising + middle + leftSide.reversed()))
                isOpen = false
            }
            for k in -1..<last {
                let a = margin(ray: r, row: k), b = margin(ray: r + 1, row: k)
                let c = margin(ray: r + 1, row: k + 1), d = margin(ray: r, row: k + 1)
                let near = rowDistance(k), far = rowDistance(k + 1)
                let C = Vertex(ray: right, distance: far), D = Vertex(ray: left, distance: far)
                if min(a, b, c, d) >= 0, isOpen {
                    Self.extend(&rising, C)
                    Self.extend(&leftSide, D)
                    continue
                }
                if max(a, b, c, d) < 0 { continue }
                let A = Vertex(ray: left, distance: near), B = Vertex(ray: right, distance: near)
                for piece in Self.visible(cell: [(A, a), (B, b), (C, c), (D, d)]) {
                    // The piece with the near edge joins the open one across it.
                    if isOpen, a >= 0, b >= 0, let below = Self.rotated(piece, from: B) {
                        close(below.dropFirst().dropLast())
                    } else if c >= 0, d >= 0, let above = Self.rotated(piece, from: D) {
                        rising = above
                        leftSide = []
                        isOpen = true
                    } else {
                        body(piece)
                    }
                }
            }
            if isOpen { close() }
        }
    }

    /// A ring without the corners in the middle of its straight sides, as long as each side
    /// keeps a vertex every 4 km.
    static func straightened(_ ring: [Vertex]) -> [Vertex] {
        var out: [Vertex] = []
        out.reserveCapacity(ring.count)
        for (i, v) in ring.enumerated() {
            // The first vertex stays; one between two on the same ray goes if at least three are left.
            if let p = out.last, i + 1 < ring.count, out.count + (ring.count - i - 1) >= 3 {
                let n = ring[i + 1]
                if p.ray == v.ray, v.ray == n.ray, abs(n.distance - p.distance) <= 4_000 { continue }
            }
            out.append(v)
        }
        return out
    }

    /// Adds a corner to one side of a growing piece; the corner before goes when it lies in
    /// the middle of a straight side, as long as the side keeps a vertex every 4 km (so that it
    /// follows its ray).
    static func extend(_ side: inout [Vertex], _ vertex: Vertex) {
        if side.count >= 2 {
            let p = side[side.count - 2], q = side[side.count - 1]
            if p.ray == q.ray, q.ray == vertex.ray, abs(vertex.distance - p.distance) <= 4_000 { side.removeLast() }
        }
        side.append(vertex)
    }

    /// The area on the ground (square metres) of the visible part of each cell, without
    /// building its polygon.
    func visibleArea() -> Double {
        let parts = rays >= 64 ? max(1, min(Parallel.cores, 8)) : 1
        return Parallel.map(parts) { part in visibleArea(rays: stride(from: part, to: rays, by: parts)) }.reduce(0, +)
    }

    /// The visible area of the strips to the right of some rays.
    func visibleArea(rays strips: StrideTo<Int>) -> Double {
        let radians = rayStep * .pi / 180, last = lastRow, looks = looks, origin = Self.originMargin
        // The area of a whole cell of each row, and the rows' distances.
        let distances = (-1...last).map(rowDistance)
        let cells = (0..<(distances.count - 1)).map { radians / 2 * (distances[$0 + 1] * distances[$0 + 1] - distances[$0] * distances[$0]) }
        var total = 0.0
        margins.withUnsafeBufferPointer { all in
            for r in strips {
                let leftRow = all.baseAddress! + r * looks, rightRow = all.baseAddress! + ((r + 1) % rays) * looks
                for k in -1..<last {
                    let a = k < 0 ? origin : leftRow[k], b = k < 0 ? origin : rightRow[k]
                    let next = min(k + 1, looks - 1)
                    let c = rightRow[next], d = leftRow[next]
                    if a >= 0, b >= 0, c >= 0, d >= 0 {
                        total += cells[k + 1]
                    } else if a >= 0 || b >= 0 || c >= 0 || d >= 0 {
                        let near = distances[k + 1], far = distances[k + 2], left = Double(r), right = Double(r + 1)
                        let A = Vertex(ray: left, distance: near), B = Vertex(ray: right, distance: near)
                        let C = Vertex(ray: right, distance: far), D = Vertex(ray: left, distance: far)
                        let (fa, fb, fc, fd) = (Double(a), Double(b), Double(c), Double(d))
                        total += Self.clippedArea(A, fa, B, fb, C, fc, radians) + Self.clippedArea(A, fa, C, fc, D, fd, radians)
                    }
                }
            }
        }
        return total
    }

    /// The ground area of the part of a triangle where its margin is at least zero: the edges
    /// of that part summed as they are found (see `area`).
    static func clippedArea(_ p0: Vertex, _ f0: Double, _ p1: Vertex, _ f1: Double, _ p2: Vertex, _ f2: Double, _ radians: Double) -> Double {
        var first: Vertex?, previous: Vertex?
        var sum = 0.0
        func add(_ v: Vertex) {
            if let p = previous { sum += edgeArea(p, v, radians) } else { first = v }
            previous = v
        }
        let corners = [(p0, f0), (p1, f1), (p2, f2)]
        for i in 0..<3 {
            let (p, fp) = corners[i], (q, fq) = corners[(i + 1) % 3]
            if fp >= 0 { add(p) }
            if (fp >= 0) != (fq >= 0) { add(crossing(p, fp, q, fq)) }
        }
        if let p = previous, let f = first { sum += edgeArea(p, f, radians) }
        return abs(sum)
    }

    /// ∫ r²/2 dθ along one edge, the distance linear in the azimuth between its ends.
    @inline(__always)
    static func edgeArea(_ p: Vertex, _ q: Vertex, _ radians: Double) -> Double {
        (q.ray - p.ray) * radians * (p.distance * p.distance + p.distance * q.distance + q.distance * q.distance) / 6
    }

    /// A strip between two rays from one distance to another, with a vertex every 4 km down
    /// its sides so that its edges follow the rays (counter-clockwise; from the origin both
    /// rays start at one place, but in (ray, distance) the strip still has its two corners there).
    static func strip(left: Double, right: Double, from near: Double, to far: Double) -> [Vertex] {
        let inner = stride(from: (near / 4_000).rounded(.down) * 4_000 + 4_000, to: far, by: 4_000).map { $0 }
        return [Vertex(ray: left, distance: near), Vertex(ray: right, distance: near)] + inner.map { Vertex(ray: right, distance: $0) }
            + [Vertex(ray: right, distance: far), Vertex(ray: left, distance: far)] + inner.reversed().map { Vertex(ray: left, distance: $0) }
    }

    /// The visible part of a cell (corners counter-clockwise from the near left, with their
    /// margins): the parts of its two triangles, one piece where they meet along the diagonal.
    static func visible(cell: [(Vertex, Double)]) -> [[Vertex]] {
        let (A, a) = cell[0], (C, c) = cell[2]
        if min(cell[0].1, cell[1].1, cell[2].1, cell[3].1) >= 0 { return [cell.map(\.0)] }
        let first = clip([cell[0], cell[1], cell[2]]), second = clip([cell[0], cell[2], cell[3]])
        if first.count < 3 { return second.count < 3 ? [] : [second] }
        if second.count < 3 { return [first] }
        // Where the diagonal is visible, from its near end to its far one.
        let from = a >= 0 ? A : crossing(A, a, C, c), to = c >= 0 ? C : crossing(A, a, C, c)
        guard a >= 0 || c >= 0, from != to, let one = rotated(first, from: from), let two = rotated(second, from: to) else {
            return [first, second]
        }
        // The first runs round from the diagonal's near end to its far end, the second back.
        return [one + two.dropFirst().dropLast()]
    }

    /// A ring turned to start at `vertex`; nil when it is not one of its vertices.
    static func rotated(_ ring: [Vertex], from vertex: Vertex) -> [Vertex]? {
        guard let i = ring.firstIndex(of: vertex) else { return nil }
        return Array(ring[i...] + ring[..<i])
    }

    /// The part of a triangle where its (linear) margin is at least zero, counter-clockwise.
    static func clip(_ triangle: [(Vertex, Double)]) -> [Vertex] {
        var out: [Vertex] = []
        for i in 0..<3 {
            let (p, fp) = triangle[i], (q, fq) = triangle[(i + 1) % 3]
            if fp >= 0 { out.append(p) }
            if (fp >= 0) != (fq >= 0) { out.append(crossing(p, fp, q, fq)) }
        }
        // Drop repeats (a zero margin at a corner puts the crossing on it).
        var ring: [Vertex] = []
        for v in out where ring.last != v { ring.append(v) }
        if ring.count > 1, ring.first == ring.last { ring.removeLast() }
        return shoelace(ring) < 0 ? ring.reversed() : ring
    }

    /// Where the margin is zero on the edge between two vertices, computed from the same end
    /// whichever way the edge is walked (so the two triangles of a cell agree to the bit).
    static func crossing(_ p: Vertex, _ fp: Double, _ q: Vertex, _ fq: Double) -> Vertex {
        if (q.ray, q.distance) < (p.ray, p.distance) { return crossing(q, fq, p, fp) }
        let t = fp / (fp - fq)
        return Vertex(ray: p.ray + (q.ray - p.ray) * t, distance: p.distance + (q.distance - p.distance) * t)
    }

    /// Twice the signed area of a ring in (ray, distance): positive counter-clockwise.
    static func shoelace(_ ring: [Vertex]) -> Double {
        var sum = 0.0
        for i in ring.indices {
            let p = ring[i], q = ring[(i + 1) % ring.count]
            sum += p.ray * q.distance - q.ray * p.distance
        }
        return sum
    }

}
