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

@Suite("Process environment")
struct ProcessEnvironmentTests {
    @Test func entriesSplitAtTheFirstEqualsSignWithoutEqualsLeftOutAndBadBytesRepaired() {
        let texts: [[UInt8]] = [
            Array("HOME=/home/pilot".utf8), Array("LS_COLORS=di=01;34:ln=01;36".utf8), Array("NOEQUALS".utf8), Array("EMPTY=".utf8),
            Array("=nameless".utf8), Array("CAFÉ=crème".utf8), [0x42, 0x41, 0x44, 0x3D, 0x61, 0xFF, 0x62],
        ]
        var entries: [UnsafeMutablePointer<CChar>?] = texts.map { bytes in
            let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, b) in bytes.enumerated() { p[i] = CChar(bitPattern: b) }
            p[bytes.count] = 0
            return p
        }
        entries.append(nil)
        defer { for p in entries { p?.deallocate() } }
        let env = entries.withUnsafeMutableBufferPointer { SkyshellMain.environment($0.baseAddress) }
        #expect(
            env == [
                "HOME": "/home/pilot", "LS_COLORS": "di=01;34:ln=01;36", "EMPTY": "", "": "nameless", "CAFÉ": "crème",
                "BAD": "a\u{FFFD}b",
            ])
        #expect(SkyshellMain.environment(nil).isEmpty)
    }
}
