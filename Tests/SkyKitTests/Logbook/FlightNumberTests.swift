import SkyKit
import Testing

/// Flight numbers as people write them, each read into one stored form; what is not a flight
/// number is still refused.
@Suite("Flight numbers")
struct FlightNumberTests {
    let swiss = Catalog.embedded.airline(code: "LX")

    @Test func everyWayPeopleWriteOneNumberIsStoredTheSame() {
        for text in ["LX14", "LX 14", "LX0014", "lx14", "LX-14", " LX 0014 "] {
            #expect(FlightText.flightNumber(text) == "LX14", "\(text)")
        }
        #expect(FlightText.flightNumber("B6 907") == "B6907")
        #expect(FlightText.flightNumber("B6-907") == "B6907")
        #expect(FlightText.flightNumber("T3-7107") == "T37107")
        #expect(FlightText.flightNumber("BAW2490") == "BAW2490")
        #expect(FlightText.flightNumber("BAW 0249") == "BAW249")
        #expect(FlightText.flightNumber("LH400A") == "LH400A")
        #expect(FlightText.flightNumber("9W 123") == "9W123")
        // The stored form reads back as itself, with its designator where it was.
        for stored in ["LX14", "B6907", "T37107", "BAW2490", "U21234", "9W123"] {
            #expect(FlightText.flightNumber(stored) == stored)
            #expect(FlightText.FlightNumber(stored)?.designator == (stored.first!.isNumber ? "9W" : String(stored.prefix(stored.hasPrefix("BAW") ? 3 : 2))))
        }
    }

    @Test func theDigitsAloneTakeTheAirline() {
        #expect(FlightText.flightNumber("14", airline: swiss) == "LX14")
        #expect(FlightText.flightNumber("0014", airline: swiss) == "LX14")
        #expect(FlightText.flightNumber("14A", airline: swiss) == "LX14A")
        #expect(FlightText.flightNumber("14", airline: nil) == nil, "no airline to go with")
        #expect(FlightText.flightNumber("14") == nil)
        // A whole number keeps its own designator whatever the airline (a codeshare).
        #expect(FlightText.flightNumber("UA 14", airline: swiss) == "UA14")
    }

    @Test func whatIsNotAFlightNumberIsRefused() {
        for text in ["LX12345", "12345", "EZY12AB", "LX", "L1", "LX 14 B", "LX--14", "LX14AB", "=1+1", "", "14 LX", "ÄB12", "LX１４"] {
            #expect(FlightText.flightNumber(text) == nil, "\(text)")
            #expect(FlightText.flightNumber(text, airline: swiss) == nil, "\(text)")
        }
    }

    @Test func numbersStoredUnderTheOlderRuleStayValid() {
        // An earlier version stored up to 8 letters and digits: such a flight can still be edited.
        #expect(FlightText.isStoredFlightNumber("UA12345"))
        #expect(FlightText.isStoredFlightNumber("LX14"))
        #expect(!FlightText.isStoredFlightNumber("LX 14"), "never stored with a space")
        #expect(!FlightText.isStoredFlightNumber("lx14"))
        #expect(!FlightText.isStoredFlightNumber("EZY12AB"))
    }

    @Test func importsReadThemAlike() throws {
        let csv = """
            date,origin,destination,airline,flight_number
            2024-01-01,LSZH,KJFK,LX,LX 14
            2024-01-02,LSZH,KJFK,LX,0014
            2024-01-03,KJFK,KBOS,B6,B6-907
            2024-01-04,KJFK,KBOS,,T3-7107
            """
        let flights = try Importing.flights(csv, .csv)
        #expect(flights.map(\.flightNumber) == ["LX14", "LX14", "B6907", "T37107"])
        #expect(flights.last?.airline == "EZE", "the designator names the airline (Eastern Airways, T3)")
        let bad = try Importing.plan("date,origin,destination,flight_number\n2024-01-01,LSZH,KJFK,LX12345\n", .csv)
        #expect(bad.bad.first?.message.contains("'LX12345' is not a flight number") == true, "\(bad.bad)")
    }
}
