import Testing

@testable import SkyInterpreter

@Suite("Built-in commands in process")
struct BuiltinCommandTests {
    @Test func statusCountsAsOneDocumentInJSON() {
        let shell = makeShell()
        shell.overrides["output"] = "json"
        let text = shell.output("status")
        // One compact document on one line (JSON Lines).
        #expect(text.hasPrefix("{\"observer\":null,\"heading_deg\":0,") && text.hasSuffix("}\n") && text.filter { $0 == "\n" }.count == 1, "\(text)")
    }

    @Test func setRemovesACommandLineOverride() {
        let shell = makeShell()
        shell.overrides["output"] = "json"
        _ = shell.output("set output csv")
        #expect(shell.setting(.output) == .csv)
        #expect(shell.overrides["output"] == nil)
    }

    @Test func exitRequestsTheStatusAndStopsTheLine() {
        let shell = makeShell()
        #expect(shell.output("echo a; exit 4; echo b") == "a\n")
        #expect(shell.exitStatus == 4)
    }

    @Test func headingTurnsAreRelative() {
        let shell = makeShell()
        _ = shell.output("heading 10; heading -20")
        #expect(shell.session.heading.degrees == 350)
        _ = shell.output("heading right 20")
        #expect(shell.session.heading.degrees == 10)
    }
}
