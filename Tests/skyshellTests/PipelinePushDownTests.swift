import Foundation
import SkyTestSupport
import Testing

/// The logbook's query does part of a pipeline over `flights` (airline and year equalities,
/// a `first N` after them): the rows are the same as when nothing is pushed. `skip 0` first
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
            "airline == UA and airline == BA", "distance > 9000km and year == 2016",
        ]
        for condition in conditions {
            let groups = [" | group airline with count", " | group year, from with count", " | group aircraft, to, airline | sort count desc | first 4"]
            for tail in ["", " | first 7", " | first 1", " | where year == 2021 | first 3", " | sort distance desc | first 5"] + groups {
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
