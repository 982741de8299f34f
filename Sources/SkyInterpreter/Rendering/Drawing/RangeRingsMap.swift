import Foundation
import SkyKit

/// `los rings` at the terminal: each altitude's outline around the antenna (north up, to
/// scale; bearings and distances as measured), the range dashed, a legend line below.
struct RangeRingsMap {
    var rings: RangeRings
    /// An altitude (metres) as the legend writes it.
    var label: (Double) -> String
    /// The 256-colour palette index of each ring, lowest altitude first.
    static let palette = [39, 82, 214, 205, 141, 226]

    func draw(columns: Int, rows: Int) -> [StyledLine] {
        var canvas = BrailleCanvas(columns: columns, rows: max(2, rows - 1))
        let radius = Double(min(canvas.width, canvas.height)) / 2 - 2
        let cx = Double(canvas.width) / 2, cy = Double(canvas.height) / 2
        let farthest = rings.rings.flatMap { $0.reaches.map(\.distance) }.max() ?? 0
        // To the farthest reach (a ring well inside the range stays readable), at least 1 km.
        let scale = radius / max(min(rings.range, farthest * 1.05), 1_000)
        func place(_ azimuth: Double, _ distance: Double) -> (Int, Int) {
            let t = azimuth * .pi / 180
            return (Int((cx + distance * scale * sin(t)).rounded()), Int((cy - distance * scale * cos(t)).rounded()))
        }
        if farthest * 1.05 >= rings.range {
            canvas.beginLayer(.dim)
            let steps = Int(2 * .pi * radius)
            for k in 0..<max(steps, 8) where (k / 3) % 2 == 0 {
                let (x, y) = place(Double(k) / Double(max(steps, 8)) * 360, rings.range)
                canvas.dot(x, y)
            }
        }
        for (n, ring) in rings.rings.enumerated() {
            canvas.beginLayer(.color(Self.palette[n % Self.palette.count]))
            let points = ring.reaches.map { place($0.azimuth, $0.distance) }
            for k in points.indices {
                let a = points[k], b = points[(k + 1) % points.count]
                canvas.line(a.0, a.1, b.0, b.1)
            }
        }
        canvas.mark(Int(cx), Int(cy), "◎", .accent)
        canvas.mark(Int(cx), Int(cy - radius) - 1, "N", .dim)
        var lines = canvas.lines()
        var legend: StyledLine = []
        for (n, ring) in rings.rings.enumerated() {
            legend.append(Span("━ ", .color(Self.palette[n % Self.palette.count])))
            legend.append(Span(label(ring.altitude) + "  ", .plain))
        }
        lines.append(legend)
        return lines
    }
}
