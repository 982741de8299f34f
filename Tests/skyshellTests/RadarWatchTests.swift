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
