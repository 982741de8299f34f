import Foundation
import Glibc
import SkyTestSupport
import Testing

/// Interactive shells on a real terminal: two at once on one home lose nothing of each other,
/// and the history file is outside input like any other.
@Suite("Hostile input: shared home (PTY)")
struct SharedHomeTests {
    let home = TemporaryDirectory("sharedhome")

    func start() throws -> PTYSession {
        let session = try PTYSession.skyshell(home: home.path)
        try session.waitFor("> ")
        return session
    }

    @Test func twoShellsKeepEachOthersLinesAndSettings() throws {
        let a = try start(), b = try start()
        try a.enter("set units aviation", until: "units = aviation")
        try b.enter("observer KSFO", until: "ground")
        try a.enter("heading 90", until: "facing east")
        try b.enter("set accent red", until: "accent = red")
        #expect(try a.exitShell() == 0)
        #expect(try b.exitShell() == 0)
        let status = ProcessRunner.run(Executable.skyshell, ["--resume", "-c", "status"], environment: ProcessRunner.environment(home: home.path))
        // Compared with the column padding collapsed: the widths follow the longest name.
        let lines = status.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        for expected in ["units aviation", "accent red", "observer KSFO", "heading 90° (E)"] {
            #expect(lines.contains { $0.hasPrefix(expected) }, "lost \(expected):\n\(status.stdout)")
        }
        let history = try String(contentsOfFile: home.path + "/history", encoding: .utf8)
        for line in ["set\\040units\\040aviation", "observer\\040KSFO", "heading\\04090", "set\\040accent\\040red"] {
            #expect(history.contains(line), "lost \(line):\n\(history)")
        }
    }

    @Test func escapesInTheHistoryFileStayText() throws {
        // Written by hand (or by another program): \033 would be an ESC once decoded.
        try "_HiStOrY_V2_\necho\\040before\nairport\\040\\033]0;owned\\007\\033[2J\n".write(toFile: home.path + "/history", atomically: true, encoding: .utf8)
        let pty = try start()
        let listing = try pty.enter("history", until: "✈default> ")
        #expect(listing.contains("airport \\033]0;owned\\007\\033[2J"), "\(listing.debugDescription)")
        #expect(!pty.transcript.contains("\u{1B}]0;owned"), "the history reached the terminal as a control sequence")
        try pty.exitShell()
    }

    @Test func aLinkAtTheHistoryIsNeverFollowed() throws {
        let victim = home.path + "/victim"
        try "do not touch\n".write(toFile: victim, atomically: true, encoding: .utf8)
        symlink(victim, home.path + "/history")
        let pty = try start()
        try pty.enter("echo hello", until: "hello")
        #expect(try pty.exitShell() == 0)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "do not touch\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: home.path + "/history")) == nil)
        #expect(try String(contentsOfFile: home.path + "/history", encoding: .utf8).contains("echo\\040hello"))
    }
}
