import Foundation
import SkyTestSupport
import Testing

/// `metar` and `taf` against a weather server on 127.0.0.1 that answers as the Aviation Weather
/// Center's data API does (JSON, or the raw form), fails, or sends what no server should: the
/// requests made, the cards and tables, the reports kept with their times for when the server
/// is gone, and one clear line for each failure.
@Suite("Weather service")
struct WeatherServiceTests {
    let home = TemporaryDirectory("weather")

    /// 2025-11-10 11:30 UTC, half an hour before the tests' pinned clock.
    static let observed = 1_762_774_200

    static let lfpg =
        #"{"icaoId":"LFPG","obsTime":1762774200,"reportTime":"2025-11-10 11:30:00","rawOb":"LFPG 101130Z 24012G22KT 9999 -SHRA BKN012 09/07 Q1003","#
        + #""lat":49.0128,"lon":2.55,"elev":119,"name":"Paris/Charles de Gaulle Arpt, IF, FR"}"#
    static let kjfk =
        #"{"icaoId":"KJFK","obsTime":1762774260,"rawOb":"KJFK 101131Z 31012KT 10SM FEW045 M02/M14 A3042 RMK AO2 SLP303 T10221139","#
        + #""name":"New York/JF Kennedy Intl, NY, US"}"#
    static let taf =
        #"[{"icaoId":"LFPG","issueTime":"2025-11-10T11:00:00.000Z","validTimeFrom":1762776000,"validTimeTo":1762884000,"#
        + #""rawTAF":"TAF LFPG 101100Z 1012/1118 24012KT 9999 BKN020 TEMPO 1012/1016 4000 SHRA BKN012 FM102200 20005KT 6000 BKN008 "#
        + #"BECMG 1107/1109 9999 SCT030"}]"#

    func run(_ commands: String, _ server: HTTPTestServer?, now: String = "2025-11-10T12:00:00Z") -> ProcessResult {
        var extra = ["SKYSHELL_NOW": now, "SKYSHELL_HTTP_TIMEOUT": "2"]
        let base = server.map { "set weather-url \($0.url)/api/data; " } ?? "set weather-url http://127.0.0.1:9/api/data; "
        extra["COLUMNS"] = "140"
        return ProcessRunner.run(Executable.skyshell, ["-q", "-c", base + commands], environment: ProcessRunner.environment(home: home.path, extra: extra))
    }

    @Test func oneStationGetsACardFromTheJSONAnswer() throws {
        let server = try HTTPTestServer { _ in .json("[\(Self.lfpg)]") }
        defer { server.stop() }
        let r = run("metar LFPG", server)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(server.requests.map(\.target) == ["/api/data/metar?ids=LFPG&format=json"])
        #expect(r.stdout.contains("METAR LFPG — Paris/Charles de Gaulle Arpt, IF, FR"), "\(r.stdout)")
        #expect(r.stdout.contains("observed          2025-11-10 11:30 UTC (30 min ago)"), "\(r.stdout)")
        #expect(r.stdout.contains("category          MVFR — ceiling 1,200 ft"), "\(r.stdout)")
        #expect(r.stdout.contains("wind              wind from 240° at 12 kt gusting 22"), "\(r.stdout)")
        #expect(r.stdout.contains("Wind on the runways of LFPG") && r.stdout.contains("favoured: 26H, 26L, 26R, 27L, 27R"), "\(r.stdout)")
        // The report is kept with its time, private to the user.
        let kept = home.path + "/weather.json"
        let attributes = try FileManager.default.attributesOfItem(atPath: kept)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let text = try String(contentsOfFile: kept, encoding: .utf8)
        #expect(text.contains("LFPG 101130Z") && text.contains("1762774200"))
    }

    @Test func severalStationsGetATableFromOneRequest() throws {
        let server = try HTTPTestServer { _ in .json("[\(Self.lfpg),\(Self.kjfk)]") }
        defer { server.stop() }
        let r = run("metar LFPG KJFK ZZZZ", server)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(server.requests.map(\.target) == ["/api/data/metar?ids=LFPG,KJFK,ZZZZ&format=json"])
        let rows = r.stdout.split(separator: "\n").filter { $0.hasPrefix("LFPG") || $0.hasPrefix("KJFK") }
        #expect(rows.count == 2 && rows[0].contains("MVFR") && rows[1].contains(" VFR "), "\(r.stdout)")
        #expect(r.stdout.contains("note: no current METAR for ZZZZ"), "\(r.stdout)")
        // A pipeline reads the typed table.
        let ifr = run("metar LFPG KJFK | where flight_category == \"MVFR\" | get station", server)
        #expect(ifr.stdout == "LFPG\n", "\(ifr.stdout)\(ifr.stderr)")
    }

    @Test func theRawFormIsReadToo() throws {
        let server = try HTTPTestServer { _ in
            .respond(status: 200, headers: [("Content-Type", "text/plain")], body: "METAR LFPG 101130Z 24012KT 9999 BKN012 09/07 Q1003\n")
        }
        defer { server.stop() }
        let r = run("metar LFPG", server)
        #expect(r.status == 0 && r.stdout.contains("category          MVFR — ceiling 1,200 ft"), "\(r.stdout)\(r.stderr)")
        // Without the server's date, the report's month is not known and the card says so.
        #expect(r.stdout.contains("day 10 11:30 UTC (the report gives no month)"), "\(r.stdout)")
    }

    @Test func aRecentFetchIsNotRepeatedAndAnOldOneIsShownWhenTheServerIsGone() throws {
        let server = try HTTPTestServer { _ in .json("[\(Self.lfpg)]") }
        _ = run("metar LFPG", server)
        _ = run("metar LFPG", server, now: "2025-11-10T12:00:40Z")
        #expect(server.requests.count == 1, "a fetch within a minute is answered from what was kept")
        server.stop()
        let later = run("metar LFPG", nil, now: "2025-11-10T14:00:00Z")
        #expect(later.status == 0, "\(later.stderr)")
        #expect(later.stdout.contains("observed          2025-11-10 11:30 UTC (2 h 30 min ago)"), "\(later.stdout)")
        #expect(later.stdout.contains("LFPG's METAR is the one fetched 2 h 00 min ago"), "\(later.stdout)")
        // With nothing kept, the failure is one line and status 69.
        let other = run("metar EGLL", nil)
        #expect(other.status == 69 && other.stderr.split(separator: "\n").count == 1, "\(other.stderr)")
        #expect(other.stderr.contains("(no METAR of EGLL kept from before)"), "\(other.stderr)")
    }

    @Test func failuresAreOneLineWithTheServersWordsMadeVisible() throws {
        let answers: [(HTTPTestServer.Reply, Int32, String)] = [
            (.respond(status: 204, body: ""), 69, "no current METAR for LFPG"),
            (.respond(status: 500, body: "\u{1B}[31mboom\u{7}\nmore"), 69, "127.0.0.1 answered 500 (Internal Server Error): \\x1b[31mboom\\x07"),
            (.respond(status: 429, body: "slow down"), 69, "127.0.0.1 answered 429 (Too Many Requests): try again in a minute"),
            (.json("[{\"rawOb\": 12}, "), 65, "127.0.0.1 sent reports skyshell cannot read"),
        ]
        for (reply, status, message) in answers {
            let server = try HTTPTestServer { _ in reply }
            defer { server.stop() }
            let fresh = TemporaryDirectory("weather-failure")
            let r = ProcessRunner.run(
                Executable.skyshell, ["-c", "set weather-url \(server.url)/api/data; metar LFPG"], environment: ProcessRunner.environment(home: fresh.path))
            #expect(r.status == status, "\(message): \(r.stderr)")
            #expect(r.stderr.contains(message) && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
            #expect(!r.stderr.contains("\u{1B}"))
        }
    }

    @Test func aServerReportFullOfControlCharactersIsShownVisibly() throws {
        let server = try HTTPTestServer { _ in
            .json(
                #"[{"icaoId":"LFPG","obsTime":1762774200,"rawOb":"LFPG 101130Z 24012KT 9999 \u001b[2J BKN012 09/07 Q1003","name":"\u001b]0;pwned\u0007","#
                    + #""lat":49.0,"lon":2.5}]"#)
        }
        defer { server.stop() }
        let r = run("metar LFPG", server)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("\u{1B}") && !r.stdout.contains("\u{7}"), "\(r.stdout)")
        #expect(r.stdout.contains("\\x1b]0;pwned\\x07"), "\(r.stdout)")
    }

    @Test func aTAFIsATimelineWithThePeriodNowMarked() throws {
        let server = try HTTPTestServer { _ in .json(Self.taf) }
        defer { server.stop() }
        let r = run("taf LFPG", server, now: "2025-11-10T23:00:00Z")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(server.requests.map(\.target) == ["/api/data/taf?ids=LFPG&format=json"])
        #expect(r.stdout.contains("issued  2025-11-10 11:00 UTC (12 h 00 min ago)"), "\(r.stdout)")
        let now = r.stdout.split(separator: "\n").filter { $0.contains("◀ now") }
        #expect(now.count == 1 && now[0].hasPrefix("10 22:00 ◀ now") && now[0].contains("IFR"), "\(r.stdout)")
    }

    @Test func aTAFAtAnArrivalTimeGivesThePrevailingConditionsAndTheWorstExpectedThen() throws {
        let server = try HTTPTestServer { _ in .json(Self.taf) }
        defer { server.stop() }
        // 14:00 is later today: the opening conditions (MVFR) with the TEMPO's showers (IFR).
        let today = run("taf LFPG at 14:00", server)
        #expect(today.status == 0, "\(today.stderr)")
        #expect(today.stdout.contains("at          day 10 14:00 UTC"), "\(today.stdout)")
        #expect(today.stdout.contains("prevailing  MVFR — wind from 240° at 12 kt"), "\(today.stdout)")
        #expect(today.stdout.contains("worst       IFR (temporarily: visibility 4,000 m; showers of rain; broken clouds at 1,200 ft)"), "\(today.stdout)")
        // 08:00 has passed today: tomorrow's, during the BECMG, whose worst is the FM group's IFR.
        let tomorrow = run("taf LFPG --at 08:00", server)
        #expect(tomorrow.stdout.contains("at          day 11 08:00 UTC"), "\(tomorrow.stdout)")
        #expect(tomorrow.stdout.contains("becoming    VFR"), "\(tomorrow.stdout)")
        #expect(tomorrow.stdout.contains("worst       IFR (the prevailing conditions: nothing worse is expected then)"), "\(tomorrow.stdout)")
        // After the validity: one line, a data error.
        let late = run("taf LFPG at 2025-11-12T09:00Z", server)
        #expect(late.status == 65 && late.stdout.isEmpty, "\(late.stdout)")
        #expect(late.stderr.contains("2025-11-12 09:00:00 UTC is not within the validity of LFPG's TAF (day 10 12:00 to day 11 18:00 UTC)"), "\(late.stderr)")
        // The 18:00 of tomorrow ends the validity; 19:00 never comes within it.
        let never = run("taf LFPG at 19:00", server, now: "2025-11-10T23:00:00Z")
        #expect(never.status != 0 && never.stderr.contains("19:00 UTC does not come again within the validity"), "\(never.stderr)")
        let json = run("set output json; taf LFPG at 14:00", server)
        #expect(json.stdout.contains(#""at":"2025-11-10T14:00:00Z""#) && json.stdout.contains(#""worst":"IFR""#), "\(json.stdout)")
        // Several stations: a row each, with the category then and the worst.
        let two = run("taf LFPG EGLL at 14:00", server)
        let row = two.stdout.split(separator: "\n").first { $0.hasPrefix("LFPG") }.map(String.init) ?? ""
        #expect(row.contains("10 14:00") && row.contains("MVFR") && row.contains("IFR") && row.contains("temporarily"), "\(two.stdout)")
        #expect(two.stdout.contains("no current TAF for EGLL"), "\(two.stdout)")
    }

    @Test func theAddressIsASettingCheckedWhenSet() {
        let r = ProcessRunner.run(Executable.skyshell, ["-c", "set weather-url ftp://example.org"], environment: ProcessRunner.environment(home: home.path))
        #expect(r.status == 65 && r.stderr.contains("weather-url: 'ftp://example.org' is not an http(s) URL"), "\(r.stderr)")
    }

    @Test func theRadarReadsPressureAltitudesWithTheQNHOfAMETARFromItsMoment() throws {
        // The Paris recording at 13:05, and a METAR of 13:00: its pressure altitudes are read
        // with the QNH; at 12:30 the report is from later than the radar's moment.
        let text = #"[{"icaoId":"LFPG","obsTime":1633611600,"rawOb":"LFPG 071300Z 24012KT 9999 FEW030 17/08 Q1021"}]"#
        let server = try HTTPTestServer { _ in .json(text) }
        defer { server.stop() }
        let before = run("observer LFPG; radar time 13:05; radar list | where callsign == \"AFR702\" | get altitude_m", server)
        let after = run("observer LFPG; metar LFPG; radar time 13:05; radar list | where callsign == \"AFR702\" | get altitude_m", server)
        #expect(before.status == 0 && after.status == 0, "\(before.stderr)\(after.stderr)")
        // "1,036 m*" (a pressure altitude), "1,099 m": the line of the answer that is a height.
        func metres(_ text: String) -> Double {
            let line = text.split(separator: "\n").last { $0.first?.isNumber == true && $0.contains(" m") }
            return Double(line.map { String($0.prefix { $0 != " " }).replacingOccurrences(of: ",", with: "") } ?? "") ?? .nan
        }
        #expect(before.stdout.contains("1,036 m*") && !after.stdout.contains(" m*"), "\(before.stdout) → \(after.stdout)")
        // 1021 hPa is 7.75 hPa above the standard: at 1,036 m of pressure altitude the
        // altimeter's equation reads 62.8 m higher (the list rounds to the metre).
        #expect(abs((metres(after.stdout) - metres(before.stdout)) - 62.8) <= 1, "\(before.stdout) → \(after.stdout)")
        let list = run("observer LFPG; metar LFPG; radar time 13:05; radar list", server)
        #expect(list.stdout.contains("read with its QNH 1021 hPa (METAR day 7 13:00 UTC)"), "\(list.stdout)")
        let later = run("observer LFPG; metar LFPG; radar time 12:30; radar list", server)
        #expect(later.stdout.contains("LFPG's METAR (day 7 13:00 UTC) is not from the radar's moment"), "\(later.stdout)")
    }
}
