import Foundation
import SkyTestSupport
import Testing

@testable import SkyInterpreter

/// The registry finds a command by the names in AllCommandNames.swift without making every
/// declaration; those names must be the declarations' own.
@Suite("Command names")
struct CommandNamesTests {
    static let file = Executable.packageRoot + "/Sources/SkyInterpreter/Commands/AllCommandNames.swift"

    @Test func theNamesTableIsTheDeclarationsNames() throws {
        let declared = AllCommands.list.map(\.names)
        if ProcessInfo.processInfo.environment["SKYSHELL_RECORD"] == "1" {
            try Self.source(declared).write(toFile: Self.file, atomically: true, encoding: .utf8)
            return
        }
        #expect(AllCommands.names == declared, "run the tests with SKYSHELL_RECORD=1 to regenerate AllCommandNames.swift")
        #expect(try String(contentsOfFile: Self.file, encoding: .utf8) == Self.source(declared))
    }

    /// A lookup makes only the command it finds; listing makes them all, the same as declared.
    @Test func aLookupMakesOneCommandAndTheListIsTheDeclarations() throws {
        let registry = AllCommands.registry
        #expect(registry.command("ap")?.name == "airport")
        #expect(registry.command("AIRPORT")?.name == "airport")
        #expect(registry.command("nonesuch") == nil)
        #expect(registry.allNames == AllCommands.list.flatMap(\.names))
        #expect(registry.commands.map(\.name) == AllCommands.list.map(\.name))
    }

    static func source(_ names: [[String]]) -> String {
        let rows = names.map { "        [" + $0.map { "\"\($0)\"" }.joined(separator: ", ") + "]," }
        return """
            // Generated from the command declarations by CommandNamesTests: run the tests with
            // SKYSHELL_RECORD=1 after adding a command or changing a name or alias.
            extension AllCommands {
                /// Every command's names (its name, then its aliases), in the order of `makers`.
                static let names: [[String]] = [
            \(rows.joined(separator: "\n"))
                ]
            }

            """
    }
}
