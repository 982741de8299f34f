import Foundation
import SkyTestSupport
import Testing

/// Satellites at the prompt: names complete to catalogue numbers, a name that fits several asks
/// which, and a whole-catalogue search shows its progress and stops on Ctrl-C.
@Suite("Satellites (PTY)")
struct SatelliteInteractiveTests {
    let home = TemporaryDirectory("sat-pty")
    static let now = ["SKYSHELL_NOW": "2025-11-10T12:00:00Z"]

    func load(_ file: String) {
        let result = ProcessRunner.run(Executable.skyshell, ["-c", "sat load \(file)"], environment: ProcessRunner.environment(home: home.path))
        #expect(result.status == 0, "\(result.stderr)")
    }

    func start() throws -> PTYSession {
        let pty = try PTYSession.skyshell(home: home.path, extra: Self.now)
        try pty.waitFor("sky ✈default> ")
        return pty
    }

    @Test func aNameCompletesToItsCatalogueNumber() throws {
        load(Fixtures.directory + "/orbit/elements/mixed.3le")
        let pty = try start()
        try pty.send("sat use HS\t")
        try pty.waitFor("20580 ")
        #expect(try pty.enter("", until: "epoch").contains("using HST (20580)"))
        try pty.exitShell()
    }

    @Test func aNameThatFitsSeveralAsksWhichOne() throws {
        load(Fixtures.directory + "/orbit/elements/mixed.3le")
        let pty = try start()
        try pty.send("sat use s\r")
        let listing = PTYSession.plain(try pty.waitFor("Which one? [1-2]: "))
        #expect(listing.contains("'s' fits 2 satellites:") && listing.contains("1  20580  HST") && listing.contains("2  25544  ISS (ZARYA)"))
        #expect(try pty.enter("1", until: "epoch").contains("using HST (20580)"))
        try pty.exitShell()
    }

    @Test func theWholeCatalogueSearchShowsProgressAndStopsOnCtrlC() throws {
        // 3,000 sets: the ISS's elements under other numbers, their planes spread round the Earth.
        let lines = try String(contentsOfFile: Executable.packageRoot + "/Sources/SkyKit/Orbit/Resources/iss.tle", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        func checksum(_ line: String) -> String {
            let sum = line.prefix(68).reduce(0) { $0 + ($1.isNumber ? Int(String($1))! : $1 == "-" ? 1 : 0) } % 10
            return String(line.prefix(68)) + String(sum)
        }
        var text = ""
        for k in 0..<3_000 {
            let number = String(30_000 + k)
            let node = String(format: "%8.4f", Double(k) * 0.12)
            let l1 = Array(lines[1]), l2 = Array(lines[2])
            text += "SAT \(k)\n" + checksum("1 " + number + String(l1[7...])) + "\n"
            text += checksum("2 " + number + " " + String(l2[8..<17]) + node + String(l2[25...])) + "\n"
        }
        home.write("many.tle", text)
        load(home.path + "/many.tle")
        let pty = try start()
        try pty.enter("observer LFPG", until: "ground")
        try pty.send("passes all days 30\r")
        try pty.waitFor("searching passes… ", timeout: 60)
        try pty.send("\u{03}", toEditor: false)
        try pty.waitFor("interrupted", timeout: 30)
        try pty.waitFor("✈default> ")
        #expect(try pty.exitShell() == 0)
    }

    @Test func ctrlCStopsADownloadThatHangsAsAnInterruption() throws {
        let server = try HTTPTestServer { _ in .stall }
        defer { server.stop() }
        let live = try LiveProcess(
            Executable.skyshell, ["-c", "sat fetch \(server.url)/stations.tle"], environment: ProcessRunner.environment(home: home.path),
            directory: home.path, scratch: home.path)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, server.requests.isEmpty { usleep(50_000) }
        usleep(200_000)
        live.signal(SIGINT)
        // Interrupted (130, as every Ctrl-C in a script), not "the service is unavailable" (69).
        #expect(try live.waitForExit(timeout: 20) == 130, "\(live.stderr)")
        #expect(live.stderr.split(separator: "\n").count == 1 && live.stderr.contains("interrupted"), "\(live.stderr)")
    }
}
