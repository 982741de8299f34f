import Foundation

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

    /// `text` as an http(s) URL with a host, or nil.
    public static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return url
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
