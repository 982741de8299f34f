import FoundationEssentials
import Glibc
import SkyKit

/// A viewshed as a round map in braille dots, north up: the visible area filled in the
/// viewshed colour, the unknown area (no terrain) half-filled and dim, the range ring dashed,
/// the coastline of the land outline and the origin.
struct ViewshedMap {
    var viewshed: Viewshed
    var color: Style

    func draw(columns: Int, rows: Int) -> [StyledLine] {
        var canvas = BrailleCanvas(columns: columns, rows: rows)
        let radius = Double(min(canvas.width, canvas.height)) / 2 - 2
        let cx = Double(canvas.width) / 2, cy = Double(canvas.height) / 2
        let range = viewshed.request.range
        let scale = radius / range  // dots per metre
        // Visible dots in the viewshed colour, then unknown ones (no terrain) as a dim
        // checkerboard: a shade of their own, neither visible nor hidden.
        for (layer, wanted) in [(color, Viewshed.Visibility.visible), (Style.dim, .unknown)] {
            canvas.beginLayer(layer)
            for y in 0..<canvas.height {
                for x in 0..<canvas.width where wanted == .visible || (x + y) % 2 == 0 {
                    let east = (Double(x) + 0.5 - cx) / scale, north = (cy - Double(y) - 0.5) / scale
                    let d = (east * east + north * north).squareRoot()
                    guard d <= range else { continue }
                    let azimuth = Angle(degrees: atan2(east, north) * 180 / .pi).normalizedBearing.degrees
                    if viewshed.visibility(distance: d, azimuth: azimuth) == wanted { canvas.dot(x, y) }
                }
            }
        }
        // The coast, in a local equirectangular projection around the origin.
        canvas.beginLayer(.dim)
        let o = viewshed.request.origin
        let metresPerDegreeLat = 110_574.0, metresPerDegreeLon = 111_320 * cos(o.latitude * .pi / 180)
        func project(_ c: Coordinate) -> (Int, Int) {
            let east = Angle(degrees: c.longitude - o.longitude).signedTurn.degrees * metresPerDegreeLon
            let north = (c.latitude - o.latitude) * metresPerDegreeLat
            return (Int((cx + east * scale).rounded()), Int((cy - north * scale).rounded()))
        }
        let reach = range * 1.5 / metresPerDegreeLat
        for ring in Land.rings where ring.contains(where: { abs($0.latitude - o.latitude) < reach + 2 }) {
            for k in 1..<ring.count {
                let a = project(ring[k - 1]), b = project(ring[k])
                canvas.line(a.0, a.1, b.0, b.1)
            }
        }
        // The range ring, dashed.
        canvas.beginLayer(.dim)
        let steps = Int(2 * .pi * radius)
        for k in 0..<max(steps, 8) where (k / 3) % 2 == 0 {
            let t = Double(k) / Double(steps) * 2 * .pi
            canvas.dot(Int((cx + radius * sin(t)).rounded()), Int((cy - radius * cos(t)).rounded()))
        }
        canvas.mark(Int(cx), Int(cy), "◎", .accent)
        canvas.mark(Int(cx), Int(cy - radius) - 1, "N", .dim)
        return canvas.lines()
    }
}
