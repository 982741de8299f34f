import FoundationEssentials
import Glibc
import SkyKit

/// The radar scope: a round screen in braille dots, up = the way the observer faces. Range
/// rings, a compass rose that turns with the heading, the observer in the centre and each
/// aircraft as an arrowhead pointing along its track, sized by how big it looks in the sky and
/// coloured by altitude band, with callsigns placed where they do not overlap.
///
/// Braille cells are 2 dots wide and 4 tall, and terminal cells about twice as tall as wide, so
/// a dot is square: circles drawn in dots are round on screen.
public struct Scope {
    /// Colours and what is written, per theme.
    public struct Theme: Sendable {
        var ring: Style, tick: Style, text: Style, north: Style, observer: Style, sweep: Style
        /// Ground, below 10,000 ft, 10,000–25,000, 25,000–35,000, above 35,000.
        var bands: [Style]
        /// Glyph radius in dots for each apparent-size level.
        var sizes: [Double]
        var labels: Bool

        static let retro = Theme(
            ring: .color(22), tick: .color(28), text: .color(46), north: .color(118), observer: .color(46), sweep: .color(82),
            bands: [.color(242), .color(214), .color(46), .color(120), .color(194)],
            sizes: [1.6, 2.4, 3.4, 4.6], labels: true)
        static let kid = Theme(
            ring: .color(33), tick: .color(39), text: .color(231), north: .color(196), observer: .color(231), sweep: .color(45),
            bands: [.color(250), .color(196), .color(226), .color(201), .color(51)],
            sizes: [3.4, 4.2, 5.4, 7.0], labels: false)

        public static func of(_ theme: RadarTheme) -> Theme { theme == .kid ? kid : retro }
    }

    /// Altitude band limits in the unit heights are shown in: round numbers of feet, or of metres.
    static func bandLimits(_ units: UnitSystem) -> [Height] {
        Format.heightUnit(units) == .feet ? [10_000, 25_000, 35_000].map { Height($0, .feet) } : [3_000, 7_500, 10_500].map { Height($0, .meters) }
    }

    /// 0 on the ground, then 1 to 4 by altitude (2 when the altitude is unknown).
    static func band(_ s: Sighting, _ units: UnitSystem) -> Int {
        if s.aircraft.onGround { return 0 }
        guard let altitude = s.aircraft.altitude else { return 2 }
        return 1 + bandLimits(units).filter { altitude >= $0 }.count
    }

    let picture: RadarPicture
    let theme: Theme
    /// Screen angle of the sweep line (degrees clockwise from up), in live mode.
    var sweep: Double?

    public init(picture: RadarPicture, theme: Theme, sweep: Double? = nil) {
        self.picture = picture
        self.theme = theme
        self.sweep = sweep
    }

    /// The scope drawn to fit `columns` × `rows` character cells, or nil when that is too small.
    public func draw(columns: Int, rows: Int) -> [StyledLine]? {
        let labelMargin = theme.labels ? 9 : 1
        let radius = min(2 * (columns - 2 * labelMargin), 4 * rows) / 2 - 2
        guard radius >= 10 else { return nil }
        let canvasColumns = min(columns, (2 * radius + 4) / 2 + 2 * labelMargin)
        let canvasRows = (2 * radius + 4 + 3) / 4
        var canvas = BrailleCanvas(columns: canvasColumns, rows: canvasRows)
        let cx = Double(canvas.width / 2), cy = Double(radius + 2)
        let r = Double(radius)
        let heading = picture.heading.degrees

        // Range rings: the rim and three inner ones.
        canvas.beginLayer(theme.ring)
        for k in 1...4 { circle(&canvas, cx, cy, r * Double(k) / 4) }
        // Ticks every 30° of bearing, turning with the heading.
        canvas.beginLayer(theme.tick)
        for b in stride(from: 0.0, to: 360, by: 30) {
            let a = (b - heading) * .pi / 180
            for d in [r - 2, r - 1] { canvas.dot(Int((cx + d * sin(a)).rounded()), Int((cy - d * cos(a)).rounded())) }
        }
        if let sweep {
            canvas.beginLayer(theme.sweep)
            let a = sweep * .pi / 180
            canvas.line(Int(cx), Int(cy), Int((cx + r * sin(a)).rounded()), Int((cy - r * cos(a)).rounded()))
        }

        // Aircraft, one layer per altitude band so each keeps its colour; the ones that look
        // biggest are drawn last, on top.
        var occupied = Set<Int>()
        var placed: [(x: Double, y: Double, size: Double, sighting: Sighting)] = []
        let order = picture.sightings.sorted { $0.apparentSize < $1.apparentSize }
        for band in 0..<theme.bands.count {
            canvas.beginLayer(theme.bands[band])
            for s in order where Scope.band(s, picture.units) == band {
                let rel = (s.bearing.degrees - heading) * .pi / 180
                let d = min(1, s.groundDistance.meters / picture.range.meters) * r
                let x = cx + d * sin(rel), y = cy - d * cos(rel)
                let size = theme.sizes[ApparentSize.level(s.apparentSize)]
                let cells = arrowhead(&canvas, x, y, size, track: s.aircraft.track.map { $0 - heading })
                occupied.formUnion(cells)
                placed.append((x, y, size, s))
            }
        }

        // Text goes on top: the observer, the compass letters, ring distances, callsigns.
        canvas.mark(Int(cx), Int(cy), "+", theme.observer)
        // Satellites above the horizon sit on the rim in their direction: they are far beyond
        // the range, but in the sky.
        for sat in picture.satellites {
            let a = (sat.azimuth - heading) * .pi / 180
            canvas.mark(Int((cx + r * sin(a)).rounded()), Int((cy - r * cos(a)).rounded()), "✦", .bold)
        }
        for (letter, bearing) in [("N", 0.0), ("E", 90), ("S", 180), ("W", 270)] {
            let a = (bearing - heading) * .pi / 180
            let x = cx + (r + 3) * sin(a), y = cy - (r + 3) * cos(a)
            canvas.mark(Int(x.rounded()), min(canvas.height - 1, max(0, Int(y.rounded()))), Character(letter), letter == "N" ? theme.north : theme.tick)
        }
        if theme.labels {
            // Ring distances beside the rings, up and to the right.
            for k in [2, 4] {
                let ringDistance = Distance(meters: picture.range.meters * Double(k) / 4)
                let text = Format.distance(ringDistance, in: Format.distanceUnit(picture.units), decimals: ringDistance.kilometers < 10 ? 1 : 0)
                let d = r * Double(k) / 4 * 0.7071
                canvas.label(column: Int(cx + d) / 2 + 1, row: Int(cy - d) / 4, text, theme.ring)
            }
            // Watched aircraft (★) are labelled first, so they keep theirs in a crowd.
            let isWatched = { (p: (x: Double, y: Double, size: Double, sighting: Sighting)) in
                !WatchEntry.reasons(picture.watchlist, p.sighting.aircraft).isEmpty
            }
            let watched = placed.reversed().filter(isWatched)
            for p in watched + placed.reversed().filter({ !isWatched($0) }) {
                let name = (watched.isEmpty || !isWatched(p) ? "" : "★") + p.sighting.aircraft.name
                let column = Int(p.x) / 2, row = Int(p.y) / 4
                let halfWidth = Int((p.size / 2).rounded(.up))
                let spots = [
                    (column + halfWidth + 1, row), (column - halfWidth - 1 - name.count, row), (column - name.count / 2, row - 1 - Int(p.size) / 4),
                    (column - name.count / 2, row + 1 + Int(p.size) / 4),
                ]
                for (c, rw) in spots {
                    let cells = (c..<(c + name.count)).map { rw * canvas.columns + $0 }
                    guard c >= 0, c + name.count <= canvas.columns, rw >= 0, rw < canvas.rows, !cells.contains(where: occupied.contains) else { continue }
                    if canvas.label(column: c, row: rw, name, theme.bands[Scope.band(p.sighting, picture.units)]) {
                        occupied.formUnion(cells)
                        break
                    }
                }
            }
        }
        return canvas.lines()
    }

    /// A circle of dots.
    func circle(_ canvas: inout BrailleCanvas, _ cx: Double, _ cy: Double, _ radius: Double) {
        let steps = max(24, Int(radius * 7))
        for k in 0..<steps {
            let a = Double(k) / Double(steps) * 2 * .pi
            canvas.dot(Int((cx + radius * sin(a)).rounded()), Int((cy - radius * cos(a)).rounded()))
        }
    }

    /// A filled arrowhead of `size` dots pointing along `track` (screen degrees), or a small
    /// diamond when the track is unknown. Returns the cells it covers.
    func arrowhead(_ canvas: inout BrailleCanvas, _ x: Double, _ y: Double, _ size: Double, track: Double?) -> Set<Int> {
        var points: [(Double, Double)]
        if let track {
            let a = track * .pi / 180
            func at(_ angle: Double, _ length: Double) -> (Double, Double) { (x + length * sin(angle), y - length * cos(angle)) }
            points = [at(a, size), at(a + 2.5, size * 0.9), at(a + .pi, size * 0.25), at(a - 2.5, size * 0.9)]
        } else {
            let h = size * 0.7
            points = [(x, y - h), (x + h, y), (x, y + h), (x - h, y)]
        }
        var cells = Set<Int>()
        let minX = Int(points.map(\.0).min()!.rounded(.down)), maxX = Int(points.map(\.0).max()!.rounded(.up))
        let minY = Int(points.map(\.1).min()!.rounded(.down)), maxY = Int(points.map(\.1).max()!.rounded(.up))
        for py in minY...maxY {
            for px in minX...maxX where Scope.inside(Double(px), Double(py), points) {
                canvas.dot(px, py)
                if px >= 0, py >= 0, px < canvas.width, py < canvas.height { cells.insert((py / 4) * canvas.columns + px / 2) }
            }
        }
        // Always at least the centre dot.
        canvas.dot(Int(x), Int(y))
        if x >= 0, y >= 0, Int(x) < canvas.width, Int(y) < canvas.height { cells.insert((Int(y) / 4) * canvas.columns + Int(x) / 2) }
        return cells
    }

    /// Even-odd point-in-polygon test.
    static func inside(_ x: Double, _ y: Double, _ polygon: [(Double, Double)]) -> Bool {
        var result = false
        var j = polygon.count - 1
        for i in 0..<polygon.count {
            let (xi, yi) = polygon[i], (xj, yj) = polygon[j]
            if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi { result.toggle() }
            j = i
        }
        return result
    }
}
