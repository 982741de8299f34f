import Foundation
import SkyTestSupport
import Testing

/// Habits from shells and psql: recalling lines with `!`, `timing`, `clear`.
@Suite("Shell habits")
struct ShellHabitsTests {
    let home = TemporaryDirectory("habits")

    func start() throws -> PTYSession { try PTYSession.prompt(home: home.path) }

    @Test func bangRecallsLinesByNumberPositionAndPrefix() throws {
        let pty = try start()
        try pty.enter("echo one", until: "sky ✈default> ")
        try pty.enter("echo two", until: "sky ✈default> ")
        // !! is the line before: shown, then run.
        let again = PTYSession.plain(try pty.enter("!!", until: "sky ✈default> "))
        #expect(again.contains("echo two\ntwo\n"), "\(again.debugDescription)")
        #expect(PTYSession.plain(try pty.enter("!1", until: "sky ✈default> ")).contains("echo one\none\n"))
        #expect(PTYSession.plain(try pty.enter("!-2", until: "sky ✈default> ")).contains("echo two\ntwo\n"))
        #expect(PTYSession.plain(try pty.enter("!ec and more", until: "sky ✈default> ")).contains("echo two and more\ntwo and more\n"))
        let missing = PTYSession.plain(try pty.enter("!99", until: "sky ✈default> "))
        #expect(missing.contains("error: !99: no such line in the history"), "\(missing)")
        // The history keeps what ran, not the ! words.
        let history = PTYSession.plain(try pty.enter("history", until: "sky ✈default> "))
        #expect(history.contains("echo two and more") && !history.contains("!!"), "\(history)")
        try pty.exitShell()
    }

    @Test func ctrlRSearchesTheHistoryWithAReadablePrompt() throws {
        let pty = try start()
        try pty.enter("echo alpha one", until: "sky ✈default> ")
        try pty.enter("echo beta", until: "sky ✈default> ")
        try pty.enter("echo alpha two", until: "sky ✈default> ")
        try pty.send("\u{12}")
        try pty.waitFor("(search history) '':")
        try pty.send("alp")
        // Each key narrows the search: after "alp" the latest line holding it.
        try pty.waitFor("(search history) 'alp': echo alpha two")
        // Ctrl-R again: the older match; Enter runs it.
        try pty.send("\u{12}")
        try pty.waitFor("echo alpha one")
        try pty.send("\r")
        #expect(PTYSession.plain(try pty.waitFor("sky ✈default> ")).contains("alpha one\n"))
        // Esc goes back to the line as it was, running nothing.
        try pty.send("\u{12}")
        try pty.send("zzz")
        try pty.waitFor("no match")
        try pty.send("\u{1B}")
        try pty.send("echo after\r")
        #expect(PTYSession.plain(try pty.waitFor("after\r\n")).contains("after"))
        try pty.exitShell()
    }

    @Test func clearClearsOnlyATerminal() throws {
        let pty = try start()
        try pty.send("clear\r")
        let cleared = try pty.waitFor("sky ✈default> ")
        #expect(cleared.contains("\u{1B}[H\u{1B}[2J"), "\(cleared.debugDescription)")
        try pty.exitShell()
        let script = ProcessRunner.run(Executable.skyshell, ["-c", "clear; echo after"], environment: ProcessRunner.environment(home: home.path))
        #expect(script.status == 0 && script.stdout == "after\n", "\(script.stdout.debugDescription)")
    }

    @Test func timingFollowsEachCommandAndStaysOutOfMachineOutput() throws {
        let text = ProcessRunner.run(Executable.skyshell, ["-c", "timing on; airport KSFO"], environment: ProcessRunner.environment(home: home.path))
        let times = text.stdout.split(separator: "\n").filter { $0.hasPrefix("Time: ") }
        // As psql's timing: the command that turns timing on is not timed, the next one is.
        #expect(text.status == 0 && times.count == 1, "\(text.stdout)")
        #expect(times.allSatisfy { $0.wholeMatch(of: /Time: \d+\.\d{3} ms/) != nil }, "\(times)")
        let json = ProcessRunner.run(
            Executable.skyshell, ["--output", "json", "-c", "set timing on; airport KSFO; airline BA"], environment: ProcessRunner.environment(home: home.path))
        #expect(json.status == 0)
        for line in json.stdout.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line)")
        }
        #expect(json.stderr.split(separator: "\n").filter { $0.hasPrefix("Time: ") }.count == 2, "\(json.stderr)")
        let off = ProcessRunner.run(Executable.skyshell, ["-c", "timing on; timing; airport KSFO"], environment: ProcessRunner.environment(home: home.path))
        #expect(off.stdout.contains("timing is off") && off.stdout.split(separator: "\n").filter { $0.hasPrefix("Time: ") }.count == 1, "\(off.stdout)")
    }
}

@Suite("Text fits the terminal")
struct TerminalWidthTests {
    let home = TemporaryDirectory("width")

    /// At 80 columns, help is wrapped between words (the terminal would otherwise cut "outpu/t").
    @Test func helpWrapsAtWordBoundariesAt80Columns() throws {
        let pty = try PTYSession.prompt(home: home.path, columns: 80, rows: 40)
        try pty.send("help lesson\r")
        let text = PTYSession.plain(try pty.waitFor("sky ✈default> "))
        let lines = text.split(separator: "\n").map { $0.replacingOccurrences(of: "\r", with: "") }
        #expect(lines.allSatisfy { displayColumns($0) <= 80 }, "\(lines.filter { displayColumns($0) > 80 })")
        #expect(lines.contains { $0.split(separator: " ").contains("output;") }, "\(text)")
        try pty.exitShell()
        // In a pipe the paragraph stays one line.
        let piped = ProcessRunner.run(Executable.skyshell, ["-c", "help lesson"], environment: ProcessRunner.environment(home: home.path))
        #expect(piped.stdout.split(separator: "\n").contains { $0.count > 200 })
    }

    /// Settings (with a long URL) and badges fit 80 columns at a terminal: nothing wraps.
    @Test func settingsAndBadgesFit80Columns() throws {
        let pty = try PTYSession.prompt(home: home.path, columns: 80, rows: 60)
        try pty.enter("observer LFPG", until: "✈default> ")
        for command in ["settings", "badges", "radar", "stats"] {
            let text = PTYSession.plain(try pty.enter(command, until: "✈default> "))
            let lines = text.split(separator: "\n").map { $0.replacingOccurrences(of: "\r", with: "") }
            #expect(lines.count > 1 && lines.allSatisfy { displayColumns($0) <= 80 }, "\(command): \(lines.filter { displayColumns($0) > 80 })")
        }
        try pty.exitShell()
    }

    func displayColumns(_ s: String) -> Int { s.unicodeScalars.count }
}

@Suite("Quiet and trace")
struct QuietAndTraceTests {
    let home = TemporaryDirectory("quiet")

    func sky(_ arguments: [String]) -> ProcessResult {
        ProcessRunner.run(Executable.skyshell, arguments, environment: ProcessRunner.environment(home: home.path))
    }

    @Test func quietLeavesOutTheConfirmationsOfSetters() {
        let r = sky(["-q", "-c", "set units aviation; observer LFPG; radar range 20nm; radar range; distance LFPG EGLL"])
        #expect(r.status == 0, "\(r.stderr)")
        // Only what was asked for: the range shown alone, and the distance.
        #expect(r.stdout.hasPrefix("radar range 20.0 nm\nFrom  To"), "\(r.stdout)")
        #expect(!r.stdout.contains("units = aviation") && !r.stdout.contains("Observer"), "\(r.stdout)")
        let loud = sky(["-c", "set units aviation; observer LFPG"])
        #expect(loud.stdout.contains("units = aviation") && loud.stdout.contains("Observer"))
    }

    @Test func traceOnEveryCommandThatCanTrace() {
        let flag = sky(["--trace", "-c", "distance LFPG EGLL; airport KSFO"])
        #expect(flag.status == 0 && flag.stdout.contains("trace: Karney's inverse"), "\(flag.stdout)")
        let set = sky(["-c", "set trace on; distance LFPG EGLL"])
        #expect(set.stdout.contains("trace: Karney's inverse"), "\(set.stdout)")
        let off = sky(["-c", "distance LFPG EGLL"])
        #expect(!off.stdout.contains("trace:"))
    }
}

@Suite("Ambiguous names at a terminal")
struct AmbiguousNameTests {
    let home = TemporaryDirectory("ambiguous")

    @Test func aNameThatFitsSeveralAirportsOffersANumberedChoice() throws {
        let pty = try PTYSession.prompt(home: home.path)
        let asked = PTYSession.plain(try pty.enter("airport London", until: "Which one? ["))
        #expect(asked.contains("'London' fits several airports:") && asked.contains("1  EGLL"), "\(asked)")
        let card = PTYSession.plain(try pty.enter("1", until: "sky ✈default> "))
        #expect(card.contains("London Heathrow Airport") && card.contains("EGLL"), "\(card)")
        let wrong = PTYSession.plain(try pty.enter("airport London", until: "Which one? ["))
        #expect(wrong.contains("fits several"))
        #expect(PTYSession.plain(try pty.enter("42", until: "sky ✈default> ")).contains("error: '42' is not one of 1 to"))
        try pty.exitShell()
        // In a script the error lists them and asks nothing.
        let script = ProcessRunner.run(Executable.skyshell, ["-c", "airport London"], environment: ProcessRunner.environment(home: home.path))
        #expect(script.status == 65 && script.stderr.contains("matches several airports"), "\(script.stderr)")
    }

    @Test func airlinesAndAircraftTypesOfferTheSameChoice() throws {
        let pty = try PTYSession.prompt(home: home.path)
        // Swiss International Air Lines and Swiss European Air Lines both fly; Swissair does not
        // any more and is not offered.
        let asked = PTYSession.plain(try pty.enter("airline swiss", until: "Which one? ["))
        #expect(asked.contains("'swiss' fits several airlines:") && asked.contains("1  Swiss International Air Lines (LX/SWR)"), "\(asked)")
        #expect(!asked.contains("Swissair"), "\(asked)")
        let card = PTYSession.plain(try pty.enter("1", until: "sky ✈default> "))
        #expect(card.contains("Swiss International Air Lines") && card.contains("SWR"), "\(card)")
        let types = PTYSession.plain(try pty.enter("flight add ZRH JFK airline LX aircraft Boeing 737 MAX", until: "Which one? ["))
        #expect(types.contains("'Boeing 737 MAX' fits several aircraft types:") && types.contains("B38M  Boeing 737 MAX 8"), "\(types)")
        let saved = PTYSession.plain(try pty.enter("2", until: "sky ✈default> "))
        #expect(saved.contains("Flight saved: #1") && saved.contains("B38M"), "\(saved)")
        try pty.exitShell()
        let script = ProcessRunner.run(Executable.skyshell, ["-c", "airline swiss"], environment: ProcessRunner.environment(home: home.path))
        #expect(
            script.status == 65
                && script.stderr.contains(
                    "matches several airlines: Swiss International Air Lines (LX/SWR), Swiss "
                        + "European Air Lines (SWU) —"),
            "\(script.stderr)")
    }
}

@Suite("Pager")
struct PagerTests {
    let home = TemporaryDirectory("pager")

    /// Output longer than the screen goes through $PAGER at a terminal; short output, `set
    /// pager off` and scripts do not.
    @Test func longOutputGoesThroughThePagerAtATerminalOnly() throws {
        let pty = try PTYSession.prompt(home: home.path, columns: 100, rows: 24, extra: ["PAGER": "sed s/^/P:/"])
        let long = PTYSession.plain(try pty.enter("airports near LFPG within 300km limit 60", until: "sky ✈default> "))
        let lines = long.split(separator: "\n").dropFirst().dropLast()
        #expect(lines.count > 30 && lines.allSatisfy { $0.hasPrefix("P:") }, "\(long)")
        let short = PTYSession.plain(try pty.enter("airports near LFPG limit 3", until: "sky ✈default> "))
        #expect(!short.contains("P:"), "\(short)")
        try pty.enter("set pager off", until: "sky ✈default> ")
        #expect(!PTYSession.plain(try pty.enter("airports near LFPG within 300km limit 60", until: "sky ✈default> ")).contains("P:"))
        try pty.exitShell()
        let script = ProcessRunner.run(
            Executable.skyshell, ["-c", "airports near LFPG within 300km limit 60"],
            environment: ProcessRunner.environment(home: home.path, extra: ["PAGER": "sed s/^/P:/"]))
        #expect(script.status == 0 && !script.stdout.contains("P:"))
    }

    /// A pager that is not there, or that fails (`PAGER=false` read nothing and the output was
    /// lost), leaves the text on the screen with one note saying why.
    @Test(arguments: [("no-such-pager-here", "was not found"), ("false", "failed (exit status 1)")])
    func aPagerThatFailsLeavesTheTextOnTheScreen(_ pager: String, _ words: String) throws {
        let pty = try PTYSession.prompt(home: home.path, columns: 100, rows: 24, extra: ["PAGER": pager])
        let text = PTYSession.plain(try pty.enter("airports near LFPG within 300km limit 60", until: "sky ✈default> "))
        #expect(text.contains("LFPG") && text.split(separator: "\n").count > 30, "\(text)")
        #expect(text.components(separatedBy: "the pager '\(pager)' \(words); the output follows unpaged").count == 2, "\(text)")
        try pty.exitShell()
    }
}

@Suite("Lesson practice")
struct LessonPracticeTests {
    let home = TemporaryDirectory("practice")

    @Test func theStudentTypesEachCommandWithHints() throws {
        let pty = try PTYSession.prompt(home: home.path, columns: 120, rows: 50)
        let first = PTYSession.plain(try pty.enter("lesson 1 --practice", until: "practice> "))
        #expect(first.contains("Type: observer LFPG"), "\(first)")
        #expect(PTYSession.plain(try pty.enter("observr LFPG", until: "practice> ")).contains("Not quite: this step's command starts with `observer`"))
        let ran = PTYSession.plain(try pty.enter("observer   lfpg", until: "practice> "))
        #expect(ran.contains("Observer") && ran.contains("Type: radar time 14:10"), "\(ran)")
        let almost = PTYSession.plain(try pty.enter("radar time 13:00", until: "practice> "))
        #expect(almost.contains("Almost: after `radar time` comes `14:10`"), "\(almost)")
        #expect(PTYSession.plain(try pty.enter("skip", until: "practice> ")).contains("radar time 2021-10-07 14:10:00 UTC"))
        #expect(PTYSession.plain(try pty.enter("q", until: "sky ✈default> ")).contains("lesson stopped at step 3"))
        try pty.exitShell()
        let script = ProcessRunner.run(Executable.skyshell, ["-c", "lesson 1 --practice"], environment: ProcessRunner.environment(home: home.path))
        #expect(script.status == 65 && script.stderr.contains("practice needs a terminal"), "\(script.stderr)")
    }

    /// Practice accepts what means the step's command (another code of the same airport,
    /// options in another order), lets help and explain run
    /// mid-step, and for a step with checks accepts any command that makes them hold.
    @Test func practiceComparesWhatTheCommandMeans() throws {
        let file = home.write(
            "meaning.sky",
            """
            #! lesson: Meaning
            observer LHR
            airports near KSFO within 20km limit 5
            let n = (airports near KSFO within 20km | count)
            #? expect $n == 4
            echo done
            """)
        let pty = try PTYSession.prompt(home: home.path, columns: 120, rows: 50)
        #expect(PTYSession.plain(try pty.enter("lesson \(file) --practice", until: "practice> ")).contains("Type: observer LHR"))
        let helped = PTYSession.plain(try pty.enter("help observer", until: "practice> "))
        #expect(helped.contains("usage: observer") && !helped.contains("Type: airports"), "\(helped)")
        let explained = PTYSession.plain(try pty.enter("explain bearing", until: "practice> "))
        #expect(!explained.contains("Type: airports"), "\(explained)")
        #expect(PTYSession.plain(try pty.enter("observer EGLL", until: "practice> ")).contains("Type: airports near KSFO within 20km limit 5"))
        let other = PTYSession.plain(try pty.enter("airports near KSFO within 25km limit 5", until: "practice> "))
        #expect(other.contains("Almost"), "a different value is not the same command: \(other)")
        let reordered = PTYSession.plain(try pty.enter("airports near SFO limit 5 within 20km", until: "practice> "))
        #expect(reordered.contains("KOAK") && reordered.contains("Try: let n ="), "\(reordered)")
        let wrong = PTYSession.plain(try pty.enter("let n = 3", until: "practice> "))
        #expect(wrong.contains("✗ expected $n == 4") && wrong.contains("Not yet"), "\(wrong)")
        let right = PTYSession.plain(try pty.enter("let n = (airports near SFO within 20km limit 50 | count)", until: "practice> "))
        #expect(right.contains("✓ $n == 4") && right.contains("Type: echo done"), "\(right)")
        #expect(PTYSession.plain(try pty.enter("echo done", until: "sky ✈default> ")).contains("end of the lesson Meaning"))
        try pty.exitShell()
    }
}
