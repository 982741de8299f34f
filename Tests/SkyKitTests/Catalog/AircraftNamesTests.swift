import Testing

@testable import SkyKit

/// Aircraft names resolve to what they say: a type only when its model numbers match, an exact
/// code or name before any fuzzy reading, a family as the family.
@Suite("Aircraft names")
struct AircraftNamesTests {
    let catalog = Catalog.embedded

    func resolved(_ text: String) -> String? { try? catalog.resolveAircraft(text).designator }

    func candidates(_ text: String) -> [String]? {
        do {
            _ = try catalog.resolveAircraft(text)
            return nil
        } catch {
            return error.message.contains("matches several") ? error.candidates : nil
        }
    }

    @Test func everyNameOfEveryTypeNamesThatTypeOrIsAmbiguous() {
        var wrong: [String] = []
        var names = 0, ambiguous = 0
        for index in 0..<catalog.aircraftCount {
            let t = catalog.aircraftType(at: index)
            for name in Set([t.name] + t.models + t.models.map { t.manufacturer + " " + $0 } + catalog.aircraftFormerNames(at: index)) {
                names += 1
                do {
                    let found = try catalog.resolveAircraft(name)
                    if found.designator != t.designator { wrong.append("\(name) (\(t.designator)) → \(found.designator)") }
                } catch {
                    ambiguous += 1
                    if !error.candidates.contains(t.designator) { wrong.append("\(name) (\(t.designator)): \(error.message)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of \(names) names: \(wrong.prefix(20))")
        #expect(names > 16_000)
        // Most names are one type's own: a handful share a word or a number with another.
        #expect(ambiguous * 10 < names, "\(ambiguous) ambiguous")
    }

    /// Folded ASCII names are split byte by byte into the runs the character-by-character
    /// split finds: every name of every type, with its manufacturer, and 5,000 random strings
    /// of letters, digits, zeros and spaces (a fixed seed).
    @Test func aNameSplitsTheSameByBytesAsByCharacters() {
        func both(_ text: String) -> Bool {
            let folded = TextFolding.fold(text)
            guard folded.utf8.allSatisfy({ $0 < 0x80 }) else { return true }
            var bytes = AircraftNames.Parts(""), characters = AircraftNames.Parts("")
            bytes.splitBytes(Array(folded.utf8))
            characters.splitCharacters(folded)
            return bytes == characters
        }
        var texts: [String] = []
        for index in 0..<catalog.aircraftCount {
            let t = catalog.aircraftType(at: index)
            texts += [t.name, t.manufacturer] + t.models + catalog.aircraftFormerNames(at: index)
        }
        var seed: UInt64 = 20_261_208
        let alphabet = Array("ab0 0 19z-Q./")
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<12 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.append(alphabet[Int(seed >> 33) % alphabet.count])
            }
            texts.append(text)
        }
        let differing = texts.filter { !both($0) }
        #expect(texts.count > 10_000 && differing.isEmpty, "\(texts.count) texts; \(differing.prefix(5))")
    }

    @Test func aNameIsATypeOnlyWhenItsModelNumbersAreThatTypes() {
        #expect(resolved("Embraer E190") == "E190", "190, not the E190-E2's 190 and 2")
        #expect(resolved("Embraer 190") == "E190")
        #expect(resolved("Embraer ERJ-190") == "E190")
        #expect(resolved("Embraer E190-E2") == "E290")
        #expect(resolved("Boeing 737 800") == "B738")
        #expect(resolved("Airbus A320 neo") == "A20N")
        #expect(resolved("ATR 72-600") == "AT76")
        // Another manufacturer Doc 8643 names, and the one that bought Canadair.
        #expect(resolved("Airbus A220-300") == "BCS3")
        #expect(resolved("Bombardier CRJ900") == "CRJ9")
        // Numbers that fit no type are not the nearest one, only offered.
        #expect(resolved("Boeing 767-300ER") == nil)
        #expect(resolved("Boeing 737-8AS") == nil)
        #expect((try? catalog.resolveAircraft("Boeing 737-8AS")) == nil)
    }

    @Test func aNameThatFitsSeveralTypesListsThem() {
        #expect(candidates("Boeing 737 MAX") == ["B37M", "B38M", "B39M", "B3XM"].sorted { catalogOrder($0) < catalogOrder($1) })
        #expect(candidates("ATR 72").map(Set.init) == ["AT72", "AT76"])
        #expect(candidates("Embraer 145").map(Set.init) == ["E145", "E45X"])
        #expect(candidates("airbus")?.count ?? 0 > 5)
        // A code and another type's exact model name disagree: neither wins.
        #expect(candidates("Lynx").map(Set.init) == ["AA1", "LYNX"])
        #expect(candidates("748").map(Set.init) == ["A748", "B748"])
    }

    func catalogOrder(_ designator: String) -> Int { catalog.aircraftType(designator: designator)?.rank ?? .max }

    @Test func codesAndExactNamesComeFirst() {
        #expect(resolved("B738") == "B738")
        #expect(resolved("b738") == "B738")
        #expect(resolved("738") == "B738", "IATA type code")
        #expect(resolved("Boeing 787-9") == "B789")
        #expect(resolved("Boeing 777-300") == "B773", "not the 777-300ER: the exact name wins")
        #expect(resolved("Concorde") == "CONC")
    }

    @Test func aFamilyIsTheFamilyNeverAGuessedVariant() throws {
        for (text, code) in [
            ("Boeing 777", "777"), ("777", "777"), ("B777", "777"), ("Airbus 340", "340"), ("Airbus A340", "340"), ("boeing 737", "737"), ("A380", "380"),
            ("Embraer 175", "E75"), ("A220", "220"), ("Airbus A220", "220"),
        ] {
            let found = try catalog.resolveAircraft(text)
            #expect(found.designator == code, "\(text)")
            #expect(found.isFamily)
        }
        let t = try catalog.resolveAircraft("Boeing 777")
        #expect(t.label == "Boeing 777 (variant unknown)")
        #expect(Set(t.variants) == ["B772", "B77L", "B773", "B77W", "B778", "B779"])
        #expect(t.wakeCategory == "H", "what every variant shares")
        #expect(catalog.aircraftType(designator: "777") == t, "what a logbook stores reads back")
        #expect(try catalog.resolveAircraft("Boeing 737 MAX 10").designator == "B3XM")
        #expect(try catalog.resolveAircraft("737").variants.contains("B3XM"))
        // Every family: its name names it, and so does its code unless another type has it as
        // a model name ("330" is also the Shorts 330), and it has variants of its own.
        #expect(catalog.familyCount == 14)
        for family in catalog.aircraftFamilies {
            #expect(try catalog.resolveAircraft(family.name) == family)
            #expect(resolved(family.designator) == family.designator || candidates(family.designator)?.contains(family.designator) == true)
            #expect(!family.variants.isEmpty)
            for v in family.variants { #expect(catalog.aircraftType(designator: v).map { !$0.isFamily } == true) }
        }
    }

    @Test func aRenamedTypeShowsItsNameOfTodayAndAnswersToTheOldOnes() throws {
        for (designator, name, maker, former) in [
            ("BCS1", "Airbus A220-100", "Airbus", "Bombardier CS100"), ("BCS3", "Airbus A220-300", "Airbus", "Bombardier CS300"),
            ("CRJ1", "Bombardier CRJ100", "Bombardier", "Canadair Regional Jet 100"),
            ("CRJ9", "Bombardier CRJ900", "Bombardier", "Canadair Regional Jet 900"),
            ("CRJX", "Bombardier CRJ1000", "Bombardier", "Canadair Regional Jet 1000"),
            ("DH8A", "De Havilland Canada Dash 8-100", "De Havilland Canada", "Bombardier Q100"),
            ("DH8D", "De Havilland Canada Dash 8-400", "De Havilland Canada", "Bombardier Q400"),
        ] {
            let t = try #require(catalog.aircraftType(designator: designator))
            #expect(t.name == name)
            #expect(t.manufacturer == maker)
            #expect(catalog.aircraftFormerNames(at: t.rank).contains(former), "\(designator)")
            #expect(resolved(former) == designator, "\(former)")
            #expect(resolved(name) == designator, "\(name)")
        }
        // Who holds a programme now is one of its makers: MHI's CRJ, Bombardier's Q400.
        #expect(resolved("Mitsubishi CRJ900") == "CRJ9")
        #expect(resolved("Q400") == "DH8D")
        #expect(resolved("Dash 8-400") == "DH8D")
        #expect(catalog.aircraftType(designator: "BCS3")?.iataCodes.first == "223", "IATA's code since 2019, then CS3")
        #expect(catalog.aircraftFormerNames(at: try #require(catalog.aircraftType(designator: "B738")).rank).isEmpty)
        // Fokker kept its name: nothing to rename, every name still finds it.
        #expect(resolved("Fokker 100") == "F100")
        #expect(resolved("F100") == "F100")
    }

    @Test func aFamilyBeatsLightAircraftThatShareItsModelNumber() throws {
        let a220 = try catalog.resolveAircraft("A220")
        #expect(a220.designator == "220")
        #expect(Set(a220.variants) == ["BCS1", "BCS3"])
        #expect(a220.manufacturer == "Airbus")
        #expect(a220.iataCodes.isEmpty, "220 is skyshell's own code: IATA has none for the family")
        // The Aerotrek sold as the A-220 is still found by its designator and its full name.
        #expect(resolved("EFOX") == "EFOX")
        #expect(resolved("Aerotrek Eurofox") == "EFOX")
        // Two types of the same weight are not decided: a heavy 777-300 is never a family's light namesake.
        #expect(candidates("Lynx").map(Set.init) == ["AA1", "LYNX"])
    }

    @Test func airlineFleetsHoldTheFamiliesTheirRoutesName() throws {
        // OpenFlights' routes often give only 777 or 737: those routes are in the fleet.
        let united = try #require(catalog.airline(code: "UA"))
        let fleet = united.fleetIndices.map { catalog.aircraftEntry($0.type).designator }
        #expect(fleet.contains("777"))
        #expect(try #require(catalog.aircraftFamily(code: "737")).routeCount > 1_000)
    }
}
