import SkyKit
import SkyTestSupport
import Testing

/// The built-in badges and the checks every definition goes through.
@Suite("Badge definitions")
struct BadgeDefinitionsTests {
    let world = BadgeWorld.of(.embedded)

    @Test func theBuiltInBadgesAllLoadAgainstTheCatalog() {
        let (badges, errors) = BadgeBook.builtIn(world: world)
        #expect(errors.isEmpty, "\(errors)")
        #expect(badges.count >= 40)
        #expect(Set(badges.map(\.kind)) == Set(BadgeKind.allCases))
        #expect(Set(badges.map(\.id)).count == badges.count)
        // The six examples of the FlyLines write-up.
        let titles = Set(badges.map(\.title))
        for title in [
            "Bank Angle: Diversion", "Flightpath: Island Hopper", "Frequent Flyer: Alaska Airlines",
            "Skyline: Airbus", "Soaring: The Best Seller", "Voyage: Low Cost Carriers",
        ] {
            #expect(titles.contains(title), "\(title) is missing")
        }
        for badge in badges { #expect(!badge.description.isEmpty && badge.origin == "built in") }
    }

    @Test func theExamplesHaveTheirRules() {
        let badges = BadgeBook.builtIn(world: world).badges
        func rule(_ id: String) -> BadgeRule? { badges.first { $0.id == id }?.rule }
        #expect(
            rule("island-hopper")
                == .routes(
                    [
                        RoutePair("PHNL", "PKMJ"), RoutePair("PKMJ", "PKWA"), RoutePair("PKWA", "PTSA"),
                        RoutePair("PTSA", "PTPN"), RoutePair("PTPN", "PTKK"), RoutePair("PTKK", "PGUM"),
                    ], airline: nil))
        #expect(rule("alaska-airlines") == .hubs(airline: "ASA"))
        #expect(rule("airbus") == .manufacturers(["Airbus"], flights: 10))
        #expect(rule("diversion") == .event(.diversion))
        guard case .aircraft(let types, 5)? = rule("the-best-seller") else { Issue.record("the best seller"); return }
        #expect(types.contains("B738") && types.contains("B38M") && !types.contains("A320"))
        guard case .airlines(let lcc, 1)? = rule("low-cost-carriers") else { Issue.record("low cost carriers"); return }
        #expect(lcc.contains("SWA") && lcc.contains("JBU") && lcc.contains("NKS"))
    }

    func read(_ text: String) -> (badges: [Badge], errors: [String]) {
        let (badges, errors) = BadgeDefinitions.read(text, world: world, origin: "mine.toml", taken: ["diversion"])
        return (badges, errors.map(\.description))
    }

    @Test func codesAreResolvedAndIdsMadeFromNames() {
        let (badges, errors) = read(
            """
            [[badge]]
            kind = "flightpath"
            name = "Bay Area: Loop!"
            description = "d"
            routes = ["sfo-KOAK"]
            airline = "UA"

            [[badge]]
            kind = "voyage"
            id = "two-airlines"
            name = "x"
            description = "d"
            airlines = ["AS", "WN"]
            """)
        #expect(errors.isEmpty)
        #expect(badges.map(\.id) == ["bay-area-loop", "two-airlines"])
        #expect(badges[0].rule == .routes([RoutePair("KSFO", "KOAK")], airline: "UAL"))
        #expect(badges[0].origin == "mine.toml:1")
        #expect(badges[1].rule == .airlines(["ASA", "SWA"], flights: 1))
    }

    @Test func eachMistakeNamesItsLineAndField() {
        let (badges, errors) = read(
            """
            [[badge]]
            kind = "skyline"
            name = "A"
            description = "d"
            flights = 3

            [[badge]]
            kind = "teleport"
            name = "B"
            description = "d"

            [[badge]]
            kind = "flightpath"
            name = "C"
            description = "d"
            routes = ["KSFO-XXXX"]

            [[badge]]
            kind = "bank-angle"
            name = "Diversion"
            description = "d"
            event = "diversion"

            [[badge]]
            kind = "bank-angle"
            name = "E"
            description = "d"
            event = "turbulence"

            [[badge]]
            kind = "frequent-flyer"
            name = "F"
            description = "d"
            airline = "VLG"

            [[badge]]
            kind = "soaring"
            name = "G"
            description = "d"
            aircraft = ["B738"]
            flights = 0

            [[box]]
            name = "H"

            [[badge]]
            kind = "flightpath"
            name = "I"
            description = "d"
            routes = ["KSFO-KSFO"]

            [[badge]]
            kind = "soaring"
            name = "J"
            id = "Not An Id"
            description = "d"
            aircraft = "B738"
            flights = 1
            """)
        #expect(badges.isEmpty)
        #expect(
            errors == [
                "line 1: manufacturer: is missing from this badge",
                "line 8: kind: unknown kind 'teleport' (one of bank-angle, flightpath, frequent-flyer, skyline, soaring, voyage)",
                "line 16: routes: unknown airport 'XXXX'",
                "line 20: name: another badge already has the id 'diversion'",
                "line 28: event: unknown event 'turbulence' (one of diversion, go-around, return-to-gate, rejected-takeoff, emergency-landing, holding)",
                "line 34: airline: VLG has no hubs in the catalog",
                "line 41: flights: should be between 1 and 100000",
                "line 43: unknown table [[box]] (expected [[badge]])",
                "line 50: routes: 'KSFO-KSFO' starts and ends at the same airport",
                "line 55: id: 'Not An Id' is not an id (lower-case letters, digits and -)",
            ])
    }

    @Test func aUserFileAddsToTheBuiltInBadgesAndItsProblemsAreListed() throws {
        let dir = TemporaryDirectory("badges")
        let file = dir.write(
            "badges.toml",
            """
            [[badge]]
            kind = "soaring"
            name = "Max"
            description = "d"
            aircraft = ["B38M"]
            flights = 2

            [[badge]]
            kind = "soaring"
            name = "Broken"
            description = "d"
            aircraft = ["NOPE"]
            flights = 2
            """)
        let book = BadgeBook.load(world: world, userFile: file)
        let builtIn = BadgeBook.builtIn(world: world).badges.count
        #expect(book.badges.count == builtIn + 1 && book.badges.last?.id == "max")
        #expect(book.problems == ["\(file):12: aircraft: unknown aircraft type 'NOPE'"])
        #expect(book.badge(named: "MAX")?.id == "max")
        #expect(book.badge(named: "Soaring: The Best Seller")?.id == "the-best-seller")
        #expect(BadgeBook.load(world: world, userFile: dir.path + "/missing.toml").badges.count == builtIn)
    }
}
