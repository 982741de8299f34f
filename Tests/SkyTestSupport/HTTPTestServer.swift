import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real HTTP/1.1 server on 127.0.0.1 for tests: each connection is read on its own thread,
/// the handler decides the answer (or to stall, or to hang up), and every request is kept for
/// the test to inspect. Responses close the connection.
public final class HTTPTestServer: @unchecked Sendable {
    /// A request as received: method, target (path and query), headers by lower-case name, body.
    public struct Request: Sendable {
        public var method: String
        public var target: String
        public var headers: [String: String]
        public var body: String

        /// The value of a query parameter.
        public func query(_ name: String) -> String? {
            guard let q = target.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
            for pair in q.split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                if kv.first.map(String.init) == name { return kv.count > 1 ? String(kv[1]).removingPercentEncoding : "" }
            }
            return nil
        }

        public var path: String { String(target.split(separator: "?", maxSplits: 1).first ?? "") }
    }

    /// What to do with a request.
    public enum Reply: Sendable {
        case respond(status: Int, headers: [(String, String)] = [], body: String)
        /// Accept and never answer (until the server stops).
        case stall
        /// Close the connection without a word.
        case hangUp
        /// Any bytes as the body (non-UTF-8, huge), with a Content-Length.
        case bytes(status: Int, headers: [(String, String)], body: [UInt8])
        /// Wait before sending anything, then answer.
        indirect case after(seconds: Double, Reply)
        /// Send the headers and the first `sent` bytes of the body, then stall.
        case stallBody(headers: [(String, String)], body: String, sent: Int)
        /// Send the whole response a byte at a time, one every `every` seconds (the status line
        /// and headers too when `headers` is true, else only the body), never stalling long
        /// enough for an idle timeout.
        case drip(body: String, every: Double, headers: Bool)

        public static func json(_ body: String, status: Int = 200, headers: [(String, String)] = []) -> Reply {
            .respond(status: status, headers: [("Content-Type", "application/json")] + headers, body: body)
        }
    }

    public let port: Int
    public var url: String { ipv6 ? "http://[::1]:\(port)" : "http://127.0.0.1:\(port)" }
    /// Listening on the IPv6 loopback address (::1) instead of 127.0.0.1.
    public let ipv6: Bool
    let listener: Int32
    let handler: @Sendable (Request) -> Reply
    let lock = NSLock()
    var log: [Request] = []
    var open: [Int32] = []
    var stopped = false

    /// Starts listening on a free port of 127.0.0.1 (or of ::1).
    public init(ipv6: Bool = false, _ handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        self.ipv6 = ipv6
        let fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw PTYError("socket failed") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var storage = sockaddr_storage()
        let size: Int
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_addr = in6addr_loopback
            withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: withUnsafeBytes(of: &address) { UnsafeRawBufferPointer($0) }) }
            size = MemoryLayout<sockaddr_in6>.size
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: withUnsafeBytes(of: &address) { UnsafeRawBufferPointer($0) }) }
            size = MemoryLayout<sockaddr_in>.size
        }
        let bound = withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(size)) } }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); throw PTYError("bind/listen failed") }
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        // The port sits in the same place in both address forms.
        port = withUnsafeBytes(of: &storage) { Int(UInt16(bigEndian: $0.load(fromByteOffset: 2, as: UInt16.self))) }
        listener = fd
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// Every request so far, in order.
    public var requests: [Request] { lock.withLock { log } }

    /// Stops accepting and closes every connection (stalled ones too).
    public func stop() {
        let fds: [Int32] = lock.withLock {
            guard !stopped else { return [] }
            stopped = true
            return open + [listener]
        }
        for fd in fds {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }
    }

    func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if lock.withLock({ stopped }) { return }
                continue
            }
            lock.withLock { open.append(client) }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    func serve(_ fd: Int32) {
        defer {
            lock.withLock {
                if let i = open.firstIndex(of: fd) { open.remove(at: i) }
                if !stopped { close(fd) }
            }
        }
        guard let request = readRequest(fd) else { return }
        lock.withLock { log.append(request) }
        answer(fd, handler(request))
    }

    func answer(_ fd: Int32, _ reply: Reply) {
        switch reply {
        case .hangUp:
            return
        case .stall:
            while !lock.withLock({ stopped }) { usleep(20_000) }
        case .respond(let status, let headers, let body):
            write(fd, status: status, headers: headers, body: Array(body.utf8))
        case .bytes(let status, let headers, let body):
            write(fd, status: status, headers: headers, body: body)
        case .after(let seconds, let reply):
            let until = Date().addingTimeInterval(seconds)
            while Date() < until, !lock.withLock({ stopped }) { usleep(20_000) }
            answer(fd, reply)
        case .drip(let body, let every, let dripHeaders):
            let head = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n".utf8)
            if !dripHeaders { guard sendAll(fd, head) else { return } }
            for byte in (dripHeaders ? head : []) + Array(body.utf8) {
                guard !lock.withLock({ stopped }), sendAll(fd, [byte]) else { return }
                let until = Date().addingTimeInterval(every)
                while Date() < until, !lock.withLock({ stopped }) { usleep(20_000) }
            }
        case .stallBody(let headers, let body, let count):
            var head = "HTTP/1.1 200 OK\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            head += "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
            guard sendAll(fd, Array(head.utf8) + Array(body.utf8.prefix(count))) else { return }
            while !lock.withLock({ stopped }) { usleep(20_000) }
        }
    }

    /// Sends a whole response.
    func write(_ fd: Int32, status: Int, headers: [(String, String)], body: [UInt8]) {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        _ = sendAll(fd, Array(head.utf8) + body)
    }

    func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    func readRequest(_ fd: Int32) -> Request? {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var headerEnd: Int?
        while headerEnd == nil {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return nil }
            data += buffer[0..<n]
            if let r = data.firstRange(of: [13, 10, 13, 10]) { headerEnd = r.upperBound }
        }
        let head = String(decoding: data[..<headerEnd!], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines where line.contains(":") {
            let parts = line.split(separator: ":", maxSplits: 1)
            headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        let length = headers["content-length"].flatMap(Int.init) ?? 0
        while data.count - headerEnd! < length {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            data += buffer[0..<n]
        }
        let body = String(decoding: data[headerEnd!...], as: UTF8.self)
        return Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
    }

    static func reason(_ status: Int) -> String {
        [
            200: "OK", 302: "Found", 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 429: "Too Many Requests", 500: "Internal Server Error",
            503: "Service Unavailable",
        ][status] ?? "Status"
    }
}
