import Foundation
import SkyTestSupport
import Synchronization
import Testing

/// Lessons and examples that do not rot with the calendar: every lesson, every example of the
/// documents and every example of the commands' help runs the same at the pinned clock of the
/// other tests (2025-11-10), at today's real clock, and at today's clock plus five years.
@Suite("Lessons and examples at any date")
struct ClockTests {
    /// The clocks: the pinned one, the real one (no SKYSHELL_NOW), five years from now.
    static var clocks: [(name: String, now: String?)] {
        let future = Date().addingTimeInterval(5 * 365.25 * 86_400)
        let iso = ISO8601DateFormatter().string(from: future)
        return [("2025-11-10", "2025-11-10T12:00:00Z"), ("today", nil), ("today + 5 years", iso)]
    }

    static func environment(home: String, now: String?) -> [String: String] {
        var env = ProcessRunner.environment(home: home)
        env["SKYSHELL_NOW"] = now
        return env
    }

    @Test(arguments: Fixtures.lessonNumbers)
    func everyLessonRunsAtEveryClock(_ n: Int) {
        for clock in Self.clocks {
            let home = TemporaryDirectory("lesson-clock")
            let r = ProcessRunner.run(Executable.skyshell, ["-c", "lesson \(n)"], environment: Self.environment(home: home.path, now: clock.now))
            #expect(r.status == 0 && r.stderr.isEmpty, "lesson \(n) at \(clock.name): \(r.stderr)")
            #expect(r.stdout.contains("end of lesson \(n)"), "lesson \(n) at \(clock.name)")
        }
    }

    @Test(arguments: ["README.md", "Docs/guide.md"])
    func everyDocumentExampleRunsAtEveryClock(_ path: String) throws {
        // What they print is checked at the pinned clock (DocExamplesTests); here, that they run.
        for clock in Self.clocks.dropFirst() {
            let home = TemporaryDirectory("doc-clock")
            for example in try DocExamplesTests.examples(in: path) {
                let r = ProcessRunner.run(Executable.skyshell, ["-c", example.commands], environment: Self.environment(home: home.path, now: clock.now))
                #expect(r.status == 0, "\(path) at \(clock.name): `\(example.commands)` failed: \(r.stderr)")
            }
        }
    }

    /// "Today" is the date on the user's clock (TZ as the C library reads it: a zone name or a
    /// POSIX rule), daylight saving included past 2037, where the zone files' own list of
    /// changes ends and their rule takes over.
    @Test func todayIsTheDateInTheUsersTimeZone() {
        for (tz, date) in [("Pacific/Kiritimati", "2041-07-02"), ("<-11>11", "2041-07-01"), ("Europe/Paris", "2041-07-02"), ("Europe/Lisbon", "2041-07-01")] {
            let home = TemporaryDirectory("today-tz")
            var env = Self.environment(home: home.path, now: "2041-07-01T22:30:00Z")
            env["TZ"] = tz
            let r = ProcessRunner.run(Executable.skyshell, ["-c", "flight add KSFO KLAX"], environment: env)
            #expect(r.status == 0 && r.stdout.contains("KSFO → KLAX  \(date)"), "TZ=\(tz): \(r.stdout)\(r.stderr)")
        }
    }

    /// The built-in ISS elements with their epoch moved to `date`: the current elements an
    /// example of `passes` presupposes (at a real date, `sat fetch stations` gives them).
    static func currentISS(at date: Date) -> String {
        let line1 = "1 25544U 98067A   25313.96830531  .00008626  00000+0  16179-3 0  999"
        let line2 = "2 25544  51.6342 304.7042 0004075  52.7615 307.3745 15.49490024537771"
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let year = utc.component(.year, from: date)
        let start = utc.date(from: DateComponents(year: year, month: 1, day: 1))!
        let day = 1 + date.timeIntervalSince(start) / 86_400
        let epoch = String(format: "%02d%012.8f", year % 100, day)
        let moved = line1.prefix(18) + epoch + line1.dropFirst(32)
        let sum = moved.reduce(0) { $0 + ($1.wholeNumberValue ?? ($1 == "-" ? 1 : 0)) } % 10
        return "ISS (ZARYA)\n\(moved)\(sum)\n\(line2)\n"
    }

    /// What an example did: its exit status, or that it was still running after 3 seconds
    /// (the examples that follow a live feed for a minute). Its scene: current ISS elements
    /// loaded, and an observer (what `here` names).
    static func outcome(_ example: String, now: String?) -> String {
        let home = TemporaryDirectory("help-clock")
        let date = now.flatMap { ISO8601DateFormatter().date(from: $0) } ?? Date()
        let elements = home.path + "/iss-now.tle"
        _ = FileManager.default.createFile(atPath: elements, contents: Data(currentISS(at: date).utf8))
        let r = ProcessRunner.run(
            Executable.skyshell, ["-c", "sat load \(elements); observer KSFO; " + example], environment: environment(home: home.path, now: now),
            directory: home.path, timeout: 3)
        return r.timedOut
            ? "still running after 3 s" : "exit \(r.status)" + (r.status == 0 ? "" : ": " + (r.stderr.split(separator: "\n").first.map(String.init) ?? ""))
    }

    @Test func everyHelpExampleDoesTheSameAtEveryClock() throws {
        let list = ProcessRunner.run(Executable.skyshell, ["--generate", "examples"], environment: ProcessRunner.environment(home: "/nonexistent"))
        let examples = list.stdout.split(separator: "\n").map(String.init)
        #expect(examples.count > 200)
        // Two at a time (two cores): each example at the three clocks.
        let results = Mutex<[(String, [String])]>([])
        DispatchQueue.concurrentPerform(iterations: examples.count) { i in
            let outcomes = Self.clocks.map { Self.outcome(examples[i], now: $0.now) }
            results.withLock { $0.append((examples[i], outcomes)) }
        }
        for (example, outcomes) in results.withLock({ $0 }).sorted(by: { $0.0 < $1.0 }) {
            // The status is the same at the three clocks ("exit 65" lines may differ in numbers).
            let statuses = outcomes.map { $0.prefix { $0 != ":" } }
            #expect(Set(statuses).count == 1, "`\(example)`: \(zip(Self.clocks.map(\.name), outcomes).map { "\($0): \($1)" })")
        }
    }
}
