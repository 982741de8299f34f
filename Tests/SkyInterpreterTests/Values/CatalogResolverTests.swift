import SkyKit
import Testing

@testable import SkyInterpreter

@Suite("Catalog resolution and completion")
struct CatalogResolverTests {
    let catalog = Catalog.embedded

    func message(_ body: () throws -> Any) -> String {
        do { _ = try body(); return "no error" } catch let e as ValueError { return e.message } catch { return "\(error)" }
    }

    @Test func airportsResolveByCodeAndUniqueName() throws {
        #expect(try CatalogResolver.airport("KSFO", catalog).icao == "KSFO")
        #expect(try CatalogResolver.airport("sfo", catalog).icao == "KSFO")
        #expect(try CatalogResolver.airport("heathrow", catalog).icao == "EGLL")
        #expect(try CatalogResolver.airport("San Francisco", catalog).icao == "KSFO")
    }

    @Test func ambiguousNamesListCandidates() {
        #expect(
            message { try CatalogResolver.airport("paris", catalog) }.hasPrefix(
                "'paris' matches several airports: LFPG Charles de Gaulle International Airport, LFPO Paris-Orly Airport"))
        #expect(message { try CatalogResolver.airport("paris", catalog) }.hasSuffix("— give a code"))
    }

    @Test func unknownCodesSuggestCloseOnes() {
        #expect(
            message { try CatalogResolver.airport("EGL", catalog) }
                == "unknown airport code 'EGL' — did you mean EGLL London Heathrow Airport, EGLC London City Airport, EGLF Farnborough Airport?")
        #expect(
            message { try CatalogResolver.airport("KSFX", catalog) }.hasPrefix(
                "unknown airport code 'KSFX' — did you mean KSFO San Francisco International Airport"))
        #expect(message { try CatalogResolver.airport("nowhere at all", catalog) } == "unknown airport 'nowhere at all'")
    }

    @Test func airlinesPreferActiveOnes() throws {
        #expect(try CatalogResolver.airline("UA", catalog).name == "United Airlines")
        #expect(try CatalogResolver.airline("united airlines", catalog).icao == "UAL")
        #expect(message { try CatalogResolver.airline("united", catalog) }.hasPrefix("'united' matches several airlines: United Airlines (UA/UAL)"))
        #expect(message { try CatalogResolver.airline("QQ9", catalog) }.hasPrefix("unknown airline 'QQ9'"))
    }

    @Test func aircraftByEverySpelling() throws {
        for spelling in ["B738", "738", "737-800", "Boeing 737-800", "b738"] {
            #expect(try CatalogResolver.aircraft(spelling, catalog).designator == "B738", "\(spelling)")
        }
        #expect(
            message { try CatalogResolver.aircraft("B73", catalog) }
                == "unknown aircraft designator 'B73' — did you mean B738 Boeing 737-800, B737 Boeing 737-700, B733 Boeing 737-300?")
    }

    @Test func placesAcceptAirportsCoordinatesAndHere() throws {
        let shell = makeShell()
        func place(_ text: String) throws -> Place {
            var cursor = WordCursor(try Lexer().commands(in: text)[0])
            let place = try readPlace(&cursor, shell.context)
            #expect(cursor.isAtEnd, "'\(text)' left words unread")
            return place
        }
        func failure(_ text: String) -> String {
            do {
                _ = try place(text)
                return "no error"
            } catch let error as ValueError {
                return error.message
            } catch {
                return "\(error)"
            }
        }
        #expect(try place("SFO").airportCode == "KSFO")
        #expect(try place("heathrow").airportCode == "EGLL")
        let london = try place("51.4775 -0.4614")
        #expect(london.coordinate.latitude == 51.4775 && london.coordinate.longitude == -0.4614 && london.airportCode == nil)
        #expect(failure("here") == "'here' is the observer, and no observer is set — use `observer KSFO` or `observer 51.47 -0.45` first")
        #expect(failure("nowhere-at-all") == "unknown airport 'nowhere-at-all'")
        shell.session.placeObserver(Observer(place: try place("LFPG"), altitude: Height(119, .meters)))
        #expect(try place("here").airportCode == "LFPG")
        // Whole commands bind the same way.
        _ = try shell.evaluate(Lexer().commands(in: "distance SFO here")[0])
    }

    @Test func completionOfAirportsAirlinesAndAircraft() {
        let completer = Completer(shell: makeShell())
        func words(_ text: String) -> [String] { completer.complete(text).candidates.map(\.word) }
        #expect(words("airport KS").prefix(3) == ["KSFO", "KSEA", "KSLC"])
        #expect(words("airport KSF").first == "KSFO")
        #expect(words("airport ksf").first == "KSFO")
        #expect(words("airport heathr").first == "EGLL")
        #expect(words("distance KSFO EGL").prefix(2) == ["EGLL", "EGLC"])
        #expect(words("observer LFP").contains("LFPG"))
        #expect(words("airline Unit").first == "United Airlines")
        #expect(words("airline UA").contains("UAL") || words("airline UA").contains("UA"))
        #expect(words("aircraft B73").prefix(2) == ["B738", "B737"])
        #expect(words("distance KSFO KJFK in n") == ["nm"])
        let detail = completer.complete("airport KSF").candidates.first?.detail
        #expect(detail == "SFO  San Francisco International Airport, San Francisco")
    }
}
