import Foundation
import SkyKit
import SkyTestSupport
import Testing

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

    @Test func familyNamesAreAmbiguousWhereverTheyAreTyped() throws {
        for name in ["boeing 737", "airbus"] {
            #expect(throws: LookupError.self) { try catalog.resolveAircraft(name) }
            let typed = (try? catalog.resolveAircraft(name)).map(\.designator)
            #expect(typed == nil)
            let imported = importError("date,origin,destination,aircraft\n2024-01-01,KSFO,KJFK,\(name)\n")
            #expect(imported?.contains("'\(name)' matches several aircraft types") == true, "\(String(describing: imported))")
        }
        // A model name that only one type has is that type, on both paths.
        #expect(try catalog.resolveAircraft("Boeing 787-9").designator == "B789")
        #expect(importError("date,origin,destination,aircraft\n2024-01-01,KSFO,KJFK,Boeing 787-9\n") == nil)
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
}
