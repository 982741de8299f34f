import FoundationEssentials
import Glibc
import SkyKit

/// `distance <place> <place> [<place>…] [in <unit>]`, `bearing <place> <place>`.
enum DistanceCommands {

    static let places = Argument("places", .place, "two or more places, or one to measure from the observer", .repeating(min: 1))
    static let unit = Option("in", .lengthUnit, "the unit: km, mi, nm, m or ft")
    static let trace = Flag("trace", "print the intermediate steps of the computation")

    static let distance = CommandSpec(
        "distance", aliases: ["dist"], category: .catalog,
        abstract: "Geodesic distance between places, leg by leg",
        discussion:
            "Measures along the WGS84 ellipsoid (the shortest path on the real Earth's shape, not a sphere) from each "
            + "place to the next, with the initial and final bearings of each leg and the total; one place alone is measured "
            + "from the observer. Units follow the units setting unless `in` names one.",
        arguments: [places.spec],
        options: [unit.spec, trace.spec],
        examples: [
            Example("distance KSFO KJFK", "San Francisco to New York"),
            Example("distance LHR JFK LAX in nm", "two legs in nautical miles"),
            Example("distance 51.4775 -0.4614 40.6413 -73.7781", "between coordinates"),
            Example("observer KSFO; distance JFK", "from where you stand"),
        ]
    ) { args, context in
        let places = try Legs.route(args.all(DistanceCommands.places), context, command: "distance")
        let unit = args[DistanceCommands.unit] ?? Format.distanceUnit(context.settings.units)
        var total = Distance.zero
        var rows: [[Cell]] = []
        var trace: [String] = []
        for (from, to) in zip(places, places.dropFirst()) {
            let leg = Geodesic.wgs84.inverse(from.coordinate, to.coordinate)
            if args.flag(DistanceCommands.trace) { trace += traceLines(from, to, leg) }
            total = total + leg.distance
            rows.append([
                Cell(from.name), Cell(to.name),
                Cell(Datum.rounded(leg.distance.meters / 1000, 6), text: Format.distance(leg.distance, in: unit)),
                Cell(Datum.rounded(leg.initialAzimuth.normalizedBearing.degrees, 6), text: Format.bearing(leg.initialAzimuth)),
                Cell(Datum.rounded(leg.finalAzimuth.normalizedBearing.degrees, 6), text: Format.bearing(leg.finalAzimuth)),
            ])
        }
        var output = Output(trace.map { .message($0, .dim) })
        output.append(
            .table(
                Table(
                    key: "legs",
                    columns: [
                        Column("from", "From", kind: .airport), Column("to", "To", kind: .airport),
                        Column("distance_km", "Distance", .right, kind: .length(.kilometers)),
                        Column("initial_bearing_deg", "Initial bearing", .right, kind: .angle),
                        Column("final_bearing_deg", "Final bearing", .right, kind: .angle),
                    ], rows: rows)))
        output.append(.data("total_km", Datum.rounded(total.meters / 1000, 6)))
        if rows.count > 1 { output.append(.message("total \(Format.distance(total, in: unit))")) }
        return output
    }

    /// The steps of one leg: the inputs, the auxiliary sphere, the result, a sphere for contrast.
    static func traceLines(_ from: Place, _ to: Place, _ leg: GeodesicInverse) -> [String] {
        let f = Ellipsoid.wgs84.f
        func beta(_ phi: Double) -> Double { atan((1 - f) * tan(phi * .pi / 180)) * 180 / .pi }
        let sphere = GreatCircle(from: from.coordinate, to: to.coordinate)
        return [
            "trace: \(from.name) (φ1 \(Format.fixed(from.coordinate.latitude, 6))°, λ1 "
                + "\(Format.fixed(from.coordinate.longitude, 6))°) → \(to.name) (φ2 \(Format.fixed(to.coordinate.latitude, 6))°, "
                + "λ2 \(Format.fixed(to.coordinate.longitude, 6))°)",
            "trace: reduced latitudes β = atan((1 − f)·tan φ), f = 1/298.257223563: β1 "
                + "\(Format.fixed(beta(from.coordinate.latitude), 6))°, β2 \(Format.fixed(beta(to.coordinate.latitude), 6))°; Δλ "
                + "\(Format.fixed(Angle(degrees: to.coordinate.longitude - from.coordinate.longitude).signedTurn.degrees, 6))°",
            "trace: Karney's inverse (Newton on the azimuth α1): α1 "
                + "\(Format.fixed(leg.initialAzimuth.normalizedBearing.degrees, 6))°, arc on the auxiliary sphere σ12 "
                + "\(Format.fixed(leg.arcDegrees, 6))°",
            "trace: s12 = b·A1·(σ12 + ΣC1ₗ·sin 2lσ) = \(Format.fixed(leg.distance.meters, 3)) m; α2 "
                + "\(Format.fixed(leg.finalAzimuth.normalizedBearing.degrees, 6))°; a sphere would say "
                + "\(Format.fixed(sphere.distance, 0)) m",
        ]
    }

    static let ends = Argument("places", .place, "where you start and where you go, or only where you go (from the observer)", .repeating(min: 1))

    static let bearing = CommandSpec(
        "bearing", category: .catalog,
        abstract: "Which way to go from one place to another",
        discussion:
            "The initial bearing (the direction to set off in, clockwise from true north), the final bearing on arrival "
            + "and the distance, along the WGS84 geodesic.",
        arguments: [ends.spec],
        examples: [Example("bearing LHR JFK", "the great-circle route's heading out of London"), Example("bearing KSFO", "from the observer")]
    ) { args, context in
        let (from, to) = try Legs.pair(args.all(DistanceCommands.ends), context, command: "bearing")
        let leg = Geodesic.wgs84.inverse(from.coordinate, to.coordinate)
        let initial = CompassPoint(bearing: leg.initialAzimuth)
        return Output([
            .message(
                "from \(from.name) to \(to.name): set off at \(Format.trimmed(leg.initialAzimuth.normalizedBearing.degrees, maxDecimals: 1))° "
                    + "(\(initial.words)), arrive heading \(Format.bearing(leg.finalAzimuth)), \(Format.distance(leg.distance, context.settings.units))"
            ),
            .data("initial_bearing_deg", Datum.rounded(leg.initialAzimuth.normalizedBearing.degrees, 6)),
            .data("final_bearing_deg", Datum.rounded(leg.finalAzimuth.normalizedBearing.degrees, 6)),
            .data("distance_km", Datum.rounded(leg.distance.meters / 1000, 6)),
        ])
    }
}
