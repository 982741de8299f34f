import FoundationEssentials
import Glibc
import SkyKit

/// `explain los` and `explain viewshed`: the curvature drop, the horizon and the sight-line
/// test, with the session's line-of-sight numbers.
enum ExplainLOS {
    static let los = CommandSpec(
        "los", category: .teaching,
        abstract: "Why the Earth's curve hides things: the drop d²/(2kR), the horizon, the sight-line test",
        examples: [Example("los origin 44.27056 -71.30333; explain los", "with an observer on Mount Washington")]
    ) { _, context in
        let lines = curvature(context) + pathTest(context)
        return Output(lines.map { .message($0) })
    }

    static let azimuth = Argument("azimuth", .angle, "the ray to follow (90°, east, when left out)", .optional)

    static let viewshed = CommandSpec(
        "viewshed", category: .teaching,
        abstract: "How the viewshed sweep decides, step by step along one azimuth",
        arguments: [azimuth.spec],
        examples: [Example("los origin 44.27056 -71.30333; explain viewshed 270", "the ray due west of the summit")]
    ) { args, context in
        let origin = try context.lineOfSight.origin()
        let azimuth = args[ExplainLOS.azimuth]?.normalizedBearing.degrees ?? 90
        return Output((curvature(context) + sweep(origin, azimuth: azimuth, context)).map { .message($0) })
    }

    static func n(_ v: Double, _ decimals: Int = 1) -> String { Format.grouped(v, decimals) }

    /// The drop and the horizons for the session's heights.
    static func curvature(_ context: CommandContext) -> [String] {
        let los = context.session.los
        let k = los.earth.k, r = EarthModel.radius, kr = los.earth.effectiveRadius
        let ground = los.origin.flatMap { context.lineOfSight.terrain().height($0.coordinate) }
        let eye = los.origin.map { _ in los.observer.msl(ground: ground) - (ground ?? 0) } ?? (los.observer.reference == .agl ? los.observer.height.meters : 10)
        var lines = ["The Earth's curve (\(los.earth.name), k = \(los.earth == .radio ? "4/3" : "1"))", ""]
        lines.append("1. Sight lines are straight over a sphere of radius kR = \(Format.fixed(k, 4)) × \(n(r / 1000, 1)) km = \(n(kr / 1000, 1)) km.")
        lines.append("   With k = 4/3 the air bends radio waves down a little, as if the Earth were flatter; k = 1 is geometry alone.")
        lines.append("2. A point d away lies below your horizontal plane by drop = d² / (2kR):")
        for d in [10_000.0, 50_000, 100_000] {
            lines.append("   d = \(n(d / 1000, 0)) km → \(n(d * d / (2 * kr), 1)) m (\(Format.height(Height(meters: d * d / (2 * kr)), in: .feet)))")
        }
        lines.append("3. The horizon from h above smooth ground is where the drop equals h: d = √(2kR·h).")
        lines.append("   Your eyes are \(n(eye, 1)) m above the ground → horizon \(n(los.earth.horizon(height: eye) / 1000, 2)) km;")
        let target = los.target.reference == .agl ? los.target.height.meters : max(0, los.target.height.meters)
        lines.append(
            "   a target \(n(target, 0)) m up is above the horizon out to \(n(los.earth.horizon(height: eye) / 1000, 1)) + "
                + "\(n(los.earth.horizon(height: target) / 1000, 1)) = "
                + "\(n((los.earth.horizon(height: eye) + los.earth.horizon(height: target)) / 1000, 1)) km over flat ground."
        )
        return lines
    }

    /// The path test, on the last check when there is one.
    static func pathTest(_ context: CommandContext) -> [String] {
        var lines = ["", "4. The path test (los check): 500 points along the geodesic; at each, the sight line's height is"]
        lines.append("   h_obs + (h_tgt − h_obs)·d/D − d(D − d)/(2kR), and it must stay above the terrain everywhere between the ends.")
        guard let check = context.lineOfSight.lastPathCheck else {
            lines.append("   (Run los check <place> to see it with your numbers.)")
            return lines
        }
        let kr = check.earth.effectiveRadius
        let point = check.firstObstruction ?? check.minimumClearance ?? check.points[check.points.count / 2]
        let d = point.distance
        lines.append("   Your last check: D = \(n(check.distance, 0)) m, h_obs = \(n(check.observerMSL)) m, h_tgt = \(n(check.targetMSL)) m MSL.")
        lines.append(
            "   At d = \(n(d, 0)) m: \(n(check.observerMSL)) + (\(n(check.targetMSL)) − "
                + "\(n(check.observerMSL)))·\(Format.fixed(d / check.distance, 4)) − \(n(d * (check.distance - d) / (2 * kr))) = "
                + "\(n(point.sightLine)) m;"
        )
        lines.append(
            "   terrain \(n(point.terrain ?? 0)) m → clearance \(n(point.clearance)) m: "
                + "\(check.isClear ? "the line clears here, and this is its closest pass: CLEAR" : "the ground is in the way: BLOCKED")"
        )
        return lines
    }

    /// The first steps of the viewshed sweep along one azimuth.
    static func sweep(_ origin: Place, azimuth: Double, _ context: CommandContext) -> [String] {
        let los = context.session.los
        let terrain = context.lineOfSight.terrain()
        let ground = terrain.height(origin.coordinate)
        let observer = los.observer.msl(ground: ground)
        var lines = ["", "4. The viewshed walks out along each azimuth in steps and keeps the steepest slope seen so far,"]
        lines.append("   s = (terrain − drop − h_obs) / d. A target at d is visible when its own slope (h_tgt − drop − h_obs) / d ≥ that maximum.")
        lines.append("   From \(LOSText.place(origin)), observer \(n(observer)) m MSL, along \(Format.fixed(azimuth, 1))°, every 1 km for the first steps:")
        var maxSlope = -Double.infinity
        for k in 1...12 {
            let d = Double(k) * 1000
            let c = Geodesic.wgs84.direct(from: origin.coordinate, azimuth: Angle(degrees: azimuth), distance: Distance(meters: d)).coordinate
            let h = terrain.height(c) ?? 0
            let drop = los.earth.drop(d)
            let target = los.target.msl(ground: h)
            let tslope = (target - drop - observer) / d
            let visible = target >= h && tslope >= maxSlope
            lines.append(
                "   d = \(String(k).padded(before: 2)) km  terrain \(Format.fixed(h, 0).padded(before: 6)) m  drop "
                    + "\(Format.fixed(drop, 1).padded(before: 5)) m  target slope \(Format.signed(tslope, 4))"
                    + "  max so far \(maxSlope.isFinite ? Format.signed(maxSlope, 4) : "  none ")  → \(visible ? "visible" : "hidden")")
            maxSlope = max(maxSlope, (h - drop - observer) / d)
        }
        lines.append("   Between two looks and two neighbouring rays the target's height above that maximum-slope line is taken as linear,")
        lines.append("   so the visible area ends where it crosses zero, not at the nearer look: the map, the area and the GeoJSON all use that surface.")
        return lines
    }
}
