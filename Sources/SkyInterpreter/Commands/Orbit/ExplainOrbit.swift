import FoundationEssentials
import Glibc
import SkyKit

/// `explain tle` and `explain sgp4`: what the element set says and how SGP4 turns it into a
/// position, with the numbers of the set in use.
enum ExplainOrbit {
    static let tle = CommandSpec(
        "tle", category: .teaching,
        abstract: "What each field of the element set in use means",
        examples: [Example("explain tle", "the ISS's two lines, field by field")]
    ) { _, context in
        let t = try context.orbit.chosenSet()
        var lines = ["\(t.title) — a two-line element set: mean orbital elements at one moment, for SGP4", ""]
        lines.append(t.line1)
        lines.append(t.line2)
        lines.append("")
        lines.append("Line 1")
        lines.append(
            "  cols 3–7    \(t.satelliteNumber): NORAD catalogue number (class \(t.classification): "
                + "\(t.classification == "U" ? "unclassified" : "classified"))"
        )
        lines.append(
            "  cols 10–17  \(t.internationalDesignator): \(designator(t.internationalDesignator))"
        )
        lines.append("  cols 19–32  epoch \(t.epochYear) day \(Format.fixed(t.epochDay, 8)) = \(TimeText.utc(t.epoch)): the moment the elements describe")
        lines.append("  cols 34–43  ṅ/2 = \(t.meanMotionDot) rev/day²: how fast drag speeds the orbit up (not used by SGP4 itself)")
        lines.append("  cols 54–61  B* = \(t.bstar) per Earth radius: the drag term SGP4 uses")
        lines.append("Line 2")
        lines.append(
            "  cols 9–16   inclination \(t.inclination)°: the tilt of the orbit to the equator — it flies between "
                + "\(Format.fixed(min(t.inclination, 180 - t.inclination), 1))° N and S"
        )
        lines.append("  cols 18–25  right ascension of the ascending node \(t.rightAscension)°: where it crosses the equator northbound, against the stars")
        lines.append(
            "  cols 27–33  eccentricity \(t.line2.dropFirst(26).prefix(7)), with an assumed leading point: "
                + "\(t.eccentricity) — \(t.eccentricity < 0.01 ? "nearly circular" : "an ellipse")"
        )
        lines.append("  cols 35–42  argument of perigee \(t.argumentOfPerigee)°: where along the orbit it comes closest")
        lines.append("  cols 44–51  mean anomaly \(t.meanAnomaly)°: where it was along the orbit at the epoch")
        lines.append("  cols 53–63  mean motion \(t.meanMotion) rev/day: one orbit every \(Format.fixed(1440 / t.meanMotion, 2)) minutes")
        lines.append("  cols 64–68  revolution \(t.revolutionNumber) at the epoch; col 69 of each line: a checksum (digits summed, '-' counts 1, mod 10)")
        if let stale = OrbitText.staleness(t, at: context.runner.clock.now) { lines.append(""); lines.append("Note: " + stale) }
        return Output(lines.map { .message($0) })
    }

    static let sgp4 = CommandSpec(
        "sgp4", category: .teaching,
        abstract: "How SGP4 predicts the satellite's position, in outline, with its numbers",
        examples: [Example("explain sgp4", "the steps for the element set in use")]
    ) { _, context in
        let propagator = try context.orbit.propagator(for: try context.orbit.chosenSet())
        let now = context.runner.clock.now
        let state = try? propagator.propagate(to: now)
        return Output((outline(propagator) + (state.map { trace(propagator, state: $0, at: now) } ?? [])).map { .message($0) })
    }

    /// "98067A" → "launched in 1998, the 67th launch of the year, piece A".
    static func designator(_ d: String) -> String {
        guard d.count >= 6, let year = Int(d.prefix(2)), let launch = Int(d.dropFirst(2).prefix(3)) else {
            return d.isEmpty ? "no international designator" : "the international designator"
        }
        let suffix = (11...13).contains(launch % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][launch % 10] ?? "th"
        return "launched in \(year < 57 ? 2000 + year : 1900 + year), the \(launch)\(suffix) launch of the year, piece \(d.dropFirst(5))"
    }

    static func outline(_ p: SGP4) -> [String] {
        let t = p.tle
        let n = t.meanMotion * 2 * .pi / 86_400  // rad/s
        let a = t.semiMajorAxis  // km, WGS72 μ
        var lines = ["SGP4 in outline, for \(t.displayName)", ""]
        lines.append(
            "1. Mean motion n = \(t.meanMotion) rev/day = \(Format.fixed(n * 1e3, 6))×10⁻³ rad/s; Kepler's third law a = "
                + "(μ/n²)^⅓ = \(Format.grouped(a, 1)) km")
        lines.append(
            "   perigee \(Format.grouped(t.perigeeHeight, 1)) km, apogee \(Format.grouped(t.apogeeHeight, 1)) km above the equator (WGS72 radius 6,378.135 km)"
        )
        lines.append("2. The Earth's bulge (J2, J3, J4) turns the orbit: the node drifts and the perigee swings, a few degrees a day for low orbits;")
        lines.append("   SGP4 adds these secular rates to the epoch's angles, times the minutes since the epoch.")
        lines.append("3. Drag (B* = \(t.bstar)) shrinks the orbit: the semi-major axis and eccentricity fall with powers of time.")
        lines.append(
            1440 / t.meanMotion >= 225
                ? "4. The period is 225 minutes or more, so the deep-space terms apply: the Moon's and the Sun's pulls, and "
                    + "resonance with the Earth's gravity for 12 h and 24 h orbits."
                : "4. The period is under 225 minutes: a near-Earth orbit (the Moon and the Sun are left out).")
        lines.append("5. Kepler's equation is solved for the eccentric anomaly, short-period wobbles are added, and the result is a position and")
        lines.append("   velocity in TEME (the true equator, mean equinox of the moment), turned into latitude and longitude with the Earth's rotation (GMST).")
        return lines
    }

    /// The numbers of one propagation.
    static func trace(_ p: SGP4, state: TEMEState, at time: Date) -> [String] {
        let jd = JulianDate.of(time)
        let minutes = (jd - p.epoch) * 1440
        let sub = OrbitFrames.subPoint(state, julianDate: jd)
        let g = greenwichSiderealTime(julianDate: jd) * 180 / .pi
        func v(_ x: SIMD3<Double>, _ d: Int) -> String { "(\(Format.fixed(x.x, d)), \(Format.fixed(x.y, d)), \(Format.fixed(x.z, d)))" }
        return [
            "trace: t = \(Format.fixed(minutes, 3)) min since the epoch (Julian date \(Format.fixed(jd, 6)))",
            "trace: TEME position \(v(state.position, 3)) km, velocity \(v(state.velocity, 6)) km/s",
            "trace: Greenwich mean sidereal time \(Format.fixed(g, 4))°: rotate about the pole into Earth-fixed axes",
            "trace: Earth-fixed \(v(SIMD3(sub.ecef.x, sub.ecef.y, sub.ecef.z) / 1000, 3)) km → geodetic "
                + "\(Format.fixed(sub.coordinate.latitude, 4))°, \(Format.fixed(sub.coordinate.longitude, 4))°, "
                + "\(Format.fixed(sub.altitude.kilometers, 3)) km (WGS84)",
        ]
    }
}
