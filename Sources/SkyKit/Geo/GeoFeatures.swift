/// Lines and points to draw on a map, written as GeoJSON (RFC 7946) or KML for map tools.
public struct GeoFeatures: Sendable {
    public struct Line: Sendable {
        public var name: String
        public var points: [Coordinate]
        public var properties: [(String, Datum)]
        public init(name: String, points: [Coordinate], properties: [(String, Datum)] = []) {
            self.name = name
            self.points = points
            self.properties = properties
        }
    }
    public struct Point: Sendable {
        public var name: String
        public var coordinate: Coordinate
        public var properties: [(String, Datum)]
        public init(name: String, coordinate: Coordinate, properties: [(String, Datum)] = []) {
            self.name = name
            self.coordinate = coordinate
            self.properties = properties
        }
    }

    public var lines: [Line] = []
    public var points: [Point] = []
    public init() {}

    /// The geodesic from `a` to `b` as points about every `spacing`, at least 2.
    public static func geodesic(_ a: Coordinate, _ b: Coordinate, spacing: Distance = Distance(100, .kilometers)) -> [Coordinate] {
        let length = Geodesic.wgs84.inverse(a, b).distance
        let count = min(256, max(2, Int((length.meters / spacing.meters).rounded(.up)) + 1))
        return Geodesic.wgs84.points(from: a, to: b, count: count)
    }

    /// Splits a line where it crosses the antimeridian (RFC 7946 §3.1.9), adding the crossing
    /// point at ±180° on both sides.
    public static func splitAtAntimeridian(_ points: [Coordinate]) -> [[Coordinate]] {
        var parts: [[Coordinate]] = [[]]
        for (k, p) in points.enumerated() {
            if k > 0 {
                let q = points[k - 1]
                if abs(p.longitude - q.longitude) > 180 {
                    let east = q.longitude > 0  // leaving eastwards across +180
                    let qLon = q.longitude, pLon = p.longitude + (east ? 360 : -360)
                    let t = ((east ? 180 : -180) - qLon) / (pLon - qLon)
                    let lat = q.latitude + t * (p.latitude - q.latitude)
                    parts[parts.count - 1].append(Coordinate(validLatitude: lat, longitude: east ? 179.999999 : -180))
                    parts.append([Coordinate(validLatitude: lat, longitude: east ? -180 : 179.999999)])
                }
            }
            parts[parts.count - 1].append(p)
        }
        return parts
    }

    /// A GeoJSON FeatureCollection.
    public var geoJSON: String {
        func position(_ c: Coordinate) -> Datum { .list([Datum.rounded(c.longitude, 6), Datum.rounded(c.latitude, 6)]) }
        var features: [Datum] = []
        for line in lines {
            let parts = GeoFeatures.splitAtAntimeridian(line.points)
            let geometry: Datum =
                parts.count == 1
                ? .object([("type", .string("LineString")), ("coordinates", .list(parts[0].map(position)))])
                : .object([("type", .string("MultiLineString")), ("coordinates", .list(parts.map { .list($0.map(position)) }))])
            features.append(
                .object([
                    ("type", .string("Feature")), ("properties", .object([("name", .string(line.name))] + line.properties)),
                    ("geometry", geometry),
                ]))
        }
        for point in points {
            features.append(
                .object([
                    ("type", .string("Feature")), ("properties", .object([("name", .string(point.name))] + point.properties)),
                    ("geometry", .object([("type", .string("Point")), ("coordinates", position(point.coordinate))])),
                ]))
        }
        return JSONWriter.write(.object([("type", .string("FeatureCollection")), ("features", .list(features))])) + "\n"
    }

    /// A KML 2.2 document.
    public var kml: String {
        func escape(_ s: String) -> String {
            var out = ""
            for c in s {
                switch c {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                default: out.append(c)
                }
            }
            return out
        }
        func coordinates(_ points: [Coordinate]) -> String {
            points.map { JSONWriter.number(($0.longitude * 1e6).rounded() / 1e6) + "," + JSONWriter.number(($0.latitude * 1e6).rounded() / 1e6) }.joined(
                separator: " ")
        }
        func description(_ properties: [(String, Datum)]) -> String {
            properties.isEmpty ? "" : "<description>" + escape(properties.map { "\($0.0): \($0.1.plainText)" }.joined(separator: "; ")) + "</description>"
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\">\n<Document>\n"
        for line in lines {
            let parts = GeoFeatures.splitAtAntimeridian(line.points)
            let geometry =
                parts.count == 1
                ? "<LineString><tessellate>1</tessellate><coordinates>\(coordinates(parts[0]))</coordinates></LineString>"
                : "<MultiGeometry>" + parts.map { "<LineString><tessellate>1</tessellate><coordinates>\(coordinates($0))</coordinates></LineString>" }.joined()
                    + "</MultiGeometry>"
            out += "<Placemark><name>\(escape(line.name))</name>\(description(line.properties))\(geometry)</Placemark>\n"
        }
        for point in points {
            out +=
                "<Placemark><name>\(escape(point.name))</name>\(description(point.properties))"
                + "<Point><coordinates>\(coordinates([point.coordinate]))</coordinates></Point></Placemark>\n"
        }
        return out + "</Document>\n</kml>\n"
    }
}
