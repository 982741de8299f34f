import Foundation
import SkyKit
import SkyTestSupport
import Testing

/// The logbook under faults: read-only files, a full disk, a damaged file, a process killed in
/// the middle of an import, two shells writing at once. Nothing committed is ever lost.
@Suite("Logbook faults")
struct LogbookFaultTests {
    let home = TemporaryDirectory("faults")
    var env: [String: String] { ProcessRunner.environment(home: home.path) }

    /// Runs `-c commands`; `unprivileged` runs it as nobody when the tests run as root, so
    /// that file modes apply.
    func sky(_ commands: String, env extra: [String: String] = [:], unprivileged: Bool = false) -> ProcessResult {
        var environment = env
        for (k, v) in extra { environment[k] = v }
        if unprivileged { return ProcessRunner.runUnprivileged(Executable.skyshell, ["-c", commands], environment: environment) }
        return ProcessRunner.run(Executable.skyshell, ["-c", commands], environment: environment)
    }

    func count() -> Int {
        let r = sky("flights")
        return r.stdout.split(separator: "\n").filter { $0.contains("→") }.count
    }

    @Test func aReadOnlyDatabaseGivesAClearErrorAndKeepsItsFlights() throws {
        #expect(sky("flight add SFO JFK date 2025-01-01").status == 0)
        let db = home.path + "/logbook.sqlite"
        chmod(home.path, 0o555)
        chmod(db, 0o444)
        defer { chmod(home.path, 0o755); chmod(db, 0o644) }
        let result = sky("flight add JFK LHR date 2025-01-02", unprivileged: true)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("logbook.sqlite"))
        #expect(result.stderr.contains("cannot"))
        chmod(home.path, 0o755)
        #expect(count() == 1)
    }

    @Test func aReadOnlyFileCanBeReadButNotWritten() throws {
        #expect(sky("flight add SFO JFK date 2025-01-01").status == 0)
        let db = home.path + "/logbook.sqlite"
        // WAL mode needs the -shm/-wal files; make the whole folder read-only too.
        chmod(db, 0o444)
        chmod(home.path, 0o555)
        defer { chmod(home.path, 0o755); chmod(db, 0o644) }
        let listed = sky("flights", unprivileged: true)
        #expect(listed.status == 0 && listed.stdout.contains("KSFO → KJFK"), "it is read: \(listed.stderr)")
        let added = sky("flight add JFK LHR date 2025-01-02", unprivileged: true)
        #expect(added.status == 74 && added.stderr.contains("cannot be written"), "\(added.stderr)")
        chmod(home.path, 0o755)
        #expect(count() == 1)
    }

    @Test func aFullDiskLosesNoSavedFlight() throws {
        var script = ""
        for n in 0..<400 { script += "flight add SFO JFK date 2025-01-01 --keep-duplicates note \"\(String(repeating: "n", count: 1500)) \(n)\"\n" }
        home.write("many.sky", script)
        let result = ProcessRunner.run(
            Executable.skyshell, ["--keep-going", home.path + "/many.sky"], environment: env.merging(["SKYSHELL_DB_MAX_PAGES": "60"]) { $1 })
        let saved = result.stdout.split(separator: "\n").filter { $0.hasPrefix("Flight saved") }.count
        #expect(result.status == 74)
        #expect(result.stderr.contains("is full"))
        #expect(saved > 10 && saved < 400)
        #expect(count() == saved)
        #expect(sky("logbook check").stdout.hasSuffix(": ok\n"))
    }

    @Test func aDamagedFileIsReportedAndLeftAlone() throws {
        let junk = Data("SQLite format 3\u{0}".utf8) + Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        _ = FileManager.default.createFile(atPath: home.path + "/logbook.sqlite", contents: junk)
        let result = sky("flights")
        #expect(result.status == 65)
        #expect(result.stderr.contains("left untouched"))
        #expect(FileManager.default.contents(atPath: home.path + "/logbook.sqlite") == junk)
        #expect(sky("flight add SFO JFK").status == 65)
        #expect(FileManager.default.contents(atPath: home.path + "/logbook.sqlite") == junk)
    }

    @Test func aKilledImportLeavesAllOrNothing() throws {
        let rows = 60_000
        // Every row another flight (a row repeating one is skipped): 336 days, 179 numbers.
        var csv = "date,origin,destination,airline,aircraft,flight_number\n"
        for n in 0..<rows { csv += String(format: "2024-%02d-%02d,KSFO,KJFK,UAL,B738,UA%d\n", n % 12 + 1, n / 12 % 28 + 1, n / 336 + 1) }
        home.write("big.csv", csv)
        #expect(sky("flight add LHR CDG date 2025-01-01").status == 0)
        let wal = home.path + "/logbook.sqlite-wal"
        var before = count()
        var killedInside = 0
        // The import parses the file first, then opens the database (creating the empty WAL
        // file) and writes every flight in one transaction: kill at points inside that phase.
        for delay in [0, 40_000, 120_000, 250_000] as [UInt32] {
            try? FileManager.default.removeItem(atPath: wal)
            let pid = ProcessRunner.start(Executable.skyshell, ["-c", "logbook import \(home.path)/big.csv"], environment: env)
            let deadline = Date().addingTimeInterval(60)
            var finished = false
            while Date() < deadline, !FileManager.default.fileExists(atPath: wal) {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid { finished = true; break }
                usleep(500)
            }
            guard !finished else { continue }
            usleep(delay)
            kill(pid, SIGKILL)
            let killed = ProcessRunner.wait(pid) == 128 + SIGKILL
            let after = count()
            #expect(after == before || after == before + rows, "after a kill: \(after) flights, before \(before)")
            if killed && after == before { killedInside += 1 }
            before = after
            #expect(sky("logbook check").stdout.hasSuffix(": ok\n"))
        }
        #expect(killedInside > 0, "no kill landed inside the import")
    }

    @Test func aShellKilledWhileAddingFlightsLosesNoSavedFlight() throws {
        var script = ""
        for n in 0..<400 { script += "flight add KSFO KJFK date 2025-01-01 --keep-duplicates note k\(n)\n" }
        let path = home.write("adds.sky", script)
        // The logbook exists before the first kill, so the test can watch its rows grow.
        #expect(sky("flight add KSFO KJFK date 2025-01-01 --keep-duplicates").status == 0)
        let watcher = try SQLiteDatabase(path: home.path + "/logbook.sqlite")
        func rows() -> Int { Int((try? watcher.statement("SELECT count(*) FROM flights").first { $0.int(0) }) ?? 0) }
        var killedMidway = 0
        for delay in [0, 5_000, 20_000] as [UInt32] {
            let before = count()
            let out = home.path + "/adds.out"
            let pid = ProcessRunner.spawn(Executable.skyshell, [path], env) { actions in
                posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            }
            // The kill comes after the first flight is committed, however slow the start-up is
            // on a loaded machine (a fixed delay alone could land before it or after the last).
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, rows() == before { usleep(200) }
            usleep(delay)
            kill(pid, SIGKILL)
            _ = ProcessRunner.wait(pid)
            // Every flight the shell said it saved is there (stdout may lag, never lead).
            let reported = (try? String(contentsOfFile: out, encoding: .utf8))?.components(separatedBy: "Flight saved").count ?? 1
            let after = count()
            #expect(after >= before, "a kill lost committed flights: \(before) → \(after)")
            #expect(after - before >= reported - 1, "reported \(reported - 1) saves, found \(after - before)")
            if after > before, after - before < 400 { killedMidway += 1 }
            #expect(sky("logbook check").stdout.hasSuffix(": ok\n"))
        }
        #expect(killedMidway > 0, "no kill landed between two saves")
    }

    @Test func twoShellsWritingAtOnceLoseNothing() throws {
        func script(_ name: String, _ origin: String) -> String {
            var s = ""
            for n in 0..<120 { s += "flight add \(origin) KJFK date 2025-01-01 --keep-duplicates note \(name)\(n)\n" }
            return home.write(name + ".sky", s)
        }
        let a = script("a", "KSFO"), b = script("b", "KLAX")
        let pa = ProcessRunner.start(Executable.skyshell, [a], environment: env)
        let pb = ProcessRunner.start(Executable.skyshell, [b], environment: env)
        #expect(ProcessRunner.wait(pa) == 0)
        #expect(ProcessRunner.wait(pb) == 0)
        #expect(count() == 240)
        #expect(sky("logbook check").stdout.hasSuffix(": ok\n"))
    }

    /// Two imports of the same 200,000-row file into one home at once: both read the file
    /// before either writes, and the duplicate check under the write lock lets it in once.
    @Test func twoImportsOfOneFileAtOnceAddItOnce() throws {
        let rows = 200_000
        var csv = "date,origin,destination,airline,aircraft,flight_number\n"
        for n in 0..<rows { csv += String(format: "2024-%02d-%02d,KSFO,KJFK,UAL,B738,UA%d\n", n % 12 + 1, n / 12 % 28 + 1, n / 336 + 1) }
        let file = home.write("big.csv", csv)
        let outputs = [home.path + "/a.out", home.path + "/b.out"]
        let pids = outputs.map { out in
            ProcessRunner.spawn(Executable.skyshell, ["-c", "logbook import \(file)"], env) { actions in
                posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                posix_spawn_file_actions_addopen(&actions, 2, out + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            }
        }
        for pid in pids { #expect(ProcessRunner.wait(pid) == 0) }
        #expect(count() == rows)
        let said = outputs.map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "" }
        #expect(said.filter { $0.contains("imported \(rows) flights") }.count == 1, "\(said)")
        #expect(said.filter { $0.contains("nothing new") }.count == 1, "\(said)")
        #expect(sky("logbook check").stdout.hasSuffix(": ok\n"))
    }

    @Test func aHugeOrForeignFileIsRefusedClearly() throws {
        let big = home.path + "/big.csv"
        _ = FileManager.default.createFile(atPath: big, contents: nil)
        truncate(big, 120 * 1024 * 1024)
        let tooBig = sky("logbook import \(big)")
        #expect(tooBig.status == 65)
        #expect(tooBig.stderr.contains("imports are limited to 100 MB"))

        let line = String(repeating: "lorem ipsum dolor sit amet ", count: 4) + "\n"
        let text = String(repeating: line, count: 50 * 1024 * 1024 / line.utf8.count)
        home.write("text.csv", text)
        let foreign = sky("logbook import \(home.path)/text.csv")
        #expect(foreign.status == 65)
        #expect(foreign.stderr.contains("is not a logbook file skyshell recognises"))
        #expect(count() == 0)
    }
}
