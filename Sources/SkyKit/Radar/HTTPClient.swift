import CCurlLoader
import FoundationEssentials
import Glibc

/// A response: status, headers (names in lower case) and body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: [UInt8]
    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why a request got no response.
public enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libcurl could not be loaded.
    case unavailable(String)
    /// No answer within the timeout.
    case timedOut(host: String, seconds: Double)
    /// The connection failed (refused, name not found, reset…).
    case transport(host: String, String)
    /// The caller asked to stop (Ctrl-C).
    case cancelled
    /// The body grew past the limit (as sent, or as decoded); reading stopped there.
    case tooLarge(host: String, limit: Int)
    /// The URL cannot be fetched; the words say why.
    case badURL(String)

    public var description: String {
        switch self {
        case .unavailable(let why): "networking needs libcurl (Debian package libcurl4): \(why)"
        case .timedOut(let host, let seconds): "\(host) did not answer within \(Int(seconds.rounded())) s"
        case .transport(let host, let why): "cannot reach \(host): \(why)"
        case .cancelled: "interrupted"
        case .tooLarge(let host, let limit):
            "\(host) sent more than \(limit >= 1_048_576 ? "\(limit / 1_048_576) MB" : "\(limit / 1024) KB"); reading stopped there"
        case .badURL(let why): "the URL cannot be fetched: \(why)"
        }
    }
}

/// Blocking HTTP requests through libcurl (opened on first use by CCurlLoader), cancellable
/// while they wait (asked ten times a second), with the body read up to a limit — as sent and,
/// for a gzip `Content-Encoding`, as decoded — so a feed cannot fill the memory, and a whole
/// request given at most `timeout` seconds (a server that drips its headers or body a byte at
/// a time is stopped there). Redirects are followed here, at most ten, and one to another
/// origin never carries the Authorization header.
public final class HTTPClient: Sendable {
    /// The most seconds a request may take, from start to the last byte.
    public let timeout: Double
    /// The most bytes of a body read (and decoded) before the request is abandoned.
    public let maxBytes: Int
    static let maxRedirects = 10

    public init(timeout: Double = 15, maxBytes: Int = 64 * 1_048_576) {
        self.timeout = timeout
        self.maxBytes = maxBytes
    }

    /// GET `url` with extra headers.
    public func get(_ url: URL, headers: [String: String] = [:], cancelled: () -> Bool = { false }) throws(HTTPError) -> HTTPResponse {
        try send("GET", url, headers: headers, body: nil, cancelled: cancelled)
    }

    /// POST a form (application/x-www-form-urlencoded).
    public func postForm(_ url: URL, _ fields: [(String, String)], cancelled: () -> Bool = { false }) throws(HTTPError) -> HTTPResponse {
        let body = Array(fields.map { "\(Self.formEncode($0.0))=\(Self.formEncode($0.1))" }.joined(separator: "&").utf8)
        return try send("POST", url, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: body, cancelled: cancelled)
    }

    /// POST a JSON document.
    public func postJSON(_ url: URL, _ body: [UInt8], cancelled: () -> Bool = { false }) throws(HTTPError) -> HTTPResponse {
        try send("POST", url, headers: ["Content-Type": "application/json", "Accept": "application/json"], body: body, cancelled: cancelled)
    }

    static func formEncode(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default: out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Sends a request, following redirects, and returns the final response with its body
    /// decoded.
    func send(_ method: String, _ url: URL, headers: [String: String], body: [UInt8]?, cancelled: () -> Bool) throws(HTTPError) -> HTTPResponse {
        var method = method, url = url, headers = headers, body = body
        let deadline = monotonicSeconds() + timeout
        for _ in 0...Self.maxRedirects {
            let (response, location) = try once(method, url, headers: headers, body: body, seconds: deadline - monotonicSeconds(), cancelled: cancelled)
            guard [301, 302, 303, 307, 308].contains(response.status), let location, let next = URL(string: location) else {
                return try decoded(response, host: Self.host(url))
            }
            if let problem = WebAddress.problem(next.absoluteString) { throw .badURL("a redirect to '\(location)': \(problem)") }
            // A token for one server is never handed to another.
            if WebAddress.origin(url) != WebAddress.origin(next) {
                headers = headers.filter { $0.key.lowercased() != "authorization" }
            }
            // As browsers do: 303, and 301/302 after a POST, go on as a GET without the body.
            if response.status == 303 || (method == "POST" && response.status <= 302) {
                method = "GET"
                body = nil
                headers = headers.filter { $0.key.lowercased() != "content-type" }
            }
            url = next
        }
        throw .transport(host: Self.host(url), "more than \(Self.maxRedirects) redirects")
    }

    static func host(_ url: URL) -> String { url.host ?? "the server" }

    /// One request, no redirect followed: the response and the Location it names, if any.
    func once(_ method: String, _ url: URL, headers: [String: String], body: [UInt8]?, seconds: Double, cancelled: () -> Bool) throws(HTTPError) -> (
        HTTPResponse, String?
    ) {
        let host = Self.host(url)
        if let problem = WebAddress.problem(url.absoluteString) { throw .badURL(problem) }
        guard seconds > 0 else { throw .timedOut(host: host, seconds: timeout) }
        let lines = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" } + ["Accept-Encoding: gzip"]
        let sink = Sink(limit: maxBytes)
        var result = sky_http_result()
        let code = withoutActuallyEscaping(cancelled) { stop in
            sink.stop = stop
            defer { sink.stop = nil }
            return Self.perform(method, url.absoluteString, lines, body, Int(seconds * 1000), sink, &result)
        }
        switch code {
        case 0: break
        case SKY_HTTP_UNAVAILABLE: throw .unavailable(Self.text(result.error))
        case SKY_HTTP_STOPPED: throw .cancelled
        case SKY_HTTP_REFUSED_BODY: throw .tooLarge(host: host, limit: maxBytes)
        case 28: throw .timedOut(host: host, seconds: timeout)
        default: throw .transport(host: host, Self.describe(code, Self.text(result.error)))
        }
        let location = result.status >= 300 && result.status < 400 ? Self.text(result.redirect) : ""
        return (HTTPResponse(status: Int(result.status), headers: sink.headers, body: sink.body), location.isEmpty ? nil : location)
    }

    /// The body as the server meant it: a gzip `Content-Encoding` decoded, at most `maxBytes`
    /// of it; an encoding skyshell cannot read is an error, never bytes passed on as text.
    func decoded(_ response: HTTPResponse, host: String) throws(HTTPError) -> HTTPResponse {
        let encoding = (response.headers["content-encoding"] ?? "identity").lowercased().trimmingWhitespace()
        switch encoding {
        case "identity", "": return response
        case "gzip", "x-gzip":
            var plain = response
            plain.headers["content-encoding"] = nil
            do {
                plain.body = try Gzip.decompress(response.body, limit: maxBytes)
            } catch {
                if error.message.contains("expands past") { throw .tooLarge(host: host, limit: maxBytes) }
                throw .transport(host: host, "its gzip-encoded answer is damaged (\(error.message))")
            }
            return plain
        default:
            throw .transport(host: host, "it answered in the '\(encoding.prefix(40))' encoding, which skyshell does not read")
        }
    }

    /// libcurl's codes in a few words (its own text after them).
    static func describe(_ code: Int32, _ text: String) -> String {
        let words: String? =
            switch code {
            case 6: "host not found"
            case 7: "connection refused"
            case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91: "the secure connection failed"
            case 18: "the answer was cut short"
            case 52: "the server closed the connection without answering"
            case 55, 56: "the connection was lost"
            case 1, 3: "the URL cannot be fetched"
            default: nil
            }
        return words ?? String(text.prefix(200))
    }

    static func text(_ field: some Any) -> String {
        withUnsafeBytes(of: field) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// Calls `sky_http_perform` with the strings and the body kept alive for the call.
    static func perform(
        _ method: String, _ url: String, _ lines: [String], _ body: [UInt8]?, _ milliseconds: Int, _ sink: Sink, _ result: inout sky_http_result
    ) -> Int32 {
        let strings = lines.map { strdup($0) }
        defer { for string in strings { free(string) } }
        let pointers = strings.map { UnsafePointer<CChar>($0) }
        return method.withCString { method in
            url.withCString { url in
                pointers.withUnsafeBufferPointer { headers in
                    (body ?? []).withUnsafeBytes { bytes in
                        var request = sky_http_request(
                            url: url, method: method, headers: headers.baseAddress, header_count: Int32(headers.count),
                            body: body == nil ? nil : (bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)), body_length: bytes.count,
                            timeout_ms: max(1, milliseconds))
                        let context = Unmanaged.passUnretained(sink).toOpaque()
                        var callbacks = sky_http_callbacks(
                            header: { context, line, length in
                                guard let context, let line else { return }
                                Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().header(UnsafeRawBufferPointer(start: line, count: length))
                            },
                            body: { context, data, length in
                                guard let context, let data else { return 1 }
                                return Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().append(UnsafeRawBufferPointer(start: data, count: length))
                                    ? 1 : 0
                            },
                            stop: { context in
                                guard let context else { return 0 }
                                return Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().stop?() == true ? 1 : 0
                            }, context: context)
                        return sky_http_perform(&request, &callbacks, &result)
                    }
                }
            }
        }
    }

    /// Where one request's headers and body are collected (on the calling thread: the
    /// request runs there).
    final class Sink {
        let limit: Int
        var body: [UInt8] = []
        var headers: [String: String] = [:]
        var stop: (() -> Bool)?

        init(limit: Int) { self.limit = limit }

        /// A header line; a status line starts the headers again (a redirect's or a 100's).
        func header(_ line: UnsafeRawBufferPointer) {
            let text = String(decoding: line, as: UTF8.self).trimmingWhitespaceAndNewlines()
            if text.hasPrefix("HTTP/") {
                headers = [:]
                return
            }
            guard let colon = text.firstIndex(of: ":") else { return }
            headers[text[..<colon].lowercased()] = text[text.index(after: colon)...].trimmingWhitespace()
        }

        /// A piece of the body; false once it passes the limit.
        func append(_ piece: UnsafeRawBufferPointer) -> Bool {
            guard body.count + piece.count <= limit else { return false }
            body.append(contentsOf: piece)
            return true
        }
    }
}
