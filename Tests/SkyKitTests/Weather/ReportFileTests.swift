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

/// The collections of Tests/Fixtures/weather/real-world (SOURCES.txt): reports as people keep
/// them, some ending with `=` and some not, one a line; every one is read once.
@Suite("Report files as people keep them")
struct RealWorldReportFileTests {
    static func fixture(_ name: String) throws -> [UInt8] { try ReportFileTests.fixture("real-world/" + name) }

    /// The lines of the file that hold a report, and the lines the reports read start on.
    func lineCheck(_ name: String) throws -> (reports: [ReportText], missing: [Int], twice: [Int]) {
        let bytes = try Self.fixture(name)
        let reports = try ReportFile.reports(in: bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter { !$0.element.isEmpty }.map { $0.offset + 1 }
        let starts = reports.map(\.line)
        let missing = lines.filter { !starts.contains($0) }
        let twice = Dictionary(grouping: starts, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        return (reports, missing, twice)
    }

    /// 734 lines, one report each, except three lines of avwx-engine's test data (680–682:
    /// KJFK, KMCO, PHNL) that each hold two observations an hour apart (0551Z and 0451Z): a line
    /// that holds several reports is several reports, so 737.
    @Test func everyReportOfThe734LinesIsReadOnce() throws {
        let (reports, missing, twice) = try lineCheck("metars.txt")
        #expect(missing.isEmpty, "lines without a report \(missing)")
        #expect(twice == [680, 681, 682])
        #expect(reports.count == 737)
        #expect(reports.filter { $0.line == 680 }.map { String($0.text.prefix(12)) } == ["KJFK 170551Z", "KJFK 170451Z"])
        #expect(reports.allSatisfy { $0.kind == .metar })
    }

    @Test func every123TAFsOfTheCollectionsIsReadOnce() throws {
        let (reports, missing, twice) = try lineCheck("tafs.txt")
        #expect(reports.count == 123)
        #expect(missing.isEmpty && twice.isEmpty, "lines without a report \(missing), with several \(twice)")
        #expect(reports.allSatisfy { $0.kind == .taf })
    }

    @Test func reportsGluedOnOneLineAreEachTheirOwn() throws {
        let reports = try ReportFile.reports(in: try Self.fixture("mixed-files/concatenated-reports.txt"))
        #expect(reports.map(\.line) == [1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4])
        #expect(reports.filter { $0.kind == .metar }.map { String($0.text.prefix(12)) } == ["EGLL 170550Z", "EGLL 170520Z", "EGLL 170450Z", "EGLL 170420Z"])
        #expect(reports.filter { $0.kind == .taf }.count == 9)
        #expect(reports[1].text == "EGLL 170520Z AUTO 09011KT 9999 NCD 10/05 Q1016 NOSIG")
    }

    @Test func reportsThatEndWithAnEqualsSignAndReportsThatDoNotMix() throws {
        let metars = try ReportFile.reports(in: try Self.fixture("mixed-files/metar-mixed-terminators.txt"))
        #expect(
            metars.map(\.text) == [
                "KJFK 181351Z 01007KT 10SM BKN250 18/07 A3001", "KLGA 181351Z 36008KT 10SM FEW250 18/06 A3001",
                "SAAJ 130100Z 14017G25KT CAVOK 11/05 Q1021", "SAAP 130100Z 18014KT 4500 DZ OVC004 12/11 Q1016",
            ])
        let kjfk = try METARDecoder.decode(metars[0].text)
        #expect(kjfk.temperature == 18 && kjfk.pressure?.hectopascals.rounded() == 1016)
        let tafs = try ReportFile.reports(in: try Self.fixture("mixed-files/taf-mixed-terminators.txt"))
        #expect(tafs.map { String($0.text.prefix(9)) } == ["EGLL 1811", "KJFK 1813", "TAF VTCC "])
    }

    @Test func linesAsOgimetWritesThem() {
        let reports = ReportFile.text(
            """
            202001150950 METAR EDTL 150950Z 22004KT 9999 FEW030 06/03 Q1021=
            202001151020 METAR EDTL 151020Z 23005KT 9999 SCT032 07/03 Q1021=
            """)
        #expect(reports.map(\.text) == ["METAR EDTL 150950Z 22004KT 9999 FEW030 06/03 Q1021", "METAR EDTL 151020Z 23005KT 9999 SCT032 07/03 Q1021"])
        #expect(reports.first?.dated == 1_579_081_800, "2020-01-15 09:50 UTC")
        #expect(reports.allSatisfy { (try? METARDecoder.decode($0.text)) != nil })
    }
}

/// The class of fault, not only the files seen: reports of the whole corpus written one after
/// another as collections do — ending with `=`, ` =` or nothing, on lines of their own or glued
/// on one line — always come back as the same reports.
@Suite("Report files, randomly mixed")
struct MixedReportFileTests {
    @Test func reportsDrawnFromTheCorpusComeBackWhateverEndsThem() throws {
        let corpus = try CorpusTests.reports().values.map(\.text).sorted()
        // The reports that start as a report does (a station and its time, after METAR or TAF
        // words), read alone as themselves.
        let pool = corpus.filter { text in
            let words = text.split(separator: " ").map { ArraySlice(Array($0.utf8)) }
            return ReportFile.startsReport(words[...], at: 0, lineStart: false) && ReportFile.text(text).map(\.text) == [text]
        }
        #expect(pool.count * 100 >= corpus.count * 95, "\(pool.count) of \(corpus.count)")
        var rng = SplitMix64(seed: 20_261_207)
        let ends = ["=\n", " =\n", "\n", " ", "= ", "=\r\n", "\r\n"]
        var wrong: [String] = []
        for _ in 0..<500 {
            let chosen = (0..<(2 + rng.next(7))).map { _ in pool[rng.next(pool.count)] }
            var file = ""
            for text in chosen { file += text + ends[rng.next(ends.count)] }
            let read = ReportFile.text(file).map(\.text)
            if read != chosen { wrong.append(file) }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of 500 files, first: \(wrong.first ?? "")")
    }
}
