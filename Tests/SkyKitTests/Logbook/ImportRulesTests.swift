import Foundation
import SkyKit
import SkyTestSupport
import Testing

/// Each rule of each format's public description has a fixture row that only that rule decides
/// (Tests/Fixtures/logbooks/RULES.md lists them): drop the rule, and its row comes out
/// otherwise. Scripts/mutate drops some of them to show it.
@Suite("Import rules, one row each")
struct ImportRulesTests {
    func plan(_ name: String, _ format: FlightFileFormat) throws -> ImportPlan {
        try Importing.plan(try ImportFormatsTests.bytes(name), format)
    }

    /// The flight whose note is `note`.
    func flight(_ plan: ImportPlan, note: String) throws -> Flight {
        try #require(plan.flights.first { $0.notes == note }, "no row '\(note)'")
    }

    @Test func openFlights() throws {
        let p = try plan("rules-openflights.csv", .openflights)
        // Ids that disagree with the row's name or code, and an unknown id with no name, are
        // asked: the three values that name nothing skyshell can settle.
        #expect(p.bad.isEmpty && p.flights.count == 16, "\(p.bad) \(p.flights.count)")
        #expect(Set(p.unresolved.map(\.text)) == ["Lufthansa", "Airline_OID 999999", "SFO"], "\(p.unresolved.map(\.text))")
        let asked = try #require(p.unresolved.first { $0.text == "Lufthansa" })
        #expect(asked.candidates == ["EIN", "DLH"] && asked.reason.contains("Airline_OID 837 is EIN, but 'Lufthansa' is DLH"), "\(asked.reason)")
        #expect(p.unresolved.first { $0.text == "SFO" }?.candidates == ["EGLL", "KSFO"])
        #expect(try flight(p, note: "a time after the date").departureTime == ClockTime(hour: 7, minute: 30))
        #expect(try flight(p, note: "month first with slashes").date == FlightDate(iso: "2012-01-03"))
        #expect(try flight(p, note: "day first with dots").date == FlightDate(iso: "2012-01-04"))
        #expect(try flight(p, note: "a year alone").date == FlightDate(year: 2011))
        // The flight number's first two characters name the airline before the Airline name…
        #expect(try flight(p, note: "the number's code before the name").airline == "EIN")
        // …digits alone take the named airline's code…
        let digits = try flight(p, note: "digits take the named airline's code")
        #expect(digits.airline == "DLH" && digits.flightNumber == "LH155")
        // …and an Airline_OID names the airline, with a name that agrees or alone.
        let byID = try flight(p, note: "the airline id and a name that agree")
        #expect(byID.airline == "EIN" && byID.flightNumber == "EI155")
        #expect(try flight(p, note: "the airline id alone").flightNumber == "EI155")
        #expect(try flight(p, note: "the airport id and a code that agree").origin == "EGLL")
        #expect(try flight(p, note: "the airport id alone").origin == "EGLL")
        #expect(try flight(p, note: "older files' class B").cabinClass == .business)
        let seat = try flight(p, note: "seat type W, class P, reason C")
        #expect(seat.seatPosition == .window && seat.cabinClass == .premium && seat.reason == .crew && seat.row == 12 && seat.seatLetter == "C")
        let zero = try flight(p, note: "zero distance and duration are none")
        #expect(zero.recordedDistance == nil && zero.duration == nil)
        let miles = try flight(p, note: "miles and HH:MM")
        #expect(miles.duration == 80 && abs(miles.recordedDistance!.statuteMiles - 279) < 1e-9)
        let tags = try flight(p, note: "kept month")
        #expect(tags.date == FlightDate(year: 2010, month: 3) && tags.trip == "Spring" && tags.events == [.holding])
        #expect(p.flights.contains { $0.date == FlightDate(iso: "2012-01-12") && $0.airline == nil }, "a row of three fields")
    }

    @Test func myFlightradar24() throws {
        let p = try plan("rules-myflightradar24.csv", .myflightradar24)
        #expect(p.bad.isEmpty && p.unresolved.isEmpty && p.flights.count == 9, "\(p.bad) \(p.unresolved.map(\.text))")
        let codes = try flight(p, note: "airports by their codes")
        #expect(codes.origin == "EIDW" && codes.destination == "EGLL")
        // XX and XXX are real codes (Greenfly's IATA, ASL's ICAO): as placeholders they say nothing.
        let placeholders = try flight(p, note: "placeholder codes: the name after the slash")
        #expect(placeholders.origin == "EINN" && placeholders.airline == "EIN")
        #expect(try flight(p, note: "the airline by its codes").airline == "EIN")
        #expect(try flight(p, note: "the ICAO code alone").airline == "EIN")
        #expect(try flight(p, note: "no airline").airline == nil)
        #expect(try flight(p, note: "the type by its code").aircraft == "A320", "A320-214 alone names no type")
        let times = try flight(p, note: "00:00:00 is not known")
        #expect(times.departureTime == nil && times.duration == nil && times.arrivalTime == ClockTime(hour: 9, minute: 40))
        let seat = try flight(p, note: "seat type 2, class 4, reason 3")
        #expect(seat.seatPosition == .middle && seat.cabinClass == .premium && seat.reason == .crew && seat.row == 14)
        #expect(try flight(p, note: "a month alone").date == FlightDate(year: 2012, month: 2))
    }

    @Test func jetlogCalendarDurationsCrossMidnight() throws {
        // DTEND is the departure plus the duration on the departure's clock, past midnight too.
        let p = try plan("jetlog.ics", .icalendar)
        let night = try #require(p.flights.first { $0.origin == "EGLL" && $0.destination == "WSSS" })
        #expect(night.duration == 790 && night.arrivalTime == ClockTime(hour: 18, minute: 40) && night.arrivalDate == FlightDate(iso: "2024-03-02"))
    }
}
