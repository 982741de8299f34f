import Foundation
import SkyTestSupport
import Testing

/// The binary carries its data: copied alone into an empty folder, with an environment that
/// points nowhere near the sources, every lookup still works. Scripts/test sets
/// SKYSHELL_RELEASE_BINARY so this checks the statically linked release build; otherwise it
/// checks the debug build's binary.
@Suite("Self-contained binary")
struct SelfContainedTests {
    var binary: String { ProcessInfo.processInfo.environment["SKYSHELL_RELEASE_BINARY"].flatMap { $0.isEmpty ? nil : $0 } ?? Executable.skyshell }

    @Test func aCopiedBinaryAnswersEveryKindOfLookup() throws {
        let source = binary
        let dir = TemporaryDirectory("alone")
        let copy = dir.path + "/skyshell"
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        let env = ["PATH": "/usr/bin:/bin", "HOME": dir.path + "/home", "SKYSHELL_NOW": "2025-11-10T12:00:00Z"]
        let result = ProcessRunner.run(
            copy, ["-o", "json", "-c", "airport SFO; airline AS; aircraft 738; distance LHR JFK"],
            environment: env, directory: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"icao\":\"KSFO\""))
        #expect(result.stdout.contains("\"callsign\":\"ALASKA\""))
        #expect(result.stdout.contains("\"designator\":\"B738\""))
        #expect(result.stdout.contains("\"distance_km\":5554.517"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["skyshell"], "the binary wrote files beside itself")
    }

    /// Only the C library is loaded at start-up: SQLite, libedit (and libtinfo, libbsd, libmd
    /// behind it), zlib, libstdc++ and the Swift runtime are linked in (Scripts/build-release),
    /// no library is looked for beside the binary, and libcurl is opened only when a feed first
    /// needs HTTP — URLSession then works through it.
    @Test func startUpLoadsOnlyTheCLibraryAndNetworkingOpensLibcurlWhenUsed() throws {
        if isRelease {
            let dynamic = ProcessRunner.run("/usr/bin/readelf", ["-d", binary], environment: ["PATH": "/usr/bin:/bin"])
            let needed = dynamic.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
                line.split(separator: "[").last?.split(separator: "]").first.map(String.init)
            }
            #expect(dynamic.status == 0 && Set(needed) == ["libc.so.6", "libm.so.6", "ld-linux-x86-64.so.2"], "\(dynamic.stdout)")
            #expect(!dynamic.stdout.contains("RUNPATH") && !dynamic.stdout.contains("RPATH"), "\(dynamic.stdout)")
        }
        let server = try HTTPTestServer { _ in
            .json(#"{"now":1733000000,"aircraft":[{"hex":"3c6444","flight":"DLH4AB","alt_baro":10000,"lat":49.09,"lon":2.55}]}"#)
        }
        defer { server.stop() }
        let home = TemporaryDirectory("alone-net")
        let result = ProcessRunner.run(
            binary, ["-c", "observer 49.0128 2.55; radar source readsb \(server.url)/aircraft.json; radar list"],
            environment: ProcessRunner.environment(home: home.path))
        #expect(result.status == 0 && result.stdout.contains("DLH4AB"), "\(result.stderr)")
    }

    /// The linked-in libedit and libtinfo edit, complete and recall at a real terminal (they
    /// read the terminal's description from the system's terminfo like the shared ones).
    @Test func theBinaryEditsCompletesAndRecallsAtATerminal() throws {
        let home = TemporaryDirectory("alone-pty")
        let first = try PTYSession.skyshell(home: home.path, binary: binary)
        try first.waitFor("sky ✈default> ")
        try first.send("airport YSS\t")
        try first.waitFor("Y ")
        #expect(try first.enter("", until: "hub of").contains("Sydney Kingsford Smith International Airport"))
        #expect(try first.exitShell() == 0)
        let second = try PTYSession.skyshell(home: home.path, binary: binary)
        try second.waitFor("sky ✈default> ")
        try second.send("\u{1B}[A")
        try second.waitFor("exit")
        try second.send("\u{1B}[A")
        try second.waitFor("airport YSSY")
        let recalled = try second.enter("", until: "hub of")
        #expect(recalled.contains("Sydney Kingsford Smith International Airport"), "\(recalled)")
        #expect(try second.exitShell() == 0)
    }

    var isRelease: Bool { ProcessInfo.processInfo.environment["SKYSHELL_RELEASE_BINARY"]?.isEmpty == false }
}
