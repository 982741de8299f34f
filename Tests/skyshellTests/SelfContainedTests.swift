import Foundation
import SkyKit
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

    /// The system libraries skyshell opened in a run, among SQLite, libedit and libcurl, from
    /// the dynamic loader's own account of it (LD_DEBUG=files, written to `log`.PID).
    static func opened(log: String) throws -> Set<String> {
        let folder = PathText.parent(log)
        var found: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasPrefix(PathText.base(log) + ".") {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            for library in ["libsqlite3", "libedit", "libcurl"] where text.contains("file=\(library).so") { found.insert(library) }
        }
        return found
    }

    /// What a start loads: the release binary needs only the C library, libm and zlib; SQLite,
    /// libedit and libcurl are opened when first used — a one-line command opens none of them,
    /// the logbook opens SQLite, a prompt at a terminal libedit, a feed libcurl — and no library
    /// is looked for beside the binary.
    @Test func librariesAreOpenedWhenFirstUsed() throws {
        if isRelease {
            let dynamic = ProcessRunner.run("/usr/bin/readelf", ["-d", binary], environment: ["PATH": "/usr/bin:/bin"])
            let needed = dynamic.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
                line.split(separator: "[").last?.split(separator: "]").first.map(String.init)
            }
            #expect(dynamic.status == 0 && Set(needed) == ["libc.so.6", "libm.so.6", "libz.so.1", "ld-linux-x86-64.so.2"], "\(dynamic.stdout)")
            #expect(!dynamic.stdout.contains("RUNPATH") && !dynamic.stdout.contains("RPATH"), "\(dynamic.stdout)")
        }
        let server = try HTTPTestServer { _ in
            .json(#"{"now":1733000000,"aircraft":[{"hex":"3c6444","flight":"DLH4AB","alt_baro":10000,"lat":49.09,"lon":2.55}]}"#)
        }
        defer { server.stop() }
        let work = TemporaryDirectory("alone-libs")
        func run(_ name: String, _ commands: String) throws -> Set<String> {
            let log = work.path + "/\(name)"
            let env = ProcessRunner.environment(home: work.path + "/home", extra: ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": log])
            let r = ProcessRunner.run(binary, ["-c", commands], environment: env)
            #expect(r.status == 0, "\(commands): \(r.stderr)")
            return try Self.opened(log: log)
        }
        #expect(try run("status", "status; airport KSFO; distance LHR JFK") == [])
        #expect(try run("logbook", "flight add KSFO KLAX; flights") == ["libsqlite3"])
        // A receiver's feed (with the station log, which keeps what it hears in SQLite).
        let feed = "observer 49.0128 2.55; radar source readsb \(server.url)/aircraft.json; radar list"
        #expect(try run("feed", feed) == ["libcurl", "libsqlite3"])
        #expect(try run("feed-unlogged", "set station-log off; " + feed) == ["libcurl"])

        let log = work.path + "/prompt"
        let session = try PTYSession.skyshell(
            home: work.path + "/home", extra: ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": log], binary: binary)
        try session.waitFor("sky ✈default> ")
        #expect(try session.exitShell() == 0)
        #expect(try Self.opened(log: log) == ["libedit"])
    }

    /// A shell line that covers the library named `soname` with an empty file (in the mount
    /// namespace it runs in), then runs "$0".
    static func hide(_ soname: String) -> String {
        "mount --bind /dev/null \"$(ldconfig -p | awk '$1 == \"\(soname)\" { print $NF; exit }')\" && exec \"$0\""
    }

    /// A library the system lacks (hidden here behind an empty file in a mount namespace of
    /// the test's own) is said in one line with what to install; the rest of skyshell works.
    @Test func aMissingLibraryIsSaidInOneLineAndTheRestWorks() throws {
        let work = TemporaryDirectory("alone-missing")
        let env = ProcessRunner.environment(home: work.path + "/home")
        func hidden(_ soname: String, _ command: String) -> ProcessResult {
            ProcessRunner.run(
                "/usr/bin/unshare", ["--map-root-user", "--mount", "/bin/sh", "-c", Self.hide(soname) + " -c \"$1\"", binary, command],
                environment: env.merging(["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]) { $1 })
        }
        let logbook = hidden("libsqlite3.so.0", "airport KSFO; flights")
        #expect(logbook.stdout.contains("San Francisco International Airport"), "\(logbook.stderr)")
        #expect(logbook.status == 74 && logbook.stderr.split(separator: "\n").count == 1, "\(logbook.status) \(logbook.stderr)")
        #expect(logbook.stderr.contains("SQLite is not available") && logbook.stderr.contains("install libsqlite3-0"), "\(logbook.stderr)")
        let version = hidden("libsqlite3.so.0", "version")
        #expect(version.status == 0 && version.stdout.contains("unavailable"), "\(version.stderr)")

        // At a terminal without libedit: said once, and lines are still read and run.
        var terminal = env
        terminal["TERM"] = "xterm"
        terminal["PATH"] = "/usr/sbin:/usr/bin:/sbin:/bin"
        let session = try PTYSession(
            "/usr/bin/unshare",
            ["--map-root-user", "--mount", "/bin/sh", "-c", Self.hide("libedit.so.2"), binary],
            environment: terminal)
        try session.waitFor("libedit is not available")
        try session.waitFor("install libedit2")
        try session.waitFor("sky ✈default> ")
        try session.send("airport KSFO\r", toEditor: false)
        try session.waitFor("San Francisco International Airport")
        try session.send("exit\r", toEditor: false)
        #expect(try session.waitForExit() == 0)
    }

    /// The system's libedit, opened at the prompt, edits, completes and recalls at a real terminal.
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
