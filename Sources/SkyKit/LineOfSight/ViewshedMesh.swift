import FoundationEssentials
import Glibc

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
    /// The distance of each row (`rowDistance`), from row -1 at index 0.
    let distances: [Double]

    init(plan: ViewshedRequest.Plan, rangeStep: Double, range: Double, margins: [Float]) {
        let looks = max(1, margins.count / max(plan.rays, 1)), spacing = rangeStep / Double(plan.looksPerStep)
        rays = plan.rays
        self.looks = looks
        self.spacing = spacing
        rayStep = plan.rayStep
        self.range = range
        self.margins = margins
        // Rows run from -1 (the origin) through the looks to the range's edge, where the last
        // look's margins hold.
        let last = range > Double(looks) * spacing + 1e-6 ? looks : looks - 1
        distances = (-1...last).map { k in k < 0 ? 0 : k >= looks ? range : Double(k + 1) * spacing }
    }

    /// A point of the mesh: `ray` in rays from azimuth 0 (fractional between them),
    /// `distance` in metres.
    struct Vertex: Equatable {
        var ray: Double, distance: Double
    }

    /// The last row (see `distances`).
    var lastRow: Int { distances.count - 2 }

    /// The distance of a row, metres.
    func rowDistance(_ k: Int) -> Double { distances[k + 1] }

    /// The ray nearest an azimuth (degrees).
    func nearestRay(_ azimuth: Double) -> Int { Int((Angle(degrees: azimuth).normalizedBearing.degrees / rayStep).rounded()) % rays }

    /// The margin `distance` metres away toward `azimuth`, linear over the triangle of looks
    /// around it.
    func margin(distance: Double, azimuth: Double) -> Double {
        let u = Angle(degrees: azimuth).normalizedBearing.degrees / rayStep
        let r = min(Int(u.rounded(.down)), rays - 1), fu = u - Double(r)
        let cell = cell(r, min(max(Int((distance / spacing).rounded(.down)) - 1, -1), lastRow - 1))
        let fv = min(max((distance - cell.near) / max(cell.far - cell.near, 1e-9), 0), 1)
        let (a, b, c, d) = (cell.a, cell.b, cell.c, cell.d)
        // The cell is cut along its diagonal from (ray r, near) to (ray r+1, far).
        return fu >= fv ? a + (b - a) * fu + (c - b) * fv : a + (c - d) * fu + (d - a) * fv
    }

    /// The cell between rays `r` and `r` + 1 (0 ≤ `r` < `rays`) and rows `k` and `k` + 1.
    func cell(_ r: Int, _ k: Int) -> Cell { margins.withUnsafeBufferPointer { cell(r, k, in: $0) } }

    /// The same, reading the margins through `margins` (loops over many cells hold it once).
    @inline(__always)
    func cell(_ r: Int, _ k: Int, in margins: UnsafeBufferPointer<Float>) -> Cell {
        let left = r * looks, right = (r + 1 == rays ? 0 : r + 1) * looks, origin = Self.originMargin
        @inline(__always) func at(_ row: Int, _ k: Int) -> Float { k < 0 ? origin : margins[row + min(k, looks - 1)] }
        return Cell(
            left: Double(r), near: distances[k + 1], far: distances[k + 2], a: Double(at(left, k)), b: Double(at(right, k)),
            c: Double(at(right, k + 1)), d: Double(at(left, k + 1)))
    }

    /// A cell of the mesh: its corners counter-clockwise from the near left (A, B on the near
    /// row, C, D on the far one) and their margins a, b, c, d.
    struct Cell {
        let left: Double, near: Double, far: Double
        let a: Double, b: Double, c: Double, d: Double

        var A: Vertex { Vertex(ray: left, distance: near) }
        var B: Vertex { Vertex(ray: left + 1, distance: near) }
        var C: Vertex { Vertex(ray: left + 1, distance: far) }
        var D: Vertex { Vertex(ray: left, distance: far) }
        /// Visible all over, or nowhere.
        var isWhole: Bool { a >= 0 && b >= 0 && c >= 0 && d >= 0 }
        var isHidden: Bool { a < 0 && b < 0 && c < 0 && d < 0 }

        /// The ground area of its visible part, square metres (`radians` between its rays).
        func visibleArea(_ radians: Double) -> Double {
            ViewshedMesh.clippedArea(A, a, B, b, C, c, radians) + ViewshedMesh.clippedArea(A, a, C, c, D, d, radians)
        }
    }

    /// The area on the ground (square metres) of the visible part of each cell, without
    /// building its polygon.
    func visibleArea() -> Double {
        let parts = rays >= 64 ? max(1, min(Parallel.cores, 8)) : 1
        return Parallel.map(parts) { part in visibleArea(rays: stride(from: part, to: rays, by: parts)) }.reduce(0, +)
    }

    /// The visible area of the strips to the right of some rays.
    func visibleArea(rays strips: StrideTo<Int>) -> Double {
        let radians = rayStep * .pi / 180, last = lastRow
        // The area of a whole cell of each row.
        let whole = distances.indices.dropLast().map { radians / 2 * (distances[$0 + 1] * distances[$0 + 1] - distances[$0] * distances[$0]) }
        var total = 0.0
        margins.withUnsafeBufferPointer { margins in
            for r in strips {
                for k in -1..<last {
                    let cell = cell(r, k, in: margins)
                    if cell.isWhole { total += whole[k + 1] } else if !cell.isHidden { total += cell.visibleArea(radians) }
                }
            }
        }
        return total
    }

    /// The ground area of the part of a triangle where its margin is at least zero: the edges
    /// of that part summed as they are found (see `edgeArea`).
    static func clippedArea(_ p0: Vertex, _ f0: Double, _ p1: Vertex, _ f1: Double, _ p2: Vertex, _ f2: Double, _ radians: Double) -> Double {
        var first: Vertex?, previous: Vertex?
        var sum = 0.0
        clipping((p0, f0), (p1, f1), (p2, f2)) { v in
            if let p = previous { sum += edgeArea(p, v, radians) } else { first = v }
            previous = v
        }
        if let p = previous, let f = first { sum += edgeArea(p, f, radians) }
        return abs(sum)
    }

    /// Walks a triangle's edges in order and gives the vertices of its part where the (linear)
    /// margin is at least zero: each corner in that part, and where an edge crosses zero.
    @inline(__always)
    static func clipping(_ c0: (Vertex, Double), _ c1: (Vertex, Double), _ c2: (Vertex, Double), _ body: (Vertex) -> Void) {
        func edge(_ p: (Vertex, Double), _ q: (Vertex, Double)) {
            if p.1 >= 0 { body(p.0) }
            if (p.1 >= 0) != (q.1 >= 0) { body(crossing(p.0, p.1, q.0, q.1)) }
        }
        edge(c0, c1)
        edge(c1, c2)
        edge(c2, c0)
    }

    /// ∫ r²/2 dθ along one edge, the distance linear in the azimuth between its ends.
    @inline(__always)
    static func edgeArea(_ p: Vertex, _ q: Vertex, _ radians: Double) -> Double {
        (q.ray - p.ray) * radians * (p.distance * p.distance + p.distance * q.distance + q.distance * q.distance) / 6
    }

    /// Where the margin is zero on the edge between two vertices, computed from the same end
    /// whichever way the edge is walked (so the two triangles of a cell agree to the bit).
    static func crossing(_ p: Vertex, _ fp: Double, _ q: Vertex, _ fq: Double) -> Vertex {
        if (q.ray, q.distance) < (p.ray, p.distance) { return crossing(q, fq, p, fp) }
        let t = fp / (fp - fq)
        return Vertex(ray: p.ray + (q.ray - p.ray) * t, distance: p.distance + (q.distance - p.distance) * t)
    }
}
