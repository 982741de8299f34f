import SkyKit

/// A terrain profile chart in character cells: the terrain filled from below, the stretches
/// with no terrain marked `?` along the bottom (dim: nothing is drawn where nothing is known),
/// the sight line drawn solid where it clears the ground and dashed (in the warning colour)
/// where the terrain is in the way, a height axis on the left (feet until units are chosen)
/// and a distance axis below.
struct ProfileChart {
    var check: PathCheck
    var units: LOSUnits

    func draw(columns: Int, rows: Int) -> [StyledLine] {
        let points = check.points
        guard points.count >= 2 else { return [] }
        let axisWidth = 10
        let width = max(20, columns - axisWidth - 1), height = max(6, rows - 2)
        let feet = units.heightUnit.meters
        var low = Double.infinity, high = -Double.infinity
        for p in points {
            low = min(low, p.terrain ?? p.sightLine, p.sightLine)
            high = max(high, p.terrain ?? p.sightLine, p.sightLine)
        }
        low = min(low, 0) / feet
        high = high / feet
        let span = max(high - low, 100)
        high = low + span * 1.05
        func row(_ meters: Double) -> Int { Int(((high - meters / feet) / (high - low) * Double(height - 1)).rounded()) }

        var grid = Array(repeating: Array(repeating: Character(" "), count: width), count: height)
        var styles = Array(repeating: Array(repeating: Style.plain, count: width), count: height)
        for c in 0..<width {
            let i = Int((Double(c) / Double(width - 1) * Double(points.count - 1)).rounded())
            let p = points[i]
            if let terrain = p.terrain {
                let top = max(0, min(height - 1, row(terrain)))
                for r in top..<height {
                    grid[r][c] = r == top ? "▄" : "█"
                    styles[r][c] = .color(64)
                }
            } else {
                grid[height - 1][c] = "?"
                styles[height - 1][c] = .dim
            }
            let s = row(p.sightLine)
            if s >= 0, s < height {
                let blocked = (p.knownClearance ?? 0) < 0
                grid[s][c] = blocked ? (c % 2 == 0 ? "╌" : " ") : "━"
                styles[s][c] = blocked ? .bad : .good
            }
        }
        var lines: [StyledLine] = []
        for r in 0..<height {
            let value = high - Double(r) / Double(height - 1) * (high - low)
            let label = r == 0 || r == height - 1 || r == height / 2 ? Format.grouped(value) + " " + units.heightUnit.symbol : ""
            var line: StyledLine = [Span(String(repeating: " ", count: max(0, axisWidth - label.count)) + label + "│", .dim)]
            var run = "", runStyle = styles[r][0]
            for c in 0..<width {
                if styles[r][c] != runStyle, !run.isEmpty {
                    line.append(Span(run, runStyle))
                    run = ""
                }
                runStyle = styles[r][c]
                run.append(grid[r][c])
            }
            line.append(Span(run, runStyle))
            lines.append(line)
        }
        let end = units.distance(check.distance)
        lines.append([Span(String(repeating: " ", count: axisWidth) + "└" + String(repeating: "─", count: width), .dim)])
        lines.append([Span(String(repeating: " ", count: axisWidth + 1) + "0" + String(repeating: " ", count: max(1, width - 1 - end.count)) + end, .dim)])
        return lines
    }
}
