import CSQLite
import Foundation
import SkyKit
import SkyTestSupport
import Testing

/// Import as a conversation: values mapped instead of guessed, duplicates found, every import
/// recorded and undone exactly.
@Suite("Import plans")
struct ImportPlanTests {
    let dir = TemporaryDirectory("import-plans")

    func store() throws -> LogbookStore {
        let store = try LogbookStore(path: dir.path + "/logbook.sqlite")
        store.today = { Importing.today }
        return store
    }

    @Test func unresolvedValuesAreGroupedWithTheirCountAndSuggestion() throws {
        let csv = """
            date,origin,destination,aircraft,airline
            2024-01-01,KSFO,KJFK,Boeing 767-300-ER,UA
            2024-01-02,KJFK,KSFO,Boeing 767-300-ER,UA
            2024-01-03,KSFO,KJFK,Boeing 767-300-ER,Norwegian
            2024-01-04,KSFO,KZZZ,B738,UA
            """
        let plan = try Importing.plan(csv, .csv)
        #expect(plan.flights.isEmpty && plan.unresolvedRows == 4)
        let byText = Dictionary(uniqueKeysWithValues: plan.unresolved.map { ($0.text, $0) })
        #expect(byText["Boeing 767-300-ER"]?.count == 3 && byText["Boeing 767-300-ER"]?.line == 2 && byText["Boeing 767-300-ER"]?.candidates == ["B763"])
        #expect(byText["Norwegian"]?.kind == .airline && byText["Norwegian"]?.reason.contains("matches several airlines") == true)
        #expect(byText["KZZZ"]?.kind == .airport)
        #expect(plan.unresolved.first?.text == "Boeing 767-300-ER", "most frequent first")
    }

    @Test func aMapResolvesEveryOccurrenceAndChecksItsCode() throws {
        let csv = "date,origin,destination,aircraft\n2024-01-01,KSFO,KJFK,Boeing 767-300-ER\n2024-01-02,KJFK,KSFO,boeing 767-300-er\n"
        let mapped = try Importing.plan(csv, .csv, map: try #require(ValueMap(["Boeing 767-300-ER=B763"])))
        #expect(mapped.flights.map(\.aircraft) == ["B763", "B763"], "the same text in any case")
        let emptied = try Importing.plan(csv, .csv, map: try #require(ValueMap(["Boeing 767-300-ER=-"])))
        #expect(emptied.flights.map(\.aircraft) == [nil, nil])
        let wrong = try Importing.plan(csv, .csv, map: try #require(ValueMap(["Boeing 767-300-ER=ZZZZ"])))
        #expect(wrong.unresolved.first?.reason.hasPrefix("--map 'Boeing 767-300-ER=ZZZZ': unknown aircraft designator 'ZZZZ'") == true)
        #expect(ValueMap(["no equals sign"]) == nil && ValueMap(["=B763"]) == nil)
    }

    @Test func duplicatesAreTheSameDateRouteAndNumber() throws {
        let s = try store()
        var numbered = Flight(origin: "KSFO", destination: "KJFK", date: FlightDate(iso: "2024-05-01")!)
        numbered.flightNumber = "UA1"
        try s.add([numbered, Flight(origin: "EGLL", destination: "LFPG", date: FlightDate(iso: "2024-05-02")!)], to: "default")
        let csv = """
            date,origin,destination,flight_number
            2024-05-01,KSFO,KJFK,UA1
            2024-05-01,KSFO,KJFK,UA2
            2024-05-01,KSFO,KJFK,
            2024-05-02,EGLL,LFPG,BA304
            2024-05-02,LFPG,EGLL,
            """
        var plan = try Importing.plan(csv, .csv)
        plan.markDuplicates(try s.duplicateIndex(in: "default"))
        // UA1 again; no number beside UA1; BA304 beside a flight without a number: duplicates.
        // UA2 is another flight that day; the way back is another route.
        #expect(plan.duplicates == [0, 2, 3])
        #expect(plan.flightsToAdd(keepDuplicates: false).map(\.flightNumber) == ["UA2", nil])
        #expect(plan.flightsToAdd(keepDuplicates: true).count == 5)
    }

    @Test func aRowRepeatedInTheFileIsADuplicateToo() throws {
        let s = try store()
        let csv = """
            date,origin,destination,flight_number
            2024-05-01,KSFO,KJFK,UA1
            2024-05-01,KSFO,KJFK,UA1
            2024-05-01,KSFO,KJFK,UA2
            2024-05-03,KJFK,KSFO,
            2024-05-03,KJFK,KSFO,UA9
            """
        var plan = try Importing.plan(csv, .csv)
        plan.markDuplicates(try s.duplicateIndex(in: "default"))
        // The second UA1 repeats the first; UA9 repeats the unnumbered flight before it.
        #expect(plan.duplicates == [1, 4] && plan.repeatedInFile == 2)
        #expect(plan.flightsToAdd(keepDuplicates: false).map(\.flightNumber) == ["UA1", "UA2", nil])
        // Kept, they are flagged like any duplicate: badges pass them by.
        try s.add(plan.flightsToAdd(keepDuplicates: true), to: "default", source: .init(file: "x.csv", format: "csv", duplicates: plan.duplicates))
        let twice = Badge(id: "t", kind: .flightpath, name: "T", description: "d", rule: .routes([RoutePair("KSFO", "KJFK")], airline: nil))
        let counted = try BadgeEvaluator(badges: [twice], world: .of(.embedded)).evaluate(s, logbook: "default")[0].goals[0].flights
        // The route either way: UA1, UA2 and the flight back, never the two repeats.
        #expect(counted.map(\.number) == [1, 3, 4], "\(counted)")
    }

    @Test func onlyTripsReadFromOpenFlightsGoBackIntoItsTripColumn() throws {
        let s = try store()
        // The spec's trip 16 is an OpenFlights trip id; "Grand tour", from skyshell's CSV, is not.
        let spec = try Importing.plan(try ImportFormatsTests.bytes("openflights-spec.csv"), .openflights)
        try s.add(spec.flights, to: "default", source: .init(file: "of.csv", format: "openflights"))
        let own = try Importing.plan("date,origin,destination,trip\n2024-05-02,KJFK,EGLL,Grand tour\n", .csv)
        try s.add(own.flights, to: "default", source: .init(file: "mine.csv", format: "csv"))
        let ids = try s.flightIDsWithTrips(importedAs: .openflights, in: "default")
        let flights = Array(try s.flights(in: "default"))
        #expect(ids.count == 2 && flights.filter { ids.contains($0.id!) }.allSatisfy { $0.trip == "16" })
        let text = try FlightFiles.write(flights.reversed(), format: .openflights, logbook: "default", catalog: .embedded, openFlightsTrips: ids)
        let rows = text.split(separator: "\r\n").dropFirst()
        #expect(rows.filter { $0.contains(",9V-SRA,16,") }.count == 2)
        #expect(rows.contains { $0.hasPrefix("2024-05-02,JFK,LHR,") && $0.contains(",,[trip: Grand tour],") })
    }

    @Test func importingTheSameFileTwiceChangesNothing() throws {
        let s = try store()
        let bytes = try ImportFormatsTests.bytes("myflightradar24-15.csv")
        for round in 1...2 {
            var plan = try Importing.plan(bytes, .myflightradar24)
            plan.markDuplicates(try s.duplicateIndex(in: "default"))
            let flights = plan.flightsToAdd(keepDuplicates: false)
            #expect(flights.count == (round == 1 ? 2 : 0))
            if !flights.isEmpty { try s.add(flights, to: "default", source: .init(file: "fr24.csv", format: "myflightradar24")) }
        }
        #expect(try s.count(in: "default") == 2 && s.imports(in: "default").count == 1)
    }

    @Test func keptDuplicatesNeverEarnABadge() throws {
        let s = try store()
        let flight = Flight(origin: "KSFO", destination: "KJFK", airline: "UAL", date: FlightDate(iso: "2024-05-01")!)
        try s.add(flight, to: "default")
        let twice = Badge(id: "twice", kind: .voyage, name: "Twice", description: "d", rule: .airlines(["UAL"], flights: 2))
        func unlocked() throws -> Bool { try BadgeEvaluator(badges: [twice], world: .of(.embedded)).evaluate(s, logbook: "default")[0].isUnlocked }
        try s.add([flight], to: "default", source: .init(file: "copy.csv", format: "csv", duplicates: [0]))
        #expect(try s.count(in: "default") == 2)
        #expect(try !unlocked(), "the kept duplicate does not count")
        try s.add(Flight(origin: "KJFK", destination: "KSFO", airline: "UAL", date: FlightDate(iso: "2024-05-03")!), to: "default")
        #expect(try unlocked())
    }

    @Test func anImportIsRecordedAndUndoneExactly() throws {
        let s = try store()
        let mine = try s.add(Flight(origin: "KSFO", destination: "KJFK", date: FlightDate(iso: "2024-01-01")!), to: "default")
        let imported = (1...3).map { Flight(origin: "EGLL", destination: "LFPG", date: FlightDate(iso: "2024-02-0\($0)")!) }
        let id = try #require(try s.add(imported, to: "default", source: .init(file: "/tmp/x.csv", format: "csv")).importID)
        let records = try s.imports(in: "default")
        #expect(records.count == 1 && records[0].id == id && records[0].file == "/tmp/x.csv" && records[0].flights == 3 && records[0].undone == nil)
        #expect(try s.undoImport(id, in: "default") == .init(removed: 3, keptEdited: 0))
        #expect(try s.count(in: "default") == 1 && s.flight(number: mine.number!, in: "default") != nil, "the flight added by hand stays")
        #expect(try s.imports(in: "default")[0].undone != nil)
        #expect(throws: StoreError.self) { try s.undoImport(id, in: "default") }
        #expect(throws: StoreError.self) { try s.undoImport(99, in: "default") }
        // Numbers are never given again: the next flight is #5, after the undone #2–#4.
        #expect(try s.add(Flight(origin: "KSFO", destination: "KLAX", date: FlightDate(iso: "2024-03-01")!), to: "default").number == 5)
    }

    @Test func anUndoKeepsTheFlightsChangedByHandSinceTheImport() throws {
        let s = try store()
        let imported = (1...3).map { Flight(origin: "EGLL", destination: "LFPG", date: FlightDate(iso: "2024-02-0\($0)")!) }
        let id = try #require(try s.add(imported, to: "default", source: .init(file: "x.csv", format: "csv")).importID)
        var edited = try #require(try s.flight(number: 1, in: "default"))
        edited.notes = "x"
        try s.update(edited)
        #expect(try s.undoImport(id, in: "default") == .init(removed: 2, keptEdited: 1))
        #expect(try s.count(in: "default") == 1 && s.flight(number: 1, in: "default")?.notes == "x")
    }

    @Test func aBatchLeavesOutWhatAnotherShellAddedSinceTheFileWasRead() throws {
        let a = try store(), b = try store()
        let flights = (1...5).map { Flight(origin: "EGLL", destination: "LFPG", date: FlightDate(iso: "2024-02-0\($0)")!, flightNumber: "BA30\($0)") }
        // Both read the logbook (empty) before either writes; b writes first.
        #expect(try a.duplicateIndex(in: "default").count == 0 && b.duplicateIndex(in: "default").count == 0)
        #expect(try b.add(Array(flights.prefix(3)), to: "default", source: .init(file: "f.csv", format: "csv", skipExisting: true)).added == 3)
        let late = try a.add(flights, to: "default", source: .init(file: "f.csv", format: "csv", skipExisting: true))
        #expect(late.added == 2 && late.alreadyThere == 3 && late.importID != nil)
        #expect(try a.count(in: "default") == 5)
        let again = try b.add(flights, to: "default", source: .init(file: "f.csv", format: "csv", skipExisting: true))
        #expect(again == .init(importID: nil, added: 0, alreadyThere: 5))
        #expect(try a.imports(in: "default").map(\.flights) == [3, 2], "an import that adds nothing is not recorded")
    }

    @Test func numbersArePerLogbookAndNeverReused() throws {
        let s = try store()
        let f = Flight(origin: "KSFO", destination: "KJFK", date: FlightDate(iso: "2024-01-01")!)
        #expect(try (1...3).map { _ in try s.add(f, to: "a").number } == [1, 2, 3])
        #expect(try s.add(f, to: "b").number == 1, "a new logbook starts at #1")
        try s.delete(number: 3, from: "a")
        #expect(try s.add(f, to: "a").number == 4)
        try s.clear("a")
        #expect(try s.add(f, to: "a").number == 5)
    }

    @Test func anUpgradeFromVersionThreeKeepsItsImportsUndoable() throws {
        let path = dir.path + "/logbook.sqlite"
        do {
            let old = try LogbookStore(path: path, schemaVersion: 3)
            old.today = { Importing.today }
            try old.add(
                (1...2).map { Flight(origin: "EGLL", destination: "LFPG", date: FlightDate(iso: "2024-02-0\($0)")!) }, to: "default",
                source: .init(file: "x.csv", format: "csv"))
        }
        let s = try store()
        #expect(s.schemaVersion == LogbookStore.currentSchemaVersion)
        #expect(try s.undoImport(1, in: "default") == .init(removed: 2, keptEdited: 0))
    }

    @Test func anUpgradeFromVersionTwoNumbersTheFlightsOfEachLogbook() throws {
        let path = dir.path + "/old.sqlite"
        do {
            let old = try LogbookStore(path: path, schemaVersion: 2)
            try old.db.execute(
                """
                INSERT INTO logbooks (id, name, created) VALUES (1, 'a', '2020-01-01'), (2, 'b', '2020-01-01');
                INSERT INTO flights (id, logbook_id, origin, destination, date, class) VALUES
                    (10, 1, 'KSFO', 'KJFK', '2020-02-02', 'first'), (11, 2, 'KJFK', 'EGLL', '2020-03-03', NULL),
                    (12, 1, 'EGLL', 'LFPG', '2020-04-04', NULL);
                INSERT INTO flight_events (flight_id, event) VALUES (12, 'diversion');
                """)
        }
        let s = try LogbookStore(path: path)
        #expect(s.schemaVersion == LogbookStore.currentSchemaVersion)
        #expect(try Array(s.flights(in: "a")).map(\.number) == [2, 1] && Array(s.flights(in: "b")).map(\.number) == [1])
        #expect(try s.flight(number: 2, in: "a")?.events == [.diversion] && s.flight(number: 1, in: "a")?.cabinClass == .first)
        #expect(try s.add(Flight(origin: "KSFO", destination: "KLAX", date: FlightDate(iso: "2024-03-01")!), to: "a").number == 3)
        #expect(try s.integrityCheck() == ["ok"])
    }

    @Test func partialDatesCountInTheirYearAndSortBeforeItsDays() throws {
        let s = try store()
        let dates = ["2006", "2006-02", "2006-02-10", "2007-01-01", "2005-12-31"]
        try s.add(dates.map { Flight(origin: "KSFO", destination: "KJFK", date: FlightDate(text: $0)!) }, to: "default")
        #expect(try s.count(in: "default", FlightFilter(year: 2006)) == 3)
        #expect(Array(try s.flights(in: "default")).map(\.date.description) == ["2007-01-01", "2006-02-10", "2006-02", "2006", "2005-12-31"])
        #expect(FlightDate(text: "2006-13") == nil && FlightDate(text: "206") == nil && FlightDate(text: "2006-2") == nil)
        #expect(Flight.dateProblem(FlightDate(year: 1913)!, today: Importing.today) != nil)
        #expect(Flight.dateProblem(FlightDate(year: 1914, month: 1)!, today: Importing.today) == nil)
    }
}
