import FoundationEssentials
import Glibc

/// The pieces of a GeoJSON document (RFC 7946) the exports share: features named and with
/// properties, points, closed polygons, the collection, and longitudes kept continuous from a
/// centre's across the antimeridian (so that no ring is cut there).
enum GeoJSONWriting {
    /// A Feature whose properties start with its `name`.
    static func feature(_ name: String, _ geometry: Datum, _ properties: [(String, Datum)] = []) -> Datum {
        .object([("type", .string("Feature")), ("properties", .object([("name", .string(name))] + properties)), ("geometry", geometry)])
    }

    /// A Point at a longitude and latitude.
    static func point(longitude: Double, latitude: Double) -> Datum {
        .object([("type", .string("Point")), ("coordinates", .list([.number(longitude), .number(latitude)]))])
    }

    /// A Polygon of one ring through `points` (longitude, latitude), closed on its first point.
    static func polygon(_ points: [(longitude: Double, latitude: Double)]) -> Datum {
        let closed = (points + points.prefix(1)).map { Datum.list([.number($0.longitude), .number($0.latitude)]) }
        return .object([("type", .string("Polygon")), ("coordinates", .list([.list(closed)]))])
    }

    static func collection(_ features: [Datum]) -> Datum {
        .object([("type", .string("FeatureCollection")), ("features", .list(features))])
    }

    /// `longitude` moved by whole turns to within 180° of `center`.
    static func longitude(_ longitude: Double, near center: Double) -> Double { center + Degrees.normalize(longitude - center) }
}
