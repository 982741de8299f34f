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

    @Test func theFormAsksEachFieldWithDefaultsAndCompletion() throws {
        let pty = try start()
        try pty.enter("airline favorite AS", until: "favourite")
        try pty.enter("flight add", until: "From: ")
        try pty.enter("SFO", until: "To: ")
        #expect(try pty.enter("KXYZ", until: "To: ").contains("unknown airport code 'KXYZ'"))
        try pty.enter("SEA", until: "Airline [ASA]: ")
        try pty.enter("", until: "Aircraft [B734]: ")
        try pty.send("B73\t")
        try pty.waitFor("B73")  // the listing of the types offered
        try pty.enter("9", until: "Date [today]: ")
        try pty.enter("", until: "Class [economy]: ")
        try pty.enter("", until: "Seat (23A, window, middle, aisle) [none]: ")
        let saved = try pty.enter("17F", until: "✈default> ")
        #expect(saved.contains("Flight saved: #1  Alaska Airlines  KSFO → KSEA  B739  2025-11-10"))
        let card = try pty.enter("flight show 1", until: "distance")
        #expect(card.contains("17F, window") && card.contains("economy"))
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
