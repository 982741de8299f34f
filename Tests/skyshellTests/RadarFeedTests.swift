import Foundation
import SkyTestSupport
import Testing

/// The live feeds against a real HTTP server on 127.0.0.1: OpenSky anonymous and signed in
/// (token refresh on 401), rate limits, server errors, stalls, truncated answers; a receiver's
/// aircraft.json; recording and replaying. Requests go through the binary's URLSession.
@Suite("Radar feeds over HTTP")
struct RadarFeedTests {
    let home = TemporaryDirectory("radar-http")

    func sky(_ commands: String, env extra: [String: String] = [:]) -> ProcessResult {
        ProcessRunner.run(Executable.skyshell, ["-c", commands], environment: ProcessRunner.environment(home: home.path, extra: extra))
    }

    static let states = """
        {"time":1733000000,"states":[
        ["3c6444","DLH4AB  ","Germany",1732999998,1732999999,2.5472,49.0911,3048.0,false,180.5,271.2,-5.2,null,3100.0,"1000",false,0,4],
        ["39b415","AFR1234 ","France",1732999995,1732999999,2.3100,48.9000,null,false,120.0,45.0,null,null,null,null,false,0,6]]}
        """

    /// Points the radar at the server's OpenSky API from Charles de Gaulle.
    func openSky(_ server: HTTPTestServer, _ extra: String = "") -> String {
        "observer 49.0128 2.55; radar source opensky url \(server.url)/api auth \(server.url)/token \(extra)"
    }

    @Test func anonymousRequestsSendOnlyTheRoundedBoxAndRespectTheTenSecondResolution() throws {
        let server = try HTTPTestServer { _ in .json(RadarFeedTests.states) }
        defer { server.stop() }
        let r = sky(openSky(server) + "; radar list; radar list")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("DLH4AB") && r.stdout.contains("AFR1234"))
        // Two lists within ten seconds: one request.
        #expect(server.requests.count == 1)
        let request = try #require(server.requests.first)
        #expect(request.path == "/api/states/all" && request.query("extended") == "1")
        #expect(request.headers["authorization"] == nil)
        // 49.0128, 2.55 is sent as 49.0, 2.6 (rounded to 0.1°), widened by 50 km and 0.05°.
        let lamin = Double(request.query("lamin")!)!, lamax = Double(request.query("lamax")!)!
        let lomin = Double(request.query("lomin")!)!, lomax = Double(request.query("lomax")!)!
        #expect(abs((lamin + lamax) / 2 - 49.0) < 1e-9 && abs((lomin + lomax) / 2 - 2.6) < 1e-9)
        #expect(abs(lamax - lamin - 2 * (50 / 111.2 + 0.05)) < 0.01)
        #expect(!request.target.contains("49.0128") && !request.target.contains("2.55"))
    }

    @Test func signedInTokensAreRefreshedOnceAfter401AndNeverShown() throws {
        let tokens = Counter()
        let server = try HTTPTestServer { request in
            if request.path == "/token" {
                let n = tokens.next()
                return .json(#"{"access_token":"token\#(n)","expires_in":1800,"token_type":"Bearer"}"#)
            }
            // The first token is refused as if it had expired.
            return request.headers["authorization"] == "Bearer token1" ? .respond(status: 401, body: "expired") : .json(RadarFeedTests.states)
        }
        defer { server.stop() }
        let r = sky(openSky(server) + "; radar list", env: ["OPENSKY_CLIENT_ID": "me", "OPENSKY_CLIENT_SECRET": "s3cret-value"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("DLH4AB"))
        let tokenRequests = server.requests.filter { $0.path == "/token" }
        #expect(tokenRequests.count == 2)
        #expect(
            tokenRequests[0].method == "POST" && tokenRequests[0].body.contains("grant_type=client_credentials")
                && tokenRequests[0].body.contains("client_id=me") && tokenRequests[0].body.contains("client_secret=s3cret-value"))
        #expect(server.requests.filter { $0.path == "/api/states/all" }.map { $0.headers["authorization"] ?? "" } == ["Bearer token1", "Bearer token2"])
        #expect(!(r.stdout + r.stderr).contains("s3cret") && !(r.stdout + r.stderr).contains("token2"))
    }

    @Test func aCredentialsFileMustNotBeReadableByEveryone() throws {
        let server = try HTTPTestServer { request in
            request.path == "/token" ? .json(#"{"access_token":"abc","expires_in":1800}"#) : .json(RadarFeedTests.states)
        }
        defer { server.stop() }
        let file = home.write("credentials.json", #"{"clientId":"me","clientSecret":"hidden"}"#)
        chmod(file, 0o644)
        let open = sky(openSky(server, "credentials \(file)"))
        #expect(open.status == 69 && open.stderr.contains("can be read by every user") && open.stderr.contains("chmod 600"))
        #expect(server.requests.isEmpty)
        chmod(file, 0o600)
        let ok = sky(openSky(server, "credentials \(file)") + "; radar source; radar list")
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains("yes, with \(file)") && !ok.stdout.contains("hidden"))
        #expect(server.requests.last?.headers["authorization"] == "Bearer abc")
    }

    @Test func aRateLimitShowsTheRetryTimeAndStopsAsking() throws {
        let server = try HTTPTestServer { _ in .respond(status: 429, headers: [("X-Rate-Limit-Retry-After-Seconds", "11520")], body: "Too many requests") }
        defer { server.stop() }
        let r = sky(openSky(server) + "; radar list")
        #expect(r.status == 69)
        #expect(r.stderr.contains("request limit is used up (429)") && r.stderr.contains("3 h 12 min"))
        // Asked again in the same session: refused without a request.
        let twice = ProcessRunner.run(
            Executable.skyshell, ["--keep-going", "-c", openSky(server) + "\nradar list\nradar list"], environment: ProcessRunner.environment(home: home.path))
        #expect(twice.stderr.components(separatedBy: "request limit is used up").count == 3)
        #expect(server.requests.count == 2)  // one per process
    }

    @Test func aStandardRetryAfterIsReadTooAndAMissingOneMeansAMinute() throws {
        let server = try HTTPTestServer { request in
            request.path.hasPrefix("/std/")
                ? .respond(status: 429, headers: [("Retry-After", "90")], body: "")
                : .respond(status: 429, body: "")
        }
        defer { server.stop() }
        let standard = sky("observer 49.0128 2.55; radar source opensky url \(server.url)/std; radar")
        #expect(standard.status == 69 && standard.stderr.contains("accepts requests again in 1 min 30 s"), "\(standard.stderr)")
        let bare = sky("observer 49.0128 2.55; radar source opensky url \(server.url)/bare; radar")
        #expect(bare.status == 69 && bare.stderr.contains("accepts requests again in 1 min\n"), "\(bare.stderr)")
    }

    @Test func serverErrorsStallsAndTruncatedAnswersAreOneClearLine() throws {
        let server = try HTTPTestServer { request in
            switch request.query("lamin") != nil ? request.path : "" {
            case "/error/states/all": .respond(status: 500, body: "oops")
            case "/stall/states/all": .stall
            case "/cut/states/all": .json(String(RadarFeedTests.states.prefix(180)))
            case "/html/states/all": .respond(status: 200, headers: [("Content-Type", "text/html")], body: "<html>maintenance</html>")
            default: .respond(status: 404, body: "")
            }
        }
        defer { server.stop() }
        func run(_ path: String) -> ProcessResult {
            sky("observer 49.0128 2.55; radar source opensky url \(server.url)/\(path); radar", env: ["SKYSHELL_HTTP_TIMEOUT": "1"])
        }
        let failing = run("error")
        #expect(failing.status == 69 && failing.stderr.contains("OpenSky answered 500 (Internal Server Error)"))
        let started = Date()
        let stalled = run("stall")
        #expect(stalled.status == 69 && stalled.stderr.contains("127.0.0.1 did not answer within 1 s"), "\(stalled.stderr)")
        #expect(Date().timeIntervalSince(started) < 10)
        let cut = run("cut")
        #expect(cut.status == 65 && cut.stderr.contains("not JSON (the document ends"), "\(cut.stderr)")
        let html = run("html")
        #expect(html.status == 65 && html.stderr.contains("not JSON"))
        for result in [failing, stalled, cut, html] {
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        let refused = sky("observer 49.0128 2.55; radar source opensky url http://127.0.0.1:1/api; radar")
        #expect(refused.status == 69 && refused.stderr.contains("cannot reach 127.0.0.1"))
    }

    @Test func nextAndWhatOnOpenSkyAreExtrapolatedAndSaySo() throws {
        let server = try HTTPTestServer { _ in .json(RadarFeedTests.states) }
        defer { server.stop() }
        // 7 km west of DLH4AB, which flies west at 180.5 m/s: it passes nearly overhead in 40 s.
        let r = sky("observer 49.09 2.45; radar source opensky url \(server.url)/api auth \(server.url)/token; next; what; heading E; what")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("DLH4AB (Lufthansa) will pass closest:"))
        #expect(r.stdout.contains("in 40 s") || r.stdout.contains("in 39 s") || r.stdout.contains("in 41 s"), "\(r.stdout)")
        #expect(r.stderr.contains("is live: the future is extrapolated") || r.stdout.contains("is live: the future is extrapolated"))
        #expect(r.stdout.contains("In front of you") && r.stdout.contains("DLH4AB (Lufthansa)"))
    }

    /// A readsb answer with one aircraft on final for Charles de Gaulle's 26L, `k` seconds into
    /// its approach (from 8 km out at 2,400 ft, 75 m/s, descending 4 m/s along the line).
    static func onFinal(_ k: Int) -> String {
        // The 26L threshold and the runway's heading (OurAirports): the approach comes from
        // 85.3°, the far side of the threshold.
        let (lat0, lon0, bearing) = (48.99490, 2.60243, 85.3 * Double.pi / 180)
        let d = 8_000 - 75 * Double(k)
        let lat = lat0 + d * cos(bearing) / 111_194, lon = lon0 + d * sin(bearing) / (111_194 * cos(lat0 * Double.pi / 180))
        let feet = 2_400 - 4 * Double(k) / 0.3048
        return """
            {"now": \(1_733_000_000 + k), "aircraft": [{"hex":"3944ea","flight":"AFR96ZN ","alt_baro":\(Int(feet)),"gs":146,"track":265.3,\
            "baro_rate":-790,"lat":\(lat),"lon":\(lon),"seen_pos":0.1}]}
            """
    }

    @Test func runwaysOnALiveReceiverUseWhatTheSessionFetched() throws {
        let clock = Clock()
        // Each answer 5 s further along the approach (the recording below asks once a second).
        let server = try HTTPTestServer { _ in .json(RadarFeedTests.onFinal(5 * (clock.tick() - 1_733_000_000))) }
        defer { server.stop() }
        let r = sky(
            "observer LFPG; radar source readsb \(server.url)/aircraft.json; runways; radar record \(home.path)/final.jsonl for 4s every 1s; runways"
        )
        #expect(r.status == 0, "\(r.stderr)")
        // One snapshot: nothing to go on; then five more along the line, 80 m lower: a landing
        // on 26L (still on final: it counts for the runway, not yet as an arrival).
        #expect(r.stdout.contains("No landing or take-off seen near LFPG in the one snapshot fetched so far."))
        #expect(r.stdout.contains("West flow: landing 26L."), "\(r.stdout)")
        #expect(r.stdout.contains("26L        265°         1          0"))
    }

    @Test func aReceiverOverHTTPRecordedAndReplayed() throws {
        let json = try String(contentsOfFile: Fixtures.directory + "/radar/readsb-aircraft.json", encoding: .utf8)
        // A live receiver: each answer a second newer than the one before.
        let clock = Clock()
        let server = try HTTPTestServer { _ in .json(json.replacingOccurrences(of: "\"now\" : 1733000000.1", with: "\"now\" : \(clock.tick())")) }
        defer { server.stop() }
        let recording = home.path + "/evening.jsonl"
        let r = sky("observer 49.0128 2.55; radar source readsb \(server.url)/data/aircraft.json; radar list; radar record \(recording) for 2s every 1s")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("DLH4AB") && r.stdout.contains("A320") && r.stdout.contains("ground"))
        #expect(r.stdout.contains("recorded 3 snapshots of receiver \(server.url)/data/aircraft.json"))
        #expect(server.requests.count >= 3 && server.requests.allSatisfy { $0.path == "/data/aircraft.json" })
        let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 4 && lines[0].contains("\"skyshell_recording\":1"))
        let replay = sky("observer 49.0128 2.55; radar source replay \(recording); radar list")
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("recording evening.jsonl (receiver") && replay.stdout.contains("DLH4AB"))
        // An existing file is kept unless --force.
        let again = sky("observer 49.0128 2.55; radar source readsb \(server.url)/x; radar record \(recording) for 1s")
        #expect(again.status == 73 && again.stderr.contains("add --force"))
    }
}

/// The satellites setting on a live receiver feed at a moment the ISS passes over Paris after
/// dusk (2025-11-12 17:59:30 UTC: lit, 6° up in the south, the Sun 9° down): visible marks it with its magnitude,
/// off marks nothing; `spot` says where to look.
@Suite("Radar satellites")
struct RadarSatellitesTests {
    let home = TemporaryDirectory("radar-satellites")

    @Test func theBrightestSatellitesInSightAreMarked() throws {
        let json = try String(contentsOfFile: Fixtures.directory + "/radar/readsb-aircraft.json", encoding: .utf8)
            .replacingOccurrences(of: "\"now\" : 1733000000.1", with: "\"now\" : 1762970370")
        let server = try HTTPTestServer { _ in .json(json) }
        defer { server.stop() }
        func sky(_ c: String) -> ProcessResult {
            ProcessRunner.run(
                Executable.skyshell, ["--resume", "-c", c],
                environment: ProcessRunner.environment(home: home.path, extra: ["SKYSHELL_NOW": "2025-11-12T17:59:30Z"]))
        }
        let setUp = sky("observer 49.0128 2.55; sat load \(Fixtures.directory)/orbit/elements/mixed.3le; radar source readsb \(server.url)/data/aircraft.json")
        #expect(setUp.status == 0, "\(setUp.stderr)")
        let visible = sky("radar satellites visible; radar list; spot")
        #expect(visible.status == 0, "\(visible.stderr)")
        let marks = visible.stdout.split(separator: "\n").filter { $0.hasPrefix("✦") }
        #expect(
            marks.count == 2 && marks.allSatisfy { $0.hasPrefix("✦ ISS (ZARYA), a satellite: south, 6° up") && $0.contains("(magnitude -") },
            "\(visible.stdout)")
        let json1 = sky("set output json; radar list")
        #expect(
            json1.stdout.contains("\"satellites\":[{\"name\":\"ISS (ZARYA)\"") && json1.stdout.contains("\"visible\":true,\"magnitude\":-"), "\(json1.stdout)")
        let off = sky("set output table; radar satellites off; radar list")
        #expect(off.status == 0 && !off.stdout.contains("✦"), "\(off.stdout)")
    }
}

/// A thread-safe counter for handlers.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.withLock {
            value += 1; return value
        }
    }
}

/// A counter the test server's handler (on another thread) advances: 1733000001, 1733000002…
final class Clock: @unchecked Sendable {
    let lock = NSLock()
    var now = 1_733_000_000
    func tick() -> Int {
        lock.lock()
        defer { lock.unlock() }
        now += 1
        return now
    }
}
