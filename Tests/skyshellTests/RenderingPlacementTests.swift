import Foundation
import SkyTestSupport
import Testing

/// The renderer owns presentation: drawings are sized when written, JSON and CSV never depend
/// on the terminal, streams and notes go through the renderer like everything else.
@Suite("Rendering owns presentation")
struct RenderingPlacementTests {
    let home = TemporaryDirectory("rendering")

    func sky(_ arguments: [String], env extra: [String: String] = [:]) -> ProcessResult {
        ProcessRunner.run(Executable.skyshell, arguments, environment: ProcessRunner.environment(home: home.path, extra: extra))
    }

    /// Every JSON document in `text`: JSON Lines, one compact document on each line.
    func documents(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not one JSON document: \(line)")
        }
    }

    @Test func jsonNeverDependsOnTheTerminal() throws {
        for columns in ["29", "20", "200"] {
            let r = sky(["--output", "json", "-c", "observer LFPG; radar"], env: ["COLUMNS": columns])
            #expect(r.status == 0, "\(columns): \(r.stderr)")
            let docs = try documents(r.stdout)
            #expect(docs.count == 2 && (docs[1]["aircraft"] as? [Any])?.isEmpty == false)
        }
        let narrow = sky(["-c", "observer LFPG; radar"], env: ["COLUMNS": "20"])
        #expect(narrow.status == 0)
        #expect(narrow.stdout.contains("(the terminal is too small for the scope: it needs at least 24 columns"), "\(narrow.stdout)")
        let wide = sky(["-c", "observer LFPG; radar"], env: ["COLUMNS": "120", "LINES": "40"])
        #expect(wide.stdout.split(separator: "\n").count > narrow.stdout.split(separator: "\n").count + 20, "the scope grows with the space")
    }

    @Test func aTrackInAScriptIsAStreamThroughTheRenderer() throws {
        let server = try HTTPTestServer { _ in .json(#"{"latitude": 48.1, "longitude": 2.3, "altitude": 410}"#) }
        let r = sky(["--output", "json", "-c", "track \(server.url)/p every 1s for 2s"])
        #expect(r.status == 0, "\(r.stderr)")
        let docs = try documents(r.stdout)
        let fixes = try #require(docs.first?["fixes"] as? [[String: Any]])
        #expect(fixes.count >= 2 && fixes[0]["latitude"] as? Double == 48.1 && fixes[0]["line"] == nil)
        #expect(docs.last?["message"] as? String == "tracking ended: \(fixes.count) fixes, 0 failed fetches")
        let text = sky(["-c", "track \(server.url)/p every 1s for 2s --label X"])
        #expect(text.stdout.hasPrefix("X 48.10000, 2.30000 · 410.0 km"), "\(text.stdout)")
    }

    @Test func aUserFileWithMistakesIsANoteOfTheOutput() throws {
        _ = FileManager.default.createFile(atPath: home.path + "/badges.toml", contents: Data("[[badge]]\nid = \"x\"\nkind = \"voyage\"\n".utf8))
        let r = sky(["--output", "json", "-c", "badges"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let notes = try #require(try documents(r.stdout).first?["notes"] as? [String])
        #expect(notes.contains { $0.contains("badges.toml:1") })
    }

    @Test func lessonsFollowTheOutputFormat() throws {
        let r = sky(["--output", "json", "-c", "lesson 1"])
        #expect(r.status == 0, "\(r.stderr)")
        let docs = try documents(r.stdout)
        #expect(docs.first?["message"] as? String == "Lesson 1: Finding a plane from your garden", "\(docs.first ?? [:])")
    }
}
