import FoundationEssentials
import Glibc

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
        var features = Band.allCases.map { band -> Datum in
            let points = outline(band).reversed().map { p in
                let c = Geodesic.wgs84.direct(from: station, azimuth: Angle(degrees: p.azimuth), distance: Distance(meters: p.distance)).coordinate
                return (Viewshed.rounded(GeoJSONWriting.longitude(c.longitude, near: station.longitude)), Viewshed.rounded(c.latitude))
            }
            let count = cells.reduce(0) { $0 + $1[band.rawValue].count }
            return GeoJSONWriting.feature(
                "heard", GeoJSONWriting.polygon(points),
                [
                    ("band", .string(band.key)), ("positions", .int(count)),
                    ("max_km", farthest(band).map { .number(Viewshed.rounded($0.distance / 1000, 3)) } ?? .null),
                ])
        }
        features.append(
            GeoJSONWriting.feature(
                "station", GeoJSONWriting.point(longitude: station.longitude, latitude: station.latitude),
                [("positions", .int(positions)), ("aircraft", .int(aircraft)), ("sectors", .int(sectors))]))
        return GeoJSONWriting.collection(features)
    }
}
