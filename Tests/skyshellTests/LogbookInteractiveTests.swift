import Foundation
import SkyTestSupport
import Testing

/// The logbook at a terminal: the field-by-field form and typed confirmations.
@Suite("Logbook at a terminal (PTY)")
struct LogbookInteractiveTests {
    let home = TemporaryDirectory("pty-logbook")

    func start() throws -> PTYSession {
        let pty = try PTYSession.skyshell(home: home.path)
        try pty.waitFor("✈default> ")
        return pty
    }

    @Test func theFormAsksEachFieldAndStoresOnlyWhatWasChosen() throws {
        let pty = try start()
        try pty.enter("airline favorite AS", until: "favourite")
        try pty.enter("flight add", until: "From: ")
        try pty.enter("SFO", until: "To: ")
        #expect(try pty.enter("KXYZ", until: "To: ").contains("unknown airport code 'KXYZ'"))
        // A place that fits several airports is a choice, not a dead end.
        let list = PTYSession.plain(try pty.enter("Portland", until: "Which one? [1-6]: "))
        #expect(list.contains("1  KPDX  Portland International Airport"), "\(list)")
        try pty.enter("1", until: "Airline (Tab: favourites first) [none]: ")
        try pty.enter("AS", until: "Flight number [none]: ")
        try pty.enter("AS4", until: "Aircraft (Tab: Alaska Airlines' fleet) [none]: ")
        // Tab with nothing typed lists the airline's fleet.
        try pty.send("\t")
        let offered = PTYSession.plain(try pty.waitFor("CRJ7"))
        #expect(offered.contains("B739  Boeing 737-900 · AS fleet") && offered.contains("B734"), "\(offered)")
        try pty.send("\u{15}")  // clear what Tab put on the line
        try pty.enter("B739", until: "Date [today]: ")
        try pty.enter("", until: "Class [none]: ")
        try pty.enter("", until: "Seat (23A, window, middle, aisle) [none]: ")
        try pty.enter("17F", until: "Registration [none]: ")
        let saved = try pty.enter("n512as", until: "✈default> ")
        #expect(saved.contains("Flight saved: #1  Alaska Airlines  KSFO → KPDX  B739  2025-11-10"))
        let card = PTYSession.plain(try pty.enter("flight show 1", until: "distance"))
        #expect(card.contains("17F, window") && card.contains("AS4") && card.contains("N512AS"))
        #expect(card.contains("class          —"), "Enter at the class stored no class: \(card)")
        try pty.exitShell()
    }

    @Test func enterAtEveryOptionalQuestionStoresNothing() throws {
        let pty = try start()
        try pty.enter("airline favorite AS", until: "favourite")
        try pty.enter("flight add", until: "From: ")
        try pty.enter("SEA", until: "To: ")
        try pty.enter("PDX", until: "Airline")
        try pty.enter("", until: "Flight number")
        try pty.enter("", until: "Aircraft")
        try pty.enter("", until: "Date")
        try pty.enter("", until: "Class")
        try pty.enter("", until: "Seat")
        try pty.enter("", until: "Registration")
        #expect(try pty.enter("", until: "✈default> ").contains("Flight saved: #1  no airline  KSEA → KPDX  2025-11-10"))
        let card = PTYSession.plain(try pty.enter("flight show 1", until: "distance"))
        for field in ["airline        —", "aircraft       —", "class          —", "flight number  —"] { #expect(card.contains(field), "\(card)") }
        try pty.exitShell()
    }

    @Test func ctrlCInTheFormEndsTheLineAndSavesNothing() throws {
        let pty = try start()
        try pty.enter("flight add", until: "From: ")
        try pty.enter("SEA", until: "To: ")
        try pty.send("CD")
        try pty.send("\u{03}")
        let after = PTYSession.plain(try pty.waitFor("✈default> "))
        // The typed text stays on its line; the message starts a line of its own.
        #expect(after.contains("\ncancelled — no flight was saved") && !after.contains("CDcancelled"), "\(after.debugDescription)")
        #expect(PTYSession.plain(try pty.enter("flights", until: "✈default> ")).contains("no flights"))
        try pty.exitShell()
    }

    @Test func anImportAsksOncePerValueAndShowsTheSummaryFirst() throws {
        let pty = try start()
        let file = Executable.packageRoot + "/Tests/Fixtures/logbooks/myflightradar24-19.csv"
        let asked = PTYSession.plain(try pty.enter("logbook import \(file)", until: "'Boeing 767-300-ER' stands for [B763]: "))
        #expect(asked.contains("aircraft 'Boeing 767-300-ER' ×3 (line 3): unknown aircraft type 'Boeing 767-300-ER' — did you mean B763 Boeing 767-300?"))
        // Enter takes the suggestion; the next value has several candidates, so no default.
        try pty.enter("", until: "'(/LFH)' stands for [skip]: ")
        let summary = PTYSession.plain(try pty.enter("-", until: "Import 6 flights into logbook default? [Y/n] "))
        // Prose wraps to the terminal's width: the words are compared, not the line breaks.
        #expect(summary.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("6 flight rows — 6 new flights"), "\(summary)")
        #expect(try pty.enter("", until: "✈default> ").contains("imported 6 flights into logbook default"))
        let card = PTYSession.plain(try pty.enter("flight show 6", until: "distance"))
        #expect(card.contains("B763  Boeing 767-300"))
        // A map belongs to one import: the same file again asks again, then finds every flight
        // in the logbook already.
        try pty.enter("logbook import \(file)", until: "stands for [B763]: ")
        try pty.enter("", until: "stands for [skip]: ")
        #expect(try pty.enter("-", until: "✈default> ").contains("nothing new: logbook default has every flight"))
        try pty.exitShell()
    }

    /// A flight the logbook has (same date, route, number and seat) is asked about at a
    /// terminal: no (the default) saves nothing, yes saves it again.
    @Test func aFlightAddedTwiceIsAskedAbout() throws {
        let pty = try start()
        #expect(try pty.enter("flight add LHR JFK BA117 2024-05-03", until: "✈default> ").contains("Flight saved: #1"))
        let asked = "Save it again? [y/N] "
        let said = PTYSession.plain(try pty.enter("flight add LHR JFK BA117 2024-05-03", until: asked))
        #expect(said.contains("logbook default has this flight already: #1  British Airways  EGLL → KJFK  2024-05-03"), "\(said)")
        #expect(PTYSession.plain(try pty.enter("", until: "✈default> ")).contains("cancelled — nothing was saved"))
        try pty.enter("flight add LHR JFK BA117 2024-05-03", until: asked)
        #expect(PTYSession.plain(try pty.enter("y", until: "✈default> ")).contains("Flight saved: #2"))
        let listed = PTYSession.plain(try pty.enter("flights | count", until: "✈default> "))
        #expect(listed.contains("\n2\r") || listed.contains("\n2\n"), "\(listed)")
        try pty.exitShell()
    }

    @Test func anImportCanBeDeclinedAtTheSummary() throws {
        let pty = try start()
        let file = Executable.packageRoot + "/Tests/Fixtures/logbooks/flighty.csv"
        try pty.enter("logbook import \(file)", until: "Import 4 flights into logbook default? [Y/n] ")
        #expect(PTYSession.plain(try pty.enter("n", until: "✈default> ")).contains("cancelled — nothing was imported"))
        #expect(try pty.enter("flights", until: "✈default> ").contains("no flights in logbook default yet"))
        try pty.exitShell()
    }

    @Test func ctrlCCancelsTheForm() throws {
        let pty = try start()
        try pty.enter("flight add", until: "From: ")
        try pty.enter("SFO", until: "To: ")
        try pty.send("\u{03}")
        #expect(PTYSession.plain(try pty.waitFor("✈default> ")).contains("cancelled — no flight was saved"))
        #expect(try pty.enter("flights", until: "✈default> ").contains("no flights in logbook default yet"))
        try pty.exitShell()
    }

    @Test func clearingALogbookAsksForItsName() throws {
        let pty = try start()
        try pty.enter("flight add SFO JFK date 2025-01-01", until: "Flight saved")
        try pty.enter("logbook clear", until: "Type default to confirm: ")
        #expect(try pty.enter("yes", until: "✈default> ").contains("not confirmed — nothing was deleted"))
        try pty.enter("logbook clear", until: "Type default to confirm: ")
        #expect(try pty.enter("default", until: "✈default> ").contains("deleted 1 flight from logbook default"))
        try pty.exitShell()
    }

    @Test func theActiveLogbookIsInThePrompt() throws {
        let pty = try start()
        try pty.enter("logbook new trips", until: "✈trips> ")
        try pty.exitShell()
    }
}
