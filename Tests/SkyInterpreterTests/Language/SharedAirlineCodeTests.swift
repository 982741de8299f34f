import Foundation
import SkyKit
import Testing

@testable import SkyInterpreter

/// A code that several airlines of the catalog hold (LH: Lufthansa and Lufthansa Cargo) names
/// every one of them in a condition, as `from == SFO` names KSFO: in `==`, `!=`, `in` and
/// `not`, in memory and in the logbook's query. The holders are read from the catalog's records
/// themselves, not from the spellings the conditions use.
@Suite("Shared airline codes")
struct SharedAirlineCodeTests {
    /// Each IATA code more than one airline holds, with the stored codes of its holders.
    static let shared: [(code: String, holders: Set<String>)] = {
        let catalog = Catalog.embedded
        var byCode: [String: [Airline]] = [:]
        for i in 0..<catalog.airlineCount {
            let airline = catalog.airline(at: i)
            if let iata = airline.iata { byCode[iata, default: []].append(airline) }
        }
        return byCode.filter { $0.value.count > 1 }.map { ($0.key, Set($0.value.map(\.storedCodeInCatalog))) }.sorted { $0.code < $1.code }
    }()

    @Test func theCatalogHasSharedCodesAndLHIsOne() throws {
        #expect(Self.shared.count > 50)
        let lh = try #require(Self.shared.first { $0.code == "LH" })
        #expect(lh.holders.isSuperset(of: ["DLH", "GEC"]))
    }

    @Test func everySharedCodeKeepsEachOfItsHoldersInMemory() throws {
        let shell = makeShell()
        let others = ["UAL", "BAW", "QFA"]
        for (code, holders) in Self.shared {
            let cells = holders.sorted() + others.filter { !holders.contains($0) } + [""]
            let rows = cells.enumerated().map { [Cell(.int($0.offset)), Cell($0.element.isEmpty ? .null : .string($0.element))] }
            let table = QueryTable(Table(key: "t", columns: [Column("id", "#"), Column("airline", "Airline", kind: .airline)], rows: rows))
            func kept(_ condition: String) throws -> Set<String> {
                let result = try PipelineAgainstSQLTests.stage("where " + condition, .table(table), shell)
                return Set(result.rows.map { cells[Int($0[0].datum.plainText)!] })
            }
            let rest = Set(cells.filter { !$0.isEmpty && !holders.contains($0) })
            #expect(try kept("airline == \(code)") == holders, "airline == \(code)")
            #expect(try kept("airline == \(code.lowercased())") == holders, "airline == \(code.lowercased())")
            #expect(try kept("airline != \(code)") == rest, "airline != \(code)")
            #expect(try kept("not (airline == \(code))") == rest, "not (airline == \(code))")
            #expect(try kept("airline in [\(code), ZZ]") == holders, "airline in [\(code)]")
            #expect(try kept("airline not in [\(code)]") == rest, "airline not in [\(code)]")
            #expect(try kept("airline in [\(code), UA]") == holders.union(["UAL"]), "airline in [\(code), UA]")
        }
    }

    @Test func everySharedCodeIsAnsweredAlikeByTheLogbookAndInMemory() throws {
        let home = NSTemporaryDirectory() + "skyshared-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let shell = makeShell(paths: Paths(config: home, state: home, data: home))
        // One flight for each holder of each shared code, and a United flight.
        var csv = "date,origin,destination,airline\n"
        let holders = Set(Self.shared.flatMap(\.holders)).sorted()
        for (n, stored) in (holders + ["UAL"]).enumerated() {
            // A day of its own for each (the import takes a second flight on a day and route as a duplicate).
            csv += "\(2000 + n / 336)-\(String(format: "%02d-%02d", 1 + n / 28 % 12, 1 + n % 28)),KSFO,KJFK,\(stored)\n"
        }
        let file = home + "/shared.csv"
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = shell.output("logbook import \(file)")
        #expect(!imported.hasPrefix("error: "), "\(imported)")
        #expect(shell.output("flights | count").trimmingCharacters(in: .whitespacesAndNewlines) == "\(holders.count + 1)")
        // Every code in the condition the logbook's query takes; every form for one code in ten.
        for (n, (shared, holding)) in Self.shared.enumerated() {
            let code = "'\(shared)'"  // quoted: TO, AS and the like are also column names
            let forms = [
                ("airline == \(code)", holding.count), ("airline != \(code)", holders.count + 1 - holding.count),
                ("airline in [\(code), UA]", holding.count + 1), ("not (airline == \(code))", holders.count + 1 - holding.count),
            ]
            for (condition, expected) in n % 10 == 0 ? forms : [forms[0]] {
                let pushed = shell.output("flights | where \(condition) | count").trimmingCharacters(in: .whitespacesAndNewlines)
                let inMemory = shell.output("flights | skip 0 | where \(condition) | count").trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(pushed == "\(expected)" && inMemory == pushed, "\(condition): \(pushed) pushed, \(inMemory) in memory")
            }
        }
        // Grouped by airline, the holders stay apart, and a code then names each of their groups.
        let groups = shell.output("flights | group airline | where airline == LH | count").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(groups == "\(Self.shared.first { $0.code == "LH" }!.holders.count)")
    }
}
