import Foundation

extension ReceptionCoverage {
    /// The outline of a band: for each sector, its two edges at the farthest distance heard
    /// there (at the station where nothing was), in bearing order.
    public func outline(_ band: Band) -> [(azimuth: Double, distance: Double)] {
        (0..<sectors).flatMap { s -> [(azimuth: Double, distance: Double)] in
            let (from, to) = bearings(of: s)
            let d = cells[s][band.rawValue].farthest?.distance ?? 0
            return [(from, d), (to, d)]
        }
    }

    /// The coverage as a GeoJSON FeatureCollection (RFC 7946): per band a Polygon through its
    /// outline (counter-clockwise), with its positions and farthest reach, and the station as
    /// a Point; longitudes run on from the station's across the antimeridian.
    public func geoJSON() -> Datum {
        func feature(_ geometry: Datum, _ properties: [(String, Datum)]) -> Datum {
            .object([("type", .string("Feature")), ("properties", .object(properties)), ("geometry", geometry)])
        }
        var features = Band.allCases.map { band -> Datum in
            let points = outline(band).reversed().map { p -> Datum in
                let c = Geodesic.wgs84.direct(from: station, azimuth: Angle(degrees: p.azimuth), distance: Distance(meters: p.distance)).coordinate
                var lon = c.longitude
                while lon - station.longitude > 180 { lon -= 360 }
                while lon - station.longitude < -180 { lon += 360 }
                return .list([.number(Viewshed.rounded(lon)), .number(Viewshed.rounded(c.latitude))])
            }
            let count = cells.reduce(0) { $0 + $1[band.rawValue].count }
            return feature(
                .object([("type", .string("Polygon")), ("coordinates", .list([.list(points + points.prefix(1))]))]),
                [
                    ("name", .string("heard")), ("band", .string(band.key)), ("positions", .int(count)),
                    ("max_km", farthest(band).map { .number(Viewshed.rounded($0.distance / 1000, 3)) } ?? .null),
                ])
        }
        features.append(
            feature(
                .object([("type", .string("Point")), ("coordinates", .list([.number(station.longitude), .number(station.latitude)]))]),
                [("name", .string("station")), ("positions", .int(positions)), ("aircraft", .int(aircraft)), ("sectors", .int(sectors))]))
        return .object([("type", .string("FeatureCollection")), ("features", .list(features))])
    }
}
