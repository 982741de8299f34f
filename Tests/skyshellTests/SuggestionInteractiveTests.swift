import Foundation
import SkyTestSupport
import Testing

/// Autosuggestions at a real terminal: the rest of the latest matching history line drawn dim
/// after the cursor, taken with → or Ctrl-F, cleared as the next key arrives; off with the
/// setting and on a dumb terminal.
@Suite("Autosuggestions (PTY)")
struct SuggestionInteractiveTests {
    let home = TemporaryDirectory("pty-suggest")
    static let dim = "\u{1B}[2m", undim = "\u{1B}[22m"

    func start(_ extra: [String: String] = [:]) throws -> PTYSession {
        let session = try PTYSession.skyshell(home: home.path, extra: extra)
        try session.waitFor("sky ✈default> ")
        return session
    }

    /// A shell that has run `line` (and `then`, when given) and has `typed` typed at the prompt.
    func typing(_ typed: String, after line: String, then: String? = nil, _ extra: [String: String] = [:]) throws -> PTYSession {
        let pty = try start(extra)
        try pty.enter(line, until: "sky ✈default> ")
        if let then { try pty.enter(then, until: "sky ✈default> ") }
        try pty.waitForEditing()
        try pty.send(typed)
        return pty
    }

    @Test func theRestOfAHistoryLineIsShownDimAndRightArrowTakesIt() throws {
        let pty = try typing("echo rem", after: "echo remembered words")
        try pty.waitFor(Self.dim + "embered words" + Self.undim)
        try pty.send("\u{1B}[C")
        // The editor draws the taken text itself, no longer dim.
        let taken = try pty.waitFor("embered words")
        #expect(!taken.hasSuffix(Self.dim + "embered words"))
        let out = try pty.enter("", until: "sky ✈default> ")
        #expect(out.contains("remembered words"), "\(out.debugDescription)")
        let listing = try pty.enter("history", until: "sky ✈default> ")
        // The taken line is the whole command (a repeat of the one before, so kept once).
        #expect(listing.contains("echo remembered words"))
        #expect(!listing.split(whereSeparator: \.isNewline).contains { $0.hasSuffix("echo rem") }, "\(listing)")
        try pty.exitShell()
    }

    @Test func ctrlFTakesItAndTypingOnClearsIt() throws {
        let pty = try typing("echo al", after: "echo alpha beta")
        try pty.waitFor(Self.dim + "pha beta" + Self.undim)
        // A key that does not follow the suggestion clears it before the editor draws the key.
        try pty.send("x")
        let cleared = try pty.waitFor("x")
        #expect(cleared.contains("\u{1B}[K"), "\(cleared.debugDescription)")
        try pty.send("\u{7F}")
        try pty.waitFor(Self.dim + "pha beta" + Self.undim)
        try pty.send("\u{06}")
        let out = try pty.enter("", until: "sky ✈default> ")
        #expect(out.contains("alpha beta"))
        try pty.exitShell()
    }

    @Test func theSettingTurnsThemOff() throws {
        let pty = try typing("echo rem", after: "echo remembered", then: "set suggestions off")
        try pty.send("\u{1B}[C")
        let out = try pty.enter("", until: "sky ✈default> ")
        #expect(!out.contains(Self.dim), "\(out.debugDescription)")
        #expect(!out.contains("remembered"), "\(out.debugDescription)")
        try pty.exitShell()
    }

    @Test func aDumbTerminalNeverShowsThem() throws {
        let pty = try typing("echo rem", after: "echo remembered", ["TERM": "dumb"])
        let out = try pty.enter("", until: "sky ✈default> ")
        #expect(!out.contains(Self.dim), "\(out.debugDescription)")
        try pty.exitShell()
    }
}
