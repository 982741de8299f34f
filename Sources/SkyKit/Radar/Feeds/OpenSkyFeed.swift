import FoundationEssentials
import Glibc

/// A latitude/longitude box of an OpenSky request, degrees.
public struct BoundingBox: Sendable, Equatable, CustomStringConvertible {
    public var lamin: Double, lomin: Double, lamax: Double, lomax: Double
    public init(lamin: Double, lomin: Double, lamax: Double, lomax: Double) {
        self.lamin = lamin
        self.lomin = lomin
        self.lamax = lamax
        self.lomax = lomax
    }
    /// Square degrees (what OpenSky charges credits by).
    public var area: Double { (lamax - lamin) * (lomax - lomin) }
    public var description: String {
        "lamin=\(Self.text(lamin))&lomin=\(Self.text(lomin))&lamax=\(Self.text(lamax))&lomax=\(Self.text(lomax))"
    }
    static func text(_ d: Double) -> String { DigitGroups.fixed(d, decimals: 4) }
}

/// OpenSky client credentials (OAuth2 client-credentials flow).
public struct OpenSkyCredentials: Sendable, Equatable {
    public var clientID: String
    public var clientSecret: String
    /// Where they came from, for messages ("the environment" or a path); never the secret.
    public var origin: String

    public init(clientID: String, clientSecret: String, origin: String) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.origin = origin
    }

    /// From OPENSKY_CLIENT_ID and OPENSKY_CLIENT_SECRET, when both are set.
    public static func fromEnvironment(_ env: [String: String]) -> OpenSkyCredentials? {
        guard let id = env["OPENSKY_CLIENT_ID"], !id.isEmpty, let secret = env["OPENSKY_CLIENT_SECRET"], !secret.isEmpty else { return nil }
        return OpenSkyCredentials(clientID: id, clientSecret: secret, origin: "the environment")
    }

    /// From a `credentials.json` as OpenSky's account page hands it out (`clientId`,
    /// `clientSecret`). The file must not be readable by every user.
    public static func load(path: String) throws(FeedError) -> OpenSkyCredentials {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FeedError(.data, "no such file: \(path)") }
        guard info.st_mode & S_IROTH == 0 else {
            throw FeedError(.refused, "\(path) can be read by every user of this computer; protect it first: chmod 600 \(path)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw FeedError(.data, "\(path) cannot be read") }
        guard let doc = try? JSONParser.parse([UInt8](data)),
            let id = (doc["clientId"] ?? doc["client_id"])?.string, !id.isEmpty,
            let secret = (doc["clientSecret"] ?? doc["client_secret"])?.string, !secret.isEmpty
        else {
            throw FeedError(.data, "\(path) is not an OpenSky credentials file (JSON with clientId and clientSecret)")
        }
        return OpenSkyCredentials(clientID: id, clientSecret: secret, origin: path)
    }
}

/// OpenSky Network's live state vectors (`GET /api/states/all`), anonymous or signed in.
///
/// Privacy: the observer's position is rounded to 0.1° (about 10 km) before it is used in any
/// request; the box is widened by that rounding so nothing in range is lost. Requests are never
/// made faster than the data's resolution (10 s anonymous, 5 s signed in): a fetch sooner than
/// that returns the last answer. After HTTP 429 no request is made until the retry-after time.
public final class OpenSkyFeed: TrafficFeed {
    public static let defaultBaseURL = "https://opensky-network.org/api"
    public static let defaultAuthURL = "https://auth.opensky-network.org/auth/realms/opensky-network/protocol/openid-connect/token"

    public let baseURL: String
    public let authURL: String
    public let credentials: OpenSkyCredentials?
    let http: HTTPClient
    var token: (value: String, expires: Double)?
    var cache: (at: Double, boxes: [BoundingBox], snapshot: TrafficSnapshot)?
    /// Monotonic time before which OpenSky asked not to be called again.
    var blockedUntil: Double?
    /// Credits left today, from the last answer.
    public private(set) var remainingCredits: Int?

    /// A client of the API at `baseURL`. With credentials, both URLs must be https (or plain
    /// http to this computer): a token is never sent unencrypted to another host.
    public init(baseURL: String = defaultBaseURL, authURL: String = defaultAuthURL, credentials: OpenSkyCredentials?, http: HTTPClient) throws(FeedError) {
        if credentials != nil {
            for (what, address) in [("OpenSky's API", baseURL), ("OpenSky's sign-in", authURL)] {
                guard let url = URL(string: address) else { throw FeedError(.data, "'\(address)' is not a URL") }
                if let refusal = WebAddress.refusalForCredentials(url) { throw FeedError(.refused, "\(what) at \(address): \(refusal)") }
            }
        }
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.authURL = authURL
        self.credentials = credentials
        self.http = http
    }

    public var label: String { credentials == nil ? "OpenSky (anonymous)" : "OpenSky (signed in)" }
    public var refreshInterval: Double { credentials == nil ? 10 : 5 }
    public var span: ClosedRange<Double>? { nil }
    public var defaultTime: Double? { nil }

    /// The observer position as sent: rounded to 0.1°.
    public static func rounded(_ c: Coordinate) -> Coordinate {
        Coordinate(validLatitude: (c.latitude * 10).rounded() / 10, longitude: Coordinate.wrapLongitude((c.longitude * 10).rounded() / 10))
    }

    /// The boxes to ask for: `range` around the rounded position, widened by the rounding
    /// (0.05°), the longitude span corrected for latitude, split in two where it crosses ±180°.
    public static func boxes(around c: Coordinate, range: Distance) -> [BoundingBox] {
        let center = rounded(c)
        let km = range.kilometers
        // Length of a degree of latitude and of longitude at this latitude (WGS84).
        let phi = center.latitude * .pi / 180
        let latDegree = 111.132954 - 0.559822 * cos(2 * phi) + 0.001175 * cos(4 * phi)
        let lonDegree = 111.412877 * cos(phi) - 0.093503 * cos(3 * phi)
        let margin = 0.05
        let lamin = max(-90, center.latitude - km / latDegree - margin)
        let lamax = min(90, center.latitude + km / latDegree + margin)
        let lonSpan = lonDegree > 0.5 ? km / lonDegree + margin : 180
        if lonSpan >= 180 || lamin <= -89.9 || lamax >= 89.9 {
            return [BoundingBox(lamin: lamin, lomin: -180, lamax: lamax, lomax: 180)]
        }
        let lomin = center.longitude - lonSpan, lomax = center.longitude + lonSpan
        if lomin < -180 {
            return [
                BoundingBox(lamin: lamin, lomin: lomin + 360, lamax: lamax, lomax: 180), BoundingBox(lamin: lamin, lomin: -180, lamax: lamax, lomax: lomax),
            ]
        }
        if lomax > 180 {
            return [
                BoundingBox(lamin: lamin, lomin: lomin, lamax: lamax, lomax: 180), BoundingBox(lamin: lamin, lomin: -180, lamax: lamax, lomax: lomax - 360),
            ]
        }
        return [BoundingBox(lamin: lamin, lomin: lomin, lamax: lamax, lomax: lomax)]
    }

    /// The request URL for one box.
    public func url(_ box: BoundingBox) -> URL? { URL(string: "\(baseURL)/states/all?\(box)&extended=1") }

    public func snapshot(at time: Double, around center: Coordinate, range: Distance, cancelled: () -> Bool) throws(FeedError) -> TrafficSnapshot {
        let now = monotonicSeconds()
        if let until = blockedUntil, now < until {
            throw FeedError(.refused, "OpenSky's request limit is used up; it accepts requests again in \(Self.duration(until - now))", retryAfter: until - now)
        }
        let boxes = Self.boxes(around: center, range: range)
        if let cache, cache.boxes == boxes, now - cache.at < refreshInterval { return cache.snapshot }
        var merged = TrafficSnapshot(time: 0, aircraft: [])
        for box in boxes {
            let part = try fetch(box, cancelled: cancelled)
            merged.time = max(merged.time, part.time)
            merged.aircraft += part.aircraft
        }
        cache = (monotonicSeconds(), boxes, merged)
        return merged
    }

    func fetch(_ box: BoundingBox, cancelled: () -> Bool) throws(FeedError) -> TrafficSnapshot {
        guard let url = url(box) else { throw FeedError(.data, "'\(baseURL)' is not a URL") }
        var retried = false
        while true {
            var headers: [String: String] = [:]
            if credentials != nil { headers["Authorization"] = "Bearer " + (try bearer(cancelled: cancelled)) }
            let response: HTTPResponse
            do {
                response = try http.get(url, headers: headers, cancelled: cancelled)
            } catch {
                throw FeedError(error)
            }
            if let credits = response.headers["x-rate-limit-remaining"].flatMap({ NumberParser.integer($0, in: 0...Int(Int32.max)) }) {
                remainingCredits = credits
            }
            switch response.status {
            case 200:
                return try OpenSkyDecoder.decode(response.body)
            case 401 where credentials != nil && !retried:
                // The token may have expired early: get a new one, once.
                token = nil
                retried = true
            case 401, 403:
                throw FeedError(
                    .refused,
                    "OpenSky refused the request (\(response.status) \(HTTPStatus.reason(response.status)))"
                        + (credentials.map { "; check the credentials in \($0.origin)" } ?? ""))
            case 429:
                // A retry time past a week is taken as a week (a server cannot block skyshell forever,
                // nor send a number that breaks the countdown).
                let wait = min(
                    7 * 86_400,
                    response.headers["x-rate-limit-retry-after-seconds"].flatMap { NumberParser.parse($0.trimmedSpaces) }.flatMap { $0 >= 0 ? $0 : nil }
                        ?? response.headers["retry-after"].flatMap { NumberParser.parse($0.trimmedSpaces) }.flatMap { $0 >= 0 ? $0 : nil } ?? 60)
                blockedUntil = monotonicSeconds() + wait
                throw FeedError(.refused, "OpenSky's request limit is used up (429); it accepts requests again in \(Self.duration(wait))", retryAfter: wait)
            default:
                throw FeedError(.unavailable, "OpenSky answered \(response.status) (\(HTTPStatus.reason(response.status)))")
            }
        }
    }

    /// A valid access token, fetched when missing or within 30 s of expiring.
    func bearer(cancelled: () -> Bool) throws(FeedError) -> String {
        if let token, monotonicSeconds() < token.expires - 30 { return token.value }
        guard let credentials, let url = URL(string: authURL) else { throw FeedError(.data, "'\(authURL)' is not a URL") }
        let response: HTTPResponse
        do {
            response = try http.postForm(
                url, [("grant_type", "client_credentials"), ("client_id", credentials.clientID), ("client_secret", credentials.clientSecret)],
                cancelled: cancelled)
        } catch {
            throw FeedError(error)
        }
        guard response.status == 200 else {
            throw FeedError(
                response.status == 400 || response.status == 401 ? .refused : .unavailable,
                "OpenSky's sign-in failed (\(response.status) \(HTTPStatus.reason(response.status))); check the credentials in \(credentials.origin)")
        }
        guard let doc = try? JSONParser.parse(response.body), let value = doc["access_token"]?.string, !value.isEmpty else {
            throw FeedError(.data, "OpenSky's sign-in answer has no access token")
        }
        let lifetime = doc["expires_in"]?.double ?? 1800
        token = (value, monotonicSeconds() + lifetime)
        return value
    }

    /// "3 h 12 min", "45 s".
    public static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min" + (s % 60 > 0 ? " \(s % 60) s" : "") }
        return "\(s / 3600) h" + ((s % 3600) / 60 > 0 ? " \((s % 3600) / 60) min" : "")
    }
}
