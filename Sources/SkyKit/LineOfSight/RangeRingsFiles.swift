import FoundationEssentials
import Glibc

extension RangeRings {
    /// A reach's end as longitude and latitude, the longitude run on from the antenna's across
    /// the antimeridian (no ring is cut there), rounded to 1e-6° (about 10 cm).
    func unwrapped(_ reach: Reach) -> (longitude: Double, latitude: Double) {
        (Viewshed.rounded(GeoJSONWriting.longitude(reach.point.longitude, near: origin.longitude)), Viewshed.rounded(reach.point.latitude))
    }

    /// The rings as a GeoJSON FeatureCollection (RFC 7946): one Polygon per altitude (its
    /// outline closed and counter-clockwise, as RFC 7946 wants a shell: the bearings turn
    /// clockwise, so they are reversed), with the altitude, the reaches' figures and how many
    /// bearings each limit ended as properties, and the antenna as a Point.
    public func geoJSON() -> Datum {
        var features = rings.map { ring -> Datum in
            let distances = ring.reaches.map(\.distance)
            return GeoJSONWriting.feature(
                "ring", GeoJSONWriting.polygon(ring.reaches.reversed().map(unwrapped)),
                [
                    ("altitude_m", .number(ring.altitude)),
                    ("min_km", .number(Viewshed.rounded((distances.min() ?? 0) / 1000, 3))),
                    ("max_km", .number(Viewshed.rounded((distances.max() ?? 0) / 1000, 3))),
                    ("bearings", .int(ring.reaches.count)), ("horizon", .int(ring.count(.horizon))),
                    ("at_range", .int(ring.count(.range))), ("no_terrain", .int(ring.count(.noTerrain))),
                ])
        }
        features.append(
            GeoJSONWriting.feature(
                "antenna", GeoJSONWriting.point(longitude: origin.longitude, latitude: origin.latitude),
                [
                    ("ground_m", ground.map { .number(Viewshed.rounded($0, 1)) } ?? .null),
                    ("antenna_msl_m", .number(Viewshed.rounded(antennaMSL, 1))), ("range_km", .number(range / 1000)),
                    ("earth", .string(earth.rawValue)), ("az_step_deg", .number(azimuthStep)), ("range_step_m", .number(rangeStep)),
                    ("terrain", .string(smoothEarth ? "none: the smooth-earth radio horizon, an upper bound" : "SRTM")),
                ]))
        return GeoJSONWriting.collection(features)
    }

    /// The rings in the shape of HeyWhatsThat's `upintheair.json` answer, which tar1090 and
    /// dump1090-fa draw as range rings (Tests/Fixtures/los/README.md says where the shape is
    /// described): `rings`, each with `alt` (metres above sea level) and `points` ([latitude,
    /// longitude] pairs, clockwise from north); and beside them the antenna (`lat`, `lon`), the
    /// refraction coefficient (`refraction`: 0.25 for 4/3 Earth, 0 for true Earth) and an `id`.
    public func upInTheAir(id: String) -> Datum {
        .object([
            ("id", .string(id)), ("lat", .number(Viewshed.rounded(origin.latitude))), ("lon", .number(Viewshed.rounded(origin.longitude))),
            ("refraction", .number(1 - 1 / earth.k)),
            (
                "rings",
                .list(
                    rings.map { ring in
                        .object([
                            ("points", .list(ring.reaches.map(unwrapped).map { Datum.list([.number($0.latitude), .number($0.longitude)]) })),
                            ("alt", .number(ring.altitude)),
                        ])
                    })
            ),
        ])
    }
}
