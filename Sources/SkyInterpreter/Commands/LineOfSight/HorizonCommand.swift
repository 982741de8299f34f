import FoundationEssentials
import Glibc
import SkyKit

/// `horizon`: the observer's skyline — how high the terrain rises in every direction.
enum HorizonCommand {
    static let range = Option("range", .distance(), "how far the terrain counts (1–200 km)", default: Distance(50, .kilometers), shown: "50 km", bare: false)
    static let every = Option("every", .angle, "degrees between the rows of the table (1–90)", default: Angle(degrees: 22.5), shown: "22.5", bare: false)

    static let spec = CommandSpec(
        "horizon", category: .lineOfSight,
        abstract: "Draw the observer's skyline: the terrain's elevation angle in every direction",
        discussion:
            "For every degree of azimuth the sight line from the observer's eyes marches out (every 90 m, to the range) over the terrain, with the "
            + "Earth's curvature and refraction (the LOS earth model), and keeps the highest elevation angle: the real horizon, which an ISS pass "
            + "or an aircraft must clear to be seen. Directions that run off the terrain skyshell has are marked; their angle is a lower "
            + "bound (los terrain fetch gets the tiles). JSON gives every degree.",
        options: [range.spec, every.spec],
        requires: [.observer],
        examples: [Example("horizon", "the skyline around the observer"), Example("horizon --range 100km --every 10", "farther, a row every 10°")]
    ) { args, context in
        let observer = try args.observer()
        let reach = try args.value(range)
        guard (1_000...200_000).contains(reach.meters) else { throw ShellError.usage("--range must be between 1 and 200 km") }
        let step = try args.value(every).degrees
        guard (1...90).contains(step) else { throw ShellError.usage("--every must be between 1° and 90°") }
        let skyline = Skyline.compute(
            terrain: context.lineOfSight.terrain(), origin: observer.place.coordinate, observerMSL: observer.altitude.meters, range: reach.meters,
            earth: context.session.los.earth)
        return report(skyline, every: step, context)
    }

    static func report(_ s: Skyline, every: Double, _ context: CommandContext) -> Output {
        let highest = s.angles.indices.max { s.angles[$0] < s.angles[$1] } ?? 0
        let units = LOSUnits(context)
        var output = Output(
            [
                .message(
                    "Skyline from \(Format.fixed(s.origin.latitude, 5)), \(Format.fixed(s.origin.longitude, 5)) at \(units.height(s.observerMSL)) "
                        + "MSL: highest \(angle(s.angles[highest])) toward \(Format.bearing(Angle(degrees: Double(highest) * s.azimuthStep))), "
                        + "\(units.distance(s.distances[highest])) away"
                )
            ])
        let chart = SkylineChart(skyline: s)
        output.append(.drawing(Drawing("the skyline", minimumColumns: 40, minimumRows: 6) { columns, _ in chart.draw(columns: min(columns, 120), rows: 10) }))
        var table = Table(
            key: "skyline",
            columns: [
                Column("azimuth_deg", "Azimuth", kind: .angle), Column("elevation_deg", "Elevation", .right, kind: .angle),
                Column("distance_m", "Distance", .right, kind: .length(.meters)),
                Column("complete", "Terrain"),
            ])
        var a = 0.0
        while a < 360 - 1e-9 {
            let i = Int((a / s.azimuthStep).rounded()) % s.angles.count
            table.rows.append([
                Cell(.number(a), text: Format.bearing(Angle(degrees: a), decimals: 0)),
                Cell(.number((s.angles[i] * 100).rounded() / 100), text: angle(s.angles[i])),
                Cell(
                    .number(s.distances[i].rounded()),
                    text: s.distances[i] > 0 ? units.distance(s.distances[i]) : "—"),
                Cell(.bool(!s.incomplete[i]), text: s.incomplete[i] ? "incomplete" : "all"),
            ])
            a += every
        }
        output.append(.table(table))
        output.append(
            .data(
                "degrees",
                .list(
                    s.angles.indices.map { i in
                        .object([
                            ("azimuth_deg", .number(Double(i) * s.azimuthStep)), ("elevation_deg", .number((s.angles[i] * 1000).rounded() / 1000)),
                            ("distance_m", .number(s.distances[i].rounded())), ("complete", .bool(!s.incomplete[i])),
                        ])
                    })))
        if s.isIncomplete {
            output.append(
                .note("some directions run off the terrain skyshell has: their angle is the least the skyline can be (los terrain fetch gets the rest)"))
        }
        return output
    }

    static func angle(_ degrees: Double) -> String { degrees <= -89.9 ? "—" : Format.fixed(degrees, 1) + "°" }
}

/// The skyline as a panorama in character cells: azimuth across (north at both ends), the
/// terrain's elevation angle up, filled from below, with compass points under it.
struct SkylineChart {
    var skyline: Skyline

    func draw(columns: Int, rows: Int) -> [StyledLine] {
        let axis = 7
        let width = max(32, columns - axis - 1), height = max(4, rows - 2)
        let values = (0..<width).map { skyline.elevation(towards: Double($0) / Double(width) * 360) }
        let known = values.filter { $0 > -89.9 }
        let low = min(0, (known.min() ?? 0).rounded(.down)), high = max(low + 1, (known.max() ?? 1).rounded(.up))
        var lines: [StyledLine] = []
        for r in 0..<height {
            let top = high - Double(r) / Double(height) * (high - low)
            let bottom = high - Double(r + 1) / Double(height) * (high - low)
            let label = r == 0 ? Format.fixed(high, 0) + "°" : r == height - 1 ? Format.fixed(low, 0) + "°" : ""
            var text = ""
            for v in values { text.append(v >= top ? "█" : v > bottom ? "▄" : " ") }
            lines.append([Span(String(repeating: " ", count: max(0, axis - label.count)) + label + "│", .dim), Span(text, .color(64))])
        }
        var compass = [Character](repeating: " ", count: width)
        for (k, name) in ["N", "NE", "E", "SE", "S", "SW", "W", "NW"].enumerated() {
            let at = k * width / 8
            for (j, c) in name.enumerated() where at + j < width { compass[at + j] = c }
        }
        lines.append([Span(String(repeating: " ", count: axis) + "└" + String(repeating: "─", count: width), .dim)])
        lines.append([Span(String(repeating: " ", count: axis + 1) + String(compass), .dim)])
        return lines
    }
}
