import Foundation
import SkyKit
import SkyTestSupport
import Testing

/// The logbook's query does part of a pipeline over `flights` (airline and year equalities,
/// distance comparisons on the route lengths it keeps, a `first N` or a `count` after them):
/// the rows are the same as when nothing is pushed. `skip 0` first
/// keeps every stage in memory; both forms run in one process, over 3,000 random flights. A
/// pipeline shown as text computes only the fields its stages name: the same text as a kept one.
@Suite("Pipelines pushed into the logbook's query")
struct PipelinePushDownTests {
    let home = TemporaryDirectory("pushdown")

    @Test func pushedStagesGiveTheSameRowsAsStagesRunInMemory() throws {
        var generator = SystemRandomNumberGenerator()
        let airports = ["KSFO", "KJFK", "EGLL", "LFPG", "RJTT", "YSSY", "OMDB", "KLAX", "EDDF", "SBGR"]
        let airlines = ["UAL", "BAW", "AFR", "DLH", "UA", "BA", ""]
        var csv = "date,origin,destination,airline,aircraft\n"
        for _ in 0..<3_000 {
            let from = airports.randomElement(using: &generator)!
            let to = airports.filter { $0 != from }.randomElement(using: &generator)!
            let day = String(format: "%04d-%02d-%02d", Int.random(in: 2015...2025), Int.random(in: 1...12), Int.random(in: 1...28))
            csv += "\(day),\(from),\(to),\(airlines.randomElement(using: &generator)!),B738\n"
        }
        let file = home.write("flights.csv", csv)
        let env = ProcessRunner.environment(home: home.path)
        #expect(ProcessRunner.run(Executable.skyshell, ["-c", "logbook import \(file)"], environment: env).status == 0)

        let conditions = [
            "airline == UA", "airline == BA and year == 2020", "year == 2018", "airline == AFR and distance > 5000km",
            "year == 2024 and airline == DLH", "airline == LH or year == 2019", "airline == ZZZ", "year == 1999",
            "airline == UA and airline == BA", "distance > 9000km and year == 2016", "distance > 5000km", "distance <= 3000km",
            "8000km < distance and airline == UA", "distance_km >= 5570.2km", "distance < 1mi", "distance > 2000nm or year == 2020",
        ]
        for condition in conditions {
            let groups = [" | group airline with count", " | group year, from with count", " | group aircraft, to, airline | sort count desc | first 4"]
            let tails = [
                "", " | first 7", " | first 1", " | where year == 2021 | first 3", " | sort distance desc | first 5", " | sort distance | first 3",
                " | count", " | where year > 2020 | count",
            ]
            for tail in tails + groups {
                let pushed = "flights | where \(condition)\(tail)"
                let inMemory = "flights | skip 0 | where \(condition)\(tail)"
                let r = ProcessRunner.run(Executable.skyshell, ["-o", "json", "-c", "\(pushed); \(inMemory)"], environment: env)
                let lines = r.stdout.split(separator: "\n")
                #expect(r.status == 0 && lines.count == 2, "\(pushed): \(r.stderr)")
                #expect(lines.first == lines.last, "\(pushed) differs from the stages run in memory")
            }
            // A group the logbook counted reads as the one run over the rows, in text too.
            for tail in groups {
                let text = ProcessRunner.run(
                    Executable.skyshell, ["-c", "flights | where \(condition)\(tail); echo =====; flights | skip 0 | where \(condition)\(tail)"],
                    environment: env)
                let halves = text.stdout.components(separatedBy: "=====\n")
                #expect(text.status == 0 && halves.count == 2 && halves[0] == halves[1], "\(condition)\(tail): \(text.stderr)")
            }
            // Shown as text, only the fields the stages name are computed; kept by let, all are.
            let shown = "flights | where \(condition) | sort distance desc | select id route distance | first 20"
            let text = ProcessRunner.run(Executable.skyshell, ["-c", "\(shown); echo =====; let kept = (\(shown)); $kept"], environment: env)
            let halves = text.stdout.components(separatedBy: "=====\n")
            #expect(text.status == 0 && halves.count == 2 && halves[0] == halves[1], "\(shown): \(text.stderr)")
        }
        // A limit given to flights is the newest N before the stages: none of them is the query's.
        for stages in ["where airline == BA | count", "where distance > 5000km | first 3", "where year == 2020 | select id", "sort distance | first 2"] {
            let r = ProcessRunner.run(
                Executable.skyshell, ["-o", "json", "-c", "flights limit 40 | \(stages); flights limit 40 | skip 0 | \(stages)"], environment: env)
            let lines = r.stdout.split(separator: "\n")
            #expect(r.status == 0 && lines.count == 2 && lines[0] == lines[1], "flights limit 40 | \(stages): \(r.stderr)")
        }
        // Listed by the stored lengths: the same first flights as a sort over every row, ties in the list's order.
        for stages in ["sort distance desc | first 10", "sort distance | first 10", "sort distance_km desc | first 1000 | select id distance"] {
            let r = ProcessRunner.run(
                Executable.skyshell, ["-o", "json", "-c", "flights | \(stages); flights | skip 0 | \(stages); flights limit 50 | \(stages)"], environment: env)
            let lines = r.stdout.split(separator: "\n")
            #expect(r.status == 0 && lines.count == 3 && lines[0] == lines[1] && lines[2] != lines[0], "\(stages): \(r.stderr)")
        }
        // The route lengths are the catalog's: `logbook check` says so, and finds one changed behind its back.
        let check = ProcessRunner.run(Executable.skyshell, ["-c", "logbook check"], environment: env)
        #expect(check.status == 0 && check.stdout.hasSuffix(": ok\n"), "\(check.stdout) \(check.stderr)")
        do {
            let db = try SQLiteDatabase(path: home.path + "/logbook.sqlite")
            try db.execute("UPDATE routes SET km = km + 1 WHERE origin = 'KSFO' AND destination = 'KJFK'")
        }
        let damaged = ProcessRunner.run(Executable.skyshell, ["-c", "logbook check"], environment: env)
        #expect(damaged.status == 65 && damaged.stderr.contains("1 route length differs from the catalog"), "\(damaged.stderr)")
        // Counted by the logbook straight after flights, in every format.
        for stages in ["group airline with count", "group year", "group airline, from with count | where count > 20"] {
            for format in ["table", "json", "csv"] {
                let counted = ProcessRunner.run(Executable.skyshell, ["-o", format, "-c", "flights | \(stages)"], environment: env)
                let held = ProcessRunner.run(Executable.skyshell, ["-o", format, "-c", "flights | skip 0 | \(stages)"], environment: env)
                #expect(counted.status == 0 && !counted.stdout.isEmpty && counted.stdout == held.stdout, "\(stages) as \(format): \(counted.stderr)")
            }
        }
    }
}
