import FoundationEssentials
import Glibc
import SkyKit

/// `explain radar [callsign]`: the trigonometry behind one aircraft on the scope, with the
/// session's own numbers.
enum ExplainRadar {
    static let callsign = Argument("callsign", .text, "the aircraft (the one spot picks when left out)", .optional)

    static let spec = CommandSpec(
        "radar", category: .teaching,
        abstract: "How the radar places an aircraft: ECEF, east/north/up, elevation, geodesic, scope",
        arguments: [callsign.spec],
        examples: [Example("explain radar", "the aircraft spot would pick"), Example("explain radar AFR1234", "a given flight")]
    ) { args, context in
        try WorkedExample.withObserver(context) { _ in
            let picture = try context.radar.picture()
            let chosen: Sighting
            if let name = args[ExplainRadar.callsign] {
                chosen = try picture.sighting(named: name)
            } else {
                guard let best = SpotCommand.choose(picture.sightings) ?? picture.sightings.first else {
                    throw ShellError.usage("no aircraft within range to explain")
                }
                chosen = best
            }
            return steps(chosen, picture, context)
        }
    }

    static func n(_ v: Double, _ decimals: Int = 1) -> String { Format.grouped(v, decimals) }

    /// Step 5: the distance and bearing along the ground, from the chord where the radar used it.
    static func groundSteps(_ s: Sighting, _ picture: RadarPicture) -> [String] {
        let bearing = "\(Format.fixed(s.bearing.degrees, 2))° (\(CompassPoint(bearing: s.bearing).words))"
        let distance = Format.distance(s.groundDistance, picture.units, decimals: 2)
        guard let chord = NearGeodesics(from: picture.observer.place.coordinate).line(to: s.aircraft.coordinate).chord else {
            return ["5. Along the ground, the geodesic on the ellipsoid (Karney's method): \(distance) at bearing \(bearing)"]
        }
        let turn = (chord.sectionAzimuth - s.bearing).signedTurn.degrees
        return [
            "5. Along the ground: the straight chord between the points of the ellipsoid below you and below it is c = \(n(chord.length)) m.",
            "   The ellipsoid's curve through it (the normal section) bends with radius R = \(n(chord.radius, 0)) m (Euler's radii at both ends,",
            "   averaged), so its length is 2R·asin(c ÷ 2R) = \(distance). "
                + "It leaves at α = \(Format.fixed(chord.sectionAzimuth.degrees, 4))°, the geodesic at",
            "   α − e²s²cos²φ·sin 2α ÷ 12N² = α − \(Format.fixed(turn, 7))°: bearing \(bearing).",
            "   Within \(Format.distance(NearGeodesics.reach, picture.units, decimals: 0)) this is the geodesic to 4 mm and 0.00001°, for an eighth "
                + "of the work of Karney's method.",
        ]
    }

    static func steps(_ s: Sighting, _ picture: RadarPicture, _ context: CommandContext) -> Output {
        let a = s.aircraft, o = picture.observer
        let wgs = Ellipsoid.wgs84
        let oc = o.place.coordinate
        let obs = ECEF(latitude: oc.latitude, longitude: oc.longitude, height: o.altitude.meters)
        let height = a.onGround ? o.altitude : a.altitude
        var lines: [String] = []
        lines.append("How the radar places \(a.name) (\(RadarText.what(a, context))) — \(picture.feed), \(picture.moments.moment(picture.time))")
        lines.append("")
        lines.append("1. You, on the WGS84 ellipsoid (a = \(n(wgs.a, 0)) m, e² = \(Format.fixed(wgs.e2, 8))):")
        lines.append("   φ = \(Format.fixed(oc.latitude, 5))°, λ = \(Format.fixed(oc.longitude, 5))°, h = \(n(o.altitude.meters)) m")
        lines.append("   N = a / √(1 − e² sin²φ);  x = (N + h) cos φ cos λ,  y = (N + h) cos φ sin λ,  z = (N(1 − e²) + h) sin φ")
        lines.append("   x = \(n(obs.x)) m,  y = \(n(obs.y)) m,  z = \(n(obs.z)) m")
        guard let height, let enu = s.enu else {
            lines.append("2. \(a.name) sends no altitude, so only its ground position is known:")
            lines.append(
                "   \(Format.fixed(a.coordinate.latitude, 5))°, \(Format.fixed(a.coordinate.longitude, 5))°, "
                    + "\(Format.distance(s.groundDistance, picture.units, decimals: 2)) away at bearing \(Format.bearing(s.bearing))"
            )
            return Output(lines.map { .message($0) })
        }
        let p = ECEF(latitude: a.coordinate.latitude, longitude: a.coordinate.longitude, height: height.meters)
        let altitudeKind: String
        switch a.onGround ? nil : a.altitudeSource {
        case nil: altitudeKind = "on the ground, taken at your height"
        case .geometric: altitudeKind = "geometric (GNSS) altitude"
        case .pressure: altitudeKind = "pressure altitude, above the 1013.25 hPa level: the day's pressure moves it about 8 m per hPa"
        case .qnh, .stationQNH:
            altitudeKind =
                "pressure altitude \(n(a.baroAltitude?.meters ?? 0)) m read with "
                + (a.altitudeSource == .qnh ? "the crew's QNH" : "the QNH of the nearby station's METAR")
                + " \(Format.fixed(a.qnh ?? a.stationQNH ?? 0, 1)) hPa: 44,330.8 × (1 − (1013.25 / QNH)^0.190263 × (1 − PA / 44,330.8)) m"
        }
        lines.append(
            "2. \(a.name) at φ = \(Format.fixed(a.coordinate.latitude, 5))°, λ = \(Format.fixed(a.coordinate.longitude, 5))°, h = \(n(height.meters)) "
                + "m (\(altitudeKind)):"
        )
        lines.append("   x = \(n(p.x)) m,  y = \(n(p.y)) m,  z = \(n(p.z)) m")
        lines.append("3. The difference (dx, dy, dz) = (\(n(p.x - obs.x)), \(n(p.y - obs.y)), \(n(p.z - obs.z))) m, turned into your local frame:")
        lines.append("   east  = −sin λ·dx + cos λ·dy                        = \(n(enu.east)) m")
        lines.append("   north = −sin φ cos λ·dx − sin φ sin λ·dy + cos φ·dz = \(n(enu.north)) m")
        lines.append("   up    =  cos φ cos λ·dx + cos φ sin λ·dy + sin φ·dz = \(n(enu.up)) m")
        lines.append(
            "4. Elevation = atan2(up, √(east² + north²)) = atan2(\(n(enu.up)), \(n(enu.horizontal))) "
                + "= \(Format.fixed(enu.elevation, 2))° above your horizon")
        lines.append(
            "   Straight-line distance = √(east² + north² + up²) = \(n(enu.range)) m; "
                + "azimuth = atan2(east, north) = \(Format.fixed(enu.azimuth, 2))°")
        lines.append(
            "   (up is below the straight height difference, \(n(height.meters - o.altitude.meters)) m, because the Earth curves away: "
                + "\(n(height.meters - o.altitude.meters - enu.up)) m here)"
        )
        lines += groundSteps(s, picture)
        let rel = s.relativeBearing(heading: picture.heading).degrees
        let fraction = min(1, s.groundDistance.meters / picture.range.meters)
        lines.append(
            "6. On the scope, up = your heading \(Format.fixed(picture.heading.degrees, 0))°: relative bearing = "
                + "\(Format.fixed(s.bearing.degrees, 1))° − \(Format.fixed(picture.heading.degrees, 0))° = \(Format.fixed(rel, 1))°"
        )
        lines.append(
            "   r = distance ÷ range = \(Format.fixed(s.groundDistance.kilometers, 2)) ÷ \(Format.fixed(picture.range.kilometers, 1)) km = "
                + "\(Format.fixed(fraction, 3)) of the radius R;"
        )
        lines.append(
            "   x = r·sin(\(Format.fixed(rel, 1))°) = \(Format.fixed(fraction * sin(rel * .pi / 180), 3)) R right, y = "
                + "r·cos(\(Format.fixed(rel, 1))°) = \(Format.fixed(fraction * cos(rel * .pi / 180), 3)) R up"
        )
        let span = a.category?.typicalSpan ?? ApparentSize.defaultSpan
        let sizes = ["tiny", "small", "medium", "large"]
        lines.append(
            "7. Apparent size = 2·atan(span ÷ 2 ÷ distance) = 2·atan(\(n(span, 0)) m ÷ 2 ÷ \(n(enu.range, 0)) m) = "
                + "\(Format.fixed(s.apparentSize, 1))′ → a \(sizes[ApparentSize.level(s.apparentSize)]) arrowhead"
        )
        var output = Output(lines.map { .message($0) })
        output.append(.data("observer_ecef", .list([obs.x, obs.y, obs.z].map { Datum.rounded($0, 3) })))
        output.append(.data("aircraft_ecef", .list([p.x, p.y, p.z].map { Datum.rounded($0, 3) })))
        output.append(.data("enu_m", .list([enu.east, enu.north, enu.up].map { Datum.rounded($0, 3) })))
        output.append(.data("elevation_deg", Datum.rounded(enu.elevation, 4)))
        output.append(.data("slant_range_m", Datum.rounded(enu.range, 3)))
        output.append(.data("ground_distance_m", Datum.rounded(s.groundDistance.meters, 3)))
        output.append(.data("bearing_deg", Datum.rounded(s.bearing.degrees, 4)))
        output.append(.data("apparent_arcmin", Datum.rounded(s.apparentSize, 3)))
        return output
    }
}
