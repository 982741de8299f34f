import Foundation
import SkyKit
import SkyTestSupport
import Testing

/// The rules every flight keeps: the store refuses one that breaks them, whatever path it came by.
@Suite("Flight rules")
struct FlightRulesTests {
    let dir = TemporaryDirectory("flightrules")
    let today = FlightDate(iso: "2025-11-10")!

    func store() throws -> LogbookStore {
        let store = try LogbookStore(path: dir.path + "/logbook.sqlite")
        store.today = { FlightDate(iso: "2025-11-10")! }
        return store
    }

    @Test func datesRunFrom1914ToAYearAhead() {
        #expect(Flight.dateProblem(FlightDate(iso: "1913-12-31")!, today: today) != nil)
        #expect(Flight.dateProblem(FlightDate(iso: "1914-01-01")!, today: today) == nil)
        #expect(Flight.dateProblem(FlightDate(iso: "2026-11-10")!, today: today) == nil)
        #expect(Flight.dateProblem(FlightDate(iso: "2026-11-11")!, today: today) == "2026-11-11 is more than a year ahead (the latest is 2026-11-10)")
        #expect(Flight.lastDate(today: FlightDate(iso: "2024-02-29")!) == FlightDate(iso: "2025-02-28")!)
    }

    @Test func theStoreRefusesABrokenFlightOnEveryPath() throws {
        let store = try store()
        let good = Flight(origin: "KSFO", destination: "KJFK", date: FlightDate(iso: "2024-05-02")!)
        let broken: [(Flight, String)] = [
            (Flight(origin: "KSFO", destination: "KJFK", date: FlightDate(iso: "1850-01-02")!), "before the first scheduled airline flight"),
            (Flight(origin: "KSFO", destination: "KJFK", date: FlightDate(year: 1, month: 1, day: 1)!), "before the first scheduled airline flight"),
            (Flight(origin: "KSFO", destination: "KJFK", date: good.date, row: 89), "row 89 is out of range"),
            (Flight(origin: "KSFO", destination: "KJFK", date: good.date, seatLetter: "AB"), "is not a seat letter"),
            (Flight(origin: "KSFO", destination: "KJFK", date: good.date, flightNumber: "=1+1"), "is not a flight number"),
            (Flight(origin: "KSFO", destination: "KSFO", date: good.date), "both KSFO"),
        ]
        let saved = try store.add(good, to: "default")
        for (flight, message) in broken {
            #expect(throws: StoreError.self) { try store.add(flight, to: "default") }
            #expect(throws: StoreError.self) { try store.add([good, flight], to: "default") }
            var edited = flight
            edited.id = saved.id
            do {
                try store.update(edited)
                Issue.record("an edit stored \(flight)")
            } catch let error as StoreError {
                #expect(error.kind == .invalid && error.message.contains(message), "\(error)")
            }
        }
        #expect(try store.count(in: "default") == 1, "nothing of a refused batch was saved")
        #expect(try store.flight(number: 1, in: "default") == saved && saved.number == 1)
    }

    @Test func importsRefuseTheSameFlightsWithTheirLine() {
        for date in ["1850-01-02", "0001-01-01", "2030-01-01"] {
            let csv = "date,origin,destination\n2024-01-01,KSFO,KJFK\n\(date),KSFO,KJFK\n"
            do {
                _ = try Importing.flights(csv, .csv)
                Issue.record("\(date) was imported")
            } catch {
                #expect(error.line == 3, "\(error)")
            }
        }
    }
}
