import Foundation
import SkyKit
import SkyTestSupport
import Testing

/// Import and export formats: fixtures for each, and round trips.
@Suite("Logbook files")
struct FlightFilesTests {
    let today = FlightDate(iso: "2025-11-10")!
    let catalog = Catalog.embedded

    var sample: [Flight] {
        [
            Flight(
                origin: "KSFO", destination: "KJFK", airline: "UAL", aircraft: "B738", date: FlightDate(iso: "2025-11-09")!, cabinClass: .economy,
                row: 23, seatPosition: .window, seatLetter: "A", flightNumber: "UA1234", registration: "N12345", notes: "window, \"great\" view",
                events: [.holding]),
            Flight(
                origin: "PHNL", destination: "PKMJ", airline: "UAL", aircraft: "B738", date: FlightDate(iso: "2024-03-01")!, events: [.diversion, .goAround]),
            Flight(
                origin: "EGLL", destination: "LFPG", airline: "BAW", aircraft: "A320", date: FlightDate(iso: "2023-06-01")!, cabinClass: .business, row: 2,
                seatPosition: .aisle, seatLetter: "C"),
        ]
    }

    func roundTrip(_ format: FlightFileFormat) throws -> [Flight] {
        let text = FlightFiles.write(sample, format: format, logbook: "t", catalog: catalog)
        #expect(FlightFiles.guess(Array(text.utf8)) == format)
        return try FlightFiles.read(Array(text.utf8), format: format, catalog: catalog, skipBad: false, today: today).flights
    }

    @Test(arguments: [FlightFileFormat.csv, .json, .openflights])
    func exportThenImportGivesTheSameFlights(_ format: FlightFileFormat) throws {
        #expect(try roundTrip(format) == sample)
    }

    @Test func exportsAreStableAcrossARoundTrip() throws {
        for format in [FlightFileFormat.csv, .json, .openflights] {
            let once = FlightFiles.write(sample, format: format, logbook: "t", catalog: catalog)
            let again = FlightFiles.write(try roundTrip(format), format: format, logbook: "t", catalog: catalog)
            #expect(once == again, "\(format)")
        }
    }

    @Test func openFlightsFixtureReadsEveryField() throws {
        let bytes = Array(
            try Data(contentsOf: URL(fileURLWithPath: Executable.packageRoot + "/Tests/skyshellTests/Transcripts/logbook/fixtures/openflights.csv")))
        let flights = try FlightFiles.read(bytes, format: .openflights, catalog: catalog, skipBad: false, today: today).flights
        #expect(flights.count == 4)
        let first = flights[0]
        #expect(first.origin == "KSFO" && first.destination == "RJAA" && first.airline == "UAL" && first.aircraft == "B789")
        #expect(first.row == 33 && first.seatLetter == "A" && first.seatPosition == .window && first.cabinClass == .economy)
        #expect(first.registration == "N38955" && first.notes == "Tokyo!" && first.flightNumber == "UA837")
        #expect(flights[2].date.description == "2018-05-20" && flights[2].cabinClass == .first)
        #expect(flights[3].date.description == "2017-01-01" && flights[3].airline == "FIN" && flights[3].notes == "note, with comma")
    }

    @Test func openFlightsExportFollowsRevision041() throws {
        let text = FlightFiles.write(sample, format: .openflights, logbook: "t", catalog: catalog)
        #expect(
            text.hasPrefix(
                "\u{FEFF}Date,From,To,Flight_Number,Airline,Distance,Duration,Seat,Seat_Type,Class,Reason,Plane,Registration,Trip,Note,From_OID,To_OID,Airline_OID,Plane_OID\r\n"
            ))
        let line = text.split(separator: "\r\n")[1]
        #expect(line.hasPrefix("2025-11-09,SFO,JFK,UA1234,United Airlines,2586,,23A,W,Y,,Boeing 737-800,N12345,"))
    }

    @Test func badRowsStopTheImportWithTheirLine() {
        let csv = "date,origin,destination\n2025-01-01,KSFO,KJFK\n2025-02-30,KSFO,KJFK\n"
        #expect(throws: FlightFileError(line: 3, "'2025-02-30' is not a date (YYYY-MM-DD, a day that exists)")) {
            try FlightFiles.read(Array(csv.utf8), format: .csv, catalog: catalog, skipBad: false, today: today)
        }
        let skipped = try? FlightFiles.read(Array(csv.utf8), format: .csv, catalog: catalog, skipBad: true, today: today)
        #expect(skipped?.flights.count == 1 && skipped?.skipped.map(\.line) == [3])
    }

    @Test func emptyWrongAndHugeFiles() {
        #expect(throws: FlightFileError("the file is empty — nothing to import")) {
            try FlightFiles.read([], format: .csv, catalog: catalog, skipBad: false, today: today)
        }
        #expect(throws: FlightFileError.self) { try FlightFiles.read(Array("a,b\n1,2\n".utf8), format: .csv, catalog: catalog, skipBad: false, today: today) }
        #expect(throws: FlightFileError("the file is not UTF-8 text")) {
            try FlightFiles.read([0x64, 0xFF, 0xFE, 0x0A], format: .csv, catalog: catalog, skipBad: false, today: today)
        }
        #expect(throws: FlightFileError.self) { try FlightFiles.read(Array("{\"x\": 1}".utf8), format: .json, catalog: catalog, skipBad: false, today: today) }
        #expect(FlightFiles.guess(Array("hello\nworld\n".utf8)) == nil)
    }

    @Test func futureDatesAreCounted() throws {
        let csv = "date,origin,destination\n2026-06-01,KSFO,KJFK\n"
        #expect(try FlightFiles.read(Array(csv.utf8), format: .csv, catalog: catalog, skipBad: false, today: today).futureDates == 1)
    }

    @Test func geoJSONAndKMLCarryRoutesAndAirports() {
        let geo = FlightFiles.write(sample, format: .geojson, logbook: "t", catalog: catalog)
        let object = try? JSONSerialization.jsonObject(with: Data(geo.utf8)) as? [String: Any]
        let features = object?["features"] as? [[String: Any]]
        #expect(features?.count == 3 + 6)
        let kml = FlightFiles.write(sample, format: .kml, logbook: "t", catalog: catalog)
        #expect(kml.contains("<name>EGLL-LFPG</name>") && kml.contains("<Point><coordinates>"))
    }

    @Test func linesAcrossTheAntimeridianAreSplit() {
        let parts = GeoFeatures.splitAtAntimeridian([Coordinate(validLatitude: 0, longitude: 179), Coordinate(validLatitude: 2, longitude: -179)])
        #expect(parts.count == 2)
        #expect(abs(parts[0].last!.latitude - 1) < 1e-9 && parts[1].first!.longitude == -180)
    }

    @Test func csvReaderHandlesQuotesBOMAndLineEndings() throws {
        var reader = CSVReader(Array("\u{FEFF}a,\"b,\"\"c\"\"\",d\r\n\"multi\nline\",2,3\nlast".utf8))
        #expect(try reader.next() == ["a", "b,\"c\"", "d"])
        #expect(try reader.next() == ["multi\nline", "2", "3"])
        #expect(reader.line == 2)
        #expect(try reader.next() == ["last"])
        #expect(reader.line == 4)
        #expect(try reader.next() == nil)
    }
}
