import CSQLite
import Foundation
import SkyKit
import SkyTestSupport
import Testing

@Suite("Logbook store")
struct LogbookStoreTests {
    let dir = TemporaryDirectory("store")
    var path: String { dir.path + "/logbook.sqlite" }

    func flight(_ o: String, _ d: String, _ date: String = "2025-01-01", airline: String? = nil, events: [FlightEvent] = []) -> Flight {
        Flight(origin: o, destination: d, airline: airline, date: FlightDate(iso: date)!, events: events)
    }

    @Test func addReadUpdateAndDelete() throws {
        let store = try LogbookStore(path: path)
        let added = try store.add(flight("KSFO", "KJFK", airline: "UAL", events: [.diversion]), to: "default")
        let number = try #require(added.number)
        var saved = try #require(try store.flight(number: number, in: "default"))
        #expect(saved.origin == "KSFO" && saved.events == [.diversion])
        saved.events = [.holding, .goAround]
        saved.row = 12
        try store.update(saved)
        let updated = try #require(try store.flight(number: number, in: "default"))
        #expect(updated.row == 12 && Set(updated.events) == [.holding, .goAround] && updated.number == number)
        #expect(try store.flight(number: number, in: "other") == nil)
        #expect(try store.delete(number: number, from: "default"))
        #expect(try !store.delete(number: number, from: "default"))
    }

    @Test func logbooksAreSeparateAndRenamable() throws {
        let store = try LogbookStore(path: path)
        try store.add(flight("KSFO", "KJFK"), to: "a")
        try store.createLogbook("b")
        try store.add(flight("EGLL", "LFPG"), to: "b")
        #expect(try store.count(in: "a") == 1 && store.count(in: "b") == 1)
        try store.renameLogbook("b", to: "c")
        #expect(try store.logbooks().map(\.name) == ["a", "c"])
        #expect(throws: StoreError.self) { try store.createLogbook("a") }
        #expect(throws: StoreError.self) { try store.renameLogbook("a", to: "c") }
        #expect(try store.removeLogbook("c") == 1)
        #expect(try store.clear("a") == 1)
        #expect(try store.count(in: "a") == 0)
    }

    @Test func filtersAndOrder() throws {
        let store = try LogbookStore(path: path)
        try store.add(
            [
                flight("KSFO", "KJFK", "2024-05-01", airline: "UAL"), flight("KJFK", "EGLL", "2025-02-01", airline: "BAW"),
                flight("EGLL", "KSFO", "2025-03-01", airline: "BAW"),
            ], to: "default")
        #expect(Array(try store.flights(in: "default")).map(\.date.description) == ["2025-03-01", "2025-02-01", "2024-05-01"])
        #expect(try store.count(in: "default", FlightFilter(year: 2025)) == 2)
        #expect(try store.count(in: "default", FlightFilter(airlines: ["BAW"])) == 2)
        #expect(try store.count(in: "default", FlightFilter(airport: "KSFO")) == 2)
        #expect(Array(try store.flights(in: "default", FlightFilter(limit: 1))).count == 1)
    }

    @Test func aBatchIsAllOrNothing() throws {
        let store = try LogbookStore(path: path)
        var flights = (0..<2500).map { _ in flight("KSFO", "KJFK") }
        flights[1500].row = 99  // breaks the schema's CHECK
        #expect(throws: StoreError.self) { try store.add(flights, to: "default") }
        #expect(try store.count(in: "default") == 0)
        #expect(throws: CancellationError.self) { try store.add(Array(flights.prefix(1200)), to: "default") { $0 < 1000 } }
        #expect(try store.count(in: "default") == 0)
    }

    @Test func aBatchIsNumberedInDateOrderWithEachFlightsEvents() throws {
        let store = try LogbookStore(path: path)
        try store.add(flight("KSFO", "KJFK", "2026-01-01"), to: "default")
        // More flights than one statement inserts, dated out of order, some with events.
        let flights = (0..<150).map { n in
            flight("KSFO", "KJFK", "2020-\(n % 2 == 0 ? "02" : "01")-\(10 + n % 17)", airline: "F\(n)", events: n % 7 == 0 ? [.diversion, .holding] : [])
        }
        try store.add(flights, to: "default")
        let saved = try (2...151).map { try #require(try store.flight(number: $0, in: "default")) }
        let expected = flights.indices.sorted { (flights[$0].date, $0) < (flights[$1].date, $1) }.map { flights[$0] }
        #expect(saved.map(\.airline) == expected.map(\.airline))
        #expect(saved.map { Set($0.events) } == expected.map { Set($0.events) })
        #expect(try store.add(flight("KSFO", "KJFK"), to: "default").number == 152)
    }

    @Test func aBatchLeavesForeignKeysOnAndEveryReferenceSound() throws {
        let store = try LogbookStore(path: path)
        let flights = (0..<300).map { n in flight("KSFO", "KJFK", "2020-01-\(10 + n % 17)", events: n % 5 == 0 ? [.diversion] : []) }
        try store.add(flights, to: "trips", source: LogbookStore.ImportSource(file: "f.csv", format: "csv"))
        #expect(try store.integrityCheck() == ["ok"])
        // Foreign keys are on again: removing the logbook takes its flights, and their events
        // with them (a row left pointing nowhere would be a foreign key problem).
        #expect(try store.removeLogbook("trips") == 300)
        #expect(try store.integrityCheck() == ["ok"])
        #expect(try LogbookStore(path: path).count(in: "trips") == 0)
    }

    @Test func favourites() throws {
        let store = try LogbookStore(path: path)
        try store.setFavorite("ASA", true)
        try store.setFavorite("UAL", true)
        try store.setFavorite("ASA", true)
        #expect(try store.favoriteAirlines() == ["ASA", "UAL"])
        try store.setFavorite("ASA", false)
        #expect(try store.favoriteAirlines() == ["UAL"])
    }

    @Test func anUpgradeFromVersionOneKeepsEveryFlight() throws {
        do {
            let old = try LogbookStore(path: path, schemaVersion: 1)
            #expect(old.schemaVersion == 1)
            try old.db.execute(
                """
                INSERT INTO logbooks (id, name, created) VALUES (1, 'default', '2020-01-01');
                INSERT INTO flights (logbook_id, origin, destination, date, row, events) VALUES
                    (1, 'KSFO', 'KJFK', '2020-02-02', 14, 'diversion,go-around'),
                    (1, 'KJFK', 'EGLL', '2020-03-03', NULL, '');
                """)
        }
        let store = try LogbookStore(path: path)
        #expect(store.schemaVersion == LogbookStore.currentSchemaVersion)
        let flights = Array(try store.flights(in: "default"))
        #expect(flights.count == 2)
        #expect(flights.last?.events == [.diversion, .goAround])
        #expect(flights.last?.row == 14 && flights.first?.events == [])
        #expect(try store.integrityCheck() == ["ok"])
    }

    /// Each earlier schema with flights on it: the upgrade keeps every flight and lists each
    /// route once, unmeasured, for `measureRoutes`.
    @Test func anUpgradeFromEachEarlierSchemaKeepsTheFlightsAndListsTheirRoutes() throws {
        for version in 1..<LogbookStore.currentSchemaVersion {
            let file = dir.path + "/v\(version).sqlite"
            do {
                let old = try LogbookStore(path: file, schemaVersion: version)
                let number = version >= 3 ? "number, " : ""
                let events = version == 1 ? ", events" : ""
                try old.db.execute(
                    """
                    INSERT INTO logbooks (id, name, created) VALUES (1, 'default', '2020-01-01');
                    INSERT INTO flights (logbook_id, \(number)origin, destination, date\(events)) VALUES
                        (1, \(version >= 3 ? "1, " : "")'KSFO', 'KJFK', '2020-02-02'\(version == 1 ? ", ''" : "")),
                        (1, \(version >= 3 ? "2, " : "")'KJFK', 'EGLL', '2020-03-03'\(version == 1 ? ", ''" : "")),
                        (1, \(version >= 3 ? "3, " : "")'KSFO', 'KJFK', '2021-02-02'\(version == 1 ? ", ''" : ""));
                    """)
            }
            let store = try LogbookStore(path: file)
            #expect(store.schemaVersion == LogbookStore.currentSchemaVersion, "from \(version)")
            #expect(Array(try store.flights(in: "default")).count == 3, "from \(version)")
            #expect(try store.db.statement("SELECT count(*), count(km) FROM routes").first { [$0.int(0), $0.int(1)] } == [2, 0], "from \(version)")
            #expect(try !store.routesCurrent(catalog: "test"))
        }
    }

    /// Route lengths: measured once per route for a catalog, a new route (a flight added or
    /// moved) added unmeasured by the triggers, all measured again for another catalog; a
    /// distance condition reads them, and a route with no length matches none.
    @Test func routeLengthsAreMeasuredOnceAndAgainForAnotherCatalog() throws {
        let store = try LogbookStore(path: path)
        _ = try store.add(flight("KSFO", "KJFK"), to: "default")
        _ = try store.add(flight("KSFO", "KJFK", "2025-02-01"), to: "default")
        _ = try store.add(flight("KJFK", "EGLL"), to: "default")
        var asked: [String] = []
        let lengths = ["KSFO-KJFK": 4_152.0, "KJFK-EGLL": 5_540.0]
        func length(_ o: String, _ d: String) -> Double? {
            asked.append(o + "-" + d)
            return lengths[o + "-" + d]
        }
        #expect(try store.measureRoutes(catalog: "a", length: length) == 2 && asked.sorted() == ["KJFK-EGLL", "KSFO-KJFK"])
        #expect(try store.routesCurrent(catalog: "a") && store.measureRoutes(catalog: "a", length: length) == 0)
        var far = FlightFilter()
        far.distances = [FlightFilter.RouteCondition(.gt, meters: 5_000_000)]
        #expect(try store.count(in: "default", far) == 1)
        // A flight moved to a new route, and one on a route the catalog cannot measure.
        let moved = try store.add(flight("EGLL", "LFPG"), to: "default")
        _ = try store.add(flight("ZZZZ", "KJFK"), to: "default")
        #expect(try !store.routesCurrent(catalog: "a"))
        asked = []
        #expect(try store.measureRoutes(catalog: "a", length: length) == 2 && asked.sorted() == ["EGLL-LFPG", "ZZZZ-KJFK"])
        let movedNumber = try #require(moved.number)
        var edited = try #require(try store.flight(number: movedNumber, in: "default"))
        edited.destination = "RJTT"
        try store.update(edited)
        asked = []
        #expect(try store.measureRoutes(catalog: "a", length: length) == 1 && asked == ["EGLL-RJTT"])
        var near = FlightFilter()
        near.distances = [FlightFilter.RouteCondition(.le, meters: 5_000_000)]
        #expect(try store.count(in: "default", near) == 2, "the unmeasured routes match neither")
        // Another catalog: every route again, and `logbook check` finds a length that differs.
        asked = []
        #expect(try store.measureRoutes(catalog: "b", length: length) == 5 && asked.count == 5)
        #expect(try store.misMeasuredRoutes(catalog: "b", length: length).isEmpty)
        #expect(try store.misMeasuredRoutes(catalog: "b") { o, d in o == "KJFK" ? 1 : lengths[o + "-" + d] }.map(\.origin) == ["KJFK"])
        #expect(try store.misMeasuredRoutes(catalog: "a") { _, _ in 1 }.isEmpty, "routes of another catalog are not counted")
    }

    /// A batch lists each of its routes once, without the per-flight trigger, and leaves the
    /// trigger as it was — after a batch that is written and after one that fails — so a flight
    /// added alone has its route listed; a route measured already keeps its length.
    @Test func aBatchListsEachRouteOnceAndLeavesTheTriggerInPlace() throws {
        let store = try LogbookStore(path: path)
        let anyLength: (String, String) -> Double? = { _, _ in 1_000 }
        try store.add([flight("KSFO", "KJFK"), flight("KJFK", "EGLL"), flight("KSFO", "KJFK", "2025-03-01")], to: "default")
        var asked: [String] = []
        #expect(
            try store.measureRoutes(catalog: "a") {
                asked.append($0 + "-" + $1); return 1_000
            } == 2)
        #expect(asked.sorted() == ["KJFK-EGLL", "KSFO-KJFK"])
        try store.add([flight("KSFO", "KJFK", "2025-04-01"), flight("EGLL", "LFPG")], to: "default")
        #expect(try store.measureRoutes(catalog: "a", length: anyLength) == 1, "only the new route; the measured one kept its length")
        _ = try store.add(flight("LFPG", "EDDF"), to: "default")
        #expect(try store.measureRoutes(catalog: "a", length: anyLength) == 1, "the trigger lists a flight added alone")
        var broken = [flight("RJTT", "RJAA"), flight("RJAA", "KSFO")]
        broken[1].row = 99  // breaks the schema's CHECK: the batch is rolled back
        #expect(throws: StoreError.self) { try store.add(broken, to: "default") }
        #expect(try store.routesCurrent(catalog: "a"), "a failed batch lists nothing")
        _ = try store.add(flight("EDDF", "LSZH"), to: "default")
        #expect(try store.measureRoutes(catalog: "a", length: anyLength) == 1, "and leaves the trigger in place")
    }

    @Test func aNewerSchemaIsLeftAlone() throws {
        do { _ = try LogbookStore(path: path);  }
        let raw = try SQLiteDatabase(path: path)
        try raw.execute("PRAGMA user_version = 99")
        #expect(throws: StoreError.self) { try LogbookStore(path: path) }
    }

    @Test func aFileThatIsNotADatabaseIsReportedAndKept() throws {
        let junk = Data("this is not a database, it is a grocery list\n".utf8) + Data(repeating: 0x41, count: 5000)
        _ = FileManager.default.createFile(atPath: path, contents: junk)
        do {
            _ = try LogbookStore(path: path)
            Issue.record("opened a damaged file")
        } catch let error as StoreError {
            #expect(error.kind == .corrupt)
            #expect(error.message.contains("left untouched"))
        }
        #expect(FileManager.default.contents(atPath: path) == junk)
    }

    @Test func aFullDiskLosesNothingAlreadySaved() throws {
        let store = try LogbookStore(path: path, maxPages: 40)
        var saved = 0
        var failure: StoreError?
        for n in 0..<5000 {
            do {
                try store.add(
                    Flight(origin: "KSFO", destination: "KJFK", date: FlightDate(iso: "2025-01-01")!, notes: String(repeating: "x", count: 200) + "\(n)"),
                    to: "default")
                saved += 1
            } catch let error as StoreError {
                failure = error
                break
            }
        }
        #expect(failure?.kind == .full)
        #expect(failure?.message.contains("nothing was saved") == true)
        #expect(try store.count(in: "default") == saved)
        #expect(try store.integrityCheck() == ["ok"])
    }
}
