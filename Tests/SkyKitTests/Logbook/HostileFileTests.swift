import Foundation
import SkyKit
import Testing

/// Logbook files built to hurt: every mistake is an error with its line (and column where it
/// helps), nothing is silently cut, guessed or swallowed.
@Suite("Hostile logbook files")
struct HostileFileTests {
    let today = FlightDate(iso: "2025-11-10")!
    let catalog = Catalog.embedded

    func read(_ text: String, _ format: FlightFileFormat) throws(FlightFileError) -> [Flight] { try Importing.flights(text, format) }

    func failure(_ text: String, _ format: FlightFileFormat) -> FlightFileError? {
        do {
            _ = try read(text, format)
            return nil
        } catch {
            return error
        }
    }

    @Test func anUnterminatedQuoteIsAnErrorWhereItOpened() {
        let text = "date,origin,destination,notes\n2024-01-01,KSFO,KJFK,fine\n2024-01-02,KJFK,KSFO,\"never closed\n2024-01-03,KSFO,KLAX,x\n"
        let error = failure(text, .csv)
        #expect(error?.line == 3)
        #expect(error?.message.contains("never closed") == true)
        // Not a bad row to skip: the file's structure is broken, so there is no plan at all.
        #expect(throws: FlightFileError.self) { _ = try Importing.plan(text, .csv) }
    }

    @Test func aColumnNamedTwiceIsAnError() {
        let error = failure("date,origin,destination,Notes,notes\n2024-01-01,KSFO,KJFK,a,b\n", .csv)
        #expect(error == FlightFileError(line: 1, "the header names the column 'notes' twice"))
    }

    @Test func controlCharactersAreRefusedWithTheirColumn() throws {
        for (column, value) in [("notes", "a\u{0}b"), ("notes", "clear\u{1B}[2J"), ("registration", "N1\u{7}"), ("flight_number", "UA1\u{9B}")] {
            let text = "date,origin,destination,\(column)\n2024-01-01,KSFO,KJFK,\(value)\n"
            let error = failure(text, .csv)
            #expect(error?.line == 2, "\(column)")
            #expect(error?.message.contains("the \(column) column holds a control character") == true, "\(String(describing: error))")
        }
        // Notes may hold line breaks and tabs.
        #expect(
            try read("date,origin,destination,notes\n2024-01-01,KSFO,KJFK,\"two\nlines\tand a tab\"\n", .csv).first?.notes == "two\nlines\tand a tab")
    }

    @Test func importedFlightNumbersAndSeatsObeyTheRulesOfFlightAdd() {
        #expect(failure("date,origin,destination,flight_number\n2024-01-01,KSFO,KJFK,=1+1\n", .csv)?.message.contains("is not a flight number") == true)
        #expect(failure("date,origin,destination,seat_letter\n2024-01-01,KSFO,KJFK,AB\n", .csv)?.message.contains("is not a seat letter") == true)
        // An OpenFlights seat with a row too long for a number is an error, not a seat without its row.
        let openFlights = "Date,From,To,Flight_Number,Airline,Distance,Duration,Seat\n2024-01-01,SFO,JFK,,,,,99999999999999999999A\n"
        #expect(failure(openFlights, .openflights)?.message == "'99999999999999999999A' is not a seat")
    }

    @Test func jsonWithWrongTypesIsAnErrorOnTheFlightsLine() {
        let text = """
            {"format": "skyshell-logbook", "flights": [
              {"date": "2024-01-01", "origin": "KSFO", "destination": "KJFK"},
              {"date": "2024-01-02", "origin": "KJFK", "destination": "KSFO",
               "row": true}
            ]}
            """
        #expect(failure(text, .json) == FlightFileError(line: 3, "\"row\" of flight 2 must be a whole number or null, not true"))
        let list = #"{"flights": [{"date": "2024-01-02", "origin": "KJFK", "destination": "KSFO", "notes": ["a", "b"]}]}"#
        #expect(failure(list, .json)?.message == "\"notes\" of flight 1 must be text or null, not [\"a\",\"b\"]")
        let number = #"{"flights": [{"date": 20240102, "origin": "KJFK", "destination": "KSFO"}]}"#
        #expect(failure(number, .json)?.message.contains("\"date\" of flight 1 must be text") == true)
    }

    @Test func jsonThatIsNotJSONSaysWhere() {
        let error = failure("{\"flights\": [\n  {\"date\": \"2024-01-01\",,}\n]}", .json)
        #expect(error?.line == 2)
        #expect(error?.message.contains("column 25") == true, "\(String(describing: error))")
    }

    @Test func anOpenFlightsAirlineIdIsMatchedExactlyOrNotAtAll() throws {
        // 65536 + 24 would be American Airlines' id 24 taken modulo 16 bits.
        // Fields by position: Airline is the 5th, Airline_OID the 18th.
        let header = FlightFiles.openFlightsHeader.joined(separator: ",") + "\n"
        func row(_ airline: String, _ id: String) -> String { "2024-01-01,SFO,JFK,,\(airline),,,,,,,,,,,,,\(id)\n" }
        let exact = try read(header + row("", "24"), .openflights)[0]
        #expect(exact.airline == "AAL")
        let big = try read(header + row("British Airways", "65560"), .openflights)[0]
        #expect(big.airline == "BAW", "an unknown id falls back to the name column")
        // No name beside an unknown id: said, to be mapped — never silently no airline.
        #expect(throws: FlightFileError.self) { try read(header + row("", "65560"), .openflights) }
        let plan = try Importing.plan(header + row("", "65560"), .openflights)
        #expect(plan.flights.isEmpty && plan.unresolved.map(\.text) == ["Airline_OID 65560"], "\(plan.unresolved.map(\.text))")
    }

    @Test func openFlightsAirportIdsAreMatchedExactlyOrNotAtAll() throws {
        // Fields by position: From and To are the 2nd and 3rd, From_OID and To_OID the 16th and 17th.
        let header = FlightFiles.openFlightsHeader.joined(separator: ",") + "\n"
        func row(_ from: String, _ to: String, _ fromID: String, _ toID: String) -> String { "2024-01-01,\(from),\(to),,,,,,,,,,,,,\(fromID),\(toID)\n" }
        let exact = try read(header + row("Houston", "", "3550", "507"), .openflights)[0]
        #expect(exact.origin == "KIAH" && exact.destination == "EGLL", "the ids decide, whatever the names say")
        let unknown = try read(header + row("SFO", "JFK", "65000", "0"), .openflights)[0]
        #expect(unknown.origin == "KSFO" && unknown.destination == "KJFK", "an id OpenFlights' routes do not name falls back to the code")
        #expect(catalog.airport(openFlightsID: 3469)?.icao == "KSFO" && catalog.airport(openFlightsID: 3797)?.icao == "KJFK")
        let written = try FlightFiles.write(
            [Flight(origin: "KSFO", destination: "EGLL", date: FlightDate(iso: "2024-01-01")!)], format: .openflights, logbook: "t", catalog: catalog)
        #expect(written.split(separator: "\r\n")[1].hasSuffix(",3469,507,,"), "\(written)")
    }

    @Test func formulaGuardsRoundTripExactly() throws {
        for note in ["=HYPERLINK(\"http://x\")", "+1", "-2 hours late", "@SUM(A1)", "'=already quoted", "''=twice", "'plain", "'", "fine"] {
            let flight = Flight(origin: "KSFO", destination: "KJFK", date: FlightDate(iso: "2024-01-01")!, notes: note)
            for format in [FlightFileFormat.csv, .openflights] {
                let text = try FlightFiles.write([flight], format: format, logbook: "t", catalog: catalog)
                let cell = text.split(separator: "\r\n")[1]
                if "=+-@".contains(note.first!) { #expect(cell.contains("'" + note.prefix(1)), "\(format): \(cell)") }
                #expect(try read(text, format)[0].notes == note, "\(format): \(note)")
            }
        }
    }
}

@Suite("CSV")
struct CSVTests {
    @Test func numbersAreWrittenAsTheyAreAndTextIsGuarded() {
        #expect(
            CSVWriter.row([.number("-2.5"), .text("-2.5"), .text("=cmd"), .text("@x"), .text("\tx"), .text("a,b"), .text("ok")])
                == "-2.5,'-2.5,'=cmd,'@x,'\tx,\"a,b\",ok\r\n")
        #expect(FormulaGuard.remove(FormulaGuard.add("'=x")) == "'=x")
    }
}
