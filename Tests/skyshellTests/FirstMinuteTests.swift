import Foundation
import SkyTestSupport
import Testing

/// The first minute at a terminal: a first start says how to begin, once; folders of
/// skyshell's that other users could open are made private with one note in plain words, once.
@Suite("The first minute (PTY)")
struct FirstMinuteTests {
    let home = TemporaryDirectory("first-minute")

    func session(_ extra: [String: String]) throws -> (PTYSession, String) {
        let pty = try PTYSession.skyshell(home: home.path, extra: extra)
        let shown = try pty.waitFor("sky ✈default> ")
        return (pty, PTYSession.plain(shown))
    }

    @Test func aFirstStartSaysHowToBeginOnce() throws {
        let extra = ["SKYSHELL_HOME": home.path + "/skyshell"]
        let (first, shown) = try session(extra)
        #expect(shown.contains("New here? tour shows what skyshell does in a minute, lesson 1 teaches it step by step, help lists every command."))
        #expect(!shown.contains("note:"), "\(shown)")
        #expect(try first.exitShell() == 0)
        let (second, again) = try session(extra)
        #expect(!again.contains("New here?") && again.contains("type help for commands"), "\(again)")
        #expect(try second.exitShell() == 0)
    }

    @Test func foldersOthersCouldOpenAreMadePrivateWithOneNote() throws {
        let folders = [".config/skyshell", ".local/share/skyshell", ".local/state/skyshell"].map { home.path + "/" + $0 }
        for folder in folders {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            chmod(folder, 0o755)
        }
        let extra = ["SKYSHELL_HOME": ""]
        let (first, shown) = try session(extra)
        let notes = shown.split(separator: "\n").filter { $0.hasPrefix("note:") }
        #expect(
            notes == [
                "note: other users of this computer could open \(folders[0]), \(folders[1]) and \(folders[2]), where skyshell keeps your history, "
                    + "session and logbook; they are now private to you"
            ], "\(shown)")
        #expect(!shown.contains("New here?"), "not a first start: the folders were there")
        for folder in folders {
            var info = stat()
            #expect(stat(folder, &info) == 0 && info.st_mode & 0o777 == 0o700, "\(folder)")
        }
        // The logbook, in the data folder, says nothing more.
        try first.enter("flight add KSFO KJFK", until: "Flight saved")
        #expect(try first.exitShell() == 0)
        let (second, again) = try session(extra)
        #expect(!again.contains("note:"), "said once: \(again)")
        #expect(try second.exitShell() == 0)
    }
}
