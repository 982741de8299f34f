import Foundation
import SkyKit
import SkyTestSupport
import Testing

/// Other tools' exports, read from fixtures written from their public descriptions
/// (Tests/Fixtures/logbooks/README.md): every field where skyshell keeps it.
@Suite("Other tools' logbooks")
struct ImportFormatsTests {
    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: Executable.packageRoot + "/Tests/Fixtures/logbooks/" + name)))
    }

    func plan(_ name: String, _ format: FlightFileFormat, map: [String] = []) throws -> ImportPlan {
        try Importing.plan(try Self.bytes(name), format, map: try #require(ValueMap(map)))
    }

    /// The flight of a plan on a date and from an airport.
    func flight(_ plan: ImportPlan, _ date: String, from origin: String) throws -> Flight {
        try #require(plan.flights.first { $0.date.description == date && $0.origin == origin }, "no \(date) \(origin)")
    }

    @Test(arguments: [
        ("openflights-spec.csv", FlightFileFormat.openflights), ("openflights-export.csv", .openflights), ("openflights-older.csv", .openflights),
        ("myflightradar24-19.csv", .myflightradar24), ("myflightradar24-15.csv", .myflightradar24), ("flighty.csv", .flighty), ("jetlog.csv", .jetlog),
        ("airtrail.json", .airtrail), ("airtrail-legs.json", .airtrail), ("airtrail.csv", .airtrail), ("appintheair.txt", .appintheair),
        ("tripit.ics", .icalendar), ("jetlog.ics", .icalendar), ("named-columns.csv", .csv),
    ])
    func theFormatIsToldByTheFile(_ name: String, _ format: FlightFileFormat) throws {
        #expect(FlightFiles.guess(try Self.bytes(name)) == format)
    }

    @Test func openFlightsSpecRowsOfEveryLength() throws {
        // 19, 15, 4, 5 and 3 fields, as help/csv.php shows them.
        let p = try plan("openflights-spec.csv", .openflights)
        #expect(p.flights.count == 5 && p.bad.isEmpty && p.unresolved.isEmpty)
        let full = try flight(p, "2011-03-04", from: "WSSS")
        #expect(full.destination == "VHHH" && full.airline == "SIA" && full.flightNumber == "SQ860" && full.aircraft == "B772")
        #expect(full.departureTime == ClockTime(hour: 6, minute: 45) && full.duration == 230 && full.trip == "16" && full.reason == .business)
        #expect(full.row == 40 && full.seatLetter == "C" && full.seatPosition == .aisle && full.cabinClass == .economy && full.registration == "9V-SRA")
        #expect(abs(full.recordedDistance!.statuteMiles - 1604) < 1e-9 && full.notes == "First, to Hong Kong!")
        #expect(try flight(p, "2011-04-04", from: "WSSS").airline == "SIA", "the flight number's code names the airline")
        #expect(try flight(p, "2011-04-05", from: "VHHH").airline == "SIA")
        #expect(try flight(p, "2011-04-06", from: "WSSS").airline == nil)
    }

    @Test func openFlightsOwnExportWithEighteenFields() throws {
        let p = try plan("openflights-export.csv", .openflights)
        #expect(p.rows == 7 && p.flights.count == 7 && p.unresolved.isEmpty)
        // Families are stored as families, never as one of their members.
        #expect(try flight(p, "2009-05-16", from: "KLAX").aircraft == "777")
        #expect(try flight(p, "2009-06-29", from: "KDEN").aircraft == "340")
        let first = try flight(p, "2009-04-17", from: "KIAH")
        #expect(first.flightNumber == "CO2192" && first.airline == "COA" && first.departureTime == ClockTime(hour: 21, minute: 15) && first.duration == 52)
        #expect(try flight(p, "2008-09-14", from: "KAMA").flightNumber == "WN12", "digits with the airline's code, no leading zeros")
        let first2 = try flight(p, "2009-10-05", from: "YBCS")
        #expect(first2.cabinClass == .first && first2.reason == .business)
        let mapped = try plan("openflights-export.csv", .openflights, map: ["Boeing 777=B772", "Airbus 340=-"])
        #expect(mapped.flights.count == 7 && mapped.unresolved.isEmpty)
        #expect(try flight(mapped, "2009-05-16", from: "KLAX").aircraft == "B772" && flight(mapped, "2009-06-29", from: "KDEN").aircraft == nil)
    }

    @Test func olderOpenFlightsFiles() throws {
        // UTF-16 byte order mark, CR line ends, a first line that is no header, old dates and
        // class B, a user-added airline with its code in parentheses.
        let p = try plan("openflights-older.csv", .openflights)
        #expect(p.flights.count == 5 && p.bad.isEmpty && p.unresolved.isEmpty)
        let london = try flight(p, "2018-05-20", from: "EGLL")
        #expect(london.cabinClass == .business && london.reason == .business && london.seatLetter == "A")
        #expect(try flight(p, "2018-06-20", from: "KJFK").airline == "BAW")
        let old = try flight(p, "1999", from: "KAUS")
        #expect(old.date.precision == .year && old.airline == "AAL")
    }

    @Test func myFlightradar24WithIdColumns() throws {
        let p = try plan("myflightradar24-19.csv", .myflightradar24)
        #expect(p.ignoredColumns.isEmpty, "the id columns are known")
        #expect(p.unresolved.map(\.text) == ["Boeing 767-300-ER", "(/LFH)"])
        #expect(p.unresolved[0].count == 3 && p.unresolved[0].candidates == ["B763"] && p.unresolved[0].reason.hasSuffix("did you mean B763 Boeing 767-300?"))
        let mapped = try plan("myflightradar24-19.csv", .myflightradar24, map: ["Boeing 767-300-ER=B763", "(/LFH)=-"])
        #expect(mapped.flights.count == 6 && mapped.unresolved.isEmpty)
        let out = try flight(mapped, "2024-10-12", from: "EHAM")
        #expect(out.destination == "KJFK" && out.airline == "DAL" && out.aircraft == "A339" && out.flightNumber == "DL71" && out.registration == "N411DX")
        #expect(out.departureTime == ClockTime(hour: 11, minute: 55) && out.arrivalTime == ClockTime(hour: 14, minute: 10) && out.duration == 495)
        #expect(out.row == 4 && out.seatPosition == .window && out.cabinClass == .economy && out.reason == .leisure)
        let back = try flight(mapped, "2024-10-20", from: "KJFK")
        #expect(
            back.destination == "EHAM" && back.airline == "DAL" && back.arrivalDate == FlightDate(iso: "2024-10-21"),
            "a placeholder IATA code; an overnight arrival")
        #expect(back.cabinClass == .premium && back.reason == .business && back.seatPosition == .aisle && back.notes == "red-eye, slept well")
        let month = try flight(mapped, "2006-02", from: "KBOS")
        #expect(month.date.precision == .month && month.airline == nil && month.aircraft == nil && month.departureTime == nil && month.cabinClass == nil)
        #expect(try flight(mapped, "2006", from: "EIDW").airline == "EIN")
        let charter = try flight(mapped, "2023-07-01", from: "LSZB")
        #expect(charter.cabinClass == .private && charter.airline == nil && charter.aircraft == "PC12")
        #expect(try flight(mapped, "2024-11-02", from: "EHAM").reason == .other)
    }

    @Test func myFlightradar24WithoutIdColumnsNotesWhatItDoesNotKeep() throws {
        let p = try plan("myflightradar24-15.csv", .myflightradar24)
        #expect(p.flights.count == 2 && p.ignoredColumns == ["Co2"])
        #expect(try flight(p, "2019-03-03", from: "EHAM").aircraft == "E190")
    }

    @Test func flighty() throws {
        let p = try plan("flighty.csv", .flighty)
        #expect(p.rows == 5 && p.cancelled == 1 && p.flights.count == 4)
        let out = try flight(p, "2024-05-03", from: "EIDW")
        #expect(out.airline == "EIN" && out.flightNumber == "EI105" && out.aircraft == "A333" && out.registration == "EIDUZ")
        #expect(out.departureTime == ClockTime(hour: 11, minute: 32) && out.arrivalTime == ClockTime(hour: 13, minute: 58), "the actual gate times")
        #expect(out.duration == 446 && out.row == 23 && out.seatPosition == .window && out.cabinClass == .economy && out.reason == .leisure)
        let back = try flight(p, "2024-05-10", from: "KJFK")
        #expect(back.arrivalDate == FlightDate(iso: "2024-05-11") && back.duration == 369 && back.cabinClass == .premium)
        // Bound for Heathrow, landed at Stansted: the flight went to Stansted (its distance, the
        // zone of its actual arrival), Heathrow is kept in the note.
        let diverted = try flight(p, "2024-06-02", from: "EIDW")
        #expect(diverted.events == [.diversion] && diverted.notes == "diverted: bound for EGLL" && diverted.destination == "EGSS")
        #expect(diverted.arrivalTime == ClockTime(hour: 8, minute: 44) && diverted.duration == 94, "the actual gate arrival at Stansted")
        // No actual gate times: the actual take-off and landing beat the scheduled gate times.
        let paris = try flight(p, "2024-07-12", from: "EIDW")
        #expect(paris.departureTime == ClockTime(hour: 17, minute: 48) && paris.arrivalTime == ClockTime(hour: 20, minute: 52) && paris.duration == 124)
    }

    @Test func jetlog() throws {
        let p = try plan("jetlog.csv", .jetlog)
        // ITA Airways began in 2021: the catalog's airlines are older, so the code is left to the user.
        #expect(p.unresolved.map(\.text) == ["ITY"] && p.flights.count == 2)
        let rome = try plan("jetlog.csv", .jetlog, map: ["ITY=AZA"])
        let out = try flight(rome, "2024-02-10", from: "LIRF")
        #expect(out.notes == "first line\nsecond line" && out.cabinClass == .premium && out.reason == .leisure && out.duration == 170)
        #expect(out.aircraft == "A21N" && out.flightNumber == "AZ202" && out.registration == "EI-XGN" && abs(out.recordedDistance!.kilometers - 1446) < 1e-9)
        let back = try flight(rome, "2024-02-15", from: "EGLL")
        #expect(back.arrivalDate == FlightDate(iso: "2024-02-16") && back.airline == "BAW" && back.seatPosition == .aisle && back.cabinClass == .business)
    }

    @Test func airTrail() throws {
        let p = try plan("airtrail.json", .airtrail, map: ["Boeing 777=B772"])
        let out = try flight(p, "2024-06-14", from: "EKCH")
        #expect(out.airline == "SAS" && out.aircraft == "A20N" && out.registration == "SE-ROE" && out.flightNumber == "SK537")
        // UTC times to the airports' clocks; the export's first user's seat.
        #expect(out.departureTime == ClockTime(hour: 12, minute: 0) && out.arrivalTime == ClockTime(hour: 13, minute: 5) && out.duration == 125)
        #expect(out.row == 12 && out.seatLetter == "A" && out.seatPosition == .window && out.cabinClass == .premium && out.reason == .leisure)
        // No reason on the flight: the one of the owner's passenger entry (the newer export's place).
        let paris = try flight(p, "2023-03-10", from: "EIDW")
        #expect(paris.reason == .leisure && paris.row == 3 && paris.seatLetter == "F" && paris.seatPosition == .window)
        let hazy = try flight(p, "2019-09", from: "EIDW")
        #expect(hazy.date.precision == .month && hazy.airline == nil && hazy.notes == "memory is hazy" && hazy.aircraft == "B772")
        #expect(try flight(plan("airtrail.json", .airtrail), "2019-09", from: "EIDW").aircraft == "777", "the family without --map")
    }

    /// Times that cannot be a flight's are bad rows, said, never shown as "12:00 → 11:00 (−1)"
    /// nor dropped: an arrival before (or at) the departure, one three days after it, and a
    /// departure in 9999.
    @Test func airTrailTimesThatCannotBeAFlightsAreBadRows() throws {
        func row(_ departure: String, _ arrival: String) -> String {
            #"{"date": "2024-06-14", "from": {"icao": "EKCH"}, "to": {"icao": "EIDW"}, "departure": "\#(departure)", "arrival": "\#(arrival)", "seats": []}"#
        }
        let json =
            #"{"users": [{"id": "u1"}], "flights": ["#
            + [
                row("2024-06-14T10:00:00.000Z", "2024-06-14T09:00:00.000Z"), row("2024-06-14T10:00:00.000Z", "2024-06-14T10:00:00.000Z"),
                row("2024-06-14T10:00:00.000Z", "2024-06-17T10:00:00.000Z"), row("9999-06-14T10:00:00.000Z", "9999-06-14T12:00:00.000Z"),
                row("2024-06-14T10:00:00.000Z", "2024-06-14T12:05:00.000Z"),
            ].joined(separator: ",") + "]}"
        let p = try Importing.plan(json, .airtrail)
        #expect(p.flights.count == 1 && p.flights[0].departureTime == ClockTime(hour: 12, minute: 0))
        #expect(
            Set(p.bad.map(\.message)) == [
                "the arrival 2024-06-14T09:00:00Z is not after the departure 2024-06-14T10:00:00Z",
                "the arrival 2024-06-14T10:00:00Z is not after the departure 2024-06-14T10:00:00Z",
                "the arrival 2024-06-17T10:00:00Z is 72 hours after the departure 2024-06-14T10:00:00Z: longer than any flight",
                "departure '9999-06-14T10:00:00.000Z' is not a time from 1900 to 2200",
            ], "\(p.bad.map(\.message))")
    }

    @Test func airTrailLegsAndCSV() throws {
        // The newer export: legs under the flight's date, reason and note; economy+ is premium.
        let legs = try plan("airtrail-legs.json", .airtrail)
        #expect(legs.flights.count == 2 && legs.bad.isEmpty && legs.unresolved.isEmpty)
        let first = try flight(legs, "2024-08-02", from: "EGLL")
        #expect(first.destination == "OMDB" && first.reason == .business && first.notes == "two legs, one booking" && first.cabinClass == .premium)
        #expect(first.departureTime == ClockTime(hour: 21, minute: 40) && first.arrivalDate == FlightDate(iso: "2024-08-03") && first.duration == 425)
        #expect(first.row == 23 && first.seatLetter == "C" && first.seatPosition == .aisle)
        let second = try flight(legs, "2024-08-03", from: "OMDB")
        #expect(second.reason == .business && second.aircraft == "777" && second.flightNumber == "EK384")
        // The CSV: airports by name or code, airline and aircraft by name, the exporter's seat.
        let csv = try plan("airtrail.csv", .airtrail)
        #expect(csv.flights.count == 2 && csv.bad.isEmpty && csv.unresolved.isEmpty && csv.ignoredColumns.isEmpty)
        let row = try flight(csv, "2024-06-14", from: "EKCH")
        #expect(row.destination == "EIDW" && row.airline == "SAS" && row.aircraft == "A20N" && row.registration == "SE-ROE")
        #expect(row.reason == .business && row.notes == "met the team, then home" && row.cabinClass == .premium && row.row == 12)
        #expect(row.departureTime == ClockTime(hour: 12, minute: 0) && row.arrivalTime == ClockTime(hour: 13, minute: 5) && row.duration == 125)
        #expect(try flight(csv, "2019-09-01", from: "EIDW").destination == "EGLL")
    }

    @Test func flightCalendars() throws {
        // TripIt: times with their zones or in UTC, folded lines, a trip header and a hotel left out.
        let tripIt = try plan("tripit.ics", .icalendar)
        #expect(tripIt.flights.count == 2 && tripIt.otherEvents == 2 && tripIt.bad.isEmpty)
        let out = try flight(tripIt, "2024-03-12", from: "EGLL")
        #expect(out.destination == "KJFK" && out.flightNumber == "BA117" && out.airline == "BAW")
        #expect(out.departureTime == ClockTime(hour: 11, minute: 5) && out.arrivalTime == ClockTime(hour: 14, minute: 0) && out.duration == 415)
        let back = try flight(tripIt, "2024-03-15", from: "KJFK")
        #expect(back.flightNumber == "BA178" && back.departureTime == ClockTime(hour: 20, minute: 30) && back.arrivalDate == FlightDate(iso: "2024-03-16"))
        // jetlog: floating local times (its DTEND is the departure plus the duration on the same
        // clock), the airports from DESCRIPTION, the notes, a date alone.
        let jetlog = try plan("jetlog.ics", .icalendar)
        #expect(jetlog.flights.count == 3 && jetlog.otherEvents == 0)
        let rome = try flight(jetlog, "2024-02-15", from: "LIRF")
        #expect(rome.destination == "EGLL" && rome.duration == 150 && rome.departureTime == ClockTime(hour: 18, minute: 30))
        #expect(rome.arrivalTime == ClockTime(hour: 20, minute: 0) && rome.notes == "window seat, lovely views")
        let day = try flight(jetlog, "2023-07-04", from: "EGLL")
        #expect(day.destination == "EIDW" && day.departureTime == nil && day.duration == nil)
    }

    @Test func aHeaderThatNamesItsColumnsIsReadByTheNames() throws {
        // date,from,to is how OpenFlights begins, but a "flight" or "note" column where
        // OpenFlights has others says it is not OpenFlights' file.
        let p = try plan("named-columns.csv", .csv)
        #expect(p.flights.count == 2 && p.ignoredColumns == ["gate"])
        let out = try flight(p, "2024-03-01", from: "KSFO")
        #expect(out.flightNumber == "UA1234" && out.aircraft == "B738" && out.notes == "aisle seat near the wing" && out.airline == "UAL")
        #expect(try flight(p, "2024-03-05", from: "KJFK").flightNumber == "UA535")
        #expect(FlightFiles.guess(Array("date,from,to,note\n2024-01-01,SFO,JFK,hello\n".utf8)) == .csv)
        #expect(FlightFiles.guess(Array("Date,From,To,Flight_Number\n2024-01-01,SFO,JFK,UA1\n".utf8)) == .openflights)
        let note = try Importing.flights("date,from,to,note\n2024-01-01,SFO,JFK,hello\n", .csv)
        #expect(note.first?.notes == "hello" && note.first?.flightNumber == nil)
    }

    /// Aircraft as airlines and logbook apps write them today: the A220 family, the CSeries and
    /// CRJ by their old names, the Q400 by Bombardier's.
    @Test func aircraftAreReadByTheirNamesOfTodayAndOfBefore() throws {
        let rows = [
            ("A220", "220"), ("Airbus A220-300", "BCS3"), ("Bombardier CS100", "BCS1"), ("Canadair Regional Jet 900", "CRJ9"),
            ("Mitsubishi CRJ900", "CRJ9"), ("Bombardier Q400", "DH8D"), ("Fokker 100", "F100"),
        ]
        let text = "date,from,to,plane\n" + rows.map { "2024-03-01,YUL,YYZ,\($0.0)" }.joined(separator: "\n") + "\n"
        let p = try Importing.plan(text, .csv)
        #expect(p.bad.isEmpty, "\(p.bad.map(\.message))")
        #expect(p.flights.map(\.aircraft) == rows.map(\.1))
    }

    @Test func appInTheAir() throws {
        let p = try plan("appintheair.txt", .appintheair, map: ["E75=E75L"])
        #expect(p.notYours == 1 && p.flights.count == 3 && p.rows == 4)
        let london = try flight(p, "2019-03-10", from: "EGLL")
        #expect(london.aircraft == "B77W" && london.flightNumber == "BA117" && london.airline == "BAW")
        // The fare's cabin and the seat: "BUSINESS (C)" and 11A, "ECO LIGHT" and 14C; a fare
        // name that says no cabin is kept in the note.
        #expect(london.cabinClass == .business && london.row == 11 && london.seatLetter == "A")
        let austin = try flight(p, "2022-09-12", from: "KAUS")
        #expect(austin.cabinClass == .economy && austin.row == 14 && austin.seatLetter == "C")
        let boise = try flight(p, "2022-09-12", from: "KBOI")
        #expect(boise.cabinClass == nil && boise.notes == "class: SAVER FARE")
        #expect(london.departureTime == ClockTime(hour: 14, minute: 0) && london.arrivalTime == ClockTime(hour: 17, minute: 35) && london.duration == 455)
        #expect(try flight(p, "2022-09-12", from: "KBOI").aircraft == "B39M")
        #expect(try flight(p, "2022-09-12", from: "KAUS").duration == 210)
    }
}
