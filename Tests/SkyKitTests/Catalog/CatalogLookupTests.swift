import Foundation
import SkyTestSupport
import Testing

@testable import SkyKit

/// The one lookup of catalog entries, which the prompt and the importers share: they cannot
/// disagree, and an ambiguous name is never silently one of its candidates.
@Suite("Catalog lookup")
struct CatalogLookupTests {
    let catalog = Catalog.embedded
    let today = FlightDate(iso: "2025-11-10")!

    func importError(_ csv: String) -> String? {
        do {
            _ = try Importing.flights(csv, .csv)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func namesMeanTheSameWhereverTheyAreTyped() throws {
        // An ambiguous name is ambiguous on both paths.
        #expect(throws: LookupError.self) { try catalog.resolveAircraft("airbus") }
        let imported = importError("date,origin,destination,aircraft\n2024-01-01,KSFO,KJFK,airbus\n")
        #expect(imported?.contains("'airbus' matches several aircraft types") == true, "\(String(describing: imported))")
        // A model name that only one type has is that type, and a family is the family, on both.
        for (name, code) in [("Boeing 787-9", "B789"), ("Embraer E190", "E190"), ("boeing 737", "737")] {
            #expect(try catalog.resolveAircraft(name).designator == code)
            let flights = try Importing.flights("date,origin,destination,aircraft\n2024-01-01,KSFO,KJFK,\(name)\n", .csv)
            #expect(flights.map(\.aircraft) == [code], "\(name)")
        }
    }

    @Test func anAirlineByCodeIsTheActiveOneFirst() throws {
        // Codes are reused: the active carrier wins over a defunct one.
        #expect(catalog.airline(code: "UA")?.isActive == true)
        #expect(catalog.airline(code: "UA")?.icao == "UAL")
        #expect(catalog.airline(code: nil) == nil && catalog.airline(code: "") == nil)
        #expect(try catalog.resolveAirline("UA") == catalog.airline(code: "UA"))
    }

    @Test func aFlightNumberNamesItsAirlineOneWay() {
        #expect(catalog.airline(flightNumber: "BAW2490")?.icao == "BAW", "three letters: an ICAO code")
        #expect(catalog.airline(flightNumber: "BA2490")?.icao == "BAW", "else two: an IATA code")
        #expect(catalog.airline(flightNumber: "U21234")?.iata == "U2", "a digit in the IATA code")
        #expect(catalog.airline(callsign: "DLH4AB")?.icao == "DLH")
        #expect(catalog.airline(callsign: "N12345") == nil)
    }

    @Test func aCallsignNamesAnAirlineOnlyAsADesignatorAndAFlightID() {
        // Seen in the embedded Paris recording: easyJet Europe (missing from OpenFlights), a
        // private callsign and a military one whose first letters are airlines' designators.
        #expect(catalog.airline(callsign: "EJU12AB")?.name == "easyJet Europe")
        #expect(catalog.airline(callsign: "EZS15FM")?.name == "easyJet Switzerland")
        #expect(catalog.airline(callsign: "IWALK") == nil, "not Apache Air's IWA")
        #expect(catalog.airline(callsign: "DUKE58") == nil)
        #expect(catalog.airline(callsign: "HUAF408") == nil)
        #expect(catalog.airline(callsign: "AFR") == nil && catalog.airline(callsign: "AFR12345") == nil)
        // Where two airlines hold a designator, the one flying.
        #expect(catalog.airline(callsign: "SWR100")?.name == "Swiss International Air Lines")
        #expect(catalog.airline(callsign: "FDX1234")?.name == "Federal Express")
        // A defunct airline's designator names no flight today.
        #expect(catalog.airlines(code: "MTO").allSatisfy { !$0.isActive } && catalog.airline(callsign: "MTO787") == nil)
        #expect(catalog.airline(code: "SWR")?.name == "Swiss International Air Lines")
        #expect(catalog.airlines(code: "SWR").first { $0.name == "Swissair" }?.isActive == false, "it stopped flying in 2002")
    }

    @Test func aNameAnAirportGoesByFindsItOnlyWhereNoAirportHasIt() throws {
        #expect(try catalog.resolveAirport("roissy").icao == "LFPG" && catalog.resolveAirport("Roissy-en-France").icao == "LFPG")
        #expect(try catalog.resolveAirport("SCHÖNEFELD").icao == "EDDB" && catalog.resolveAirport("Okęcie").icao == "EPWA")
        for (alias, icao) in AirportAliases.table {
            // The airport is in the catalog, and no airport's own name or city has the alias.
            #expect(catalog.airport(icao: icao) != nil, "\(alias)")
            #expect(catalog.searchAirports(alias, limit: 2, typing: false).isEmpty, "\(alias) is a catalog name now")
        }
    }
}
