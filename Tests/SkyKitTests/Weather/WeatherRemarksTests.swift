import Foundation
import SkyTestSupport
import Testing

@testable import SkyKit

/// The remarks pilots read about the weather around a US station (FMH-1 chapter 12): begin and
/// end times, lightning, virga, fronts, storms and clouds with where they are and where they go;
/// and the runway visual range kept in the feet a US report gives it in.
@Suite("Weather remarks")
struct WeatherRemarksTests {
    func remarks(_ text: String) throws -> [String] { try METARDecoder.decode(text).remarks.map(\.words) }

    @Test func theRemarksOfTheIssueAreDecoded() throws {
        let words = try remarks("KSFO 101156Z 28012KT 10SM FEW020 12/11 A2992 RMK AO2 TSB45 OCNL LTGICCG OHD VIRGA SW FROPA PK WND 28045/1130 WSHFT 1115")
        #expect(
            words == [
                "automated station with a precipitation discriminator", "thunderstorm began at minute 45",
                "occasional (less than 1 a minute) lightning in cloud and cloud to ground overhead",
                "virga (rain or snow falling from cloud that evaporates before reaching the ground) to the south-west", "a front passed",
                "peak wind 280° at 45 kt at 11:30", "wind shift at 11:15",
            ])
        #expect(try remarks("KOKC 101156Z 28012KT 10SM FEW020 12/11 A2992 RMK WSHFT 1115 FROPA").last == "wind shift at 11:15, a front passing")
    }

    /// Real remarks of the collections, as their stations wrote them.
    @Test func realRemarksReadAsTheStationMeantThem() throws {
        let cases: [(String, String)] = [
            ("RMK AO2 LTG DSNT E - S RAE0221DZB0221E0223", "lightning distant (more than 10 miles) from the east to the south"),
            ("RMK AO2 LTG DSNT E - S RAE0221DZB0221E0223", "rain ended at 02:21; drizzle began at 02:21 and ended at 02:23"),
            ("RMK TS 14NM WSW", "thunderstorm 14 nm to the west-south-west"),
            ("RMK CB TO N", "cumulonimbus to the north"),
            ("RMK TS N MOV E", "thunderstorm to the north, moving east"),
            (
                "RMK AO2 SFC VIS 5 TSB02 PRESFR OCNL LTGICCG OHD-NE-E-SE TS OHD-NE-E-SE MOV E P0001",
                "thunderstorm overhead and to the north-east, east and south-east, moving east"
            ),
            ("RMK AO2 PK WND 28038/2018 TSB08DZE08RAB08 PRESRR", "thunderstorm began at minute 08; drizzle ended at minute 08; rain began at minute 08"),
            (
                "RMK AO2 SLP201 CB DSNT SW TCU DSNT SW AND DSNT W T02670233",
                "towering cumulus distant (more than 10 miles) to the south-west and distant (more than 10 miles) to the west"
            ),
            ("RMK AO2 RAE48 SLP167 SHRA DSNT N P0000", "showers of rain distant (more than 10 miles) to the north"),
        ]
        for (tail, expected) in cases {
            let words = try remarks("KXYZ 101156Z 28012KT 10SM FEW020 12/11 A2992 " + tail)
            #expect(words.contains(expected) || words.joined(separator: "; ").contains(expected), "\(tail): \(words)")
        }
    }

    /// Over every real report of the fixtures, no lightning, virga, front or begin/end time is
    /// left undecoded, and the words the decoder does not read stay as they were written.
    @Test func noWeatherRemarkOfTheCollectionsIsLeftAsText() throws {
        var undecoded: [String] = []
        var remarkCount = 0
        for name in ["metaf-real.txt", "eccodes-bulletins.txt", "real-world/metars.txt", "real-world/mixed-files/concatenated-reports.txt"] {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.directory + "/weather/" + name)))
            for r in try ReportFile.reports(in: bytes) {
                guard let m = try? METARDecoder.decode(r.text) else { continue }
                for remark in m.remarks {
                    remarkCount += 1
                    guard case .text(let text) = remark else { continue }
                    let words = text.split(separator: " ")
                    if words.contains(where: { $0.hasPrefix("LTG") || $0 == "VIRGA" || $0 == "FROPA" || WeatherRemarks.weatherEvents(String($0)) != nil }) {
                        undecoded.append(text)
                    }
                }
            }
        }
        #expect(remarkCount > 500)
        #expect(undecoded.isEmpty, "\(undecoded)")
    }

    @Test func aUSRunwayVisualRangeStaysInFeet() throws {
        let m = try METARDecoder.decode("KSFO 101156Z 28012KT 1/2SM R28L/2400V4000FT R28R/P6000FT FG OVC002 12/11 A2992")
        #expect(m.runwayVisualRanges.map { ($0.range?.words ?? "") + " " + ($0.upTo?.words ?? "") } == ["2,400 ft 4,000 ft", "6,000 ft or more "])
        let metric = try METARDecoder.decode("LFPG 101130Z 24012KT 0400 R27L/0550N FG VV002 09/09 Q1013")
        #expect(metric.runwayVisualRanges.first?.range?.words == "550 m")
    }
}

extension WeatherRemarksTests {
    @Test func lightningKindsMayShareALetter() {
        #expect(WeatherRemarks.lightningKinds("ICCCG") == [.inCloud, .cloudToCloud, .cloudToGround])
        #expect(WeatherRemarks.lightningKinds("ICCG") == [.inCloud, .cloudToGround])
        #expect(WeatherRemarks.lightningKinds("ICC") == [.inCloud, .cloudToCloud])
        #expect(WeatherRemarks.lightningKinds("") == [])
        #expect(WeatherRemarks.lightningKinds("XYZ") == nil)
        #expect(WeatherRemarks.lightningKinds("ICX") == nil)
    }
}
