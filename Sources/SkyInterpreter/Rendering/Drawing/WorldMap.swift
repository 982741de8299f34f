import FoundationEssentials
import Glibc
import SkyKit

/// A map of part of the world drawn in braille: land filled, routes as geodesic lines, places
/// marked and labelled. The view fits what it shows (across the antimeridian when that is
/// shorter) in an equirectangular projection scaled by the cosine of the middle latitude.
public struct WorldMap {
    /// What the map shows.
    public struct Content {
        public var lines: [(points: [Coordinate], style: Style)] = []
        public var places: [(coordinate: Coordinate, label: String?, style: Style)] = []
        /// Extra points the view must include (a range ring, the area around a place).
        public var extent: [Coordinate] = []
        public init() {}
    }

    public let center: Double
    public let columns: Int
    public let rows: Int
    let minLat: Double, maxLat: Double, spanX: Double
    let scale: Double, xOffset: Double, yOffset: Double, cosLat: Double

    /// A view fitting `points` (with a margin), at least `minimumSpan` degrees tall.
    public init(fitting points: [Coordinate], columns: Int, rows: Int, minimumSpan: Double = 4) {
        self.columns = columns
        self.rows = rows
        let lons = points.map(\.longitude).sorted()
        // The centre of the shortest longitude interval holding every point.
        var center = 0.0, span = 360.0
        if lons.count == 1 { center = lons[0]; span = 0 }
        if lons.count > 1 {
            var gap = -1.0, gapEnd = 0.0
            for (i, lon) in lons.enumerated() {
                let next = i + 1 < lons.count ? lons[i + 1] : lons[0] + 360
                if next - lon > gap { gap = next - lon; gapEnd = next }
            }
            span = 360 - gap
            center = Coordinate.wrapLongitude(gapEnd + span / 2)
        }
        self.center = center
        var lo = points.map(\.latitude).min() ?? -60, hi = points.map(\.latitude).max() ?? 80
        if hi - lo < minimumSpan { let mid = (hi + lo) / 2; lo = mid - minimumSpan / 2; hi = mid + minimumSpan / 2 }
        let marginY = (hi - lo) * 0.08
        lo = max(-90, lo - marginY); hi = min(90, hi + marginY)
        cosLat = max(0.2, cos((lo + hi) / 2 * .pi / 180))
        var sx = max(span, minimumSpan / cosLat) * cosLat
        sx *= 1.08
        let width = Double(columns * 2), height = Double(rows * 4)
        scale = min(width / sx, height / (hi - lo))
        spanX = width / scale
        minLat = hi - height / scale + (height / scale - (hi - lo)) / 2
        maxLat = minLat + height / scale
        xOffset = width / 2
        yOffset = 0
    }

    /// Dot coordinates of a position whose longitude is already unwrapped near the centre.
    func project(lat: Double, lon: Double) -> (Double, Double) {
        ((lon - center) * cosLat * scale + xOffset, (maxLat - lat) * scale + yOffset)
    }

    /// The longitude shifted by whole turns to lie nearest `reference`.
    static func unwrap(_ lon: Double, near reference: Double) -> Double {
        var l = lon
        while l - reference > 180 { l -= 360 }
        while l - reference < -180 { l += 360 }
        return l
    }

    /// Kilometres across one character cell at the centre (for the legend).
    public var kilometersPerCell: Double { 2 / scale / cosLat * 111.32 * cosLat }

    /// Draws the content over the land.
    public func draw(_ content: Content, landStyle: Style = .color(28)) -> [StyledLine] {
        var canvas = BrailleCanvas(columns: columns, rows: rows)
        canvas.beginLayer(landStyle)
        fillLand(&canvas)
        for line in content.lines {
            canvas.beginLayer(line.style)
            var previous: (Int, Int)?
            var lastLon = center
            for point in line.points {
                let lon = WorldMap.unwrap(point.longitude, near: lastLon)
                lastLon = lon
                let (x, y) = project(lat: point.latitude, lon: lon)
                let p = (Int(x.rounded(.down)), Int(y.rounded(.down)))
                if let q = previous { canvas.line(q.0, q.1, p.0, p.1) } else { canvas.dot(p.0, p.1) }
                previous = p
            }
        }
        var labels: [(Int, Int, String, Style)] = []
        for place in content.places {
            let (x, y) = project(lat: place.coordinate.latitude, lon: WorldMap.unwrap(place.coordinate.longitude, near: center))
            let dx = Int(x.rounded(.down)), dy = Int(y.rounded(.down))
            canvas.mark(dx, dy, "●", place.style)
            if let label = place.label { labels.append((dx / 2, dy / 4, label, place.style)) }
        }
        for (column, row, text, style) in labels {
            _ = canvas.label(column: column + 1, row: row, text, style) || canvas.label(column: column - text.count - 1, row: row, text, style)
        }
        return canvas.lines()
    }

    /// Fills the land polygons by scanlines, toggling spans so holes stay open.
    func fillLand(_ canvas: inout BrailleCanvas) {
        for ring in Land.rings where ring.count > 2 {
            // Longitudes made continuous along the ring, then copies shifted by whole turns so
            // every part that can be seen is drawn.
            var lons: [Double] = []
            lons.reserveCapacity(ring.count)
            var last = ring[0].longitude
            for p in ring { last = WorldMap.unwrap(p.longitude, near: last); lons.append(last) }
            let minLon = lons.min()!, maxLon = lons.max()!
            for shift in [-360.0, 0, 360] {
                let lo = minLon + shift, hi = maxLon + shift
                guard hi >= center - spanX / cosLat / 2 - 1, lo <= center + spanX / cosLat / 2 + 1 else { continue }
                var projected: [(Double, Double)] = []
                projected.reserveCapacity(ring.count)
                for (k, p) in ring.enumerated() { projected.append(project(lat: p.latitude, lon: lons[k] + shift)) }
                scanFill(projected, &canvas)
            }
        }
    }

    func scanFill(_ polygon: [(Double, Double)], _ canvas: inout BrailleCanvas) {
        let ys = polygon.map(\.1)
        let top = max(0, Int(ys.min()!.rounded(.down))), bottom = min(canvas.height - 1, Int(ys.max()!.rounded(.up)))
        guard top <= bottom else { return }
        for y in top...bottom {
            let yc = Double(y) + 0.5
            var xs: [Double] = []
            var j = polygon.count - 1
            for i in 0..<polygon.count {
                let a = polygon[i], b = polygon[j]
                if (a.1 > yc) != (b.1 > yc) { xs.append(a.0 + (yc - a.1) / (b.1 - a.1) * (b.0 - a.0)) }
                j = i
            }
            xs.sort()
            var k = 0
            while k + 1 < xs.count {
                canvas.toggleSpan(y: y, from: Int((xs[k] + 0.5).rounded(.down)), to: Int((xs[k + 1] - 0.5).rounded(.down)))
                k += 2
            }
        }
    }
}
