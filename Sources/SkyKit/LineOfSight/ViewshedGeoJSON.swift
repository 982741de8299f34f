import Foundation

extension Viewshed {
    /// The result as a GeoJSON FeatureCollection (RFC 7946): the visible area as a
    /// MultiPolygon (the mesh's visible pieces, counter-clockwise: exactly what `visibility`
    /// answers), the area whose visibility is unknown (no terrain) as another, the range ring
    /// as a LineString and the origin as a Point, with the statistics as properties.
    public func geoJSON() -> Datum {
        var rays = RayPoints(origin: request.origin, rays: plan.rays, range: request.range)
        func point(_ v: ViewshedMesh.Vertex) -> Datum {
            let (lat, lon) = rays.point(ray: v.ray, distance: v.distance)
            return .list([.number(Viewshed.rounded(lon)), .number(Viewshed.rounded(lat))])
        }
        /// A closed ring of points, each once (the origin is one point for every ray); nil when
        /// fewer than three are left (a sliver at the origin).
        func polygon(_ ring: [ViewshedMesh.Vertex]) -> Datum? {
            var points: [Datum] = []
            for vertex in ring {
                let p = point(vertex)
                if points.last != p { points.append(p) }
            }
            if points.count > 1, points.first == points.last { points.removeLast() }
            return points.count < 3 ? nil : .list([.list(points + [points[0]])])
        }
        var polygons: [Datum] = []
        mesh.forEachVisiblePiece { polygon($0).map { polygons.append($0) } }
        // The unknown stretches, each a sector one ray wide centred on its ray.
        var unknownPolygons: [Datum] = []
        for (r, ray) in unknown.enumerated() {
            for stretch in ray {
                let left = Double(r) - 0.5, right = Double(r) + 0.5
                polygon(ViewshedMesh.strip(left: left, right: right, from: stretch.lowerBound, to: stretch.upperBound)).map { unknownPolygons.append($0) }
            }
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
        let r = Int(ray.rounded(.down)), t = ray - Double(r)
        let a = point(ray: r, distance: distance), b = t == 0 ? a : point(ray: r + 1, distance: distance)
        let (lat, lon) = Self.between(a, b, t)
        return (lat, RayWalker.wrapped(lon))
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
