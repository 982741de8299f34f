import Testing

@testable import SkyInterpreter

@Suite("Command line")
struct CommandLineTests {
    @Test func scriptsAndTheirArguments() throws {
        let o = try CommandLineOptions.parse(["-k", "--output=json", "tour.sky", "-x", "KSFO"])
        #expect(o.source == .file("tour.sky"))
        #expect(o.scriptArguments == ["-x", "KSFO"])
        #expect(o.keepGoing && o.output == "json")
    }

    @Test func commandsStdinAndShortFlags() throws {
        #expect(try CommandLineOptions.parse(["-c", "help", "a"]).source == .commands("help"))
        #expect(try CommandLineOptions.parse(["-c", "help", "a"]).scriptArguments == ["a"])
        #expect(try CommandLineOptions.parse(["-chelp"]).source == .commands("help"))
        #expect(try CommandLineOptions.parse(["-", "a"]).source == .stdinScript)
        #expect(try CommandLineOptions.parse(["-ojson"]).output == "json")
        #expect(try CommandLineOptions.parse([]).source == .standardInput)
        #expect(try CommandLineOptions.parse(["--", "-odd.sky"]).source == .file("-odd.sky"))
    }

    @Test func errorsAreUsageErrors() {
        #expect(throws: ShellError.usage("unknown option '--outptu' — did you mean '--output'? (see skyshell --help)")) {
            try CommandLineOptions.parse(["--outptu"])
        }
        #expect(throws: ShellError.usage("--output must be one of table, json, csv, json-array, not 'yaml'")) { try CommandLineOptions.parse(["-o", "yaml"]) }
        #expect(throws: ShellError.usage("--command needs a value <commands>")) { try CommandLineOptions.parse(["-c"]) }
        #expect(throws: ShellError.usage("--fresh and --resume cannot be used together")) { try CommandLineOptions.parse(["--fresh", "--resume"]) }
        #expect(throws: ShellError.usage("--help takes no value")) { try CommandLineOptions.parse(["--help=yes"]) }
    }
}
