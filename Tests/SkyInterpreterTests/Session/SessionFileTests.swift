import Foundation
import Glibc
import SkyKit
import SkyTestSupport
import Testing

@testable import SkyInterpreter

/// A saved session is outside input: checked on load, kept when it cannot be read, merged when
/// two shells share it.
@Suite("Session files")
struct SessionFileTests {
    let home = TemporaryDirectory("sessionfile")
    var paths: Paths { Paths(config: home.path, state: home.path, data: home.path) }

    func write(_ name: String, _ object: Any) throws {
        let data = try JSONSerialization.data(withJSONObject: object)
        _ = FileManager.default.createFile(atPath: home.path + "/" + name, contents: data)
    }

    func stored(_ name: String) throws -> Datum { try JSONParser.parse([UInt8](Data(contentsOf: URL(fileURLWithPath: home.path + "/" + name)))) }

    @Test func everyBadValueTakesItsDefaultWithOneWarningNamingIt() throws {
        try write(
            "session.json",
            [
                "observer": ["place": ["coordinate": ["latitude": 95, "longitude": 0], "name": "x"], "altitude": ["meters": 0]],
                "heading": ["degrees": 90], "headingIsSet": true,
                "los": [
                    "range": ["meters": 1e12], "observer": ["height": ["meters": 1e308], "reference": "agl"],
                    "target": ["height": ["meters": -1e9], "reference": "msl"], "earth": "flat",
                ],
                "radar": [
                    "range": ["meters": -5000], "times": ["sample Paris": 1e25],
                    "source": ["openSky": ["url": "ftp://x", "authURL": NSNull(), "credentials": NSNull()]],
                ],
                "logbook": "\u{1B}]0;owned\u{07}",
            ])
        try write("settings.json", ["units": "furlongs", "output": 7, "color": "never"])
        let (session, problems) = SessionStore(paths: paths).load()
        let expected = [
            "observer", "los.range", "los.observer", "los.target", "los.earth", "radar.range", "radar.times", "radar.source", "logbook", "units", "output",
        ]
        for field in expected {
            #expect(
                problems.filter { $0.contains(" \(field)") || $0.contains("'\(field)'") || $0.contains(": \(field) ") || $0.contains("value of \(field)") }
                    .count >= 1,
                "no warning names \(field): \(problems)")
        }
        #expect(problems.count == expected.count, "\(problems)")
        var defaults = Session()
        defaults.face(Angle(degrees: 90))
        try defaults.settings.set("color", "never")
        #expect(session == defaults, "only the good values are kept")
    }

    /// A saved value goes through the rule the command applies: a longitude of 400° is no
    /// position (it became 40° under the label KSFO), and a SkyQuant server over plain http
    /// to another computer is refused as `los server` refuses it.
    @Test func savedValuesObeyTheCommandsRules() throws {
        try write(
            "session.json",
            [
                "observer": ["place": ["coordinate": ["latitude": 37.6, "longitude": 400], "name": "KSFO"], "altitude": ["meters": 4]],
                "los": ["server": "http://skyquant.example.org"],
            ])
        let (session, problems) = SessionStore(paths: paths).load()
        #expect(session.observer == nil && session.los.server == nil, "\(String(describing: session.observer)) \(session.los.server ?? "")")
        #expect(problems.contains { $0.contains("observer") && $0.contains("not a position on Earth") }, "\(problems)")
        #expect(problems.contains { $0.contains("los.server") && $0.contains("plain http is refused") }, "\(problems)")
        #expect(problems.count == 2, "\(problems)")
        // What the commands take, a saved session keeps: 180° is -180°, https to anywhere.
        try write(
            "session.json",
            [
                "observer": ["place": ["coordinate": ["latitude": -90, "longitude": 180], "name": "pole"], "altitude": ["meters": 4]],
                "los": ["server": "https://skyquant.example.org"],
            ])
        let (kept, none) = SessionStore(paths: paths).load()
        #expect(none.isEmpty && kept.observer?.place.coordinate.longitude == -180 && kept.los.server == "https://skyquant.example.org", "\(none)")
    }

    @Test func aFileThatCannotBeReadIsNeverWrittenOver() throws {
        // A directory where the file should be cannot be read (root reads any mode-000 file, so
        // the binary tests cover modes as an unprivileged user).
        try FileManager.default.createDirectory(atPath: paths.sessionFile, withIntermediateDirectories: false)
        let store = SessionStore(paths: paths)
        let (_, problems) = store.load()
        #expect(problems == ["cannot read \(paths.sessionFile) (not a regular file); using defaults, and it will not be written over"])
        var changed = Session()
        changed.face(Angle(degrees: 10))
        #expect(try store.save(changed).isEmpty)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: paths.sessionFile, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test func twoShellsKeepEachOthersChanges() throws {
        let a = SessionStore(paths: paths), b = SessionStore(paths: paths)
        var sa = a.load().0, sb = b.load().0
        try sa.settings.set("units", "aviation")
        sa.face(Angle(degrees: 45))
        _ = try a.save(sa)
        // B loaded before A saved; it changes other things and saves last.
        try sb.settings.set("accent", "red")
        sb.useLogbook("work")
        _ = try b.save(sb)
        let (merged, problems) = SessionStore(paths: paths).load()
        #expect(problems.isEmpty)
        #expect(merged.settings["units"] == "aviation" && merged.settings["accent"] == "red")
        #expect(merged.heading.degrees == 45 && merged.logbook == "work")
        // A reset removes the key it changed, and only it.
        sa.settings.reset("units")
        _ = try a.save(sa)
        let after = SessionStore(paths: paths).load().0
        #expect(after.settings["units"] == "metric" && after.settings["accent"] == "red")
    }

    @Test func unknownKeysFromANewerSkyshellSurviveASave() throws {
        try write("session.json", ["future": ["x": 1], "logbook": "old"])
        let store = SessionStore(paths: paths)
        var s = store.load().0
        s.useLogbook("new")
        _ = try store.save(s)
        let disk = try stored("session.json")
        #expect(disk["future"] == .object([("x", .int(1))]))
        #expect(disk["logbook"] == .string("new"))
    }
}

@Suite("History file")
struct HistoryFileTests {
    let home = TemporaryDirectory("historyfile")

    @Test func readsWhatLibeditWrites() {
        // As libedit 3.1 saves it (vis(3) with VIS_WHITE): spaces and backslashes in octal,
        // control characters as \^X, bytes above 0x7F as \M-.
        let file = "_HiStOrY_V2_\nobserver\\04051.47\\040-0.45\ncaf\\M-C\\M-)\\040ok\nback\\134slash\n"
        #expect(HistoryFile.entries(Array(file.utf8)) == ["observer 51.47 -0.45", "café ok", "back\\slash"])
    }

    @Test func escapesThatWouldBeControlCharactersStayText() {
        let file = "_HiStOrY_V2_\nabc\\033[2Jdef\nx\\^[]0;t\\^G\nraw\u{1B}byte\nok\n"
        let entries = HistoryFile.entries(Array(file.utf8))
        #expect(entries == ["abc\\033[2Jdef", "x\\^[]0;t\\^G", "ok"])
        #expect(HistoryFile.decode(Array("airport\\040\\033]0;x\\007".utf8)) == "airport \\033]0;x\\007")
        #expect(!entries.joined().unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func entriesRoundTrip() {
        for entry in ["observer 51.47 -0.45", "airport \"Zürich\"", "echo a\\b", "flight add SFO JFK notes 'x  y'", "東京 ✈"] {
            #expect(HistoryFile.decode(Array(HistoryFile.encode(entry).utf8)) == entry)
        }
    }

    @Test func twoShellsAppendWithoutLosingLines() {
        let path = home.path + "/history"
        let a = HistoryFile(path: path), b = HistoryFile(path: path)
        _ = a.load()
        _ = b.load()
        for n in 0..<20 {
            a.append("from a \(n)", keeping: [])
            b.append("from b \(n)", keeping: [])
        }
        let all = HistoryFile(path: path).load()
        #expect(all.count == 40)
        #expect(all.filter { $0.hasPrefix("from a") }.count == 20 && all.filter { $0.hasPrefix("from b") }.count == 20)
    }

    @Test func aLinkAtTheHistoryIsReplacedNotFollowed() throws {
        let victim = home.path + "/victim"
        _ = FileManager.default.createFile(atPath: victim, contents: Data("important\n".utf8))
        let path = home.path + "/history"
        symlink(victim, path)
        let file = HistoryFile(path: path)
        file.append("status", keeping: ["help", "status"])
        #expect(String(decoding: FileManager.default.contents(atPath: victim)!, as: UTF8.self) == "important\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil)
        #expect(HistoryFile(path: path).load() == ["help", "status"])
    }

    @Test func theFileIsCutBackToTheLimit() {
        let path = home.path + "/history"
        let file = HistoryFile(path: path, limit: 10)
        for n in 0..<25 { file.append("line \(n)", keeping: []) }
        let kept = HistoryFile(path: path, limit: 100).load()
        #expect(kept.count <= 20 && kept.last == "line 24")
    }
}
