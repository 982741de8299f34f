import FoundationEssentials
import Glibc

/// A position read from a JSON document.
public struct TrackFix: Sendable, Equatable {
    /// When it was fetched (or the document's own timestamp), Unix seconds.
    public var time: Double
    public var coordinate: Coordinate
    /// Height as given by the feed (km for wheretheiss.at), converted to metres; nil if absent.
    public var altitude: Height?
}

/// Where a feed's position is in its JSON: dotted paths such as `iss_position.latitude`
/// (list items by number: `positions.0.lat`). Values may be numbers or numeric strings.
public struct PositionPaths: Sendable, Equatable {
    public var latitude: String?
    public var longitude: String?
    public var altitude: String?
    /// What the altitude's numbers are in (wheretheiss.at sends km).
    public var altitudeUnit: LengthUnit

    public init(latitude: String? = nil, longitude: String? = nil, altitude: String? = nil, altitudeUnit: LengthUnit = .kilometers) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.altitudeUnit = altitudeUnit
    }

    /// The paths tried when none are given, in order.
    static let latitudeGuesses = ["latitude", "lat", "iss_position.latitude", "position.latitude", "position.lat", "geometry.coordinates.1"]
    static let longitudeGuesses = ["longitude", "lon", "lng", "iss_position.longitude", "position.longitude", "position.lon", "geometry.coordinates.0"]
    static let altitudeGuesses = ["altitude", "alt", "position.altitude"]

    /// The value at a dotted path.
    public static func value(_ d: Datum, at path: String) -> Datum? {
        var current: Datum? = d
        for part in path.split(separator: ".") {
            guard let c = current else { return nil }
            if let index = Int(part), let list = c.list {
                current = index >= 0 && index < list.count ? list[index] : nil
            } else {
                current = c[String(part)]
            }
        }
        return current
    }

    static func number(_ d: Datum?) -> Double? {
        if let v = d?.double { return v }
        if let s = d?.string { return NumberParser.parse(s.trimmedSpaces) }
        return nil
    }

    /// The fix in a document, or an error that says which field is missing or wrong.
    public func fix(in document: Datum, at time: Double) throws(FeedError) -> TrackFix {
        func find(_ given: String?, _ guesses: [String], _ what: String) throws(FeedError) -> Double? {
            if let given {
                guard let value = PositionPaths.value(document, at: given) else { throw FeedError(.data, "the answer has no '\(given)'") }
                guard let n = PositionPaths.number(value) else {
                    throw FeedError(.data, "'\(given)' is not a number (\(JSONWriter.compact(value).prefix(40)))")
                }
                return n
            }
            for path in guesses { if let n = PositionPaths.number(PositionPaths.value(document, at: path)) { return n } }
            return nil
        }
        guard let lat = try find(latitude, PositionPaths.latitudeGuesses, "latitude") else {
            throw FeedError(.data, "no latitude in the answer (give its path with --lat, e.g. --lat iss_position.latitude)")
        }
        guard let lon = try find(longitude, PositionPaths.longitudeGuesses, "longitude") else {
            throw FeedError(.data, "no longitude in the answer (give its path with --lon)")
        }
        guard let coordinate = Coordinate(latitude: lat, longitude: lon) else { throw FeedError(.data, "\(lat), \(lon) is not a position on Earth") }
        let alt = try find(altitude, PositionPaths.altitudeGuesses, "altitude")
        let stamp = PositionPaths.number(document["timestamp"]).flatMap { $0 > 1e9 && $0 < 1e10 ? $0 : nil }
        return TrackFix(time: stamp ?? time, coordinate: coordinate, altitude: alt.map { Height($0, altitudeUnit) })
    }
}

/// The fixes of a tracked object, oldest first, with what they imply.
public struct Track: Sendable {
    public private(set) var fixes: [TrackFix] = []
    /// How many fixes to keep (the trail and the file).
    public let capacity: Int

    public init(capacity: Int = 10_000) { self.capacity = capacity }

    public mutating func add(_ fix: TrackFix) {
        // A feed answering the same timestamp again adds nothing.
        if let last = fixes.last, last.time == fix.time, last.coordinate == fix.coordinate { return }
        fixes.append(fix)
        if fixes.count > capacity { fixes.removeFirst(fixes.count - capacity) }
    }

    /// Ground speed from the last two fixes (geodesic distance over the time between them).
    public var speed: Speed? {
        guard fixes.count >= 2 else { return nil }
        let a = fixes[fixes.count - 2], b = fixes[fixes.count - 1]
        guard b.time > a.time else { return nil }
        return Speed(metersPerSecond: Geodesic.wgs84.inverse(a.coordinate, b.coordinate).distance.meters / (b.time - a.time))
    }

    /// Direction of travel from the last two fixes.
    public var heading: Angle? {
        guard fixes.count >= 2 else { return nil }
        let a = fixes[fixes.count - 2], b = fixes[fixes.count - 1]
        guard a.coordinate != b.coordinate else { return nil }
        return Geodesic.wgs84.inverse(a.coordinate, b.coordinate).initialAzimuth.normalizedBearing
    }

    /// The track as GeoJSON: a LineString (split at ±180°) with the times, and the last fix.
    public func geoJSON(name: String) -> Datum {
        let parts = GeoFeatures.splitAtAntimeridian(fixes.map(\.coordinate))
        func position(_ c: Coordinate) -> Datum { .list([.number(c.longitude), .number(c.latitude)]) }
        let line: Datum =
            parts.count == 1
            ? .object([("type", .string("LineString")), ("coordinates", .list(parts[0].map(position)))])
            : .object([("type", .string("MultiLineString")), ("coordinates", .list(parts.map { .list($0.map(position)) }))])
        var features: [Datum] = []
        if fixes.count >= 2 {
            features.append(
                .object([
                    ("type", .string("Feature")),
                    (
                        "properties",
                        .object([
                            ("name", .string(name)),
                            ("times", .list(fixes.map { .number($0.time) })),
                        ])
                    ), ("geometry", line),
                ]))
        }
        if let last = fixes.last {
            features.append(
                .object([
                    ("type", .string("Feature")),
                    (
                        "properties",
                        .object([
                            ("name", .string(name)), ("time", .number(last.time)),
                            ("altitude_m", last.altitude.map { .number($0.meters) } ?? .null),
                        ])
                    ), ("geometry", .object([("type", .string("Point")), ("coordinates", position(last.coordinate))])),
                ]))
        }
        return .object([("type", .string("FeatureCollection")), ("features", .list(features))])
    }
}
