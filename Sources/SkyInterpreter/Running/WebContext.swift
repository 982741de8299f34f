import SkyKit

/// HTTP for every service that goes on the network (live feeds, tracking, element sets, the
/// terrain server), with the limits the environment sets.
final class WebContext: ServiceContext {
    private let context: CommandContext

    init(context: CommandContext) { self.context = context }

    /// The client shared by the feeds: SKYSHELL_HTTP_TIMEOUT or 15 s, SKYSHELL_HTTP_MAX_BYTES or 64 MB.
    lazy var http = client(timeout: 15)

    /// A client whose requests may take `seconds` unless SKYSHELL_HTTP_TIMEOUT says otherwise.
    func client(timeout seconds: Double) -> HTTPClient { HTTPClient(timeout: timeout(default: seconds), maxBytes: maxBytes) }

    /// SKYSHELL_HTTP_TIMEOUT (seconds, 0.1 to 3600): the most a request may take, else `default`.
    func timeout(default seconds: Double) -> Double {
        context.runner.environmentNumber("SKYSHELL_HTTP_TIMEOUT", 0.1...3600, default: seconds, what: "seconds")
    }

    /// SKYSHELL_HTTP_MAX_BYTES: how much of an answer is read (64 MB by default).
    var maxBytes: Int {
        Int(context.runner.environmentNumber("SKYSHELL_HTTP_MAX_BYTES", 1024...17_179_869_184, default: 67_108_864, what: "bytes", whole: true))
    }
}

extension CommandContext {
    /// Network access.
    var web: WebContext { services.context() }
}
