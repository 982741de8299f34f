import Foundation
import SkyTestSupport
import Testing

/// Network faults against a server on 127.0.0.1, through the OpenSky source: every one is a
/// single clear error line with status 69 (unavailable) or 65 (bad data), never a crash or a hang.
@Suite("Network faults")
struct NetworkFaultTests {
    let home = TemporaryDirectory("net-faults")
    static let good = "{\"time\": 1733000000, \"states\": []}"

    @Test func everyFaultIsOneClearLine() throws {
        let big = String(repeating: " ", count: 300_000) + Self.good
        let server = try HTTPTestServer { request in
            switch request.path.split(separator: "/").first.map(String.init) ?? "" {
            case "slowheaders": .after(seconds: 3, .json(NetworkFaultTests.good))
            case "stalledbody": .stallBody(headers: [("Content-Type", "application/json")], body: NetworkFaultTests.good, sent: 10)
            case "s401": .respond(status: 401, body: "")
            case "s403": .respond(status: 403, body: "Forbidden")
            case "s429": .respond(status: 429, headers: [("Retry-After", "30")], body: "")
            case "s429bare": .respond(status: 429, body: "")
            case "s500": .respond(status: 500, body: "")
            case "s503": .respond(status: 503, body: "maintenance")
            case "plain": .respond(status: 200, headers: [("Content-Type", "text/plain")], body: NetworkFaultTests.good)
            case "html": .respond(status: 200, headers: [("Content-Type", "text/html")], body: "<html>hi</html>")
            case "cut": .json(String(NetworkFaultTests.good.prefix(20)))
            case "huge": .json(big)
            case "binary": .bytes(status: 200, headers: [("Content-Type", "application/json")], body: [0xFF, 0xFE, 0x00, 0x7B, 0xC3, 0x28])
            default: .respond(status: 404, body: "")
            }
        }
        defer { server.stop() }
        func run(_ path: String) -> ProcessResult {
            ProcessRunner.run(
                Executable.skyshell, ["-c", "observer 49.0128 2.55; radar source opensky url \(server.url)/\(path); radar list"],
                environment: ProcessRunner.environment(home: home.path, extra: ["SKYSHELL_HTTP_TIMEOUT": "1", "SKYSHELL_HTTP_MAX_BYTES": "200000"]),
                timeout: 20)
        }
        let cases: [(String, Int32, String)] = [
            ("slowheaders", 69, "did not answer within 1 s"),
            ("stalledbody", 69, "did not answer within 1 s"),
            ("s401", 69, "OpenSky refused the request (401 Unauthorized)"),
            ("s403", 69, "OpenSky refused the request (403 Forbidden)"),
            ("s429", 69, "accepts requests again in 30 s"),
            ("s429bare", 69, "accepts requests again in 1 min"),
            ("s500", 69, "OpenSky answered 500 (Internal Server Error)"),
            ("s503", 69, "OpenSky answered 503 (Service Unavailable)"),
            ("html", 65, "not JSON"),
            ("cut", 65, "not JSON"),
            ("huge", 69, "sent more than 195 KB; reading stopped there"),
            ("binary", 65, "not JSON"),
        ]
        for (path, status, words) in cases {
            let r = run(path)
            #expect(r.status == status && r.stderr.contains(words), "\(path): status \(r.status): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(path): \(r.stderr)")
        }
        // A JSON answer labelled text/plain is still read: the content type is not trusted either way.
        let plain = run("plain")
        #expect(plain.status == 0, "\(plain.stderr)")
        // Nothing listening at all.
        let refused = ProcessRunner.run(
            Executable.skyshell, ["-c", "observer 49.0128 2.55; radar source opensky url http://127.0.0.1:1/api; radar list"],
            environment: ProcessRunner.environment(home: home.path))
        #expect(refused.status == 69 && refused.stderr.contains("connection refused"), "\(refused.stderr)")
    }
}
