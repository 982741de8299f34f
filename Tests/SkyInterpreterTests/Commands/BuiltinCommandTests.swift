import SkyKit
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

@Suite("The flight list for programs")
struct FlightListFieldTests {
    /// JSON and CSV of `flights` carry every field of the flight card: the shown columns and
    /// the extra ones together are exactly the card's keys.
    @Test func theExtraColumnsAreTheRestOfTheCard() throws {
        let shell = makeShell()
        let flight = Flight(origin: "KSFO", destination: "KJFK", date: try #require(FlightDate(iso: "2025-11-09")))
        let keys = FlightFields.card(flight, shell.context).fields.map(\.key)
        #expect(Set(keys) == FlightsCommand.shown.union(FlightsCommand.extraKeys))
        #expect(FlightsCommand.extraKeys.count == keys.count - FlightsCommand.shown.count)
    }
}

@Suite("Setter commands")
struct SetterListTests {
    /// Every command `-q` quiets is a command of the registry (a renamed one cannot slip out).
    @Test func everySetterIsARegisteredCommand() {
        let registry = CommandRegistry(AllCommands.list)
        for path in AllCommands.setters {
            let words = path.split(separator: " ").map { Token(String($0)) }
            let found = registry.resolve(words)
            #expect(found.map { $0.path.joined(separator: " ") } == path, "\(path)")
        }
    }
}
