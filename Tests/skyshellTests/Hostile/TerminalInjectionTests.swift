import Foundation
import Glibc
import SkyKit
import SkyTestSupport
import Testing

/// Strings from every outside channel, built to act on a terminal (screen clear, window title,
/// clipboard write, bell, carriage return, C1 CSI, bidi override), never reach stdout or stderr
/// raw in text mode: no 0x1B, 0x07, U+009B, bare CR or bidi control; they show as `\x1b` and
/// the like. JSON stays exact.
@Suite("Hostile input: terminal injection")
struct TerminalInjectionTests {
    let home = HostileHome()

    /// Attacker text, as JSON string content (escaped) and as it must show.
    static let clear = "\u{1B}[2J\u{1B}[H"
    static let title = "\u{1B}]0;owned\u{07}"
    static let clipboard = "\u{1B}]52;c;ZXZpbA==\u{07}"
    static let evil = "AF\(clear)1\(title)\r\u{9B}31m\u{202E}x"
    static var evilJSON: String { String(JSONWriter.compact(.string(evil)).dropFirst().dropLast()) }

    /// No unsafe character in the output; and, unless `shows` is nil, the text was printed (in
    /// its visible form) so the check is not vacuous.
    func expectSafe(_ result: ProcessResult, _ what: String, shows: String? = "\\x1b", sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            TerminalSafety.violation(in: result.stdout) == nil, "\(what) stdout: \(TerminalSafety.violation(in: result.stdout) ?? "")",
            sourceLocation: sourceLocation)
        #expect(
            TerminalSafety.violation(in: result.stderr) == nil, "\(what) stderr: \(TerminalSafety.violation(in: result.stderr) ?? "")",
            sourceLocation: sourceLocation)
        if let shows {
            #expect(
                (result.stdout + result.stderr).contains(shows), "\(what) did not show the text at all:\n\(result.stdout)\n\(result.stderr)",
                sourceLocation: sourceLocation)
        }
    }

    /// `text` as the content of a TOML string (every control character as \uXXXX).
    static func toml(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || scalar == "\"" || scalar == "\\" {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    @Test func receiverFeedFieldsAreShownVisibly() {
        let e = Self.evilJSON
        home.write(
            "aircraft.json",
            """
            {"now": 1733000000, "aircraft": [{"hex": "3c6444", "flight": "\(e)", "r": "\(e)", "t": "\(e)", "squawk": "\(e)", "alt_baro": \
            3000, "lat": 49.02, "lon": 2.56}]}
            """)
        for (command, shown) in [("radar list", true), ("radar", true), ("spot", false), ("explain radar", false), ("set output csv; radar list", true)] {
            expectSafe(home.sky("observer LFPG; radar source readsb aircraft.json; \(command)"), command, shows: shown ? "\\x1b" : nil)
        }
        let json = home.sky("observer LFPG; radar source readsb aircraft.json; set output json; radar list")
        #expect(json.stdout.contains("\\u001b[2J") && !json.stdout.contains("\u{1B}"), "JSON keeps the text exactly, escaped")
    }

    @Test func openSkyFeedFieldsAreShownVisibly() throws {
        let e = Self.evilJSON
        let server = try HTTPTestServer { _ in
            .json(
                #"{"time": 1733000000, "states": [["3c6444", "\#(e)", "Germany", 1733000000, 1733000000, 2.56, 49.02, 3000, false, 200, "#
                    + #"90, 0, null, 3100, "\#(e)", false, 0, 4]]}"#
            )
        }
        expectSafe(home.sky("observer LFPG; radar source opensky url \(server.url)/api; radar list"), "opensky")
    }

    @Test func aReplayHeaderAndItsAircraftAreShownVisibly() {
        let e = Self.evilJSON
        home.write(
            "evil.jsonl",
            """
            {"skyshell_recording":1,"source":"\(e)","started":1733000000}
            {"time":1733000000,"aircraft":[{"icao24":"3c6444","callsign":"\(e)","lat":49.02,"lon":2.56,"baro_alt_m":900,"type":"\(e)",\
            "registration":"\(e)","squawk":"\(e)"}]}

            """)
        expectSafe(home.sky("observer LFPG; radar source replay evil.jsonl; radar source; radar list"), "replay")
    }

    @Test func storedFlightFieldsAreShownVisibly() throws {
        // Text stored before imports were checked (or by another program) still shows safely.
        home.sky("flight add SFO JFK airline UA date 2024-05-02")
        let db = try SQLiteDatabase(path: home.path + "/logbook.sqlite")
        let statement = try db.statement("UPDATE flights SET notes = ?, flight_number = ?, registration = ?, seat_letter = ?")
        try statement.bind([.text(Self.evil), .text(Self.evil), .text(Self.clipboard), .text(Self.title)]).run()
        for (command, shown) in [
            ("flights", false), ("flight show 1", true), ("stats", false), ("airport KSFO", false), ("logbook", false), ("set output csv; flight show 1", true),
        ] {
            expectSafe(home.sky(command), command, shows: shown ? "\\x1b" : nil)
        }
        // Exports keep the data; a spreadsheet formula in a CSV cell is guarded.
        _ = try db.statement("UPDATE flights SET notes = '=HYPERLINK(\"http://x\")'").run()
        #expect(home.sky("logbook export out.csv").status == 0)
        #expect(home.read("out.csv")?.contains("'=HYPERLINK") == true)
        #expect(home.sky("set output csv; flight show 1").stdout.contains("'=HYPERLINK"))
    }

    @Test func elementSetNamesAreShownVisibly() throws {
        let tle = try String(contentsOfFile: Executable.packageRoot + "/Sources/SkyKit/Orbit/Resources/iss.tle", encoding: .utf8).split(separator: "\n")
        home.write("evil.tle", Self.title + "ISS\(Self.clear)\n" + tle[1] + "\n" + tle[2] + "\n")
        let loaded = home.sky("sat load evil.tle")
        #expect(loaded.status == 0, "\(loaded.stderr)")
        expectSafe(loaded, "sat load")
        expectSafe(home.sky("tle"), "tle")
        for command in ["iss", "observer KSFO; iss passes days 1", "observer KSFO; spot"] {
            expectSafe(home.sky(command), command, shows: nil)
        }
    }

    @Test func tileFileNamesAreShownVisibly() throws {
        let folder = home.path + "/tiles"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/N44W072\(Self.clear).hgt", contents: Data([1, 2, 3]))
        _ = FileManager.default.createFile(atPath: folder + "/N44W-72.hgt", contents: Data([1, 2, 3]))
        let result = home.sky("los terrain tiles; los")
        expectSafe(result, "los terrain")
        #expect(result.stdout.contains("N44W-72.hgt: not a tile name"), "a signed degree is not a tile name: \(result.stdout)")
    }

    @Test func serverErrorTextsAreShownVisibly() throws {
        let e = Self.evilJSON
        let server = try HTTPTestServer { _ in .respond(status: 400, body: "{\"error\": \"\(e)\"}") }
        expectSafe(home.sky("los origin 44.27 -71.30; los server \(server.url); los check 44.3 -71.1"), "los server")
        let feed = try HTTPTestServer { _ in .respond(status: 500, headers: [("Content-Type", "text/plain")], body: Self.evil) }
        expectSafe(home.sky("track \(feed.url)/p for 2s"), "track", shows: "error")
    }

    @Test func badgeDefinitionsAreShownVisibly() {
        let e = Self.toml(Self.evil)
        home.write(
            "badges.toml",
            """
            [[badge]]
            id = "evil"
            name = "\(e)"
            kind = "\(e)"
            description = "\(e)"

            [[badge]]
            id = "second"
            name = "Second \(e)"
            kind = "frequent-flyer"
            description = "\(e)"
            flights = 2
            """)
        for command in ["badges", "badge second"] { expectSafe(home.sky(command), command) }
        expectSafe(home.sky("set output csv; badges"), "badges in CSV", shows: nil)
    }

    @Test func aLogbookNameInTheSessionNeverReachesThePrompt() {
        home.write("session.json", "{\"logbook\": \"\(Self.evilJSON)\"}")
        let result = home.sky("status", resume: true)
        expectSafe(result, "session logbook", shows: "logbook is not a logbook name")
        #expect(result.stdout.split(separator: "\n").contains { $0.split(separator: " ") == ["logbook", "default"] })
    }

    @Test func echoedBadInputIsShownVisibly() {
        // The lexer refuses C0 and C1 controls in command lines outright; bidi controls and
        // text from files are echoed in errors and shown visibly.
        for line in ["airport \u{202E}KSFO", "observer \u{2066}x\u{2069} 0", "set units \u{200F}x", "unknown\u{202E}command"] {
            expectSafe(home.run(["-"], stdin: Data((line + "\n").utf8)), line, shows: "\\u{")
        }
        expectSafe(home.sky("observer 1\u{1B}[2J 2"), "ESC in a command line", shows: "control character")
        expectSafe(home.sky("sat fetch http://127.0.0.1:1/x", env: ["SKYSHELL_HTTP_TIMEOUT": Self.evil]), "environment", shows: "SKYSHELL_HTTP_TIMEOUT")
        home.write("evil.sky", "status\nairport \(Self.evil)\n")
        expectSafe(home.run(["evil.sky"]), "script line", shows: "control character")
    }
}
