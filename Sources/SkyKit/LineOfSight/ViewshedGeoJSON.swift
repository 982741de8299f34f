import FoundationEssentials
import Glibc

extension Viewshed {
    /// The result as a GeoJSON FeatureCollection (RFC 7946): the visible area as a
    /// MultiPolygon of valid polygons (`ViewshedOutline`: the mesh's visible area — exactly
    /// what `visibility` answers — merged into shells with their holes, shells
    /// counter-clockwise and holes clockwise), the area whose visibility is unknown (no
    /// terrain) as another, the range ring as a LineString and the origin as a Point, with the
    /// statistics as properties. Longitudes run on from the origin's across the antimeridian,
    /// so that no ring is cut there.
    public func geoJSON() -> Datum {
        var rays = RayPoints(origin: request.origin, rays: plan.rays, range: request.range)
        /// The polygons of an area from its boundary's segments, in longitude and latitude.
        func multiPolygon(_ segments: [(ViewshedMesh.Vertex, ViewshedMesh.Vertex)]) -> Datum {
            var rings: [[(Double, Double)]] = []
            for ring in ViewshedOutline.rings(segments, rays: plan.rays) {
                // Degrees as computed, not rounded: zero lines can pass within millimetres of
                // each other (a target barely above its horizon), and rounding them onto one
                // grid would make rings touch or cross. Where a ring comes back to a point it
                // passed (two pieces meeting at a corner), it is split there.
                let points = ring.map { v in
                    let (lat, lon) = rays.unwrappedPoint(ray: v.ray, distance: v.distance)
                    return (lon, lat)
                }
                rings += ViewshedOutline.simple(points)
            }
            let polygons = ViewshedOutline.polygons(rings).map { polygon -> Datum in
                .list(polygon.map { ring in .list((ring + [ring[0]]).map { Datum.list([.number($0.0), .number($0.1)]) }) })
            }
            return .object([("type", .string("MultiPolygon")), ("coordinates", .list(polygons))])
        }
        func point(_ v: ViewshedMesh.Vertex) -> Datum {
            let (lat, lon) = rays.point(ray: v.ray, distance: v.distance)
            return .list([.number(Viewshed.rounded(lon)), .number(Viewshed.rounded(lat))])
        }
        func corner(_ azimuth: Double, _ distance: Double) -> Datum { point(.init(ray: azimuth / plan.rayStep, distance: distance)) }
        let ring: [Datum] = stride(from: 0.0, through: 360, by: 2).map { corner($0.truncatingRemainder(dividingBy: 360), request.range) }
        let stats: [(String, Datum)] = [
            ("observer_ground_m", observerGround.map { .number(Viewshed.rounded($0, 1)) } ?? .null),
            ("observer_msl_m", .number(Viewshed.rounded(observerMSL, 1))),
            ("target_m", .number(request.target.height.meters)), ("target_reference", .string(request.target.reference.rawValue)),
            ("range_km", .number(request.range / 1000)), ("earth", .string(request.earth.rawValue)),
            ("az_step_deg", .number(request.azimuthStep)), ("range_step_m", .number(request.rangeStep)),
            ("rays", .number(Double(plan.rays))), ("looks_per_step", .number(Double(plan.looksPerStep))),
            ("visible_km2", .number(Viewshed.rounded(visibleArea / 1e6, 1))),
            ("visible_share", .number(Viewshed.rounded(visibleArea / discArea, 4))),
            ("no_terrain_share", .number(Viewshed.rounded(missingShare, 4))),
            ("unknown_share", .number(Viewshed.rounded(unknownShare, 4))),
        ]
        let feature = GeoJSONWriting.feature
        return GeoJSONWriting.collection([
            feature("visible", multiPolygon(mesh.visibleBoundary()), stats),
            feature(
                "unknown", multiPolygon(unknownBoundary()),
                [("visibility", .string("unknown")), ("reason", .string("no terrain there or on the way (los terrain fetch)"))]),
            feature("range", .object([("type", .string("LineString")), ("coordinates", .list(ring))]), []),
            feature("origin", .object([("type", .string("Point")), ("coordinates", corner(0, 0))]), []),
        ])
    }

    /// Rounds to `places` decimals (6 for degrees: 0.1 m).
    static func rounded(_ x: Double, _ places: Int = 6) -> Double {
        let scale = pow(10, Double(places))
        return (x * scale).rounded() / scale
    }
}

/// Points along a viewshed's rays: each ray's geodesic computed exactly every node spacing
/// (on first use) and linearly in latitude and longitude between, and linearly between two
/// rays. Longitudes stay unwrapped (continuous from the origin's) until the point is given out.
struct RayPoints {
    let origin: Coordinate
    let rays: Int, range: Double
    var nodes: [[(Double, Double)]?]

    init(origin: Coordinate, rays: Int, range: Double) {
        self.origin = origin
        self.rays = rays
        self.range = range
        nodes = Array(repeating: nil, count: rays)
    }

    /// Latitude and longitude (degrees) at `distance` metres along fractional ray `ray`.
    mutating func point(ray: Double, distance: Double) -> (Double, Double) {
        let (lat, lon) = unwrappedPoint(ray: ray, distance: distance)
        return (lat, RayWalker.wrapped(lon))
    }

    /// The same with the longitude continuous from the origin's (beyond ±180 across the
    /// antimeridian).
    mutating func unwrappedPoint(ray: Double, distance: Double) -> (Double, Double) {
        let r = Int(ray.rounded(.down)), t = ray - Double(r)
        let a = point(ray: r, distance: distance), b = t == 0 ? a : point(ray: r + 1, distance: distance)
        return Self.between(a, b, t)
    }

    /// Unwrapped latitude and longitude on ray `r`.
    mutating func point(ray r: Int, distance: Double) -> (Double, Double) {
        let index = ((r % rays) + rays) % rays, spacing = RayWalker.nodeSpacing
        if nodes[index] == nil {
            let line = GeodesicLine(from: origin, azimuth: Angle(degrees: Double(index) * 360 / Double(rays)))
            nodes[index] = stride(from: 0.0, through: range + spacing, by: spacing).map { d in
                let c = line.point(d)
                return (c.latitude, c.longitude)
            }
        }
        let ray = nodes[index]!
        let i = min(Int(distance / spacing), ray.count - 2)
        return Self.between(ray[i], ray[i + 1], distance / spacing - Double(i))
    }

    static func between(_ a: (Double, Double), _ b: (Double, Double), _ t: Double) -> (Double, Double) {
        (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
    }
}
