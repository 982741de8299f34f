import Foundation
import SkyTestSupport
import Testing

/// `radar watch` on a live receiver served from 127.0.0.1: one JSON line per event as it
/// happens, and it keeps running until it is told to end.
@Suite("Radar watch on a live feed")
struct RadarWatchTests {
    let home = TemporaryDirectory("radar-watch")

    /// The receiver's answer to its k-th request: TST1 flying east 1 km north of the observer,
    /// 1.2 km a request from 4 km west, squawking 7700 from the third answer on.
    static func answer(_ k: Int) -> String {
        let (lat0, lon0) = (49.0128, 2.55)
        let east = -4_000 + 1_200 * Double(k)
        let lat = lat0 + 1_000 / 111_200, lon = lon0 + east / (111_320 * cos(lat0 * Double.pi / 180))
        return """
            {"now": \(1_733_000_000 + k), "aircraft": [{"hex":"3c6444","flight":"TST1    ","alt_baro":1500,"gs":140,"track":90,\
            "squawk":"\(k >= 2 ? "7700" : "1000")","lat":\(lat),"lon":\(lon),"seen_pos":0.1}]}
            """
    }

    @Test func eventsComeAsTheyHappenAndTheWatchRunsUntilItIsEnded() throws {
        let counter = Counter()
        let server = try HTTPTestServer { _ in .json(RadarWatchTests.answer(counter.next() - 1)) }
        defer { server.stop() }
        let live = try LiveProcess(
            Executable.skyshell,
            ["-c", "observer 49.0128 2.55 msl 119m; radar source readsb \(server.url)/data/aircraft.json; watch add callsign TST*; radar watch"],
            environment: ProcessRunner.environment(home: home.path), scratch: home.path)
        // Nearest at the fourth answer (400 m west of abeam); said once it is 250 m farther.
        try live.waitFor("\"event\":\"closest\"", timeout: 20)
        let lines = live.stdout.split(separator: "\n").filter { $0.hasPrefix("{") }
        let events = lines.map { line -> [String: Any] in (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:] }
        #expect(events.map { $0["event"] as? String ?? "" } == ["seen", "emergency", "closest"], "\(live.stdout)")
        #expect(events[0]["time"] as? String == "2024-11-30T20:53:20Z" && events[0]["why"] as? [String] == ["callsign TST*"])
        #expect(events[1]["why"] as? [String] == ["callsign TST*", "squawk 7700 — general emergency"])
        #expect(events[2]["time"] as? String == "2024-11-30T20:53:23Z" && events[2]["country"] as? String == "DE")
        #expect((events[2]["look"] as? String)?.hasPrefix("Look north") == true)
        // Still running, polling: it never ends by itself.
        usleep(1_500_000)
        #expect(ProcessRunner.reap(live.pid) == nil)
        let asked = server.requests.count
        usleep(1_500_000)
        #expect(server.requests.count > asked)
        // A signal to end (systemd's stop) ends it at once, with what it wrote intact.
        live.signal(SIGTERM)
        let status = try live.waitForExit(timeout: 5)
        #expect(status == 143 || status == 0, "\(status) \(live.stderr)")
        #expect(live.stdout.split(separator: "\n").filter { $0.hasPrefix("{") }.count == lines.count)
    }
}

/// The station log of a live receiver: kept by whatever fetches it, whole snapshots only even
/// when skyshell is killed mid-write, and read back by station and radar coverage.
@Suite("Station log of a live receiver")
struct StationLogProcessTests {
    let home = TemporaryDirectory("station-live")

    /// The k-th answer: 200 aircraft around Charles de Gaulle, each moving a little.
    static func answer(_ k: Int) -> String {
        let aircraft = (0..<200).map { n -> String in
            let bearing = Double(n) * 1.8 * Double.pi / 180, distance = 5_000 + Double(n) * 1_500 + Double(k) * 100
            let lat = 49.0128 + distance * cos(bearing) / 111_200, lon = 2.55 + distance * sin(bearing) / 73_000
            return "{\"hex\":\"\(String(format: "%06x", 0x390000 + n))\",\"flight\":\"AFR\(n)    \",\"t\":\"\(n % 2 == 0 ? "A320" : "B77W")\","
                + "\"alt_baro\":\(2_000 + n * 150),\"gs\":\(200 + n),\"lat\":\(lat),\"lon\":\(lon),\"seen_pos\":0.2}"
        }
        return "{\"now\": \(1_733_000_000 + k), \"aircraft\": [\(aircraft.joined(separator: ","))]}"
    }

    @Test func aKilledWatchLeavesWholeSnapshotsThatStationAndCoverageRead() throws {
        let counter = Counter()
        let server = try HTTPTestServer { _ in .json(StationLogProcessTests.answer(counter.next())) }
        defer { server.stop() }
        let source = "observer 49.0128 2.55 msl 119m; radar source readsb \(server.url)/data/aircraft.json"
        let environment = ProcessRunner.environment(home: home.path)
        let live = try LiveProcess(Executable.skyshell, ["-c", source + "; radar watch"], environment: environment, scratch: home.path)
        // Let it log a few snapshots, then kill it without warning.
        let deadline = Date().addingTimeInterval(20)
        while server.requests.count < 4, Date() < deadline { usleep(50_000) }
        usleep(300_000)
        live.signal(SIGKILL)
        #expect(try live.waitForExit() == 128 + SIGKILL)
        let r = ProcessRunner.run(Executable.skyshell, ["--output", "json", "-c", source + "; station"], environment: environment)
        #expect(r.status == 0, "\(r.stderr)")
        // One JSON document per command: the station's is the last.
        let last = r.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let card = (try? JSONSerialization.jsonObject(with: Data(last.utf8))) as? [String: Any] ?? [:]
        let positions = card["positions"] as? Int ?? -1
        // Whole snapshots of 200 only: none half written.
        #expect(positions >= 600 && positions % 200 == 0, "\(r.stdout)")
        #expect(card["aircraft"] as? Int == 200)
        let more = ProcessRunner.run(
            Executable.skyshell, ["-c", source + "; station records; station new; radar coverage --sectors 36"], environment: environment)
        #expect(more.status == 0, "\(more.stderr)")
        #expect(more.stdout.contains("farthest") && more.stdout.contains("A320") && more.stdout.contains("B77W") && more.stdout.contains("AFR"))
        #expect(more.stdout.contains("the station log of receiver"), "\(more.stdout)")
        var mode = stat()
        #expect(stat(home.path + "/station.sqlite", &mode) == 0 && mode.st_mode & 0o777 == 0o600)
    }
}

/// `station run` as a service manager runs it: no terminal, nothing on stdout, a line on stderr
/// at the start, each report interval and the end; SIGTERM ends it with status 0 and the log whole.
@Suite("Station run, unattended")
struct StationRunTests {
    let home = TemporaryDirectory("station-run")

    @Test func itLogsUntilSIGTERMThenEndsCleanlyWithStatusZero() throws {
        let counter = Counter()
        // The fourth answer fails: a receiver that does not answer now and then is tried again.
        let server = try HTTPTestServer { _ in
            let k = counter.next()
            return k == 4 ? .respond(status: 503, body: "busy") : .json(StationLogProcessTests.answer(k))
        }
        defer { server.stop() }
        let source = "observer 49.0128 2.55 msl 119m; radar source readsb \(server.url)/data/aircraft.json"
        let environment = ProcessRunner.environment(home: home.path)
        let live = try LiveProcess(
            Executable.skyshell, ["-q", "-c", source + "; station run every 0.2s report 1s"], environment: environment, scratch: home.path)
        let deadline = Date().addingTimeInterval(20)
        while !(live.stderr.contains("heard 200 aircraft") && live.stderr.contains("trying again")), Date() < deadline { usleep(50_000) }
        #expect(live.stderr.contains("station: "), "\(live.stderr)")
        live.signal(SIGTERM)
        let status = try live.waitForExit(timeout: 5)
        #expect(status == 0, "\(status) \(live.stderr)")
        // Nothing on stdout but the observer's note (-q keeps notes): the run writes on stderr.
        #expect(live.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("note: ") }, "\(live.stdout)")
        let lines = live.stderr.split(separator: "\n").map(String.init)
        // The start, at least one interval, the failure said once, and the end with the totals.
        #expect(lines.first?.contains("station: ") == true && lines.first?.contains("logging receiver \(server.url)") == true, "\(lines)")
        #expect(lines.contains { $0.contains("failed: the receiver answered 503") && $0.contains("trying again at the next poll") }, "\(lines)")
        #expect(lines.contains { $0.contains("heard 200 aircraft") }, "\(lines)")
        let end = try #require(lines.last)
        #expect(end.contains("stopped by SIGTERM: ") && end.contains("positions logged in all"), "\(end)")
        // Each line starts with the time, for the journal.
        #expect(lines.allSatisfy { $0.range(of: #"^skyshell: station: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ "#, options: .regularExpression) != nil }, "\(lines)")
        // The log has whole snapshots of 200, as many as the run said.
        let said = end.components(separatedBy: "snapshots, ").last?.components(separatedBy: " positions").first ?? ""
        let logged = Int(said.replacingOccurrences(of: ",", with: "")) ?? -1
        let r = ProcessRunner.run(Executable.skyshell, ["--output", "json", "-c", source + "; station"], environment: environment)
        let last = r.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let card = (try? JSONSerialization.jsonObject(with: Data(last.utf8))) as? [String: Any] ?? [:]
        #expect(card["positions"] as? Int == logged && logged >= 400 && logged % 200 == 0, "\(logged) \(r.stdout)")
    }

    @Test func withoutAReceiverItSaysWhatItNeeds() {
        let r = ProcessRunner.run(
            Executable.skyshell, ["-c", "observer LFPG; radar source sample paris; station run"], environment: ProcessRunner.environment(home: home.path))
        #expect(r.status != 0, "\(r.status)")
        #expect(r.stderr.contains("station run needs a receiver as the radar source (radar source readsb URL)"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
    }

    @Test func forADurationItEndsByItself() throws {
        let server = try HTTPTestServer { _ in .json(StationLogProcessTests.answer(0)) }
        defer { server.stop() }
        let r = ProcessRunner.run(
            Executable.skyshell,
            ["-c", "observer 49.0128 2.55 msl 119m; radar source readsb \(server.url)/data/aircraft.json; station run for 1s every 0.2s"],
            environment: ProcessRunner.environment(home: home.path))
        #expect(r.status == 0, "\(r.stderr)")
        // The same answer read again is logged once.
        #expect(r.stderr.contains("ran for") && r.stderr.contains("1 snapshot, 200 positions logged in all"), "\(r.stderr)")
    }
}
