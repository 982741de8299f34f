/// Why a feed gave no traffic, in words for the user.
public struct FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The data could not be read (bad JSON, wrong shape, missing file).
        case data
        /// The service could not be reached or failed; worth retrying.
        case unavailable
        /// The service refused: rate limit, credentials.
        case refused
        /// Ctrl-C.
        case cancelled
    }
    public var kind: Kind
    public var message: String
    /// For rate limits: seconds until the service accepts requests again.
    public var retryAfter: Double?

    public init(_ kind: Kind, _ message: String, retryAfter: Double? = nil) {
        self.kind = kind
        self.message = message
        self.retryAfter = retryAfter
    }

    public var description: String { message }

    init(_ http: HTTPError) {
        switch http {
        case .cancelled: self.init(.cancelled, "interrupted")
        default: self.init(.unavailable, http.description)
        }
    }
}
