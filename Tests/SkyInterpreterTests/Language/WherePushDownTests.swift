import Foundation
import SkyKit
import Testing

@testable import SkyInterpreter

/// `radar list | where …` and `flights | where …` are done by the list as it makes its rows:
/// the rows kept are the ones the stage keeps over the whole list (held in a variable, where
/// nothing is pushed).
@Suite("Where push-down")
struct WherePushDownTests {
    /// Conditions over every kind of radar column: heights, lengths, angles, speeds, text,
    /// aircraft types, booleans, whole numbers, membership, matches, and their combinations.
    static let conditions = [
        "altitude < 3000m", "altitude >= 10000ft and distance < 40km", "distance > 15nm or elevation > 5°", "not on_ground",
        "on_ground", "clock in [12, 1, 11]", "clock not in [6]", "callsign =~ afr", "callsign like 'EZY*'", "callsign !~ a",
        "type == A320", "squawk == '7000'", "speed > 250kt", "track > 180° and track < 270°", "bearing >= 90 and bearing < 180",
        "elevation > 10", "apparent_arcmin > 5", "hidden_by_terrain", "altitude_source == pressure", "not (altitude < 1000m or distance > 30km)",
        "registration =~ F-", "speed < 100", "distance < 5km | where altitude > 100m", "altitude < 2km | where clock == 3 | where track > 80",
    ]

    @Test(arguments: ["LFPG", "LSZH"])
    func theListKeepsTheRowsTheStageKeeps(_ airport: String) throws {
        let shell = makeShell()
        _ = shell.output("observer \(airport); set output json; let whole = (radar list)")
        // The conditions keep some rows and drop others (the comparison is not of empty lists).
        #expect(try Self.keptAlike(shell, "radar list", "aircraft", Self.conditions.map { "where " + $0 }) > 20)
    }

    /// Compares `HEAD | STAGES` with `$whole | STAGES` (the list held, nothing pushed) for
    /// each of `tails`, row by row in JSON; the number of rows kept in all.
    static func keptAlike(_ shell: Shell, _ head: String, _ key: String, _ tails: [String]) throws -> Int {
        /// The rows of a JSON answer (the list's notes are not the variable's).
        func rows(_ answer: String) throws -> [String] {
            let document = try #require(try? JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any], "\(answer)")
            let rows = try #require(document[key] as? [[String: Any]], "\(answer)")
            return try rows.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: .sortedKeys), as: UTF8.self) }
        }
        var kept = 0
        for tail in tails {
            let pushed = try rows(shell.output("\(head) | \(tail)"))
            #expect(pushed == (try rows(shell.output("$whole | \(tail)"))), "\(tail)")
            kept += pushed.count
        }
        return kept
    }

    /// Conditions over the logbook's columns: codes, airports, types, dates, the route length,
    /// card fields, the year; some also pushed into the logbook's query (airline, year).
    static let flightConditions = [
        "airline == UA", "airline == UA and distance > 5000km", "distance > 3000nm or from == SFO", "to in [JFK, LHR, CDG]",
        "aircraft == B738", "date >= 2021-06-01", "year == 2022", "year == 2022 and airline == DL", "class == business",
        "seat_position == window and row < 10", "route =~ ksfo", "not (distance < 1000km)", "notes =~ late", "id > 40 | where id < 80",
        "events =~ holding", "duration > 5h", "airline in [LH, BA] | where distance < 2000km",
    ]

    /// `sort … | first N` after the conditions (or alone): ranked by the logbook on the key
    /// cells, over every kind of column, with ties (kept in the list's order) and empty cells.
    static let flightRankings = [
        "where airline == UA | sort distance desc | first 5", "sort date | first 3", "sort airline, distance desc | first 7",
        "where distance > 3000km | sort to, date desc | first 10", "sort id desc | first", "sort class | first 4",
        "sort year, from | first 6", "sort duration desc | first 8", "sort notes desc, aircraft | first 12", "where year == 2020 | sort route | first 2",
        "sort registration | first 9", "where airline == LH | where to in [JFK, LHR] | sort departure_time desc | first 3",
        "sort distance desc | first 200", "where airline == XX | sort date | first 3",
    ]

    @Test func theLogbookKeepsTheFlightsTheStageKeeps() throws {
        let home = NSTemporaryDirectory() + "skypushed-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let shell = makeShell(paths: Paths(config: home, state: home, data: home))
        let airports = ["SFO", "JFK", "LHR", "CDG", "FRA", "SEA", "HND", "SYD", "DEN", "ZRH"]
        let airlines = ["UA", "DL", "LH", "BA", "AF"], types = ["B738", "A320", "B77W", "A333"]
        var rng = SystemRandomNumberGenerator()
        var lines = ["logbook new pushed", "logbook use pushed"]
        for n in 0..<120 {
            let from = airports.randomElement(using: &rng)!
            let to = airports.filter { $0 != from }.randomElement(using: &rng)!
            let date = "\(2018 + n % 7)-\(String(format: "%02d", 1 + n % 12))-\(String(format: "%02d", 1 + n % 28))"
            var line = "flight add \(from) \(to) airline \(airlines.randomElement(using: &rng)!) aircraft \(types.randomElement(using: &rng)!)"
            line +=
                " date \(date) dep 08:15 arr 17:40 class \(["economy", "business"].randomElement(using: &rng)!) seat \(Int.random(in: 1...30, using: &rng))A"
            if n % 5 == 0 { line += " note 'late again' event holding" }
            lines.append(line + " --any-aircraft")
        }
        for line in lines { #expect(!shell.output(line).hasPrefix("error: "), "\(line)") }
        _ = shell.output("set output json; let whole = (flights)")
        #expect(try Self.keptAlike(shell, "flights", "flights", Self.flightConditions.map { "where " + $0 }) > 100)
        #expect(try Self.keptAlike(shell, "flights", "flights", Self.flightRankings) > 150)
    }

    @Test func theLeadingWhereStagesArePlannedWithTheColumnsTheyRead() throws {
        let stages = try Lexer().commands(in: "radar list | where altitude < 3000m | where distance < 20km and clock == 3 | sort distance")[0]
            .split(whereSeparator: \.isPipe).dropFirst().map { PipelineStage(Array($0), makeShell().registry) }
        let plan = try #require(WherePushDown.plan(stages, key: "aircraft", columns: RadarText.columns, reader: ScalarReader(catalog: .embedded)))
        #expect(plan.stages == 2)
        let named = ["altitude_m", "distance_km", "clock"].compactMap { key in RadarText.columns.firstIndex { $0.key == key } }
        let test = try #require(plan.test)
        #expect(test.reads == named.sorted())
        // A row is kept on the cells the conditions read alone.
        #expect(test.keeps { i in i == named[0] ? Cell(.number(2_000)) : i == named[1] ? Cell(.number(12)) : Cell(.int(3)) })
        #expect(!test.keeps { i in i == named[0] ? Cell(.number(2_000)) : i == named[1] ? Cell(.number(25)) : Cell(.int(3)) })
        // No first after the sort: nothing to rank.
        #expect(plan.best == nil)
    }

    @Test func aWhereThatCannotBePlannedIsLeftToTheStageAndItsError() throws {
        let stages = [PipelineStage([Token("where"), Token("altitud"), Token("<"), Token("3000m")], makeShell().registry)]
        #expect(WherePushDown.plan(stages, key: "aircraft", columns: RadarText.columns, reader: ScalarReader(catalog: .embedded)) == nil)
        let shell = makeShell()
        let answer = shell.output("observer LFPG; radar list | where altitud < 3000m")
        #expect(answer.hasPrefix("error: "))
        #expect(answer.contains("did you mean 'altitude'"))
    }

    @Test func explainCountsEveryStageItself() {
        let shell = makeShell()
        let explained = shell.output("observer LFPG; explain radar list | where altitude < 3000m | sort distance")
        #expect(explained.contains("where altitude < 3000m: kept"))
    }
}
