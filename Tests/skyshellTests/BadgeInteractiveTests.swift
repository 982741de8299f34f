import Foundation
import SkyTestSupport
import Testing

/// Badges at a terminal: completion of ids, colours of unlocked and locked badges.
@Suite("Badges at a terminal (PTY)")
struct BadgeInteractiveTests {
    let home = TemporaryDirectory("pty-badges")

    @Test func tabCompletesABadgeAndTheCardFollows() throws {
        var env = ProcessRunner.environment(home: home.path)
        env["TERM"] = "xterm"
        let pty = try PTYSession(Executable.skyshell, [], environment: env)
        try pty.waitFor("✈default> ")
        try pty.send("badge island-ho\t")
        try pty.waitFor("pper ")  // libedit writes only the completed tail
        let card = try pty.enter("", until: "defined")
        #expect(card.contains("Flightpath: Island Hopper") && card.contains("0/6 legs"))
        try pty.enter("flight add SFO JFK event go-around date 2025-01-01", until: "Badge unlocked: Bank Angle: Go-Around")
        // The unlocked badge in the accent colour, a locked one dimmed.
        try pty.send("badges kind bank-angle\r")
        let listing = try pty.waitFor("Emergency Landing")
        #expect(listing.contains("\u{1B}[2m🔒"))
        #expect(listing.contains("\u{1B}[38;5;") && listing.contains("m✓"))
        try pty.exitShell()
    }
}
