import CCurlLoader
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
    /// The body grew past the limit; reading stopped there.
    case tooLarge(host: String, limit: Int)

    public var description: String {
        switch self {
        case .unavailable(let why): "networking needs libcurl (Debian package libcurl4): \(why)"
        case .timedOut(let host, let seconds): "\(host) did not answer within \(Int(seconds.rounded())) s"
        case .transport(let host, let why): "cannot reach \(host): \(why)"
        case .cancelled: "interrupted"
        case .tooLarge(let host, let limit):
            "\(host) sent more than \(limit >= 1_048_576 ? "\(limit / 1_048_576) MB" : "\(limit / 1024) KB"); reading stopped there"
        }
    }
}

/// Blocking HTTP requests over Foundation's URLSession (libcurl underneath), cancellable while
/// they wait, with the body read up to a limit (a feed cannot fill the memory) and a whole
/// request given at most `timeout` seconds (a server that drips its headers or body a byte at
/// a time is stopped there). A redirect to another origin never carries the Authorization
/// header.
public final class HTTPClient: @unchecked Sendable {
    /// The most seconds a request may take, from start to the last byte (also the idle limit).
    public let timeout: Double
    /// The most bytes of a body read before the request is abandoned.
    public let maxBytes: Int
    private let session: URLSession
    private let collector = Collector()

    public init(timeout: Double = 15, maxBytes: Int = 64 * 1_048_576) {
        self.timeout = timeout
        self.maxBytes = maxBytes
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpAdditionalHeaders = ["User-Agent": "skyshell"]
        session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    /// GET `url` with extra headers.
    public func get(_ url: URL, headers: [String: String] = [:], cancelled: () -> Bool = { false }) throws(HTTPError) -> HTTPResponse {
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try send(request, cancelled: cancelled)
    }

    /// POST a form (application/x-www-form-urlencoded).
    public func postForm(_ url: URL, _ fields: [(String, String)], cancelled: () -> Bool = { false }) throws(HTTPError) -> HTTPResponse {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(fields.map { "\(Self.formEncode($0.0))=\(Self.formEncode($0.1))" }.joined(separator: "&").utf8)
        return try send(request, cancelled: cancelled)
    }

    /// POST a JSON document.
    public func postJSON(_ url: URL, _ body: [UInt8], cancelled: () -> Bool = { false }) throws(HTTPError) -> HTTPResponse {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.httpBody = Data(body)
        return try send(request, cancelled: cancelled)
    }

    static func formEncode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// Sends a request and waits for the whole response, polling `cancelled` ten times a second.
    public func send(_ request: URLRequest, cancelled: () -> Bool = { false }) throws(HTTPError) -> HTTPResponse {
        guard sky_curl_available() != 0 else { throw .unavailable(String(cString: sky_curl_error())) }
        let host = request.url?.host ?? "the server"
        let box = ResultBox(limit: maxBytes)
        let task = session.dataTask(with: request)
        collector.track(task, box)
        defer { collector.forget(task) }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        task.resume()
        while !box.wait(seconds: 0.1) {
            if cancelled() {
                task.cancel()
                throw .cancelled
            }
            if DispatchTime.now().uptimeNanoseconds > deadline {
                task.cancel()
                throw .timedOut(host: host, seconds: timeout)
            }
        }
        let (data, response, error, tooLarge) = box.result
        if tooLarge { throw .tooLarge(host: host, limit: maxBytes) }
        if let error {
            let code = (error as? URLError)?.code
            if code == .timedOut { throw .timedOut(host: host, seconds: timeout) }
            if code == .cancelled { throw .cancelled }
            throw .transport(host: host, (error as? URLError).map { Self.describe($0) } ?? error.localizedDescription)
        }
        guard let response else { throw .transport(host: host, "no HTTP response") }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return HTTPResponse(status: response.statusCode, headers: headers, body: [UInt8](data))
    }

    static func describe(_ error: URLError) -> String {
        switch error.code {
        case .cannotConnectToHost: "connection refused"
        case .cannotFindHost, .dnsLookupFailed: "host not found"
        case .notConnectedToInternet: "no network"
        case .networkConnectionLost: "the connection was lost"
        case .secureConnectionFailed, .serverCertificateUntrusted: "the secure connection failed"
        default: error.localizedDescription
        }
    }

    /// Where the session's delegate leaves a task's result for the waiting thread.
    final class ResultBox: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        let limit: Int
        private var data = Data()
        private var response: HTTPURLResponse?
        private var error: Error?
        private var tooLarge = false

        init(limit: Int) { self.limit = limit }

        var result: (Data, HTTPURLResponse?, Error?, Bool) { lock.withLock { (data, response, error, tooLarge) } }

        func received(_ r: URLResponse) { lock.withLock { response = r as? HTTPURLResponse } }

        /// Appends a piece of the body; false once the limit is passed.
        func received(_ piece: Data) -> Bool {
            lock.withLock {
                data.append(piece)
                if data.count > limit { tooLarge = true }
                return !tooLarge
            }
        }

        func finish(_ e: Error?) {
            lock.withLock { error = e }
            done.signal()
        }

        func wait(seconds: Double) -> Bool { done.wait(timeout: .now() + seconds) == .success }
    }

    /// The session's delegate: routes each task's events to its box.
    final class Collector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var boxes: [Int: ResultBox] = [:]

        func track(_ task: URLSessionTask, _ box: ResultBox) { lock.withLock { boxes[task.taskIdentifier] = box } }
        func forget(_ task: URLSessionTask) { _ = lock.withLock { boxes.removeValue(forKey: task.taskIdentifier) } }
        func box(_ task: URLSessionTask) -> ResultBox? { lock.withLock { boxes[task.taskIdentifier] } }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            box(dataTask)?.received(response)
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            if box(dataTask)?.received(data) == false { dataTask.cancel() }
        }

        /// Follows a redirect, without the Authorization header when it leads to another origin
        /// (scheme, host or port): a token for one server is never handed to another.
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            var next = request
            if WebAddress.origin(task.originalRequest?.url) != WebAddress.origin(request.url) {
                next.setValue(nil, forHTTPHeaderField: "Authorization")
            }
            completionHandler(next)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
            box(task)?.finish(error)
        }
    }
}
