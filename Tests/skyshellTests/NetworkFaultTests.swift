import Foundation
import SkyTestSupport
import Testing

/// Network faults against a server on 127.0.0.1, through the OpenSky source: every one is a
/// single clear error line with status 69 (unavailable) or 65 (bad data), never a crash or a hang.
@Suite("Network faults")
struct NetworkFaultTests {
    let home = TemporaryDirectory("net-faults")
    static let good = "{\"time\": 1733000000, \"states\": []}"

    /// A 4 MB answer with `Content-Encoding: gzip` that expands to about 4 GB: on every channel
    /// the limit applies to the decoded bytes as they are decoded — one error line, the process
    /// never past 300 MB (it grew to 4.5–8.5 GB before).
    @Test(arguments: [
        "sat fetch URL/bomb", "observer LFPG; radar source readsb URL/bomb; radar list",
        "observer LFPG; radar source opensky url URL; radar list", "track URL/bomb every 1s for 1s",
        "los server URL; los origin 44.27056 -71.30333; los check 44.3 -71.1",
        "los terrain source URL/{tile}.hgt.gz; los terrain fetch around 10.5 20.5 radius 5km",
    ])
    func aGzipAnswerIsLimitedAsItIsDecoded(_ command: String) throws {
        let bomb = GzipWriter.bomb(compressedBytes: 4 * 1_048_576)
        let server = try HTTPTestServer { _ in
            .bytes(status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], body: bomb)
        }
        defer { server.stop() }
        let out = home.path + "/bomb.err"
        let pid = ProcessRunner.spawn(
            Executable.skyshell, ["-c", command.replacingOccurrences(of: "URL", with: server.url)], ProcessRunner.environment(home: home.path)
        ) { actions in
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        let (status, peak) = ProcessRunner.waitMeasuring(pid)
        let stderr = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        #expect(status == 69 || status == 65, "\(command): status \(status): \(stderr)")
        #expect(stderr.contains("sent more than 64 MB; reading stopped there"), "\(command): \(stderr)")
        #expect(peak < 300 * 1_048_576, "\(command): \(peak / 1_048_576) MB")
    }

    /// An IPv6 literal is a URL like any other, and a URL that cannot be fetched says why.
    @Test func ipv6LiteralsConnectAndBadURLsSayWhatIsWrong() throws {
        let server = try HTTPTestServer(ipv6: true) { _ in
            .json(#"{"now": 1733000000, "aircraft": [{"hex": "abc123", "lat": 49.0, "lon": 2.55, "alt_geom": 3000}]}"#)
        }
        defer { server.stop() }
        let env = ProcessRunner.environment(home: home.path)
        let r = ProcessRunner.run(Executable.skyshell, ["-c", "observer LFPG; radar source readsb \(server.url)/data.json; radar list"], environment: env)
        #expect(r.status == 0 && r.stdout.contains("abc123") && r.stdout.contains("1 aircraft"), "\(server.url): \(r.stderr)")
        let bad: [(String, String)] = [
            ("http://127.0.0.1:99999/x", "its port '99999' is not a number from 1 to 65535"),
            ("http://[::1/x", "its IPv6 address has no closing ]"), ("http://::1:8080/x", "an IPv6 address goes in brackets"),
            ("ftp://example.com/x", "its scheme 'ftp' is neither http nor https"), ("http:///x", "it names no host"),
        ]
        for (url, words) in bad {
            let result = ProcessRunner.run(Executable.skyshell, ["-c", "sat fetch \(url)"], environment: env)
            #expect(result.status == 65 && result.stderr.contains(words), "\(url): \(result.stderr)")
        }
    }

    /// A receiver's web page given as the source (tar1090's, dump1090-fa's) is recognised: the
    /// usual data paths are tried once each, the one that answered becomes the source and is
    /// named; when none answers, the error lists what was tried.
    @Test func aReceiversWebPageLeadsToItsData() throws {
        let snapshot = #"{"now": 1733000000, "aircraft": [{"hex": "abc123", "lat": 49.0, "lon": 2.55, "alt_geom": 3000}]}"#
        let server = try HTTPTestServer { request in
            switch request.path {
            case "/tar1090/", "/skyaware/", "/skyaware/index.html", "/":
                .respond(status: 200, headers: [("Content-Type", "text/html")], body: "\n  <!DOCTYPE html><html>tar1090</html>")
            case "/tar1090/data/aircraft.json", "/skyaware/data/aircraft.json": .json(snapshot)
            default: .respond(status: 404, body: "")
            }
        }
        defer { server.stop() }
        let env = ProcessRunner.environment(home: home.path)
        for (page, data) in [("/tar1090/", "/tar1090/data/aircraft.json"), ("/", "/tar1090/data/aircraft.json")] {
            let r = ProcessRunner.run(
                Executable.skyshell, ["-c", "observer LFPG; radar source readsb \(server.url)\(page); radar list; radar source"], environment: env)
            #expect(r.status == 0 && r.stdout.contains("abc123"), "\(page): \(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains("\(server.url)\(page) is a web page, not its data: \(server.url)\(data) answered"), "\(page): \(r.stdout)")
            #expect(r.stdout.contains("source     receiver \(server.url)\(data)"), "\(page): \(r.stdout)")
        }
        // dump1090-fa's SkyAware page: its own folder's data first.
        let sky = ProcessRunner.run(Executable.skyshell, ["-c", "observer LFPG; radar source readsb \(server.url)/skyaware/; radar list"], environment: env)
        #expect(sky.stdout.contains("\(server.url)/skyaware/data/aircraft.json answered"), "\(sky.stdout)\(sky.stderr)")
        // A page's file and query are left out for its folder's data.
        let file = ProcessRunner.run(
            Executable.skyshell, ["-c", "observer LFPG; radar source readsb \(server.url)/skyaware/index.html?x=1; radar list"], environment: env)
        #expect(file.status == 0 && file.stdout.contains("\(server.url)/skyaware/data/aircraft.json answered"), "\(file.stdout)\(file.stderr)")
        let missing = try HTTPTestServer { request in
            request.path == "/page" ? .respond(status: 200, headers: [("Content-Type", "text/html")], body: "<html></html>") : .respond(status: 404, body: "")
        }
        defer { missing.stop() }
        let failed = ProcessRunner.run(Executable.skyshell, ["-c", "observer LFPG; radar source readsb \(missing.url)/page; radar list"], environment: env)
        #expect(
            failed.status == 65 && failed.stderr.contains("is a web page, not aircraft.json, and none of the usual data paths answered"), "\(failed.stderr)")
        // Each usual path is asked once: the page, then six data paths.
        #expect(missing.requests.count == 7, "\(missing.requests.map(\.path))")
    }

    /// An answer in an encoding skyshell cannot read is said to be one, never passed on as text.
    @Test func anEncodingSkyshellCannotReadIsNamed() throws {
        let server = try HTTPTestServer { _ in .bytes(status: 200, headers: [("Content-Encoding", "br")], body: [1, 2, 3]) }
        defer { server.stop() }
        let r = ProcessRunner.run(Executable.skyshell, ["-c", "sat fetch \(server.url)/x"], environment: ProcessRunner.environment(home: home.path))
        #expect(r.status == 69 && r.stderr.contains("it answered in the 'br' encoding, which skyshell does not read"), "\(r.stderr)")
    }

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
