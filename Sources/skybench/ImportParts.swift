import Foundation
import SkyKit

extension Bench {
    /// Where a large import's time goes, one part at a time, each the median of 5 runs (or of
    /// the count given after the file) over a logbook file (`Scripts/bench/gen-flights.py` or
    /// `gen-fr24.py`): the plan on all cores and on one (read, looked up, checked), the flights
    /// written into a fresh logbook in one transaction, and every badge evaluated over it.
    static func importParts() {
        guard CommandLine.arguments.count > 2, let contents = FileManager.default.contents(atPath: CommandLine.arguments[2]) else {
            FileHandle.standardError.write(Data("usage: skybench import-parts FILE [RUNS] (a logbook file to import)\n".utf8))
            exit(64)
        }
        let bytes = Array(contents)
        let runs = CommandLine.arguments.count > 3 ? max(1, Int(CommandLine.arguments[3]) ?? 5) : 5
        let catalog = Catalog.embedded
        let today = FlightDate(year: 2026, month: 12, day: 31)!
        guard let format = FlightFiles.guess(bytes), let plan = try? FlightFiles.plan(bytes, format: format, catalog: catalog, today: today)
        else {
            FileHandle.standardError.write(Data("skybench: the file cannot be planned\n".utf8))
            exit(65)
        }
        let folder = NSTemporaryDirectory() + "skybench-import-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let evaluator = BadgeEvaluator(badges: BadgeBook.load(world: BadgeWorld.of(catalog), userFile: nil).badges, world: BadgeWorld.of(catalog))
        func time(_ name: String, prepare: () -> Void = {}, _ body: () -> Int) {
            let (seconds, rows) = medianTime(runs: runs, prepare: prepare) { Double(body()) }
            print("\(name) \(String(format: "%.1f", seconds * 1000)) ms rows=\(Int(rows) / runs)")
        }
        let path = folder + "/logbook.sqlite"
        func fresh() { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        time("import_plan_all_cores") { (try? FlightFiles.plan(bytes, format: format, catalog: catalog, today: today))?.flights.count ?? 0 }
        time("import_plan_one_core") { (try? FlightFiles.plan(bytes, format: format, catalog: catalog, today: today, cores: 1))?.flights.count ?? 0 }
        time("import_store_add", prepare: fresh) {
            guard let store = try? LogbookStore(path: path) else { return 0 }
            _ = try? store.add(plan.flights, to: "main", source: LogbookStore.ImportSource(file: "bench", format: format.rawValue))
            return plan.flights.count
        }
        time("import_badges") { (try? evaluator.evaluate(LogbookStore(path: path), logbook: "main"))?.count ?? 0 }
    }
}
