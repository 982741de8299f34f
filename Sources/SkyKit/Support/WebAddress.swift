import FoundationEssentials
import Glibc

/// Rules for the addresses skyshell talks to: which hosts are this computer, and where
/// credentials may go.
public enum WebAddress {
    /// True when `host` is this computer: `localhost` exactly, `::1`, or an IPv4 address in
    /// 127.0.0.0/8 written as four decimal numbers. A name that merely starts with "127." is not.
    public static func isLoopback(host: String) -> Bool {
        var h = host.lowercased()
        if h.hasPrefix("["), h.hasSuffix("]") { h = String(h.dropFirst().dropLast()) }
        if h == "localhost" || h == "::1" || h == "0:0:0:0:0:0:0:1" { return true }
        let parts = h.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        var octets: [Int] = []
        for part in parts {
            guard (1...3).contains(part.utf8.count), part.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let n = Int(part), n <= 255 else { return false }
            octets.append(n)
        }
        return octets[0] == 127
    }

    /// `text` as an http(s) URL with a host (a name, an IPv4 address or a bracketed IPv6 one)
    /// and a port that exists, or nil (`problem` says why).
    public static func httpURL(_ text: String) -> URL? {
        guard problem(text) == nil, let url = URL(string: text) else { return nil }
        return url
    }

    /// What is wrong with `text` as an http(s) URL, in words, or nil when nothing is.
    public static func problem(_ text: String) -> String? {
        guard let colon = text.firstRange(of: "://") else { return "it has no scheme (like https://)" }
        let scheme = text[..<colon.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return "its scheme '\(scheme)' is neither http nor https" }
        guard !text.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return "it holds a space or a control character" }
        let rest = text[colon.upperBound...]
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return "its IPv6 address has no closing ]" }
            let address = authority[authority.index(after: authority.startIndex)..<close]
            guard !address.isEmpty, address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }), address.contains(":") else {
                return "'[\(address)]' is not an IPv6 address"
            }
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return "text after the IPv6 address '\(after)' is not a port" }
                port = after.dropFirst()
            }
        } else {
            if let c = authority.lastIndex(of: ":") {
                port = authority[authority.index(after: c)...]
                authority = authority[..<c]
            }
            guard !authority.isEmpty else { return "it names no host" }
            if authority.contains(":") { return "an IPv6 address goes in brackets: http://[::1]:8080/" }
        }
        if let port, !port.isEmpty {
            guard port.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), port.utf8.count <= 5, let n = Int(port), (1...65_535).contains(n) else {
                return "its port '\(port)' is not a number from 1 to 65535"
            }
        }
        guard let url = URL(string: text), url.host?.isEmpty == false else { return "it is not a well-formed URL" }
        return nil
    }

    /// The origin of a URL — scheme, host and port — that credentials belong to.
    public static func origin(_ url: URL?) -> String? {
        guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(host):\(port)"
    }

    /// Why credentials must not be sent to `url`, or nil when they may: https, or plain http
    /// to this computer.
    public static func refusalForCredentials(_ url: URL) -> String? {
        let scheme = url.scheme?.lowercased() ?? ""
        if scheme == "https" { return nil }
        let host = url.host ?? ""
        if scheme == "http", isLoopback(host: host) { return nil }
        return "plain \(scheme) would send the credentials unencrypted to \(host); use https://"
    }
}
