import Foundation
import SkyTestSupport
import Testing

/// The bad-input corpus (Scripts/data/bad-inputs): every line, run as a script, fails with
/// exactly one error line and a sysexits status — no crash, no hang, no second line — and
/// the logbook and session on disk are unchanged afterwards.
@Suite("Bad input corpus")
struct BadInputTests {
    static func corpus() throws -> [Data] {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.directory + "/bad-inputs/corpus.txt"))
        return data.split(separator: UInt8(ascii: "\n")).filter { $0.first != UInt8(ascii: "#") }.map { Data($0) }
    }

    static func snapshot(_ dir: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in (try? FileManager.default.subpathsOfDirectory(atPath: dir)) ?? []
        where !name.hasSuffix("-shm") && !name.hasSuffix("-wal") && !name.contains("history") {
            if let d = FileManager.default.contents(atPath: dir + "/" + name) { files[name] = d }
        }
        return files
    }

    @Test func everyBadLineIsOneClearErrorAndChangesNothing() throws {
        let lines = try Self.corpus()
        #expect(lines.count >= 200)
        let home = TemporaryDirectory("bad-inputs")
        let env = ProcessRunner.environment(home: home.path, extra: ["SKYSHELL_HTTP_TIMEOUT": "1"])
        // Some data to protect: a logbook with two flights and a saved session.
        let setup = ProcessRunner.run(
            Executable.skyshell,
            ["--resume", "-c", "flight add SFO JFK airline UA aircraft B738 date 2024-05-02; flight add JFK SFO date 2024-05-09; observer KSFO"],
            environment: env)
        #expect(setup.status == 0, "\(setup.stderr)")
        let before = Self.snapshot(home.path)
        #expect(before.keys.contains { $0.hasPrefix("logbook") })
        var statuses: [Int32: Int] = [:]
        for line in lines {
            let text = String(decoding: line, as: UTF8.self)
            let r = ProcessRunner.run(Executable.skyshell, ["-"], stdin: line + Data([0x0A]), environment: env, timeout: 20)
            statuses[r.status, default: 0] += 1
            let errorLines = r.stderr.split(separator: "\n")
            #expect(
                [64, 65, 66, 69, 73, 74].contains(r.status),
                "`\(text.prefix(80))` → status \(r.status)\n\(r.stderr.prefix(300))\nstdout: \(r.stdout.prefix(300))")
            #expect(errorLines.count == 1, "`\(text.prefix(80))` printed \(errorLines.count) error lines:\n\(r.stderr.prefix(500))")
            #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("Stack dump"), "`\(text.prefix(80))` crashed")
        }
        #expect(Self.snapshot(home.path) == before, "the bad input changed files in the data directory")
        print("bad-input corpus: \(lines.count) lines, statuses \(statuses.sorted { $0.key < $1.key })")
    }
}

/// The fuzzing seed corpora, including every input a fuzzer once crashed on, replayed through
/// the same targets in a normal build: each must run to the end.
@Suite("Fuzz corpus replay")
struct FuzzReplayTests {
    @Test(arguments: ["command", "opensky", "readsb", "tle", "flights", "hgt", "session", "badges", "csv", "elements", "url", "weather"])
    func theSeedCorpusRunsThroughTheTarget(_ target: String) throws {
        let dir = Fixtures.directory + "/fuzz/" + target
        let count = try FileManager.default.contentsOfDirectory(atPath: dir).count
        #expect(count >= 2)
        let r = ProcessRunner.run(Executable.buildDirectory + "/skyfuzz", [target, dir], environment: ["PATH": "/usr/bin:/bin"])
        #expect(r.status == 0 && r.stdout.contains("\(target): \(count) inputs ran"), "\(r.stdout) \(r.stderr)")
    }
}
