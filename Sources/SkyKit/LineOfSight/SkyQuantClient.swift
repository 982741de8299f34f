import FoundationEssentials
import Glibc

/// A client of a SkyQuant server's line-of-sight API, with the wire contract of SkyQuant LOS
/// (metres on the wire):
///
///     POST /api/los/viewshed  obs_lat, obs_lon, obs_agl_m | obs_msl_m, tgt_agl_m | tgt_msl_m,
///                             max_range_km, az_step 1, range_step_m 250
///     POST /api/los           the same obs_/tgt_ choice, tgt_lat, tgt_lon, obs_terrain_m,
///                             n_samples 500
///
/// Answers are JSON; `{"error": "…"}` is an error whatever the status. A viewshed answer holds
/// the visible area as GeoJSON (the whole answer, or under `geojson`, `viewshed` or `visible`)
/// and the observer's ground and height (`obs_terrain_m`, `obs_msl_m`); a path answer holds
/// `clear` (or `blocked`) and a `profile` of points with `d_m`, `terrain_m`, `los_m`,
/// `clearance_m` (longer names such as `distance_m` are read too).
public struct SkyQuantClient: Sendable {
    public let baseURL: URL
    let http: HTTPClient

    /// The server at `address`: https, or plain http only to this computer (loopback).
    public init(address: String, http: HTTPClient) throws(FeedError) {
        switch Self.url(address) {
        case .success(let url): baseURL = url
        case .failure(let why): throw why
        }
        self.http = http
    }

    /// Why `address` cannot be a server's (the rule the command and a saved session share), or nil.
    public static func problem(_ address: String) -> String? {
        if case .failure(let why) = url(address) { return why.message }
        return nil
    }

    /// The server's base URL: https, or plain http only to this computer (loopback).
    static func url(_ address: String) -> Result<URL, FeedError> {
        var text = address.trimmingWhitespace()
        if !text.contains("://") { text = "https://" + text }
        while text.hasSuffix("/") { text.removeLast() }
        guard WebAddress.problem(text) == nil, let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty
        else {
            return .failure(FeedError(.data, "'\(address)' is not a server address (https://host[:port])"))
        }
        guard scheme == "https" || (scheme == "http" && WebAddress.isLoopback(host: host)) else {
            return .failure(
                FeedError(
                    .data,
                    scheme == "http"
                        ? "plain http is refused except to this computer (127.0.0.1, localhost): use https://\(host)"
                        : "'\(address)': only https (or http to this computer) is supported"))
        }
        return .success(url)
    }

    /// The observer and target fields both requests share.
    static func heights(observer: LOSHeight, target: LOSHeight) -> [(String, Datum)] {
        [
            (observer.reference == .agl ? "obs_agl_m" : "obs_msl_m", .number(observer.height.meters)),
            (target.reference == .agl ? "tgt_agl_m" : "tgt_msl_m", .number(target.height.meters)),
        ]
    }

    /// The body of a viewshed request.
    public static func viewshedBody(origin: Coordinate, observer: LOSHeight, target: LOSHeight, rangeKm: Double) -> Datum {
        .object(
            [("obs_lat", .number(origin.latitude)), ("obs_lon", .number(origin.longitude))] + heights(observer: observer, target: target)
                + [("max_range_km", .number(rangeKm)), ("az_step", .int(1)), ("range_step_m", .int(250))])
    }

    /// The body of a path request.
    public static func checkBody(origin: Coordinate, observer: LOSHeight, target: Coordinate, targetHeight: LOSHeight, observerGround: Double?) -> Datum {
        .object(
            [("obs_lat", .number(origin.latitude)), ("obs_lon", .number(origin.longitude))] + heights(observer: observer, target: targetHeight)
                + [
                    ("tgt_lat", .number(target.latitude)), ("tgt_lon", .number(target.longitude)),
                    ("obs_terrain_m", observerGround.map { .number($0) } ?? .null), ("n_samples", .int(500)),
                ])
    }

    /// POSTs a body to a path under the base URL and returns the answer as JSON.
    public func post(_ path: String, _ body: Datum, cancelled: () -> Bool) throws(FeedError) -> Datum {
        guard let url = URL(string: baseURL.absoluteString + path) else { throw FeedError(.data, "cannot make a URL of \(baseURL)\(path)") }
        let response: HTTPResponse
        do {
            response = try http.postJSON(url, Array(JSONWriter.compact(body).utf8), cancelled: cancelled)
        } catch .cancelled {
            throw FeedError(.cancelled, "cancelled; nothing changed")
        } catch {
            throw FeedError(.unavailable, "the SkyQuant server: \(error)")
        }
        let document = try? JSONParser.parse(response.body)
        if let message = document?["error"]?.string { throw FeedError(.data, "the SkyQuant server says: \(message)") }
        guard (200..<300).contains(response.status) else {
            throw FeedError(.unavailable, "the SkyQuant server answered \(response.status) (\(HTTPStatus.reason(response.status)))")
        }
        do {
            return try JSONParser.parse(response.body)
        } catch {
            throw FeedError(.data, "the SkyQuant server sent something that is not JSON (\(error))")
        }
    }

    /// A viewshed answer: the visible area's polygons and the observer's figures.
    public struct ViewshedAnswer: Sendable {
        public var polygons: [[[Coordinate]]]
        public var observerGround: Double?
        public var observerMSL: Double?
        public var geoJSON: Datum
    }

    public static func readViewshed(_ d: Datum) throws(FeedError) -> ViewshedAnswer {
        let geo = ["geojson", "viewshed", "visible"].lazy.compactMap { d[$0] }.first { $0["type"] != nil } ?? (d["type"] != nil ? d : nil)
        guard let geo else { throw FeedError(.data, "the SkyQuant server's viewshed has no GeoJSON area") }
        var polygons: [[[Coordinate]]] = []
        func geometry(_ g: Datum) {
            switch g["type"]?.string {
            case "FeatureCollection": for feature in g["features"]?.list ?? [] { geometry(feature) }
            case "Feature": if let inner = g["geometry"] { geometry(inner) }
            case "Polygon": if let p = polygon(g["coordinates"]) { polygons.append(p) }
            case "MultiPolygon": for part in g["coordinates"]?.list ?? [] { if let p = polygon(part) { polygons.append(p) } }
            default: break
            }
        }
        func polygon(_ rings: Datum?) -> [[Coordinate]]? {
            rings?.list?.map { ring in
                (ring.list ?? []).compactMap { p in
                    p.list.flatMap { $0.count >= 2 ? Coordinate(latitude: $0[1].double ?? .nan, longitude: $0[0].double ?? .nan) : nil }
                }
            }
        }
        geometry(geo)
        let number = { (keys: [String]) in keys.lazy.compactMap { d[$0]?.double }.first }
        return ViewshedAnswer(
            polygons: polygons, observerGround: number(["obs_terrain_m", "observer_ground_m", "ground_m"]),
            observerMSL: number(["obs_msl_m", "observer_msl_m"]), geoJSON: geo)
    }

    /// A path answer: the verdict and the profile.
    public static func readCheck(_ d: Datum) throws(FeedError) -> (
        clear: Bool, profile: [(distance: Double, terrain: Double?, sightLine: Double?, clearance: Double?)]
    ) {
        func first(_ p: Datum, _ keys: [String]) -> Double? {
            for key in keys { if let v = p[key]?.double { return v } }
            return nil
        }
        var rows: [(distance: Double, terrain: Double?, sightLine: Double?, clearance: Double?)] = []
        for p in d["profile"]?.list ?? [] {
            let distance: Double = first(p, ["d_m", "distance_m", "dist_m"]) ?? 0
            rows.append((distance, first(p, ["terrain_m", "ground_m"]), first(p, ["los_m", "los_alt_m", "line_m"]), first(p, ["clearance_m"])))
        }
        if let clear = d["clear"]?.bool { return (clear, rows) }
        if let blocked = d["blocked"]?.bool { return (!blocked, rows) }
        if let verdict = d["verdict"]?.string?.lowercased() { return (verdict == "clear" || verdict == "visible", rows) }
        if !rows.isEmpty, rows.allSatisfy({ $0.clearance != nil }) { return (rows.dropFirst().dropLast().allSatisfy { $0.clearance! >= 0 }, rows) }
        throw FeedError(.data, "the SkyQuant server's answer has no verdict (clear or blocked)")
    }
}
