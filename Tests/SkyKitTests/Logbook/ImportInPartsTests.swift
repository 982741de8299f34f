import Foundation
import SkyTestSupport
import Testing

@testable import SkyKit

/// A large CSV file is read in parts on several cores: the parts are cut where the reader
/// itself starts rows, and the plan is the one a single reading makes, line numbers included.
@Suite("Import in parts")
struct ImportInPartsTests {
    /// Where `CSVReader.next` starts each row, with the row's line.
    func readerRowStarts(_ bytes: [UInt8]) throws -> [(offset: Int, line: Int)] {
        var reader = CSVReader(bytes)
        var starts: [(offset: Int, line: Int)] = []
        while reader.i < bytes.count {
            starts.append((reader.i, reader.nextLine))
            _ = try reader.next()
        }
        return starts
    }

    @Test func rowStartsAreWhereTheReaderStartsRows() throws {
        let text =
            "\u{FEFF}a,b,c\r\n\"quoted\nnewline\",\"a \"\"quote\"\"\",x\n\"after\" text \"here,2,3\rcr row,\"\"\r\n"
            + "\n,trailing,\nplain \"mid\" quote,1,2\n\"end\""
        let bytes = Array(text.utf8)
        let starts = try readerRowStarts(bytes)
        #expect(starts.count == 8)
        for target in 0...bytes.count {
            let found = CSVReader.rowStarts(in: bytes, atOrAfter: [target]).first
            let expected = starts.first { $0.offset >= target }
            #expect(found?.offset == expected?.offset && found?.line == expected?.line, "target \(target)")
        }
        let several = CSVReader.rowStarts(in: bytes, atOrAfter: [1, 20, 40, 60])
        #expect(several.map(\.offset) == [1, 20, 40, 60].compactMap { t in starts.first { $0.offset >= t }?.offset })
    }

    @Test func nothingIsFoundPastAQuoteThatIsNeverClosed() {
        let bytes = Array("a,b\n1,2\n\"open,3\n4,5\n".utf8)
        #expect(CSVReader.rowStarts(in: bytes, atOrAfter: [1, 8, 12]).map(\.offset) == [4, 8])
    }

    /// A myFlightradar24 file of `rows` rows with bad rows, unknown values and a quoted
    /// newline spread through it.
    func fr24(rows: Int) -> String {
        var text = "Date,Flight number,From,To,Dep time,Arr time,Duration,Airline,Aircraft,Registration,Seat number,Seat type,Flight class,Flight reason,Note\n"
        let routes = [("Zurich / Kloten (ZRH/LSZH)", "London / Heathrow (LHR/EGLL)"), ("Paris / Charles de Gaulle (CDG/LFPG)", "Zzyzxq / Qqqxq (QQQ/QQQQ)")]
        for n in 0..<rows {
            let (from, to) = routes[n % 7 == 3 ? 1 : 0]
            let date = n % 11 == 5 ? "2019-02-30" : "2019-0\(1 + n % 9)-1\(n % 10)"
            let note = n % 13 == 0 ? "\"two\nlines\"" : ""
            text +=
                "\(date),LX31\(n % 10),\"\(from)\",\"\(to)\",08:00:00,09:10:00,01:10:00,\"Swiss (LX/SWR)\",\"Airbus A320 (A320)\",HB-IJ\(n % 10),12A,"
                + "1,1,1,\(note)\n"
        }
        return text
    }

    @Test func aFileReadInPartsPlansWhatItPlansWhole() throws {
        let bytes = Array(fr24(rows: 120).utf8)
        let parts = try #require(FlightFiles.parts(of: bytes, format: .myflightradar24, minimum: 1, cores: 3))
        #expect(parts.count == 3)
        let whole = try FlightFiles.plan(bytes, format: .myflightradar24, catalog: .embedded, today: Importing.today, cores: 1)
        let inParts = try FlightFiles.plan(bytes, format: .myflightradar24, catalog: .embedded, today: Importing.today, partsFrom: 1, cores: 3)
        #expect(whole.flights.count > 50 && !whole.bad.isEmpty && !whole.unresolved.isEmpty)
        #expect(inParts.flights == whole.flights)
        #expect(inParts.lines == whole.lines)
        #expect(inParts.bad == whole.bad)
        #expect(inParts.unresolved == whole.unresolved)
        #expect(inParts.rows == whole.rows && inParts.unresolvedRows == whole.unresolvedRows)
        #expect(inParts.futureDates == whole.futureDates && inParts.cancelled == whole.cancelled)
    }

    @Test func rowsEndedByCROrCRLFAreReadInPartsAsWhole() throws {
        // Each part fills a region sized by its CRs and LFs: old Mac files end rows with CR alone.
        for end in ["\r", "\r\n"] {
            let bytes = Array(fr24(rows: 90).replacingOccurrences(of: "\n", with: end).utf8)
            let whole = try FlightFiles.plan(bytes, format: .myflightradar24, catalog: .embedded, today: Importing.today, cores: 1)
            let inParts = try FlightFiles.plan(bytes, format: .myflightradar24, catalog: .embedded, today: Importing.today, partsFrom: 1, cores: 4)
            #expect(whole.flights.count > 40)
            #expect(inParts.flights == whole.flights && inParts.lines == whole.lines && inParts.bad == whole.bad, "\(Array(end.utf8))")
        }
    }

    @Test func everyCSVFormatReadsTheSameInParts() throws {
        let fixtures: [(String, FlightFileFormat)] = [
            ("myflightradar24-19.csv", .myflightradar24), ("myflightradar24-15.csv", .myflightradar24), ("flighty.csv", .flighty),
            ("jetlog.csv", .jetlog), ("openflights-export.csv", .openflights), ("openflights-spec.csv", .openflights),
        ]
        for (name, format) in fixtures {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Executable.packageRoot + "/Tests/Fixtures/logbooks/" + name)))
            let whole = try FlightFiles.plan(bytes, format: format, catalog: .embedded, today: Importing.today, cores: 1)
            let inParts = try FlightFiles.plan(bytes, format: format, catalog: .embedded, today: Importing.today, partsFrom: 1, cores: 2)
            #expect(inParts.flights == whole.flights && inParts.lines == whole.lines && inParts.bad == whole.bad, "\(name)")
            #expect(inParts.unresolved == whole.unresolved && inParts.rows == whole.rows && inParts.cancelled == whole.cancelled, "\(name)")
            #expect(inParts.ignoredColumns == whole.ignoredColumns, "\(name)")
        }
    }

    @Test func anErrorInALaterPartNamesItsLineInTheWholeFile() throws {
        let text = fr24(rows: 40) + "2019-01-01,LX1,\"never closed\n"
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(throws: FlightFileError(line: lines, "a quoted field opened here is never closed (a missing \")")) {
            try FlightFiles.plan(Array(text.utf8), format: .myflightradar24, catalog: .embedded, today: Importing.today, partsFrom: 1, cores: 3)
        }
    }

    /// How often the plan asked whether to stop (from every part at once).
    final class Asked: @unchecked Sendable {
        let lock = NSLock()
        var count = 0
        func add() {
            lock.lock()
            count += 1
            lock.unlock()
        }
    }

    @Test func everyPartAsksWhetherToStopAndAStopEndsThePlan() throws {
        let bytes = Array(fr24(rows: 9_000).utf8)
        // Two parts of about 4,500 rows: each asks once (every 4,096 rows).
        let asked = Asked()
        let plan = try FlightFiles.plan(bytes, format: .myflightradar24, catalog: .embedded, today: Importing.today, partsFrom: 1, cores: 2) {
            asked.add()
            return false
        }
        #expect(asked.count == 2)
        #expect(plan.flights.count + plan.bad.count + plan.unresolvedRows > 8_000)
        // A stop ends the plan with the stop, read in parts or in one piece.
        for cores in [2, 1] {
            #expect(throws: FlightFileError.stop) {
                try FlightFiles.plan(bytes, format: .myflightradar24, catalog: .embedded, today: Importing.today, partsFrom: 1, cores: cores) { true }
            }
        }
        // skyshell's own JSON is asked too.
        let flights = (0..<5_000).map { n in #"{"date": "2020-01-1\#(n % 10)", "origin": "KSFO", "destination": "KJFK"}"# }
        let json = Array(#"{"flights": [\#(flights.joined(separator: ","))]}"#.utf8)
        #expect(throws: FlightFileError.stop) { try FlightFiles.plan(json, format: .json, catalog: .embedded, today: Importing.today) { true } }
    }
}
