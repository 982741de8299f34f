import SkyKit
import SkyTestSupport
import Testing

/// Each badge kind at its boundary, over a real logbook database.
@Suite("Badge evaluation")
struct BadgeEvaluationTests {
    let dir = TemporaryDirectory("badge-eval")
    let world = BadgeWorld.of(.embedded)

    func store() throws -> LogbookStore { try LogbookStore(path: dir.path + "/l.sqlite") }

    func flight(_ o: String, _ d: String, _ date: String, airline: String? = nil, type: String? = nil, events: [FlightEvent] = []) -> Flight {
        Flight(origin: o, destination: d, airline: airline, aircraft: type, date: FlightDate(iso: date)!, events: events)
    }

    func badge(_ kind: BadgeKind, _ rule: BadgeRule) -> Badge {
        Badge(id: "b", kind: kind, name: "B", description: "d", rule: rule)
    }

    func status(_ badge: Badge, _ store: LogbookStore, world: BadgeWorld? = nil) throws -> BadgeStatus {
        try BadgeEvaluator(badges: [badge], world: world ?? self.world).evaluate(store, logbook: "default")[0]
    }

    @Test func skylineUnlocksOnTheFlightThatReachesTheCount() throws {
        let s = try store()
        let airbus = badge(.skyline, .manufacturers(["Airbus"], flights: 10))
        // Nine Airbus flights (A320, A321, A388: all built by Airbus) and Boeings that do not count.
        let types = ["A320", "A321", "A388"]
        for day in 1...9 { try s.add(flight("KSFO", "KJFK", "2024-01-\(10 + day)", type: types[day % 3]), to: "default") }
        try s.add(flight("KSFO", "KJFK", "2024-01-01", type: "B738"), to: "default")
        var st = try status(airbus, s)
        #expect(!st.isUnlocked && st.progress == (9, 10) && st.progressUnit == "flights")
        // The tenth, dated before the others: the badge was earned on the latest of the ten.
        try s.add(flight("KSFO", "KJFK", "2024-01-05", type: "A20N"), to: "default")
        st = try status(airbus, s)
        #expect(st.isUnlocked && st.unlockedOn == FlightDate(iso: "2024-01-19"))
        #expect(st.goals[0].flights.count == 10)
    }

    @Test func soaringCountsOnlyItsFamily() throws {
        let s = try store()
        let family = badge(.soaring, .aircraft(["B737", "B738"], flights: 2))
        try s.add(
            [
                flight("KSFO", "KJFK", "2024-01-01", type: "B738"), flight("KSFO", "KJFK", "2024-01-02", type: "B739"),
                flight("KSFO", "KJFK", "2024-01-03"),
            ], to: "default")
        #expect(try status(family, s).progress == (1, 2))
        try s.add(flight("KJFK", "KSFO", "2024-01-04", type: "B737"), to: "default")
        #expect(try status(family, s).unlockedOn == FlightDate(iso: "2024-01-04"))
    }

    @Test func aFamilyFlightCountsOnlyWhereEveryVariantWould() throws {
        let s = try store()
        // Two flights logged only as "Boeing 777", one as a 777-300ER.
        try s.add(
            [
                flight("KSFO", "KJFK", "2024-01-01", type: "777"), flight("KSFO", "KJFK", "2024-01-02", type: "777"),
                flight("KSFO", "KJFK", "2024-01-03", type: "B77W"),
            ], to: "default")
        let every777 = badge(.soaring, .aircraft(["B772", "B77L", "B773", "B77W", "B778", "B779"], flights: 3))
        #expect(try status(every777, s).isUnlocked)
        let onlyThe300ER = badge(.soaring, .aircraft(["B77W"], flights: 1))
        #expect(try status(onlyThe300ER, s).goals[0].flights.count == 1, "a family flight is no guess at the 300ER")
        // A badge that names the family counts its variants too, and so does a manufacturer's.
        #expect(try status(badge(.soaring, .aircraft(["777"], flights: 3)), s).isUnlocked)
        #expect(try status(badge(.skyline, .manufacturers(["Boeing"], flights: 3)), s).isUnlocked)
        #expect(try status(badge(.skyline, .manufacturers(["Airbus"], flights: 1)), s).progress == (0, 1))
        // The built-in Triple Seven and Queen of the Skies name every variant of their family.
        let builtIn = BadgeBook.builtIn(world: world).badges
        for (id, code) in [("triple-seven", "777"), ("queen-of-the-skies", "747"), ("the-best-seller", "737")] {
            guard case .aircraft(let list, _) = try #require(builtIn.first { $0.id == id }).rule else { Issue.record("\(id)"); continue }
            #expect(Set(world.families[code] ?? []).isSubset(of: Set(list)), "\(id)")
        }
    }

    @Test func flightpathNeedsTheLastLegAndTakesLegsEitherWay() throws {
        let s = try store()
        let path = badge(.flightpath, .routes([RoutePair("PHNL", "PKMJ"), RoutePair("PKMJ", "PKWA"), RoutePair("PKWA", "PTSA")], airline: nil))
        try s.add([flight("PHNL", "PKMJ", "2024-03-01"), flight("PKWA", "PKMJ", "2024-03-02")], to: "default")  // the second reversed
        var st = try status(path, s)
        #expect(st.progress == (2, 3) && st.progressUnit == "legs")
        #expect(st.missing.map(\.label) == ["PKWA–PTSA"])
        try s.add(flight("PTSA", "PKWA", "2024-03-03"), to: "default")
        st = try status(path, s)
        #expect(st.isUnlocked && st.unlockedOn == FlightDate(iso: "2024-03-03") && st.missing.isEmpty)
    }

    @Test func flightpathWithAnAirlineCountsOnlyItsFlights() throws {
        let s = try store()
        let path = badge(.flightpath, .routes([RoutePair("KSFO", "KJFK")], airline: "UAL"))
        try s.add(flight("KSFO", "KJFK", "2024-01-01", airline: "DAL"), to: "default")
        #expect(try !status(path, s).isUnlocked)
        try s.add(flight("KJFK", "KSFO", "2024-01-02", airline: "UAL"), to: "default")
        #expect(try status(path, s).isUnlocked)
    }

    @Test func frequentFlyerFollowsTheHubList() throws {
        let s = try store()
        try s.add(
            [
                flight("KSEA", "PANC", "2024-05-01", airline: "ASA"), flight("PANC", "KPDX", "2024-05-02", airline: "ASA"),
                flight("KPDX", "KLAX", "2024-05-03", airline: "UAL"),
            ], to: "default")
        let alaska = badge(.frequentFlyer, .hubs(airline: "ASA"))
        var hubs = world
        hubs.hubs = { _ in ["KSEA", "PANC", "KPDX"] }
        var st = try status(alaska, s, world: hubs)
        #expect(st.isUnlocked && st.unlockedOn == FlightDate(iso: "2024-05-02") && st.progressUnit == "hubs")
        // The catalog's list has LAX too, reached only on United: locked again.
        hubs.hubs = { _ in ["KSEA", "PANC", "KPDX", "KLAX"] }
        st = try status(alaska, s, world: hubs)
        #expect(!st.isUnlocked && st.progress == (3, 4) && st.missing.map(\.label) == ["KLAX"])
        #expect(try status(alaska, s).progress == (3, 4))  // the embedded catalog agrees
    }

    @Test func voyageNeedsEachAirlineItsNumberOfTimes() throws {
        let s = try store()
        let voyage = badge(.voyage, .airlines(["SWA", "JBU"], flights: 2))
        try s.add(
            [
                flight("KMDW", "KLAS", "2024-01-01", airline: "SWA"), flight("KLAS", "KMDW", "2024-01-02", airline: "SWA"),
                flight("KJFK", "KBOS", "2024-01-03", airline: "JBU"),
            ], to: "default")
        var st = try status(voyage, s)
        #expect(st.progress == (1, 2) && st.progressUnit == "airlines")
        try s.add(flight("KBOS", "KJFK", "2024-01-09", airline: "JBU"), to: "default")
        st = try status(voyage, s)
        #expect(st.unlockedOn == FlightDate(iso: "2024-01-09"))
    }

    @Test func bankAngleNeedsTheEvent() throws {
        let s = try store()
        let diversion = badge(.bankAngle, .event(.diversion))
        try s.add(flight("KSFO", "KJFK", "2024-01-01", events: [.goAround]), to: "default")
        #expect(try !status(diversion, s).isUnlocked)
        try s.add(flight("KSFO", "KJFK", "2024-02-01", events: [.holding, .diversion]), to: "default")
        #expect(try status(diversion, s).unlockedOn == FlightDate(iso: "2024-02-01"))
    }

    @Test func deletingAFlightLocksABadgeAgainAndTheLedgerSaysSoOnce() throws {
        let s = try store()
        let diversion = badge(.bankAngle, .event(.diversion))
        let evaluator = BadgeEvaluator(badges: [diversion], world: world)
        let added = try s.add(flight("KSFO", "KJFK", "2024-01-01", events: [.diversion]), to: "default")
        var changes = try BadgeLedger.reconcile(evaluator.evaluate(s, logbook: "default"), store: s, logbook: "default")
        #expect(changes.unlocked.map(\.badge.id) == ["b"] && changes.relocked.isEmpty)
        changes = try BadgeLedger.reconcile(evaluator.evaluate(s, logbook: "default"), store: s, logbook: "default")
        #expect(changes.unlocked.isEmpty && changes.relocked.isEmpty)
        try s.delete(number: added.number!, from: "default")
        #expect(try !evaluator.evaluate(s, logbook: "default")[0].isUnlocked)
        changes = try BadgeLedger.reconcile(evaluator.evaluate(s, logbook: "default"), store: s, logbook: "default")
        #expect(changes.relocked.map(\.badge.id) == ["b"] && changes.unlocked.isEmpty)
    }

    @Test func aMissingLogbookHasEveryBadgeLocked() throws {
        let badges = BadgeBook.builtIn(world: world).badges
        let statuses = try BadgeEvaluator(badges: badges, world: world).evaluate(nil, logbook: "default")
        #expect(statuses.count == badges.count && statuses.allSatisfy { !$0.isUnlocked && $0.progress.done == 0 })
        #expect(try BadgeEvaluator(badges: badges, world: world).evaluate(store(), logbook: "nothing").allSatisfy { !$0.isUnlocked })
    }
}
