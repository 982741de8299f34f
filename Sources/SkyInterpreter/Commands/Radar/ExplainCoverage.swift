import FoundationEssentials
import Glibc
import SkyKit

/// `explain coverage [BEARING]`: one sector of `radar coverage`, with the session's recording
/// and terrain: how a position finds its sector and band, how the farthest is measured, and
/// how it is set against the terrain's reach.
enum ExplainCoverage {
    static let bearing = Argument("bearing", .angle, "the sector to explain (the one holding this bearing; 180°, south, when left out)", .optional)

    static let spec = CommandSpec(
        "coverage", category: .teaching,
        abstract: "How radar coverage sorts what was heard into sectors and bands, and sets it against the terrain",
        arguments: [bearing.spec],
        requires: [.observer],
        examples: [Example("observer LFPG; explain coverage 225", "the south-west sector of the Paris recording")]
    ) { args, context in
        let observer = try args.observer()
        let feed = try context.radar.feed()
        var c = ReceptionCoverage(station: observer.place.coordinate, sectors: 36)
        guard c.add(recorded: feed, cancelled: { Interrupt.requested }) else {
            throw ShellError(
                .state, "\(Visible.text(feed.label)) is live and keeps no past: replay a recording (radar source replay FILE) to explain one")
        }
        let s = c.sector(of: args[ExplainCoverage.bearing]?.normalizedBearing.degrees ?? 180)
        return Output(lines(c, sector: s, station: observer.place, feed: feed.label, context).map { .message($0) })
    }

    static func n(_ v: Double, _ decimals: Int = 1) -> String { Format.grouped(v, decimals) }

    static func lines(_ c: ReceptionCoverage, sector s: Int, station: Place, feed: String, _ context: CommandContext) -> [String] {
        let (from, to) = c.bearings(of: s)
        let width = 360 / Double(c.sectors)
        let start = (from + 360).truncatingRemainder(dividingBy: 360)
        var lines = ["Coverage of \(Visible.text(feed)) from \(Visible.text(station.name)), sector \(n(start, 0))–\(n(to, 0))°", ""]
        lines.append("1. Each position's bearing from the station, on the sphere:")
        lines.append("   θ = atan2(sin Δλ·cos φ₂, cos φ₁·sin φ₂ − sin φ₁·cos φ₂·cos Δλ).")
        let w = n(width, 0), half = n(width / 2, 0)
        lines.append("   Sector k holds the bearings from k·\(w)° − \(half)° to k·\(w)° + \(half)°; this is sector \(s).")
        lines.append("2. Its band by altitude (pressure altitude, else geometric; on the ground is low):")
        lines.append("   below 3,048 m (10,000 ft), to 7,620 m (25,000 ft), above.")
        lines.append("   Positions with no altitude at all are counted apart: \(n(Double(c.withoutAltitude), 0)) of them here.")
        let first = ReceptionCoverage.Band.allCases.first { c.cells[s][$0.rawValue].farthest != nil }
        for band in ReceptionCoverage.Band.allCases {
            let cell = c.cells[s][band.rawValue]
            guard let f = cell.farthest else {
                lines.append("   \(band.label): nothing heard.")
                continue
            }
            lines.append(
                "   \(band.label): \(n(Double(cell.count), 0)) positions; the farthest \(Visible.text(f.callsign ?? f.icao24)) at \(n(f.altitude, 0)) m, "
                    + "\(context.moments.moment(f.time)).")
        }
        if let band = first, let f = c.cells[s][band.rawValue].farthest {
            let p1 = c.station.latitude * .pi / 180, p2 = f.coordinate.latitude * .pi / 180
            let dl = (f.coordinate.longitude - c.station.longitude) * .pi / 180
            let cosAngle = sin(p1) * sin(p2) + cos(p1) * cos(p2) * cos(dl)
            let angle = acos(min(1, max(-1, cosAngle)))
            lines.append("3. The farthest \(band.label) (\(Visible.text(f.callsign ?? f.icao24))), measured: on the sphere the central angle is")
            lines.append("   acos(sin φ₁·sin φ₂ + cos φ₁·cos φ₂·cos Δλ)")
            lines.append(
                "   = acos(\(Format.fixed(cosAngle, 9))) = \(Format.fixed(angle, 6)) rad, × R \(n(GreatCircle.meanRadius / 1000, 1)) km = "
                    + "\(n(angle * GreatCircle.meanRadius / 1000, 3)) km; on the WGS84 ellipsoid (Karney's inverse) \(n(f.distance / 1000, 3)) km.")
            lines.append("   The sphere's distances are the ellipsoid's within 0.6%: a position is measured exactly only when on the sphere it comes")
            lines.append("   within 1% of its cell's farthest so far, so the farthest is exact and most positions cost a few sines.")
        }
        lines.append(
            "4. Against the terrain (radar coverage --terrain): the antenna at the observer, \(LOSUnits(context).height(context.session.los.observer)),")
        lines.append("   los rings at each band's floor and ceiling; over the sector's bearings the least reach at the floor, the greatest at the ceiling.")
        lines.append("   Heard farther than the ceiling's reach (by more than 92.6 m) is beyond the terrain; less far than the floor's is short of it.")
        return lines
    }
}
