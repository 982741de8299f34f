import Foundation
import Glibc
import SkyTestSupport
import Testing

/// Scripts that cron, systemd or `timeout` must be able to stop; servers that drip, redirect
/// and pose as this computer; tokens that must stay where they belong.
@Suite("Hostile input: signals and networks")
struct SignalAndNetworkTests {
    let home = HostileHome()

    /// A CSV of `rows` flights, each another flight (336 days, up to 2,976 flight numbers: a
    /// row that repeats another is skipped).
    @discardableResult
    func bigImport(_ rows: Int) -> String {
        var text = "date,origin,destination,flight_number\n"
        for n in 0..<rows { text += String(format: "2020-%02d-%02d,KSFO,KJFK,UA%d\n", n % 12 + 1, n / 12 % 28 + 1, n / 336 + 1) }
        return home.write("big.csv", text)
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalToEndStopsABatchImportAndChangesNothing(_ signal: Int32) throws {
        // Large enough that the signal 0.6 s in lands well before the commit: the release
        // binary imports 300,000 of these rows, badges included, in about a second (twice that
        // here), and a signal after the commit rightly changes something.
        bigImport(600_000)
        let live = try LiveProcess(
            Executable.skyshell, ["-c", "logbook import big.csv; status"], environment: home.env, directory: home.path, scratch: home.path)
        usleep(600_000)
        live.signal(signal)
        let status = try live.waitForExit(timeout: 20)
        #expect(status == 128 + signal, "\(live.stderr)")
        #expect(live.stderr == "-c:1: error: stopped by \(signal == SIGTERM ? "SIGTERM" : "SIGHUP") — nothing was changed\n", "\(live.stderr)")
        #expect(!live.stdout.contains("Session"), "nothing after the signal ran")
        #expect(home.flightCount() == 0)
        #expect(home.sky("logbook check").status == 0)
    }

    @Test func aSignalWhileAFileIsReadStopsTheImportBeforeItsSummary() throws {
        // A dry run reads and checks the file and writes nothing: the signal 0.3 s in lands
        // while a million rows are read (over a second in the release binary), and the reading
        // itself stops, so no summary is shown.
        bigImport(1_000_000)
        let live = try LiveProcess(
            Executable.skyshell, ["-c", "logbook import big.csv --dry-run; status"], environment: home.env, directory: home.path, scratch: home.path)
        usleep(300_000)
        live.signal(SIGTERM)
        #expect(try live.waitForExit(timeout: 20) == 143, "\(live.stderr)")
        #expect(live.stderr == "-c:1: error: stopped by SIGTERM — nothing was changed\n", "\(live.stderr)")
        #expect(!live.stdout.contains("dry run"), "\(live.stdout)")
        #expect(home.flightCount() == 0)
    }

    @Test func aSignalToEndStopsAScriptWaitingForInput() throws {
        let live = try LiveProcess(Executable.skyshell, ["-"], environment: home.env, directory: home.path, scratch: home.path)
        live.send("echo ready\n")
        try live.waitFor("ready")
        live.signal(SIGTERM)
        #expect(try live.waitForExit(timeout: 10) == 143)
        #expect(live.stderr == "<stdin>:2: error: stopped by SIGTERM\n", "\(live.stderr)")
    }

    @Test func ctrlCInACommandLineStopsTheRestOfItWith130() throws {
        home.write("aircraft.json", #"{"now": 1733000000, "aircraft": [{"hex": "abc123", "lat": 49.0, "lon": 2.5, "alt_baro": 3000}]}"#)
        let live = try LiveProcess(
            Executable.skyshell, ["-c", "observer LFPG; radar source readsb aircraft.json; radar record rec.jsonl for 10min every 1s; status"],
            environment: home.env, directory: home.path, scratch: home.path)
        let deadline = Date().addingTimeInterval(20)
        // The recording goes to a temporary file until it ends; wait for one snapshot in it.
        while Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: home.path)) ?? []
            if let temp = names.first(where: { $0.hasPrefix(".rec.jsonl.skyshell-") }), (home.read(temp)?.split(separator: "\n").count ?? 0) >= 2 { break }
            usleep(50_000)
        }
        live.signal(SIGINT)
        #expect(try live.waitForExit(timeout: 20) == 130, "\(live.stderr)")
        #expect(live.stdout.contains("(stopped by Ctrl-C)"), "the recording ended cleanly: \(live.stdout)")
        #expect(!live.stdout.contains("Session"), "status did not run")
        #expect(live.stderr == "-c:1: error: interrupted — the rest of the line was not run\n", "\(live.stderr)")
        #expect((home.read("rec.jsonl")?.split(separator: "\n").count ?? 0) >= 2, "what was recorded is kept")
    }

    @Test(arguments: [false, true])
    func aServerThatDripsIsStoppedAtTheDeadline(_ headers: Bool) throws {
        let body = String(repeating: " ", count: 200) + "{\"now\": 1733000000, \"aircraft\": []}"
        let server = try HTTPTestServer { _ in .drip(body: body, every: 0.3, headers: headers) }
        let started = Date()
        let result = home.sky("observer LFPG; radar source readsb \(server.url)/aircraft.json; radar list", env: ["SKYSHELL_HTTP_TIMEOUT": "2"], timeout: 30)
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("127.0.0.1 did not answer within 2 s"), "\(result.stderr)")
        #expect(elapsed < 8, "stopped near the 2 s deadline, not after the whole body (\(elapsed) s)")
        server.stop()
    }

    @Test func aTokenIsNeverSentToAnotherOrigin() throws {
        let other = try HTTPTestServer { _ in .json(#"{"time": 1733000000, "states": []}"#) }
        let first = try HTTPTestServer { request in
            if request.method == "POST" { return .json(#"{"access_token": "SECRET-TOKEN", "expires_in": 1800}"#) }
            // Another port is another origin (so is localhost for 127.0.0.1).
            return .respond(status: 302, headers: [("Location", "http://localhost:\(other.port)\(request.target)")], body: "")
        }
        let result = home.sky(
            "observer LFPG; radar source opensky url \(first.url)/api auth \(first.url)/token; radar list",
            env: ["OPENSKY_CLIENT_ID": "id", "OPENSKY_CLIENT_SECRET": "secret"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(first.requests.contains { $0.headers["authorization"] == "Bearer SECRET-TOKEN" }, "the token went to the server it belongs to")
        #expect(other.requests.count == 1)
        #expect(other.requests.allSatisfy { $0.headers["authorization"] == nil }, "the redirect carried the token: \(other.requests.map(\.headers))")
    }

    @Test func onlyThisComputerIsThisComputer() {
        let server = home.sky("los server http://127.0.0.1.example.invalid")
        #expect(server.status == 65 && server.stderr.contains("plain http is refused except to this computer"), "\(server.stderr)")
        for url in ["http://127.0.0.1.example.invalid/api", "http://192.0.2.10/api"] {
            let opensky = home.sky("radar source opensky url \(url)", env: ["OPENSKY_CLIENT_ID": "id", "OPENSKY_CLIENT_SECRET": "secret"])
            #expect(opensky.status == 69 && opensky.stderr.contains("plain http would send the credentials unencrypted"), "\(opensky.stderr)")
        }
        // Without credentials, nothing secret goes out: plain http is allowed.
        #expect(home.sky("radar source opensky url http://192.0.2.10/api").status == 0)
    }
}
