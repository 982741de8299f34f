import Foundation

extension Viewshed {
    /// The result as a GeoJSON FeatureCollection (RFC 7946): the visible area as a
    /// MultiPolygon (one ring sector per visible stretch of each ray, counter-clockwise), the
    /// area whose visibility is unknown (no terrain) as another, the range ring as a LineString
    /// and the origin as a Point, with the statistics as properties.
    public func geoJSON() -> Datum {
        let half = request.azimuthStep / 2
        func corner(_ azimuth: Double, _ distance: Double) -> Datum {
            let c =
                distance <= 0
                ? request.origin
                : Geodesic.wgs84.direct(from: request.origin, azimuth: Angle(degrees: azimuth), distance: Distance(meters: distance)).coordinate
            return .list([.number(Viewshed.rounded(c.longitude)), .number(Viewshed.rounded(c.latitude))])
        }
        /// One ring sector per stretch of each ray.
        func sectors(_ rays: [[ClosedRange<Double>]]) -> [Datum] {
            var polygons: [Datum] = []
            for (r, ray) in rays.enumerated() {
                let azimuth = Double(r) * request.azimuthStep
                for stretch in ray {
                    let (inner, outer) = extent(stretch)
                    var ring: [Datum]
                    if inner <= 0 {
                        ring = [corner(0, 0), corner(azimuth + half, outer), corner(azimuth - half, outer)]
                    } else {
                        ring = [corner(azimuth - half, inner), corner(azimuth + half, inner), corner(azimuth + half, outer), corner(azimuth - half, outer)]
                    }
                    ring.append(ring[0])
                    polygons.append(.list([.list(ring)]))
                }
            }
            return polygons
        }
        let polygons = sectors(stretches), unknownPolygons = sectors(unknown)
        let ring: [Datum] = stride(from: 0.0, through: 360, by: 2).map { corner($0.truncatingRemainder(dividingBy: 360), request.range) }
        let stats: [(String, Datum)] = [
            ("observer_ground_m", observerGround.map { .number(Viewshed.rounded($0, 1)) } ?? .null),
            ("observer_msl_m", .number(Viewshed.rounded(observerMSL, 1))),
            ("target_m", .number(request.target.height.meters)), ("target_reference", .string(request.target.reference.rawValue)),
            ("range_km", .number(request.range / 1000)), ("earth", .string(request.earth.rawValue)),
            ("az_step_deg", .number(request.azimuthStep)), ("range_step_m", .number(request.rangeStep)),
            ("visible_km2", .number(Viewshed.rounded(visibleArea / 1e6, 1))),
            ("visible_share", .number(Viewshed.rounded(visibleArea / discArea, 4))),
            ("no_terrain_share", .number(Viewshed.rounded(missingShare, 4))),
            ("unknown_share", .number(Viewshed.rounded(unknownShare, 4))),
        ]
        func feature(_ name: String, _ geometry: Datum, _ properties: [(String, Datum)] = []) -> Datum {
            .object([("type", .string("Feature")), ("properties", .object([("name", .string(name))] + properties)), ("geometry", geometry)])
        }
        return .object([
            ("type", .string("FeatureCollection")),
            (
                "features",
                .list([
                    feature("visible", .object([("type", .string("MultiPolygon")), ("coordinates", .list(polygons))]), stats),
                    feature(
                        "unknown", .object([("type", .string("MultiPolygon")), ("coordinates", .list(unknownPolygons))]),
                        [("visibility", .string("unknown")), ("reason", .string("no terrain there or on the way (los terrain fetch)"))]),
                    feature("range", .object([("type", .string("LineString")), ("coordinates", .list(ring))])),
                    feature("origin", .object([("type", .string("Point")), ("coordinates", corner(0, 0))])),
                ])
            ),
        ])
    }

    /// Rounds to `places` decimals (6 for degrees: 0.1 m).
    static func rounded(_ x: Double, _ places: Int = 6) -> Double {
        let scale = pow(10, Double(places))
        return (x * scale).rounded() / scale
    }
}
