import Foundation
import SkyTestSupport
import Testing

/// Blocks at a real terminal: the continuation prompt, Ctrl-C dropping an open block, Up
/// bringing a block back whole, and Ctrl-C stopping a loop.
@Suite("Blocks at the prompt (PTY)")
struct BlockInteractiveTests {
    let home = TemporaryDirectory("pty-blocks")

    func start(_ arguments: [String] = []) throws -> PTYSession {
        let session = try PTYSession.skyshell(home: home.path, arguments)
        try session.waitFor("sky ✈default> ")
        return session
    }

    /// Enters the lines of a block still open, each answered by the continuation prompt.
    func openBlock(_ pty: PTYSession, _ lines: String...) throws {
        for line in lines { try pty.enter(line, until: "...> ") }
    }

    @Test func aBlockContinuesAtItsOwnPromptAndRunsAtItsEnd() throws {
        let pty = try start()
        try openBlock(pty, "for x in a b", "echo item $x")
        let out = try pty.enter("end", until: "sky ✈default> ")
        #expect(out.contains("item a\nitem b\n"), "\(out.debugDescription)")
        try pty.exitShell()
    }

    @Test func ctrlCAtTheContinuationPromptDropsTheBlock() throws {
        let pty = try start()
        try openBlock(pty, "if true", "echo never")
        try pty.send("\u{03}")
        try pty.waitFor("sky ✈default> ")
        let out = try pty.enter("end", until: "sky ✈default> ")
        #expect(out.contains("end closes an if, for or def, and none is open"))
        #expect(!out.contains("never\n"))
        try pty.exitShell()
    }

    @Test func upBringsABlockBackWholeAsOneLine() throws {
        let pty = try start()
        try openBlock(pty, "for x in a b", "  # a comment line", "  echo got $x")
        try pty.enter("end", until: "got b\r\n")
        try pty.waitFor("sky ✈default> ")
        try pty.send("\u{1B}[A")
        try pty.waitFor("for x in a b; echo got $x; end")
        let again = try pty.enter("", until: "sky ✈default> ")
        #expect(again.contains("got a\ngot b\n"))
        let listing = try pty.enter("history", until: "sky ✈default> ")
        #expect(listing.contains("for x in a b; echo got $x; end"))
        #expect(!listing.contains("  echo got"))
        try pty.exitShell()
    }

    @Test func ctrlCStopsALoopAndTheRestOfItsBlock() throws {
        let pty = try start()
        // A thousand passes of a real search: Ctrl-C lands in the loop.
        let loop = "for a in (airports near KSFO within 2000km limit 1000); echo pass; airports near $a.icao within 100km | count; end"
        try pty.send(loop + "; echo after the loop\r")
        try pty.waitFor("pass\r\n")
        try pty.send("\u{03}", toEditor: false)
        let out = try pty.waitFor("sky ✈default> ")
        #expect(out.contains("interrupted"))
        #expect(!out.contains("after the loop\n"))
        try pty.exitShell()
    }
}
