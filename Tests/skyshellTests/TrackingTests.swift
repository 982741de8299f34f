import Foundation
import SkyTestSupport
import Testing

/// `track` and `iss live` against a position server on 127.0.0.1 that moves a point, fails
/// some requests and answers garbage once: each fix is read, each failure reported, and the
/// loop goes on.
@Suite("Live tracking")
struct TrackingTests {
    let home = TemporaryDirectory("tracking")

    /// A point moving east along the equator by 0.1° a request; requests 3 and 5 fail (500 and
    /// truncated JSON).
    static func movingPoint() throws -> HTTPTestServer {
        let counter = Counter()
        return try HTTPTestServer { request in
            let n = counter.next()
            switch n {
            case 3: return .respond(status: 500, body: "oops")
            case 5: return .json("{\"iss_position\": {\"latitude\": \"0.0\", \"longi")
            default:
                let lon = 10 + 0.1 * Double(n)
                return .json("{\"timestamp\": \(1_762_776_000 + n), \"iss_position\": {\"latitude\": \"0.0\", \"longitude\": \"\(lon)\"}, \"altitude\": 420.5}")
            }
        }
    }

    final class Counter: @unchecked Sendable {
        let lock = NSLock()
        var value = 0
        func next() -> Int {
            lock.withLock {
                value += 1; return value
            }
        }
    }

    @Test func aScriptFollowsTheFeedAndSurvivesFailures() throws {
        let server = try Self.movingPoint()
        defer { server.stop() }
        let file = home.path + "/track.geojson"
        let r = ProcessRunner.run(
            Executable.skyshell,
            ["-c", "track \(server.url)/iss-now.json every 1s for 6s --lat iss_position.latitude --lon iss_position.longitude --label ISS --geojson \(file)"],
            environment: ProcessRunner.environment(home: home.path, extra: ["SKYSHELL_HTTP_TIMEOUT": "2"]))
        #expect(r.status == 0, "\(r.stderr)")
        let fixes = r.stdout.split(separator: "\n").filter { $0.hasPrefix("ISS ") }
        #expect(fixes.count >= 4, "\(r.stdout)")
        #expect(fixes.first?.contains("0.00000, 10.10000 · 420.5 km") == true, "\(r.stdout)")
        // Speed from successive fixes: 0.1° of longitude on the equator in 1 s ≈ 11.1 km/s.
        #expect(fixes.dropFirst().contains { $0.contains("40,07") && $0.contains("heading E") }, "\(r.stdout)")
        #expect(r.stderr.contains("track: 127.0.0.1 answered 500 (Internal Server Error)"), "\(r.stderr)")
        #expect(r.stderr.contains("track: 127.0.0.1 sent something that is not JSON"), "\(r.stderr)")
        #expect(r.stdout.contains("tracking ended:") && r.stdout.contains("2 failed fetches"), "\(r.stdout)")
        let geo = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as! [String: Any]
        let features = geo["features"] as! [[String: Any]]
        let line = features[0]["geometry"] as! [String: Any]
        #expect(line["type"] as? String == "LineString" && (line["coordinates"] as! [[Double]]).count == fixes.count)
    }

    @Test func missingFieldsAndBadPathsAreNamed() throws {
        let server = try HTTPTestServer { _ in .json("{\"where\": {\"lat\": 1, \"lon\": \"east\"}}") }
        defer { server.stop() }
        let r = ProcessRunner.run(
            Executable.skyshell, ["-c", "track \(server.url)/p every 1s for 1s --lat where.lat --lon where.lon"],
            environment: ProcessRunner.environment(home: home.path))
        #expect(r.stderr.contains("'where.lon' is not a number (\"east\")"), "\(r.stderr)")
        let guess = ProcessRunner.run(
            Executable.skyshell, ["-c", "track \(server.url)/p every 1s for 1s"], environment: ProcessRunner.environment(home: home.path))
        #expect(guess.stderr.contains("no latitude in the answer (give its path with --lat"), "\(guess.stderr)")
    }

    @Test func issLiveReadsTheWhereTheISSShape() throws {
        let server = try HTTPTestServer { _ in
            .json(
                "{\"name\":\"iss\",\"id\":25544,\"latitude\":50.11,\"longitude\":-30.25,\"altitude\":418.2,\"velocity\":27580,\"visibilit"
                    + "y\":\"daylight\",\"timestamp\":1762776000,\"units\":\"kilometers\"}"
            )
        }
        defer { server.stop() }
        let r = ProcessRunner.run(
            Executable.skyshell, ["-c", "iss live url \(server.url)/v1/satellites/25544 for 1s"], environment: ProcessRunner.environment(home: home.path))
        #expect(r.status == 0 && r.stdout.contains("ISS 50.11000, -30.25000 · 418.2 km"), "\(r.stdout) \(r.stderr)")
    }

    @Test func anAltitudeInFeetIsReadWithItsUnit() throws {
        let server = try HTTPTestServer { _ in .json("{\"lat\": 48.1, \"lon\": 11.2, \"alt_baro\": 32000}") }
        defer { server.stop() }
        let feet = ProcessRunner.run(
            Executable.skyshell, ["-c", "track \(server.url)/p every 1s for 1s --alt alt_baro --alt-unit ft"],
            environment: ProcessRunner.environment(home: home.path))
        // 32,000 ft is 9.75 km, not 32,000 km.
        #expect(feet.status == 0 && feet.stdout.contains("9.8 km") && !feet.stdout.contains("32,000"), "\(feet.stdout) \(feet.stderr)")
        let bad = ProcessRunner.run(
            Executable.skyshell, ["-c", "track \(server.url)/p for 1s --alt alt_baro --alt-unit furlongs"],
            environment: ProcessRunner.environment(home: home.path))
        #expect(bad.status == 65 && bad.stderr.contains("furlongs"), "\(bad.stderr)")
    }

    @Test func inAScriptTheHintNamesTheCommandThatWasGiven() {
        let r = ProcessRunner.run(Executable.skyshell, ["-c", "iss live"], environment: ProcessRunner.environment(home: home.path))
        #expect(r.status == 65 && r.stderr.contains("give a duration: iss live for 30s"), "\(r.stderr)")
        let t = ProcessRunner.run(Executable.skyshell, ["-c", "track http://127.0.0.1:9/p"], environment: ProcessRunner.environment(home: home.path))
        #expect(t.status == 65 && t.stderr.contains("give a duration: track URL for 30s"), "\(t.stderr)")
    }

    @Test func theLiveMapFollowsAndQuitsCleanly() throws {
        let server = try Self.movingPoint()
        defer { server.stop() }
        let pty = try PTYSession.skyshell(home: home.path)
        pty.resize(columns: 100, rows: 36)
        try pty.waitFor("✈default> ")
        try pty.send("track \(server.url)/iss-now.json --lat iss_position.latitude --lon iss_position.longitude --label ISS\r")
        let first = try pty.waitFor("updated")
        #expect(first.contains("\u{1B}[?1049h"))
        #expect(PTYSession.plain(try pty.waitFor("10.20000")).contains("ISS"))
        try pty.send("q", toEditor: false)
        let after = try pty.waitFor("✈default> ")
        #expect(after.contains("\u{1B}[?25h\u{1B}[?1049l") && PTYSession.plain(after).contains("tracking ended"))
        #expect(try pty.enter("echo still here", until: "✈default> ").contains("still here"))
        try pty.exitShell()
    }
}

/// `sat fetch` against a server on 127.0.0.1: a group through the sat-url template (OMM JSON
/// as CelesTrak answers), a URL of one TLE that is then in use, a missing page and a page of
/// something else (one error line each, nothing changed).
@Suite("Satellite fetch")
struct SatelliteFetchTests {
    let home = TemporaryDirectory("sat-fetch")

    @Test func fetchedSetsAreCheckedKeptAndUsed() throws {
        let hubble = try String(contentsOfFile: Fixtures.directory + "/../skyshellTests/Transcripts/orbit/fixtures/hubble.tle", encoding: .utf8)
        let omm = try String(contentsOfFile: Fixtures.directory + "/orbit/elements/spacetrack.json", encoding: .utf8)
        let server = try HTTPTestServer { request in
            switch request.path {
            case "/hst.tle": return .respond(status: 200, headers: [("Content-Type", "text/plain")], body: hubble)
            case "/gp.php" where request.query("GROUP") == "stations" && request.query("FORMAT") == "json": return .json(omm)
            case "/page.html": return .respond(status: 200, headers: [("Content-Type", "text/html")], body: "<html>No GP data found</html>")
            default: return .respond(status: 404, body: "")
            }
        }
        defer { server.stop() }
        func sky(_ c: String) -> ProcessResult { ProcessRunner.run(Executable.skyshell, ["-c", c], environment: ProcessRunner.environment(home: home.path)) }
        let catalogue = home.path + "/satellites.tle"
        let missing = sky("sat fetch \(server.url)/nothing.tle")
        #expect(missing.status == 69 && missing.stderr.contains("127.0.0.1 answered 404 (Not Found)"), "\(missing.stderr)")
        let html = sky("sat fetch \(server.url)/page.html")
        #expect(html.status == 65 && html.stderr.contains("127.0.0.1: TLE line 1, column 1: no <segment> element: not an OMM XML file"), "\(html.stderr)")
        #expect(!FileManager.default.fileExists(atPath: catalogue))
        // A group name goes into the template (the server answers only that path).
        let bad = sky("set sat-url \(server.url)/gp.php")
        #expect(bad.status == 65 && bad.stderr.contains("the template needs {group}"), "\(bad.stderr)")
        let group = sky("set sat-url '\(server.url)/gp.php?GROUP={group}&FORMAT=json'; sat fetch stations; sat list")
        #expect(group.status == 0, "\(group.stderr)")
        #expect(group.stdout.contains("2 element sets from 127.0.0.1 (OMM JSON): 2 new, 0 updated; 2 satellites loaded"), "\(group.stdout)")
        #expect(group.stdout.contains("note:   item 3: BROKEN: EPOCH"), "\(group.stdout)")
        #expect(group.stdout.contains("VANGUARD 1") && group.stdout.contains("ISS (ZARYA)"))
        // One set fetched is the one in use, and stays in use in the next run; iss stays the ISS.
        let good = ProcessRunner.run(
            Executable.skyshell, ["--resume", "-c", "sat fetch \(server.url)/hst.tle; tle; iss"], environment: ProcessRunner.environment(home: home.path))
        #expect(
            good.status == 0 && good.stdout.contains("1 element set from 127.0.0.1 (TLE): 1 new, 0 updated; 3 satellites loaded"),
            "\(good.stdout) \(good.stderr)")
        #expect(good.stdout.contains("using HST (20580)") && good.stdout.contains("satellites.tle") && good.stdout.contains("ISS (ZARYA)\n"))
        // The satellite in use is session state: the next run that resumes the session follows it.
        let resumed = ProcessRunner.run(Executable.skyshell, ["--resume", "-c", "tle"], environment: ProcessRunner.environment(home: home.path))
        #expect(resumed.stdout.contains("HST"), "\(resumed.stdout)")
        let attributes = try FileManager.default.attributesOfItem(atPath: catalogue)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
}
