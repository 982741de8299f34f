import FoundationEssentials
import Glibc
import SkyKit

/// The `explain` topics beyond the services' own: bearings and distances on the ellipsoid,
/// elevation angles, the scope's projection, apparent size, curvature, the horizon and units —
/// each with the session's numbers.
enum ExplainTopics {
    static func n(_ v: Double, _ d: Int = 1) -> String { Format.grouped(v, d) }

    /// The two ends a geometry topic works with: from the observer to the place given.
    static func ends(_ args: Arguments, _ context: CommandContext, _ topic: String) throws -> (Place, Place) {
        try Legs.pair(args.all(places), context, command: "explain \(topic)")
    }

    static let places = Argument("places", .place, "where to measure to from the observer, or two places", .repeating(min: 1))
    static let placeArgument = places.spec

    static let distance = CommandSpec(
        "distance", category: .teaching,
        abstract: "Why the geodesic on the ellipsoid differs from a distance on a sphere",
        arguments: [placeArgument],
        examples: [Example("observer KSFO; explain distance KJFK", "San Francisco to New York"), Example("explain distance KJFK KLAX", "between two airports")]
    ) { args, context in
        let (from, to) = try ends(args, context, "distance")
        let s = GreatCircle(from: from.coordinate, to: to.coordinate)
        let g = Geodesic.wgs84.inverse(from.coordinate, to.coordinate)
        let lines = [
            "Distance from \(from.airportCode ?? CoordinateText.short(from.coordinate)) to \(to.airportCode ?? CoordinateText.short(to.coordinate))",
            "",
            "1. On a sphere of radius R = 6,371.0088 km (the mean radius), the haversine formula:",
            "   a = sin²(Δφ/2) + cos φ1·cos φ2·sin²(Δλ/2) = \(Format.fixed(s.haversine, 8));  d = 2R·asin(√a) = \(n(s.distance / 1000, 3)) km",
            "2. The Earth is not a sphere: it is 21 km wider at the equator than from pole to pole (WGS84: a = 6,378.137 km, f = 1/298.257).",
            "   The shortest path on that ellipsoid, the geodesic (Karney's method), is \(n(g.distance.meters / 1000, 3)) km.",
            "3. The difference is \(n(abs(g.distance.meters - s.distance), 0)) m "
                + "(\(Format.fixed(abs(g.distance.meters - s.distance) / g.distance.meters * 100, 3))%): up to about 0.5% on long routes,",
            "   which is why skyshell measures every distance on the ellipsoid.",
        ]
        var output = Output(lines.map { .message($0) })
        output.append(.data("sphere_m", Datum.rounded(s.distance, 3)))
        output.append(.data("geodesic_m", Datum.rounded(g.distance.meters, 3)))
        return output
    }

    static let bearing = CommandSpec(
        "bearing", category: .teaching,
        abstract: "How the direction to a place is found, and why it changes along the way",
        arguments: [placeArgument],
        examples: [Example("observer EGLL; explain bearing KJFK", "London to New York"), Example("explain bearing EGLL KJFK", "between two airports")]
    ) { args, context in
        let (from, to) = try ends(args, context, "bearing")
        let s = GreatCircle(from: from.coordinate, to: to.coordinate)
        let g = Geodesic.wgs84.inverse(from.coordinate, to.coordinate)
        let lines = [
            "Bearing from \(from.airportCode ?? CoordinateText.short(from.coordinate)) to \(to.airportCode ?? CoordinateText.short(to.coordinate))",
            "",
            "1. On a sphere: θ = atan2(sin Δλ·cos φ2, cos φ1·sin φ2 − sin φ1·cos φ2·cos Δλ) = \(Format.fixed(s.bearing, 2))° "
                + "(clockwise from true north)",
            "2. On the ellipsoid the geodesic leaves at \(Format.fixed(g.initialAzimuth.normalizedBearing.degrees, 2))° "
                + "(\(CompassPoint(bearing: g.initialAzimuth).words))",
            "   and arrives heading \(Format.fixed(g.finalAzimuth.normalizedBearing.degrees, 2))°: the shortest path is not a straight line on a flat map, so",
            "   the direction turns by \(Format.fixed(abs((g.finalAzimuth - g.initialAzimuth).signedTurn.degrees), 1))° along the way. A compass line "
                + "(rhumb line) keeps one bearing but is longer.",
            "3. With your heading \(Format.fixed(context.session.heading.degrees, 0))°, it is "
                + "\(Format.fixed(abs((g.initialAzimuth - context.session.heading).signedTurn.degrees), 0))° to your "
                + "\((g.initialAzimuth - context.session.heading).signedTurn.degrees >= 0 ? "right" : "left").",
        ]
        return Output(lines.map { .message($0) })
    }

    /// The aircraft `spot` would pick, for the topics that need one.
    static func aircraft(_ context: CommandContext) throws -> (Sighting, RadarPicture) {
        let picture = try context.radar.picture()
        guard let s = SpotCommand.choose(picture.sightings) ?? picture.sightings.first else {
            throw ShellError.usage("no aircraft within range to explain with")
        }
        return (s, picture)
    }

    static let elevation = CommandSpec(
        "elevation", category: .teaching,
        abstract: "How high in the sky an aircraft appears, and why the Earth's curve lowers it",
        examples: [Example("observer LFPG; explain elevation", "for the aircraft spot picks")]
    ) { _, context in
        try WorkedExample.withObserver(context) { _ in
            let (s, picture) = try aircraft(context)
            guard let altitude = s.aircraft.altitude, let enu = s.enu else { throw ShellError.usage("\(s.aircraft.name) sends no altitude") }
            let dh = altitude.meters - picture.observer.altitude.meters
            let flat = atan2(dh, s.groundDistance.meters) * 180 / .pi
            let lines = [
                "Elevation of \(s.aircraft.name), \(Format.distance(s.groundDistance, picture.units, decimals: 2)) away at \(n(altitude.meters, 0)) m",
                "",
                "1. On a flat Earth: atan(height difference ÷ distance) = atan(\(n(dh, 0)) ÷ \(n(s.groundDistance.meters, 0))) = \(Format.fixed(flat, 3))°",
                "2. On the real Earth the ground curves away under the aircraft; in your local east/north/up frame it is \(n(enu.up, 1)) m up and",
                "   \(n(enu.horizontal, 1)) m out, so elevation = atan2(up, out) = \(Format.fixed(enu.elevation, 3))° — "
                    + "\(Format.fixed(flat - enu.elevation, 3))° lower.",
                "3. The curve drops about d²/(2R) = \(n(s.groundDistance.meters * s.groundDistance.meters / (2 * 6_371_000), 1)) m at this distance "
                    + "(`explain curvature`).",
            ]
            return Output(lines.map { .message($0) })
        }
    }

    static let scope = CommandSpec(
        "scope", category: .teaching,
        abstract: "How the radar scope turns with your heading and places each aircraft",
        examples: [Example("observer LFPG; heading 90; explain scope", "facing east")]
    ) { _, context in
        try WorkedExample.withObserver(context) { _ in
            let (s, picture) = try aircraft(context)
            let rel = s.relativeBearing(heading: picture.heading).degrees
            let r = min(1, s.groundDistance.meters / picture.range.meters)
            let lines = [
                "The scope, facing \(Format.fixed(picture.heading.degrees, 0))° (\(CompassPoint(bearing: picture.heading).words)), range "
                    + "\(Format.distance(picture.range, picture.units, decimals: 0))",
                "",
                "1. Up on the screen is the way you face, so every bearing is turned: relative = bearing − heading.",
                "   North is drawn at \(Format.fixed(Angle(degrees: -picture.heading.degrees).normalizedBearing.degrees, 0))° clockwise from the top.",
                "2. \(s.aircraft.name) is at bearing \(Format.fixed(s.bearing.degrees, 1))° → relative \(Format.fixed(rel, 1))°, "
                    + "\(s.clock(heading: picture.heading)) o'clock.",
                "3. Its distance is a share of the scope's radius: r = \(Format.fixed(s.groundDistance.kilometers, 2)) ÷ "
                    + "\(Format.fixed(picture.range.kilometers, 1)) km = \(Format.fixed(r, 3)).",
                "   Screen position: x = r·sin(rel) = \(Format.fixed(r * sin(rel * .pi / 180), 3)), y = r·cos(rel) = "
                    + "\(Format.fixed(r * cos(rel * .pi / 180), 3)) (radii, right and up).",
                "4. The scope is drawn in braille dots, 2 across and 4 down per character; a character is about twice as tall as wide,",
                "   so the dots are square and the circle comes out round.",
            ]
            return Output(lines.map { .message($0) })
        }
    }

    static let size = CommandSpec(
        "size", category: .teaching,
        abstract: "Why near, low aircraft are drawn bigger: apparent size in minutes of arc",
        examples: [Example("observer LFPG; explain size", "for the aircraft spot picks")]
    ) { _, context in
        try WorkedExample.withObserver(context) { _ in
            let (s, _) = try aircraft(context)
            let span = s.aircraft.category?.typicalSpan ?? ApparentSize.defaultSpan
            let levels = ["tiny (below 4′)", "small (4′–10′)", "medium (10′–25′)", "large (25′ and up)"]
            let lines = [
                "How big \(s.aircraft.name) looks",
                "",
                "1. Its typical wingspan: \(n(span, 0)) m "
                    + "(\(s.aircraft.category == nil ? "an airliner's, as the feed does not say" : "from its ADS-B category")).",
                "2. Seen from \(n(s.slantRange.meters, 0)) m it covers an angle of 2·atan(span ÷ 2 ÷ distance) = \(Format.fixed(s.apparentSize, 1)) "
                    + "minutes of arc (′).",
                "   For comparison the Moon is 31′ across; the eye separates about 1′.",
                "3. The scope draws it as a \(levels[ApparentSize.level(s.apparentSize)]) arrowhead: the same aircraft twice as far looks half as big.",
            ]
            return Output(lines.map { .message($0) })
        }
    }

    static let curvature = CommandSpec(
        "curvature", category: .teaching,
        abstract: "How much the Earth curves away, and how refraction (k = 4/3) changes it",
        examples: [Example("explain curvature", "the drop at 10, 50 and 100 km")]
    ) { _, context in
        Output(ExplainLOS.curvature(context).prefix(8).map { .message($0) })
    }

    static let horizon = CommandSpec(
        "horizon", category: .teaching,
        abstract: "How far the horizon is from your height, and where an aircraft can still be seen",
        examples: [Example("observer KSFO; explain horizon", "from the ground at San Francisco")]
    ) { _, context in
        let h =
            max(context.session.observer.map { $0.altitude.meters - (context.lineOfSight.terrain().height($0.place.coordinate) ?? $0.altitude.meters) } ?? 0, 0)
            + 1.7
        var lines = ["The horizon", "", "The horizon is where the Earth's curve has dropped as far as your eyes are high: d = √(2kR·h)."]
        for earth in EarthModel.allCases {
            lines.append(
                "  \(earth.name): eyes \(n(h, 1)) m up → \(n(earth.horizon(height: h) / 1000, 1)) km; an aircraft at 10,000 ft (3,048 m) is above it "
                    + "out to \(n((earth.horizon(height: h) + earth.horizon(height: 3_048)) / 1000, 0)) km"
            )
        }
        lines.append("From an airliner at 35,000 ft (10,668 m) the horizon is \(n(EarthModel.radio.horizon(height: 10_668) / 1000, 0)) km away (4/3 Earth).")
        return Output(lines.map { .message($0) })
    }

    static let units = CommandSpec(
        "units", category: .teaching,
        abstract: "Feet, metres, nautical miles, knots and flight levels",
        examples: [Example("explain units", "aviation's units")]
    ) { _, context in
        let lines = [
            "Units in aviation (your setting: \(context.settings.units.rawValue))",
            "",
            "• Heights are in feet almost everywhere: 1 ft = 0.3048 m exactly; 10,000 ft = 3,048 m.",
            "• Distances over the ground in nautical miles: 1 nm = 1,852 m exactly, about one minute of latitude.",
            "• Speeds in knots (nautical miles per hour): 250 kt = 463 km/h = 129 m/s.",
            "• Flight levels: FL350 means 35,000 ft on the altimeter set to the standard pressure, 1013.25 hPa — a pressure",
            "  altitude, so every aircraft flying it shares one reference. Below the transition altitude, altimeters use the local",
            "  pressure (QNH) and give height above sea level.",
            "• ADS-B reports a barometric altitude (pressure, like flight levels) and often a geometric one (GNSS, above the",
            "  ellipsoid); skyshell uses the geometric one when there is one. Write values as 35000ft, FL350, 10km, 5nm, 250kt.",
        ]
        return Output(lines.map { .message($0) })
    }

    /// The topic list `explain` shows.
    static func list(_ topics: [CommandSpec]) -> Output {
        var table = Table(key: "topics", columns: [Column("topic", "Topic"), Column("about", "What it explains")])
        table.rows = topics.map { [Cell($0.name), Cell($0.abstract)] }
        return Output([
            .message("explain <topic> — each topic works through the computation with your session's numbers", .accent), .table(table),
            .message("explain COMMAND | STAGE… runs a pipeline a stage at a time and says what each stage let through, and why"),
        ])
    }
}
