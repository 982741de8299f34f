import Foundation
import SkyTestSupport
import Testing

/// The interactive shell through a real pseudo-terminal: libedit, history, signals, locale.
@Suite("Interactive (PTY)")
struct InteractiveTests {
    let home = TemporaryDirectory("pty")

    func start(_ arguments: [String] = [], extra: [String: String] = [:]) throws -> PTYSession {
        let session = try PTYSession.skyshell(home: home.path, arguments, extra: extra)
        try session.waitFor("sky ✈default> ")
        return session
    }

    @Test func tabCompletesAUniqueCommand() throws {
        let pty = try start()
        try pty.send("statu\t")
        try pty.waitFor("s ")
        try pty.enter("", until: "saved")
        #expect(try pty.exitShell() == 0)
    }

    /// A variable completes as itself: quoting it would make it text that prints as `$far`.
    @Test func tabCompletesAVariableWithoutQuotes() throws {
        let pty = try start()
        try pty.enter("let far = 4000km", until: "sky ✈default> ")
        try pty.send("echo $fa\t")
        // The line editor writes only what it adds: the r and the space after the word.
        #expect(!PTYSession.plain(try pty.waitFor("r ")).contains("'"))
        let echoed = PTYSession.plain(try pty.enter("", until: "sky ✈default> "))
        #expect(echoed.contains("4000km") && !echoed.contains("\n$far"), "\(echoed)")
        #expect(try pty.exitShell() == 0)
    }

    /// A fresh shell knows the columns a command declares before it has run once.
    @Test func tabAfterWhereOffersTheColumnsInAFreshShell() throws {
        let pty = try start()
        try pty.send("flights | where dist\t")
        try pty.waitFor("ance ")
        try pty.send("> 1km | sort air\t")
        let offered = PTYSession.plain(try pty.waitFor("aircraft"))
        #expect(offered.contains("airline"), "\(offered)")
        try pty.send("\u{03}")
        try pty.waitFor("sky ✈default> ")
        #expect(try pty.exitShell() == 0)
    }

    @Test func tabListsSeveralCandidates() throws {
        let pty = try start()
        try pty.send("he\t")
        let listing = try pty.waitFor("heading")
        #expect(PTYSession.plain(listing).contains("help"))
        try pty.waitFor("sky ✈default> he")
        try pty.enter("lp", until: "Type help <command>")
        try pty.send("\u{04}")
        #expect(try pty.waitForExit() == 0)
    }

    @Test func tabCompletesSettingValues() throws {
        let pty = try start()
        try pty.send("set units av\t")
        try pty.waitFor("iation ")
        try pty.enter("", until: "units = aviation")
        try pty.exitShell()
    }

    @Test func tabListsAirportsForACodePrefix() throws {
        let pty = try start()
        try pty.send("airport KS\t")
        let listing = PTYSession.plain(try pty.waitFor("KSLC"))
        #expect(listing.contains("KSFO  SFO  San Francisco International Airport"))
        #expect(listing.contains("KSEA  SEA  Seattle-Tacoma International Airport"))
        try pty.send("\u{03}")
        try pty.exitShell()
    }

    @Test func tabCompletesAUniqueAirportCode() throws {
        let pty = try start()
        // YSS is the start of one code only (KSF would list: it is also Kassel's IATA code).
        try pty.send("airport YSS\t")
        try pty.waitFor("Y ")
        let card = try pty.enter("", until: "hub of")
        #expect(card.contains("Sydney Kingsford Smith International Airport"))
        try pty.exitShell()
    }

    @Test func tabOffersAirlinesByName() throws {
        let pty = try start()
        try pty.send("airline Unit\t")
        try pty.waitFor("\u{1B}[27Ge")  // extended in place to the shared beginning of the names
        try pty.send("\t")
        let listing = PTYSession.plain(try pty.waitFor("United Airways"))
        #expect(listing.contains("United Airlines"))
        #expect(listing.contains("UA/UAL"))
        try pty.send("\u{03}")
        try pty.send("airline 'United Airl\t")
        try pty.waitFor("ines'")
        #expect(try pty.enter("", until: "fleet").contains("UNITED"))
        try pty.exitShell()
    }

    @Test func upRecallsHistoryFromAPreviousRun() throws {
        let first = try start()
        try first.enter("echo remembered line", until: "remembered line\r\n")
        #expect(try first.exitShell() == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: home.path + "/history")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        let second = try start()
        try second.send("\u{1B}[A")
        try second.waitFor("exit")
        try second.send("\u{1B}[A")
        try second.waitFor("remembered line")
        try second.enter("", until: "sky ✈default> ")
        let listing = try second.enter("history", until: "sky ✈default> ")
        #expect(listing.contains("1  echo remembered line"))
        #expect(listing.contains("2  exit"))
        #expect(listing.contains("3  echo remembered line"))
        try second.exitShell()
    }

    @Test func ctrlCClearsTheLineAndReprompts() throws {
        let pty = try start()
        try pty.send("echo never printed")
        try pty.waitFor("never printed")
        try pty.send("\u{03}")
        try pty.waitFor("sky ✈default> ")
        try pty.send("echo after\r")
        let out = try pty.waitFor("after\r\n")
        #expect(!out.contains("never printed\r\n"))
        try pty.send("exit 0\r")
        #expect(try pty.waitForExit() == 0)
    }

    @Test func ctrlDOnAnEmptyLineExitsZero() throws {
        let pty = try start()
        try pty.send("\u{04}")
        #expect(try pty.waitForExit() == 0)
    }

    @Test func nonASCIITextSurvives() throws {
        let pty = try start()
        try pty.enter("echo café Zürich 東京", until: "café Zürich 東京\r\n")
        try pty.exitShell()
    }

    @Test func nonASCIISurvivesInTheCLocaleToo() throws {
        let pty = try start(extra: ["LANG": "C", "LC_ALL": "C"])
        try pty.enter("echo façade", until: "façade\r\n")
        try pty.exitShell()
    }

    @Test func stateAndSettingsPersistAcrossLaunches() throws {
        let first = try start()
        try first.enter("observer 51.4775 -0.4614", until: "sky 51.48,-0.46 ↑0° ✈default> ")
        try first.enter("heading 270; set units aviation", until: "sky 51.48,-0.46 ↑270° ✈default> ")
        try first.exitShell()

        var env = ProcessRunner.environment(home: home.path)
        env["TERM"] = "xterm"
        let second = try PTYSession(Executable.skyshell, [], environment: env)
        try second.waitFor("sky 51.48,-0.46 ↑270° ✈default> ")
        try second.enter("set units", until: "units = aviation")
        try second.exitShell()

        let fresh = try PTYSession(Executable.skyshell, ["--fresh"], environment: env)
        try fresh.waitFor("sky ✈default> ")
        try fresh.exitShell()
    }

    @Test func continuationLinesUseTheirOwnPrompt() throws {
        let pty = try start()
        try pty.enter("echo one \\", until: "...> ")
        try pty.enter("two", until: "one two\r\n")
        try pty.exitShell()
    }

    @Test func errorsAtThePromptAreOneLineAndTheSessionGoesOn() throws {
        let pty = try start()
        let out = try pty.enter("obsrver 1 2", until: "sky ✈default> ")
        #expect(out.contains("error: unknown command 'obsrver' — did you mean 'observer'?"))
        try pty.send("exit 5\r")
        #expect(try pty.waitForExit() == 5)
    }

    @Test func colourIsOnAtATerminalAndOffWithNoColor() throws {
        let coloured = try start()
        try coloured.send("observer 1 2\r")
        let raw = try coloured.waitFor("MSL")
        #expect(raw.contains("\u{1B}[38;5;44mObserver"))
        try coloured.exitShell()

        let plain = try start(["--fresh"], extra: ["NO_COLOR": "1"])
        try plain.send("observer 1 2\r")
        let text = try plain.waitFor("MSL")
        #expect(!text.contains("\u{1B}[38;5;"))
        try plain.exitShell()

        let never = try start(["--fresh", "--color", "never"])
        try never.send("observer 1 2\r")
        let neverText = try never.waitFor("MSL")
        #expect(!neverText.contains("\u{1B}[38;5;") && !neverText.contains("\u{1B}[2m"))
        try never.exitShell()
    }
}

@Suite("Interactive signals and resizing (PTY)")
struct InteractiveSignalTests {
    let home = TemporaryDirectory("pty-signals")

    func start(_ arguments: [String] = []) throws -> PTYSession {
        try PTYSession.skyshell(home: home.path, arguments)
    }

    @Test func aResizeIsSeenByTheNextCommand() throws {
        let pty = try start()
        try pty.waitFor("> ")
        // Until the next prompt: a setting's URL may say "data" before the data folder row.
        #expect(try pty.enter("status", until: "default> ").contains("100×30"))
        pty.resize(columns: 132, rows: 43)
        #expect(try pty.enter("status", until: "default> ").contains("132×43"))
        #expect(try pty.exitShell() == 0)
    }

    @Test func sigtermAtThePromptEndsTheSession() throws {
        let pty = try start()
        try pty.waitFor("> ")
        try pty.waitForEditing()
        pty.signal(SIGTERM)
        #expect(try pty.waitForExit() == 128 + SIGTERM)
    }

    @Test func ctrlCStopsAScriptReadingFromTheTerminal() throws {
        let pty = try start(["-"])
        try pty.send("echo go\n", toEditor: false)
        try pty.waitFor("\ngo\r\n")
        try pty.send("\u{03}", toEditor: false)
        try pty.waitFor("interrupted")
        #expect(try pty.waitForExit() == 130)
    }
}
