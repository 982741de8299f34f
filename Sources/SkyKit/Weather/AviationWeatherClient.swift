import FoundationEssentials

/// A client of the Aviation Weather Center's data API (worldwide METARs and TAFs):
///
///     GET {base}/metar?ids=LFPG,KSFO&format=json   a list of {icaoId, rawOb, obsTime, name, lat, lon, elev, …}
///     GET {base}/taf?ids=LFPG&format=json          a list of {icaoId, rawTAF, issueTime, validTimeFrom, …}
///
/// An empty answer (204, or an empty list) means the stations have no current report. The raw
/// form (`format=raw`: the reports as text) is read too, when a server answers with it.
public struct AviationWeatherClient: Sendable {
    /// The public service's base URL.
    public static let defaultBase = "https://aviationweather.gov/api/data"
    /// The most stations one request names (the service's own limit is larger).
    public static let maximumStations = 40

    public let base: String
    let http: HTTPClient

    /// A client of the service at `base` (an http(s) URL, without the `/metar` part).
    public init(base: String, http: HTTPClient) throws(FeedError) {
        if let problem = Self.problem(base) { throw FeedError(.data, problem) }
        var text = base
        while text.hasSuffix("/") { text.removeLast() }
        self.base = text
        self.http = http
    }

    /// Why `base` cannot be the service's address, or nil.
    public static func problem(_ base: String) -> String? {
        if let why = WebAddress.problem(base) { return "'\(base)' is not an http(s) URL skyshell can fetch: \(why)" }
        return WebAddress.httpURL(base) == nil ? "'\(base)' is not an http(s) URL" : nil
    }

    /// The latest reports of `kind` for `stations` (ICAO codes), as the service gives them.
    public func latest(_ kind: ReportKind, for stations: [String], cancelled: () -> Bool = { false }) throws(FeedError) -> [ReportText] {
        let ids = stations.joined(separator: ",")
        guard let url = WebAddress.httpURL(base + "/" + kind.rawValue + "?ids=" + ids + "&format=json") else {
            throw FeedError(.data, "'\(base)' does not make a request URL")
        }
        let host = url.host ?? "the weather server"
        let response: HTTPResponse
        do { response = try http.get(url, cancelled: cancelled) } catch { throw FeedError(error) }
        switch response.status {
        case 200: break
        case 204: return []
        case 429: throw FeedError(.refused, "\(host) answered 429 (Too Many Requests): try again in a minute")
        default:
            let said = String(decoding: response.body.prefix(200), as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)
            throw FeedError(
                response.status >= 500 ? .unavailable : .refused,
                "\(host) answered \(response.status) (\(HTTPStatus.reason(response.status)))" + (said.map { ": " + $0.trimmingWhitespace() } ?? ""))
        }
        do {
            return try ReportFile.reports(in: response.body).map { report in
                var r = report
                if r.declaredKind == nil { r.declaredKind = kind }
                return r
            }
        } catch {
            throw FeedError(.data, "\(host) sent reports skyshell cannot read: \(error.message)")
        }
    }
}
