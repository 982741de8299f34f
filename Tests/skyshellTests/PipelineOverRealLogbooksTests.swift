import Foundation
import SkyKit
import SkyTestSupport
import Testing

/// Pipelines over a logbook made of the real exports of other tools (Tests/Fixtures/logbooks:
/// myFlightradar24, OpenFlights, Flighty, App in the Air, AirTrail, Jetlog, TripIt): every answer
/// counted by the pipeline is counted again by SQLite over the logbook file itself.
@Suite("Pipelines over real logbook files")
struct PipelineOverRealLogbooksTests {
    let home = TemporaryDirectory("real-logbooks")

    func sky(_ commands: String) -> ProcessResult {
        ProcessRunner.run(Executable.skyshell, ["-o", "json", "-c", commands], environment: ProcessRunner.environment(home: home.path))
    }

    /// The one number a `| count` pipeline printed.
    func count(_ pipeline: String) -> Int? {
        let r = sky(pipeline + " | count")
        guard r.status == 0, let data = r.stdout.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object["count"] as? Int
    }

    @Test func countsAgreeWithSQLiteOverTheSameFile() throws {
        let folder = Executable.packageRoot + "/Tests/Fixtures/logbooks"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasSuffix(".md") }.sorted()
        for file in files { _ = sky("logbook import \(folder)/\(file)") }
        let db = try SQLiteDatabase(path: home.path + "/logbook.sqlite")
        func sql(_ query: String, _ values: [SQLiteValue?] = []) throws -> [[String?]] {
            let statement = try db.statement(query).bind(values)
            var rows: [[String?]] = []
            while try statement.step() { rows.append([statement.text(0), statement.text(1)]) }
            return rows
        }
        let total = Int(try sql("SELECT count(*) FROM flights")[0][0] ?? "0") ?? 0
        #expect(total >= 40, "the fixtures give a real logbook (\(total) flights)")
        #expect(count("flights") == total)

        for row in try sql("SELECT airline, count(*) FROM flights WHERE airline IS NOT NULL GROUP BY airline") {
            let (code, n) = (row[0]!, Int(row[1]!)!)
            #expect(count("flights | where airline == \(code)") == n, "airline \(code)")
        }
        for row in try sql("SELECT substr(date, 1, 4), count(*) FROM flights GROUP BY 1") {
            let (year, n) = (row[0]!, Int(row[1]!)!)
            #expect(count("flights | where year == \(year)") == n, "year \(year)")
            #expect(count("flights | skip 0 | where date >= \(year) and date < \(Int(year)! + 1)") == n, "dates of \(year)")
        }
        for row in try sql("SELECT a, count(*) FROM (SELECT origin AS a, id FROM flights UNION SELECT destination, id FROM flights) GROUP BY a") {
            let (airport, n) = (row[0]!, Int(row[1]!)!)
            #expect(count("flights | where from == \(airport) or to == \(airport)") == n, "airport \(airport)")
        }
        let noAircraft = Int(try sql("SELECT count(*) FROM flights WHERE aircraft IS NULL")[0][0] ?? "0") ?? 0
        #expect(count("flights | where aircraft == null") == noAircraft)
        let groups = Int(try sql("SELECT count(DISTINCT coalesce(aircraft, '')) FROM flights")[0][0] ?? "0") ?? 0
        #expect(count("flights | group aircraft with count") == groups)
        let first = try sql("SELECT min(date) FROM flights")[0][0]
        let got = sky("flights | sort date | first 1 | get date")
        #expect(got.stdout.contains("\"\(first ?? "?")\""), "\(got.stdout)")
    }
}
