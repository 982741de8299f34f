import Foundation
import SkyTestSupport
import Testing

/// `los server`: viewsheds and checks sent to a SkyQuant look-alike on 127.0.0.1, with the
/// wire contract, the error shapes, stalls and Ctrl-C.
@Suite("SkyQuant server client")
struct LOSServerTests {
    let home = TemporaryDirectory("los-server")

    func sky(_ commands: String, env extra: [String: String] = [:]) -> ProcessResult {
        ProcessRunner.run(Executable.skyshell, ["-c", commands], environment: ProcessRunner.environment(home: home.path, extra: extra))
    }

    static let viewshed = """
        {"obs_terrain_m": 1907.0, "obs_msl_m": 1917.0, "geojson": {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {},
         "geometry": {"type": "Polygon", "coordinates": [[[-71.4, 44.2], [-71.2, 44.2], [-71.2, 44.35], [-71.4, 44.35], [-71.4, 44.2]]]}}]}}
        """
    static let check = """
        {"clear": false, "profile": [{"d_m": 0, "terrain_m": 1907, "los_m": 1917, "clearance_m": 10},
         {"d_m": 5000, "terrain_m": 1500, "los_m": 1400, "clearance_m": -100}, {"d_m": 10000, "terrain_m": 600, "los_m": 610, "clearance_m": 10}]}
        """

    @Test func viewshedAndCheckUseTheWireContract() throws {
        let server = try HTTPTestServer { request in
            switch request.path {
            case "/api/los/viewshed": .json(LOSServerTests.viewshed)
            case "/api/los": .json(LOSServerTests.check)
            default: .respond(status: 404, body: "{\"error\": \"no such route\"}")
            }
        }
        defer { server.stop() }
        let r = sky(
            "los server \(server.url); los origin 44.27056 -71.30333 msl 6300ft; los target 1000ft agl; los range 100km; los viewshed; los check "
                + "44.3 -71.1; los"
        )
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("ground elevation   6,257 ft MSL") && r.stdout.contains("computed by \(server.url): 1 polygon"), "\(r.stdout)")
        #expect(r.stdout.contains("BLOCKED") && r.stdout.contains("first obstruction  at 5.0 km: terrain 328 ft above the sight line"), "\(r.stdout)")
        #expect(r.stdout.contains("stage         path checked") && r.stdout.contains("engine        SkyQuant server \(server.url)"))
        let requests = server.requests
        #expect(requests.map(\.path) == ["/api/los/viewshed", "/api/los"])
        let vs = try JSONSerialization.jsonObject(with: Data(requests[0].body.utf8)) as! [String: Any]
        #expect(Set(vs.keys) == ["obs_lat", "obs_lon", "obs_msl_m", "tgt_agl_m", "max_range_km", "az_step", "range_step_m"])
        #expect(vs["az_step"] as? Int == 1 && vs["range_step_m"] as? Int == 250 && vs["max_range_km"] as? Double == 100)
        #expect(abs((vs["obs_msl_m"] as! Double) - 1920.24) < 0.01 && abs((vs["tgt_agl_m"] as! Double) - 304.8) < 0.01)
        let check = try JSONSerialization.jsonObject(with: Data(requests[1].body.utf8)) as! [String: Any]
        #expect(Set(check.keys) == ["obs_lat", "obs_lon", "obs_msl_m", "tgt_agl_m", "tgt_lat", "tgt_lon", "obs_terrain_m", "n_samples"])
        // The observer's ground comes from the viewshed, so both requests share it.
        #expect(check["obs_terrain_m"] as? Double == 1907 && check["n_samples"] as? Int == 500)
        #expect(requests.allSatisfy { $0.method == "POST" && $0.headers["content-type"] == "application/json" })
    }

    @Test func errorsFailuresStallsAndGarbageAreOneClearLine() throws {
        let server = try HTTPTestServer { request in
            switch request.path {
            case "/said/api/los": .respond(status: 400, body: "{\"error\": \"target outside terrain coverage\"}")
            case "/down/api/los": .respond(status: 502, body: "<html>bad gateway</html>")
            case "/junk/api/los": .json("{\"clear\": tru")
            case "/odd/api/los": .json("{\"hello\": 1}")
            case "/slow/api/los": .stall
            default: .respond(status: 404, body: "")
            }
        }
        defer { server.stop() }
        func run(_ prefix: String) -> ProcessResult {
            sky("los origin 44.27056 -71.30333; los server \(server.url)/\(prefix); los check 44.3 -71.1", env: ["SKYSHELL_HTTP_TIMEOUT": "1"])
        }
        let said = run("said")
        #expect(said.status == 65 && said.stderr.contains("the SkyQuant server says: target outside terrain coverage"), "\(said.stderr)")
        let down = run("down")
        #expect(down.status == 69 && down.stderr.contains("the SkyQuant server answered 502 (Bad Gateway)"), "\(down.stderr)")
        let junk = run("junk")
        #expect(junk.status == 65 && junk.stderr.contains("not JSON"), "\(junk.stderr)")
        let odd = run("odd")
        #expect(odd.status == 65 && odd.stderr.contains("has no verdict"), "\(odd.stderr)")
        let slow = run("slow")
        #expect(slow.status == 69 && slow.stderr.contains("did not answer within 1 s"), "\(slow.stderr)")
        for r in [said, down, junk, odd, slow] { #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)") }
        let refused = sky("los origin 44.27056 -71.30333; los server http://127.0.0.1:1; los check 44.3 -71.1")
        #expect(refused.status == 69 && refused.stderr.contains("connection refused"), "\(refused.stderr)")
    }

    @Test func ctrlCCancelsAWaitingRequest() throws {
        let server = try HTTPTestServer { _ in .stall }
        defer { server.stop() }
        let errPath = home.path + "/stderr.txt"
        let pid = ProcessRunner.spawn(
            Executable.skyshell, ["-c", "los origin 44.27056 -71.30333; los server \(server.url); los viewshed"],
            ProcessRunner.environment(home: home.path)
        ) { actions in
            posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        #expect(pid > 0)
        let deadline = Date().addingTimeInterval(10)
        while server.requests.isEmpty, Date() < deadline { usleep(20_000) }
        usleep(200_000)
        kill(pid, SIGINT)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let r = (status: (status >> 8) & 0xff, stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
        #expect(r.status == 130 && r.stderr.contains("cancelled"), "\(r.status) \(r.stderr)")
    }
}
