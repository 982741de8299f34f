import Foundation
import SkyKit
import SkyTestSupport
import Testing

/// skyshell's own formats and OpenFlights: round trips of every field, the exports' shapes.
@Suite("Logbook files")
struct FlightFilesTests {
    let catalog = Catalog.embedded

    /// Flights with every field skyshell keeps, in the forms its own files write.
    var sample: [Flight] {
        var first = Flight(
            origin: "KSFO", destination: "KJFK", airline: "UAL", aircraft: "B738", date: FlightDate(iso: "2025-11-09")!, cabinClass: .economy,
            row: 23, seatPosition: .window, seatLetter: "A", flightNumber: "UA1234", registration: "N12345", notes: "window, \"great\" view",
            events: [.holding])
        first.departureTime = ClockTime(hour: 22, minute: 5)
        first.arrivalTime = ClockTime(hour: 6, minute: 40)
        first.arrivalDate = FlightDate(iso: "2025-11-10")
        first.duration = 335
        first.reason = .business
        first.trip = "Fall tour"
        first.recordedDistance = Distance(4152.5, .kilometers)
        var second = Flight(
            origin: "PHNL", destination: "PKMJ", airline: "UAL", aircraft: "B738", date: FlightDate(year: 2024, month: 3)!, events: [.diversion, .goAround])
        second.cabinClass = .private
        let third = Flight(
            origin: "EGLL", destination: "LFPG", airline: "BAW", aircraft: "A320", date: FlightDate(year: 1998)!, cabinClass: .business, row: 2,
            seatPosition: .aisle, seatLetter: "C")
        return [first, second, third]
    }

    /// What OpenFlights carries of them: everything but the private class, the distances in
    /// whole miles. The arrival comes back from the departure, the duration and the zones; a
    /// month-only date and a trip that is not OpenFlights' ride in the note.
    var openFlightsSample: [Flight] {
        sample.map { f in
            var g = f
            if g.cabinClass == .private { g.cabinClass = nil }
            g.recordedDistance = Distance(Double([2586, 100, 214][sample.firstIndex(of: f)!]), .statuteMiles)
            return g
        }
    }

    func roundTrip(_ flights: [Flight], _ format: FlightFileFormat) throws -> [Flight] {
        let text = try FlightFiles.write(flights, format: format, logbook: "t", catalog: catalog)
        #expect(FlightFiles.guess(Array(text.utf8)) == format)
        return try Importing.flights(text, format)
    }

    @Test(arguments: [FlightFileFormat.csv, .json])
    func exportThenImportGivesTheSameFlights(_ format: FlightFileFormat) throws {
        #expect(try roundTrip(sample, format) == sample)
    }

    @Test func openFlightsRoundTripsWhatItCanCarry() throws {
        #expect(try roundTrip(openFlightsSample, .openflights) == openFlightsSample)
    }

    @Test func exportsAreStableAcrossARoundTrip() throws {
        for (format, flights) in [(FlightFileFormat.csv, sample), (.json, sample), (.openflights, openFlightsSample)] {
            let once = try FlightFiles.write(flights, format: format, logbook: "t", catalog: catalog)
            let again = try FlightFiles.write(try roundTrip(flights, format), format: format, logbook: "t", catalog: catalog)
            #expect(once == again, "\(format)")
        }
    }

    @Test func openFlightsFixtureReadsEveryField() throws {
        let bytes = Array(
            try Data(contentsOf: URL(fileURLWithPath: Executable.packageRoot + "/Tests/skyshellTests/Transcripts/logbook/fixtures/openflights.csv")))
        let flights = try Importing.flights(bytes, .openflights)
        #expect(flights.count == 4)
        let first = flights[0]
        #expect(first.origin == "KSFO" && first.destination == "RJAA" && first.airline == "UAL" && first.aircraft == "B789")
        #expect(first.row == 33 && first.seatLetter == "A" && first.seatPosition == .window && first.cabinClass == .economy)
        #expect(first.registration == "N38955" && first.notes == "Tokyo!" && first.flightNumber == "UA837")
        #expect(first.departureTime == ClockTime(hour: 8, minute: 15) && first.duration == 665 && first.reason == .leisure)
        #expect(flights[2].date.description == "2018-05-20" && flights[2].cabinClass == .first && flights[2].reason == .business)
        #expect(flights[3].date.description == "2017" && flights[3].airline == "FIN" && flights[3].notes == "note, with comma")
    }

    @Test func openFlightsExportFollowsRevision041() throws {
        let text = try FlightFiles.write(sample, format: .openflights, logbook: "t", catalog: catalog)
        #expect(
            text.hasPrefix(
                "\u{FEFF}Date,From,To,Flight_Number,Airline,Distance,Duration,Seat,Seat_Type,Class,Reason,Plane,Registration,Trip,Note,From_OID,"
                    + "To_OID,Airline_OID,Plane_OID\r\n"
            ))
        let lines = text.split(separator: "\r\n")
        // A trip of another tool is no OpenFlights trip id: it goes into the note.
        #expect(
            lines[1].hasPrefix(
                "2025-11-09 22:05:00,SFO,JFK,UA1234,United Airlines,2580,05:35,23A,W,Y,B,Boeing 737-800,N12345,,\"window, \"\"great\"\" view [trip: "
                    + "Fall tour] [events: holding]\","
            ), "\(lines[1])")
        // OpenFlights takes no month-only date: the year, and the month in the note.
        #expect(lines[2].hasPrefix("2024,HNL,MAJ,") && lines[2].contains(",[date: 2024-03] [events: diversion; go-around],"), "\(lines[2])")
        #expect(lines[3].hasPrefix("1998,LHR,CDG,"))
        // A trip read from an OpenFlights file is OpenFlights' own, and goes back in its column.
        var own = sample[0]
        own.id = 7
        let mine = try FlightFiles.write([own], format: .openflights, logbook: "t", catalog: catalog, openFlightsTrips: [7])
        #expect(mine.split(separator: "\r\n")[1].contains(",N12345,Fall tour,\"window, \"\"great\"\" view [events: holding]\","))
    }

    @Test func everyOpenFlightsDateIsOneOfItsForms() throws {
        // help/csv.php: YYYY-MM-DD, MM/DD/YYYY, DD.MM.YYYY or a year alone, perhaps with a time.
        let text = try FlightFiles.write(sample, format: .openflights, logbook: "t", catalog: catalog)
        for line in text.split(separator: "\r\n").dropFirst() {
            let date = String(line.prefix { $0 != "," }).split(separator: " ")[0]
            let day = date.count == 10 && FlightDate(iso: String(date)) != nil
            #expect(day || (date.count == 4 && date.allSatisfy(\.isNumber)), "\(date)")
        }
    }

    @Test func importOnlyFormatsAreNotWritten() {
        for format in FlightFileFormat.allCases where !format.canExport {
            #expect(throws: FlightFileError.self) { try FlightFiles.write(sample, format: format, logbook: "t", catalog: catalog) }
        }
    }

    @Test func badRowsAreCountedWithTheirLine() throws {
        let csv = "date,origin,destination\n2025-01-01,KSFO,KJFK\n2025-02-30,KSFO,KJFK\n"
        #expect(throws: FlightFileError(line: 3, "'2025-02-30' is not a date (YYYY-MM-DD, YYYY-MM or YYYY, a day that exists)")) {
            try Importing.flights(csv, .csv)
        }
        let plan = try Importing.plan(csv, .csv)
        #expect(plan.flights.count == 1 && plan.bad.map(\.line) == [3] && plan.rows == 2)
    }

    @Test func emptyWrongAndHugeFiles() {
        #expect(throws: FlightFileError("the file is empty — nothing to import")) { try Importing.plan([], .csv) }
        #expect(throws: FlightFileError.self) { try Importing.plan("a,b\n1,2\n", .csv) }
        #expect(throws: FlightFileError("the file is not UTF-8 text")) { try Importing.plan([0x64, 0xFF, 0xFE, 0x0A], .csv) }
        #expect(throws: FlightFileError.self) { try Importing.plan("{\"x\": 1}", .json) }
        #expect(FlightFiles.guess(Array("hello\nworld\n".utf8)) == nil)
    }

    @Test func futureDatesAreCounted() throws {
        #expect(try Importing.plan("date,origin,destination\n2026-06-01,KSFO,KJFK\n", .csv).futureDates == 1)
    }

    @Test func geoJSONAndKMLCarryRoutesAndAirports() throws {
        let geo = try FlightFiles.write(sample, format: .geojson, logbook: "t", catalog: catalog)
        let object = try? JSONSerialization.jsonObject(with: Data(geo.utf8)) as? [String: Any]
        let features = object?["features"] as? [[String: Any]]
        #expect(features?.count == 3 + 6)
        let kml = try FlightFiles.write(sample, format: .kml, logbook: "t", catalog: catalog)
        #expect(kml.contains("<name>EGLL-LFPG</name>") && kml.contains("<Point><coordinates>"))
    }

    @Test func linesAcrossTheAntimeridianAreSplit() {
        let parts = GeoFeatures.splitAtAntimeridian([Coordinate(validLatitude: 0, longitude: 179), Coordinate(validLatitude: 2, longitude: -179)])
        #expect(parts.count == 2)
        #expect(abs(parts[0].last!.latitude - 1) < 1e-9 && parts[1].first!.longitude == -180)
    }

    @Test func csvReaderHandlesQuotesBOMAndLineEndings() throws {
        var reader = CSVReader(Array("\u{FEFF}a,\"b,\"\"c\"\"\",d\r\n\"multi\nline\",2,3\nlast\rafter a CR".utf8))
        #expect(try reader.next() == ["a", "b,\"c\"", "d"])
        #expect(try reader.next() == ["multi\nline", "2", "3"])
        #expect(reader.line == 2)
        #expect(try reader.next() == ["last"])
        #expect(reader.line == 4)
        #expect(try reader.next() == ["after a CR"])
        #expect(try reader.next() == nil)
    }
}
