import Foundation
import SkyTestSupport
import Testing

@testable import SkyKit

/// Splitting what files and servers hold into reports: lines, `=`-ended reports, WMO bulletins,
/// NOAA station files, the Aviation Weather Center's JSON, CSV with a metar column.
@Suite("Report files")
struct ReportFileTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.directory + "/weather/" + name)))
    }

    @Test func aWMOBulletinFile() throws {
        let reports = try ReportFile.reports(in: try Self.fixture("eccodes-bulletins.txt"))
        #expect(reports.count > 150)
        // Headings, sequence numbers and NIL bulletins are not reports; continued lines are joined.
        #expect(!reports.contains { $0.text.hasPrefix("SA") && $0.text.count < 25 })
        #expect(!reports.contains { $0.text == "NIL" || $0.text.allSatisfy(\.isNumber) })
        let vidp = try #require(reports.first { $0.text.contains("VIDP 022330Z") })
        #expect(vidp.text == "METAR VIDP 022330Z 25004KT 0900 R28/P2000 R29/P2000 MIFG NSC 09/05 Q1016 NOSIG")
        #expect(reports.allSatisfy { (try? METARDecoder.decode($0.text)) != nil })
    }

    @Test func theDatedCorpusFile() throws {
        let reports = try ReportFile.reports(in: try Self.fixture("metaf-real.txt"))
        #expect(reports.count == 738)
        #expect(reports.allSatisfy { $0.dated != nil })
        #expect(reports.filter { $0.kind == .taf }.count > 250)
    }

    @Test func aNOAAStationFileOfTAFsWithIndentedLines() {
        let text = """
            2026/12/06 11:30
            TAF KJFK 061130Z 0612/0718 27012KT P6SM SCT040
                  FM061800 28015G25KT P6SM FEW050
                  TEMPO 0620/0624 BKN030
            2026/12/06 10:51
            KJFK 061051Z 31012KT 10SM FEW045 M02/M14 A3042

            """
        let reports = ReportFile.text(text)
        #expect(
            reports.map(\.text) == [
                "TAF KJFK 061130Z 0612/0718 27012KT P6SM SCT040 FM061800 28015G25KT P6SM FEW050 TEMPO 0620/0624 BKN030",
                "KJFK 061051Z 31012KT 10SM FEW045 M02/M14 A3042",
            ])
        #expect(reports.map(\.kind) == [.taf, .metar])
        #expect(reports[0].dated == 1_796_556_600 && reports[1].line == 6)
    }

    @Test func theAviationWeatherCentersJSON() throws {
        let json = """
            [{"icaoId":"LFPG","obsTime":1796553000,"reportTime":"2026-12-06 10:30:00","rawOb":"LFPG 061030Z 26014KT 9999 BKN012 08/05 Q1013",
              "lat":49.013,"lon":2.55,"elev":119,"name":"Paris/Charles de Gaulle"},
             {"icaoId":"KSFO","issueTime":"2026-12-06T11:20:00.000Z",
              "rawTAF":"TAF KSFO 061120Z 0612/0718 28010KT P6SM FEW010\\n  FM062000 30015G25KT P6SM SKC"}]
            """
        let reports = try ReportFile.reports(in: Array(json.utf8))
        #expect(reports.count == 2)
        #expect(reports[0].dated == 1_796_553_000 && reports[0].stationName == "Paris/Charles de Gaulle" && reports[0].elevation?.meters == 119)
        #expect(reports[1].kind == .taf && reports[1].dated == 1_796_556_000)
        #expect(reports[1].text == "TAF KSFO 061120Z 0612/0718 28010KT P6SM FEW010 FM062000 30015G25KT P6SM SKC")
        #expect(throws: ReportFile.Failure.self) { try ReportFile.reports(in: Array("{\"x\": 1}".utf8)) }
    }

    @Test func csvWithAMetarColumn() throws {
        let csv = "station,valid,metar\nCDG,2026-12-06 10:30,\"LFPG 061030Z 26014KT 9999 BKN012 08/05 Q1013\"\nCDG,2026-12-06 11:00,M\n"
        let reports = try ReportFile.reports(in: Array(csv.utf8))
        #expect(reports.count == 1 && reports[0].dated == 1_796_553_000 && reports[0].line == 2)
    }

    @Test func controlCharactersAreSpaces() {
        let reports = ReportFile.text("\u{1}\r\n123\r\nSAFR31 LFPW 061100\r\nMETAR LFPG 061030Z 26014KT\r\n 9999 BKN012 08/05 Q1013=\r\n\u{3}")
        #expect(reports.map(\.text) == ["METAR LFPG 061030Z 26014KT 9999 BKN012 08/05 Q1013"])
    }
}
