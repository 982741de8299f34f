import Foundation
import SkyTestSupport
import Testing

/// `radar live` on a real pseudo-terminal: it takes the alternate screen, redraws, answers
/// keys and resizes, and gives the terminal back on q and on Ctrl-C.
@Suite("Radar live (PTY)")
struct RadarInteractiveTests {
    let home = TemporaryDirectory("pty-radar")

    func start() throws -> PTYSession {
        let pty = try PTYSession.skyshell(home: home.path)
        pty.resize(columns: 100, rows: 40)
        try pty.waitFor("✈default> ")
        try pty.enter("observer LFPG", until: "✈default> ")
        return pty
    }

    @Test func qLeavesTheLiveScopeAndRestoresTheScreen() throws {
        let pty = try start()
        try pty.send("radar live\r")
        let first = try pty.waitFor("q quit")
        #expect(first.contains("\u{1B}[?1049h") && first.contains("\u{1B}[?25l"))
        #expect(PTYSession.plain(first).contains("Radar · sample Paris"))
        // → turns the scope 15° to the right.
        try pty.send("\u{1B}[C", toEditor: false)
        #expect(PTYSession.plain(try pty.waitFor("facing 015° NNE")).contains("Radar"))
        // + halves the range.
        try pty.send("+", toEditor: false)
        try pty.waitFor("within 25 km")
        try pty.send("q", toEditor: false)
        let after = try pty.waitFor("✈default> ")
        #expect(after.contains("\u{1B}[?25h\u{1B}[?1049l"))
        #expect(PTYSession.plain(after).contains("radar live ended"))
        // The turn and the range stay in the session.
        #expect(PTYSession.plain(try pty.enter("status", until: "✈default> ")).contains("15° (NNE)"))
        try pty.exitShell()
    }

    @Test func ctrlCAndResizingAreHandled() throws {
        let pty = try start()
        try pty.send("radar live\r")
        try pty.waitFor("q quit")
        pty.resize(columns: 70, rows: 30)
        pty.signal(SIGWINCH)
        // A resize clears the screen and draws the scope again at the new size.
        try pty.waitFor("\u{1B}[2J\u{1B}[H")
        try pty.waitFor("q quit")
        try pty.send("\u{03}", toEditor: false)
        let after = try pty.waitFor("✈default> ")
        #expect(after.contains("\u{1B}[?1049l") && PTYSession.plain(after).contains("radar live ended (Ctrl-C)"))
        // The shell still reads lines normally afterwards.
        #expect(try pty.enter("echo still here", until: "✈default> ").contains("still here"))
        try pty.exitShell()
    }

    /// `radar live` at 13:06 on the Paris sample with a 3 km alert distance (and more
    /// commands first): SWR63M passes 1.9 km from Charles de Gaulle at 13:06:46.
    func liveWithAnAlert(_ commands: [String] = []) throws -> PTYSession {
        let pty = try start()
        for command in ["radar time 13:06", "set alert-distance 3km"] + commands { try pty.enter(command, until: "✈default> ") }
        try pty.send("radar live\r")
        return pty
    }

    @Test func theCountdownNamesTheNextPassAndACloseOneRingsTheBellOnce() throws {
        let pty = try liveWithAnAlert()
        let alert = try pty.waitFor("🔔 SWR63M will pass")
        #expect(alert.contains("\u{07}"))
        let frame = PTYSession.plain(try pty.waitFor("q quit"))
        #expect(frame.contains("next: SWR63M passes 1.9 km from you in"))
        // The bell rings once per aircraft, not at every frame.
        let later = try pty.waitFor("q quit")
        #expect(!later.contains("\u{07}"))
        try pty.send("q", toEditor: false)
        try pty.waitFor("✈default> ")
        try pty.exitShell()
    }

    @Test func aWatchedAircraftComingPastIsMarkedAndRingsTheBellOnce() throws {
        // SWR63M is first heard at 13:06:46, 1.9 km from the airport; played 10 times faster.
        let pty = try start()
        for command in ["radar time 13:06", "watch add callsign swr6*"] { try pty.enter(command, until: "✈default> ") }
        try pty.send("radar live speed 10\r")
        let line = try pty.waitFor("★ SWR63M (callsign SWR6*) passes 1.9 km from you in")
        #expect(line.contains("\u{07}"))
        #expect(PTYSession.plain(try pty.waitFor("q quit")).contains("— look south"))
        // On the scope once it is in the feed, labelled with the star; the bell rang once.
        let labelled = try pty.waitFor("★SWR63M", timeout: 10)
        #expect(!labelled.contains("\u{07}"))
        try pty.send("q", toEditor: false)
        try pty.waitFor("✈default> ")
        try pty.exitShell()
    }

    @Test func aRecordingPlaysFasterWithSpeedAndALiveFeedRefusesIt() throws {
        let pty = try start()
        try pty.enter("radar time 13:06", until: "✈default> ")
        try pty.send("radar live speed 20\r")
        try pty.waitFor("q quit")
        // Twenty seconds of the recording a second: half a minute on within two seconds.
        try pty.waitFor("13:06:3", timeout: 4)
        try pty.send("q", toEditor: false)
        try pty.waitFor("✈default> ")
        #expect(PTYSession.plain(try pty.enter("radar source opensky", until: "✈default> ")).contains("OpenSky"))
        let refused = PTYSession.plain(try pty.enter("radar live speed 10", until: "✈default> "))
        #expect(refused.contains("speed plays a recording faster"))
        #expect(PTYSession.plain(try pty.enter("radar live speed 1000", until: "✈default> ")).contains("is not a speed-up from 0.1 to 100"))
        try pty.exitShell()
    }

    @Test func aLockedScopeIgnoresQEscapeAndCtrlCUntilUnlockIsTyped() throws {
        let pty = try start()
        try pty.send("radar live --lock\r")
        try pty.waitFor("locked · type unlock to use the keys")
        for key in ["q", "\u{1B}", "\u{03}", "unlq", "+"] {
            try pty.send(key, toEditor: false)
            usleep(300_000)
        }
        // Still the scope, at the same range: nothing got through.
        let still = PTYSession.plain(try pty.waitFor("locked · type unlock"))
        #expect(still.contains("within 50 km") && !still.contains("✈default>"))
        try pty.send("UNlock", toEditor: false)
        try pty.waitFor("←/→ turn · +/- range · q quit")
        try pty.send("q", toEditor: false)
        #expect(PTYSession.plain(try pty.waitFor("✈default> ")).contains("radar live ended"))
        try pty.exitShell()
    }

    @Test func theKidThemeFlashesLookUpInBigLetters() throws {
        let pty = try liveWithAnAlert(["set theme kid"])
        // The first row of LOOK UP! in block letters, and the bell.
        let flash = try pty.waitFor("█      ███   ███  █   █")
        #expect(flash.contains("\u{07}"))
        #expect(!PTYSession.plain(flash).contains("🔔"))
        // No text under the scope but the keys: the countdown is left out too.
        let rest = PTYSession.plain(try pty.waitFor("q quit"))
        #expect(!rest.contains("next:") && !rest.contains("🔔"))
        try pty.send("q", toEditor: false)
        try pty.waitFor("✈default> ")
        try pty.exitShell()
    }
}

/// Lessons at a terminal wait for Enter between steps and stop on q.
@Suite("Lessons at a terminal (PTY)")
struct LessonInteractiveTests {
    let home = TemporaryDirectory("pty-lesson")

    @Test func aLessonWaitsForEnterAndStopsOnQ() throws {
        let pty = try PTYSession.skyshell(home: home.path)
        pty.resize(columns: 100, rows: 40)
        try pty.waitFor("✈default> ")
        try pty.send("lesson 1\r")
        let first = PTYSession.plain(try pty.waitFor("[Enter: next step · q: stop]"))
        #expect(first.contains("sky> observer LFPG") && !first.contains("sky> radar time"))
        try pty.send("\r", toEditor: false)
        let second = PTYSession.plain(try pty.waitFor("[Enter: next step · q: stop]"))
        #expect(second.contains("sky> radar time 14:10"))
        try pty.send("q\r", toEditor: false)
        let after = PTYSession.plain(try pty.waitFor("✈default> "))
        #expect(after.contains("lesson 1 stopped at step 2 of 4"))
        // The lesson's observer stayed in the lesson.
        #expect(!PTYSession.plain(try pty.enter("status", until: "✈default> ")).contains("LFPG"))
        try pty.exitShell()
    }
}

/// SIGTERM and SIGHUP while a live view owns the terminal: it is given back (main screen,
/// cursor, settings) before the process ends.
@Suite("Live views and termination signals (PTY)")
struct LiveSignalTests {
    let home = TemporaryDirectory("pty-live-signals")

    @Test(arguments: [SIGTERM, SIGHUP])
    func aTerminationSignalRestoresTheTerminal(_ signal: Int32) throws {
        let pty = try PTYSession.skyshell(home: home.path)
        pty.resize(columns: 100, rows: 40)
        try pty.waitFor("✈default> ")
        try pty.enter("observer LFPG", until: "✈default> ")
        try pty.send("radar live\r")
        try pty.waitFor("q quit")
        pty.signal(signal)
        let rest = try pty.waitFor("\u{1B}[?1049l")
        #expect(rest.contains("\u{1B}[?25h"), "the cursor was not shown again")
        let status = try pty.waitForExit()
        #expect(status == 128 + signal || status == 0, "exit status \(status)")
    }
}

/// The radar's tables and its live screen at 80×24 and 120×40: every line fits the width, no
/// value is cut (a column that may give way is left out instead), the title stays one line,
/// and the live frame keeps its title, its N mark and its keys within the rows.
@Suite("Radar screens fit the terminal (PTY)")
struct RadarFitTests {
    let home = TemporaryDirectory("pty-radar-fit")

    static let sizes = [(80, 24), (120, 40)]

    func lines(_ text: String) -> [String] {
        PTYSession.plain(text).split(separator: "\n", omittingEmptySubsequences: false).map { $0.replacingOccurrences(of: "\r", with: "") }
    }

    @Test(arguments: sizes)
    func radarListAndNextFitWithoutCuttingValues(columns: Int, rows: Int) throws {
        let pty = try PTYSession.prompt(home: home.path, columns: columns, rows: rows)
        try pty.enter("observer LFPG", until: "✈default> ")
        let list = lines(try pty.enter("radar list limit 8", until: "✈default> "))
        let next = lines(try pty.enter("next for 20min limit 5", until: "✈default> "))
        for (name, shown) in [("radar list", list), ("next", next)] {
            #expect(shown.allSatisfy { $0.unicodeScalars.count <= columns }, "\(name): \(shown.filter { $0.unicodeScalars.count > columns })")
            #expect(!shown.contains { $0.contains("…") }, "\(name) cut a value: \(shown)")
        }
        // The title is one line, right above the header.
        let header = try #require(list.firstIndex { $0.hasPrefix("Callsign") })
        #expect(list[header - 1].contains("21 aircraft within 50 km · north up"), "\(list)")
        #expect(list[header].contains("Clock") == (columns >= 100), "the clock column gives way at 80: \(list[header])")
        let nextHeader = try #require(next.firstIndex { $0.hasPrefix("Time") })
        #expect(next[nextHeader].contains("Airline") == (columns >= 100), "\(next[nextHeader])")
        #expect(next.contains { $0.hasPrefix("Next 20 min from ") && $0.hasSuffix("within 50 km") }, "\(next)")
        try pty.exitShell()
    }

    @Test(arguments: sizes)
    func theLiveScopeKeepsItsTitleNorthMarkAndKeysOnScreen(columns: Int, rows: Int) throws {
        let pty = try PTYSession.prompt(home: home.path, columns: columns, rows: rows)
        try pty.enter("observer LFPG", until: "✈default> ")
        try pty.send("radar live\r")
        try pty.waitFor("q quit")
        // The second frame, whole: from its home-cursor to its keys line.
        let raw = try pty.waitFor("q quit")
        let frame = String(raw[raw.range(of: "\u{1B}[H", options: .backwards)!.upperBound...])
        // The frame's lines up to its keys line, where the cursor stays: that line never scrolls.
        let all = lines(frame)
        let shown = Array(all.prefix { !$0.contains("q quit") }) + all.filter { $0.contains("q quit") }.prefix(1)
        #expect(shown.count <= rows - 1, "\(shown.count) lines on \(rows) rows")
        #expect(shown.count >= rows - 4, "the scope uses the rows it has: \(shown.count) lines on \(rows) rows")
        #expect(shown.allSatisfy { $0.unicodeScalars.count <= columns }, "\(shown.filter { $0.unicodeScalars.count > columns })")
        #expect(shown.first?.contains("sample Paris") == true && shown.first?.contains("north up") == true, "\(shown.first ?? "")")
        #expect(shown.dropFirst().first?.contains("N") == true, "the N mark is on the line under the title: \(shown.prefix(3))")
        #expect(shown.contains { $0.hasPrefix("rings ") } && shown.last?.contains("q quit") == true, "\(shown.suffix(3))")
        try pty.send("q", toEditor: false)
        try pty.waitFor("✈default> ")
        try pty.exitShell()
    }
}
