import FoundationEssentials
import Glibc

/// Outlines around a place drawn to scale, north up (`los rings`, `radar coverage`): each
/// outline a closed line through its points (bearing, distance), in a colour of its own, the
/// range dashed when an outline reaches it, a legend line below.
struct PolarOutlineMap {
    struct Outline {
        var label: String
        /// Degrees clockwise from north and metres, in bearing order.
        var points: [(azimuth: Double, distance: Double)]
    }

    var outlines: [Outline]
    /// How far out was looked (metres); nil when nothing bounds it.
    var range: Double?
    /// The 256-colour palette index of each outline, in order.
    static let palette = [39, 82, 214, 205, 141, 226]

    func draw(columns: Int, rows: Int) -> [StyledLine] {
        var canvas = BrailleCanvas(columns: columns, rows: max(2, rows - 1))
        let radius = Double(min(canvas.width, canvas.height)) / 2 - 2
        let cx = Double(canvas.width) / 2, cy = Double(canvas.height) / 2
        let farthest = outlines.flatMap { $0.points.map(\.distance) }.max() ?? 0
        // To the farthest point (an outline well inside the range stays readable), at least 1 km.
        let extent = max(min(range ?? .infinity, farthest * 1.05), 1_000)
        let scale = radius / extent
        func place(_ azimuth: Double, _ distance: Double) -> (Int, Int) {
            let t = azimuth * .pi / 180
            return (Int((cx + distance * scale * sin(t)).rounded()), Int((cy - distance * scale * cos(t)).rounded()))
        }
        if let range, range <= extent {
            canvas.beginLayer(.dim)
            let steps = max(Int(2 * .pi * radius), 8)
            for k in 0..<steps where (k / 3) % 2 == 0 {
                let (x, y) = place(Double(k) / Double(steps) * 360, range)
                canvas.dot(x, y)
            }
        }
        for (n, outline) in outlines.enumerated() {
            canvas.beginLayer(.color(Self.palette[n % Self.palette.count]))
            let points = outline.points.map { place($0.azimuth, $0.distance) }
            for k in points.indices {
                let a = points[k], b = points[(k + 1) % points.count]
                canvas.line(a.0, a.1, b.0, b.1)
            }
        }
        canvas.mark(Int(cx), Int(cy), "◎", .accent)
        canvas.mark(Int(cx), Int(cy - radius) - 1, "N", .dim)
        var lines = canvas.lines()
        var legend: StyledLine = []
        for (n, outline) in outlines.enumerated() {
            legend.append(Span("━ ", .color(Self.palette[n % Self.palette.count])))
            legend.append(Span(outline.label + "  ", .plain))
        }
        lines.append(legend)
        return lines
    }
}
