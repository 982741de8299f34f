import SkyTestSupport
import Testing

@testable import SkyKit

/// The METAR decoder on every group of the code as used in practice, US and international:
/// each test is one group family, with the values it must give.
@Suite("METAR decoder")
struct METARDecoderTests {
    func decode(_ text: String) throws -> METAR { try METARDecoder.decode(text) }

    @Test func headerTypeStationTimeAndModifiers() throws {
        let m = try decode("SPECI COR KBOS 061154Z AUTO 27015KT 10SM CLR 02/M05 A3012")
        #expect(m.type == "SPECI" && m.station == "KBOS" && m.isCorrection && m.isAutomatic && !m.isMissing)
        #expect(m.time == ReportTime(day: 6, hour: 11, minute: 54))
        let nil_ = try decode("METAR EGKB 182000Z NIL=")
        #expect(nil_.isMissing && nil_.conditions.isEmpty)
        let cca = try decode("METAR LFPG 061030Z CCA 26014KT 9999 FEW030 08/05 Q1013")
        #expect(cca.isCorrection)
        #expect(throws: METARDecoder.Failure.self) { try decode("HELLO WORLD") }
        #expect(throws: METARDecoder.Failure.self) { try decode("") }
    }

    @Test func windWithGustsVariableSectorsAndUnits() throws {
        let w = try #require(try decode("LFPG 061030Z 26014G25KT 230V290 9999 FEW030 08/05 Q1013").conditions.wind)
        #expect(w.direction?.degrees == 260 && w.speed.knots.rounded() == 14 && w.gust.map { $0.knots.rounded() } == 25)
        #expect(w.variableFrom?.degrees == 230 && w.variableTo?.degrees == 290)
        #expect(w.words == "wind from 260° at 14 kt gusting 25, varying between 230° and 290°")
        let vrb = try #require(try decode("LFPG 061030Z VRB02KT 9999 FEW030 08/05 Q1013").conditions.wind)
        #expect(vrb.isVariable && vrb.direction == nil && !vrb.isCalm)
        let calm = try #require(try decode("LFPG 061030Z 00000KT 9999 FEW030 08/05 Q1013").conditions.wind)
        #expect(calm.isCalm && calm.words == "calm")
        let mps = try #require(try decode("UUEE 061030Z 18007G12MPS 9999 SCT020 M02/M05 Q1018").conditions.wind)
        #expect(mps.unit == .metersPerSecond && abs(mps.speed.knots - 13.6) < 0.1 && mps.words.hasSuffix("(14–23 kt)"))
        let strong = try #require(try decode("KXXX 061030Z 250P99KT 1/4SM +TSRA OVC005 20/19 A2950").conditions.wind)
        #expect(strong.speedAbove && strong.speed.knots.rounded() == 99)
        let three = try #require(try decode("KXXX 061030Z 270105G130KT 10SM SKC 20/10 A2992").conditions.wind)
        #expect(three.speed.knots.rounded() == 105 && three.gust?.knots.rounded() == 130)
    }

    @Test func visibilityInMetresAndStatuteMiles() throws {
        func vis(_ group: String) throws -> Visibility? { try decode("KXXX 061030Z 27010KT \(group) SKC 10/05 A2992").conditions.visibility }
        #expect(try vis("9999") == .tenKilometresOrMore)
        #expect(try vis("0800")?.distance.meters == 800)
        #expect(try vis("0000") == Visibility(Distance(50, .meters), .lessThan))
        #expect(try vis("10SM") == Visibility(Distance(10, .statuteMiles), statuteMiles: true))
        #expect(try vis("P6SM") == Visibility(Distance(6, .statuteMiles), .atLeast, statuteMiles: true))
        #expect(try vis("M1/4SM") == Visibility(Distance(0.25, .statuteMiles), .lessThan, statuteMiles: true))
        #expect(try vis("3/4SM")?.distance.statuteMiles == 0.75)
        #expect(try vis("1 1/2SM")?.distance.statuteMiles == 1.5)
        #expect(try vis("2 1/4SM")?.distance.statuteMiles == 2.25)
        #expect(try vis("P6SM")?.words == "more than 6 mi")
        #expect(try vis("1 1/2SM")?.words == "1 1/2 mi")
        let directional = try decode("LFPG 061030Z 26014KT 4000 1200SW BR BKN003 08/08 Q1013").conditions
        #expect(directional.visibility?.distance.meters == 4000 && directional.minimumVisibility?.direction == "SW")
        #expect(directional.minimumVisibility?.visibility.distance.meters == 1200)
        let ndv = try decode("ENNE 092050Z AUTO 13027KT 9999NDV NCD 14/11 Q1006").conditions
        #expect(ndv.visibility == .tenKilometresOrMore && ndv.skyClear == .noCloudDetected)
    }

    @Test func runwayVisualRange() throws {
        let m = try decode("EGLL 061020Z 24005KT 0400 R27L/0600V1000U R09R/P1500N R27R/M0050D FG VV002 08/08 Q1020")
        #expect(m.runwayVisualRanges.count == 3)
        let first = m.runwayVisualRanges[0]
        #expect(first.runway == "27L" && first.range?.distance.meters == 600 && first.upTo?.distance.meters == 1000 && first.trend == .up)
        #expect(m.runwayVisualRanges[1].range?.qualifier == .atLeast && m.runwayVisualRanges[2].range?.qualifier == .lessThan)
        let feet = try decode("KJFK 061051Z 00000KT 1/8SM R04R/1800V3000FT FG VV001 10/10 A3001")
        #expect(feet.runwayVisualRanges.first?.range?.distance.feet.rounded() == 1800)
    }

    @Test func presentWeatherIntensityDescriptorProximity() throws {
        let m = try decode("KXXX 061030Z 27010KT 2SM -SHRA +TSRAGR VCFG FZDZ BLSN VCSH 10/05 A2992")
        #expect(m.conditions.weather.map(\.code) == ["-SHRA", "+TSRAGR", "VCFG", "FZDZ", "BLSN", "VCSH"])
        #expect(
            m.conditions.weather.map(\.words) == [
                "light showers of rain", "thunderstorm with heavy rain and hail", "fog in the vicinity", "freezing drizzle", "blowing snow",
                "showers in the vicinity",
            ])
        #expect(m.notDecoded.isEmpty)
        // Not weather: unknown letter pairs stay as written.
        let odd = try decode("KXXX 061030Z 27010KT 10SM XXYY SKC 10/05 A2992")
        #expect(odd.notDecoded == ["XXYY"])
    }

    @Test func cloudLayersVerticalVisibilityCAVOKAndCeiling() throws {
        let m = try decode("LFPG 061030Z 26014KT 9999 FEW008 SCT015CB BKN030TCU OVC080 08/05 Q1013")
        #expect(m.conditions.clouds.map(\.cover) == [.few, .scattered, .broken, .overcast])
        #expect(m.conditions.clouds[1].convective == .cumulonimbus && m.conditions.clouds[2].convective == .toweringCumulus)
        #expect(m.conditions.ceiling?.feet.rounded() == 3000)
        let vv = try decode("LFPG 061030Z 00000KT 0100 FG VV001 05/05 Q1020")
        #expect(vv.conditions.clouds == [CloudLayer(.obscured, base: Height(100, .feet))] && vv.conditions.ceiling?.feet.rounded() == 100)
        let cavok = try decode("LFPG 061030Z 26014KT CAVOK 18/05 Q1013 NOSIG")
        #expect(cavok.conditions.cavok && cavok.conditions.visibility == .tenKilometresOrMore && cavok.flightCategory == .vfr)
        let automatic = try decode("ENLA 061120Z AUTO 14008KT 9999NDV FEW018/// BKN044/// 15/11 Q1013")
        #expect(automatic.conditions.clouds.map(\.convective) == [.unknown, .unknown])
        let unknown = try decode("LFXX 061030Z AUTO 26014KT 9999 //////CB 08/05 Q1013")
        #expect(unknown.conditions.clouds == [CloudLayer(.unknown, base: nil, convective: .cumulonimbus)])
    }

    @Test func temperaturesWithMinusAndPressureInBothUnits() throws {
        let m = try decode("CYYZ 061100Z 27010KT 15SM FEW040 M05/M12 A3012 RMK SF1 SLP213")
        #expect(m.temperature == -5 && m.dewPoint == -12)
        #expect(try #require(m.pressure).inInches && abs(m.pressure!.hectopascals - 1019.98) < 0.01)
        let q = try decode("LFPG 061030Z 26014KT 9999 FEW030 08/M01 Q0998")
        #expect(q.pressure == Pressure(hectopascals: 998) && q.dewPoint == -1)
        let both = try decode("OIII 021300Z 27010KT 9999 SCT030 23/11 Q1014 A2995")
        #expect(both.pressure == Pressure(hectopascals: 1014))
        let noDew = try decode("KXXX 061030Z 27010KT 10SM SKC 25/ A2992")
        #expect(noDew.temperature == 25 && noDew.dewPoint == nil && noDew.relativeHumidity == nil)
        let rh = try #require(try decode("LFPG 061030Z 26014KT 9999 FEW030 20/10 Q1013").relativeHumidity)
        #expect(abs(rh - 52.6) < 0.3)
    }

    @Test func recentWeatherWindShearRunwayStateSeaAndColour() throws {
        let m = try decode("EDDF 061020Z 24015KT 9999 FEW030 08/05 Q1003 RESHRA RETS WS R25L R25L/290195 R88/CLRD70 W12/S4 BLU")
        #expect(m.recentWeather.map(\.code) == ["SHRA", "TS"])
        #expect(m.conditions.windShear == [.windShear(runway: "25L")])
        #expect(m.runwayStates.count == 2 && m.runwayStates[0].deposit == 2 && m.runwayStates[0].extent == 9 && m.runwayStates[0].friction == 95)
        #expect(m.runwayStates[0].words == "runway 25L: wet or water patches, over 51–100%, depth 1 mm, braking good")
        #expect(m.runwayStates[1].cleared && m.runwayStates[1].friction == 70 && m.runwayStates[1].runway == "88")
        #expect(m.seaState?.temperature == 12 && m.seaState?.state == 4)
        #expect(m.conditions.colourState == "BLU")
        let all = try decode("OEJN 061000Z 33012KT 9999 FEW030 30/15 Q1010 WS ALL RWY")
        #expect(all.conditions.windShear == [.windShear(runway: nil)])
        let snoclo = try decode("EGMC 011020Z 08013KT 1000 R05/1100 SN OVC012 M04/M05 Q1002 SNOCLO")
        #expect(snoclo.runwayStates.first?.closedBySnow == true && snoclo.notDecoded.isEmpty)
    }

    @Test func trendsBecomingTemporaryNoSignificantChange() throws {
        let m = try decode("EGLL 061020Z 24015KT 9999 FEW030 08/05 Q1003 BECMG FM1100 TL1200 26020G35KT TEMPO 3000 SHRA BKN012")
        #expect(m.trends.count == 2)
        #expect(m.trends[0].kind == .becoming && m.trends[0].times.map(\.label) == ["FM", "TL"] && m.trends[0].conditions.wind?.gust != nil)
        #expect(m.trends[1].kind == .temporary && m.trends[1].conditions.visibility?.distance.meters == 3000)
        #expect(m.trends[1].conditions.weather.map(\.code) == ["SHRA"] && m.trends[1].conditions.clouds.count == 1)
        // The trend's groups are not the report's.
        #expect(m.conditions.wind?.speed.knots.rounded() == 15 && m.conditions.weather.isEmpty)
        let nosig = try decode("LFPG 061030Z 26014KT CAVOK 18/05 Q1013 NOSIG")
        #expect(nosig.trends == [Forecast(kind: .noSignificantChange)])
    }

    /// Text holding several reports is the first one's: a second temperature or pressure never
    /// replaces its own.
    @Test func aSecondTemperatureOrPressureIsNotTheReports() throws {
        let m = try decode(
            "KJFK 181351Z 01007KT 10SM BKN250 18/07 A3001 KLGA 181351Z 36008KT 10SM FEW250 18/06 A3001 SAAJ 130100Z 14017G25KT CAVOK 11/05 Q1021")
        #expect(m.temperature == 18 && m.dewPoint == 7)
        #expect(m.pressure == Pressure(inches: 30.01))
        #expect(m.conditions.wind?.speed.knots == 7 && !m.conditions.cavok)
        #expect(m.notDecoded.contains("18/06") && m.notDecoded.contains("11/05") && m.notDecoded.contains("Q1021"))
        // Both units side by side are one pressure, the hPa kept.
        let both = try decode("MNMG 030000Z 09004KT 9999 FEW020 29/19 Q1011 A2986 NOSIG")
        #expect(both.pressure == Pressure(hectopascals: 1011) && both.notDecoded.isEmpty)
    }

    @Test func aWindNotReported() throws {
        let m = try decode("KJFK 181351Z /////KT 10SM BKN250 18/07 A3001")
        #expect(m.conditions.wind == nil && m.windNotReported && m.notDecoded.isEmpty)
        #expect(try decode("LFPG 061030Z /////MPS 9999 08/05 Q1013").windNotReported)
        #expect(try !decode("LFPG 061030Z 26014KT 9999 08/05 Q1013").windNotReported)
    }

    /// The visibility groups come before the temperature: `1013` after it is a pressure
    /// without its letter, said so and not used, never a lowest visibility of 1,013 m.
    @Test func fourDigitsAfterTheTemperatureAreAPressureWithoutItsLetter() throws {
        let m = try decode("SUSO 130000Z 18006KT 8000 RA BKN008 OVC067 15/15 1013")
        #expect(m.conditions.minimumVisibility == nil)
        #expect(m.pressure == nil && m.pressureWithoutLetter == "1013")
        #expect(m.conditions.visibility?.distance.meters == 8000)
        // Before the temperature four digits are still the visibility and its minimum.
        #expect(try decode("EGLL 061020Z 24010KT 6000 1200SW 4000 BKN010 08/05 Q1013").conditions.minimumVisibility != nil)
    }

    /// Australian trends: `FM0030` as a trend of its own, `INTER`/`TEMPO` with `hhmm/hhmm`.
    @Test func australianTrendForms() throws {
        let fm = try decode("YSCB 092130Z 07008KT 9999 SCT014 BKN022 17/13 Q1020 FM0030 07010KT 9999 SCT030 FM0130 08015KT CAVOK")
        #expect(fm.notDecoded.isEmpty && fm.trends.count == 2)
        #expect(fm.trends[0].kind == .from(ReportTime(day: 10, hour: 0, minute: 30)), "the next day: 00:30 follows 21:30")
        #expect(fm.trends[0].conditions.wind?.speed.knots == 10 && fm.trends[1].conditions.cavok)
        #expect(fm.pressure == Pressure(hectopascals: 1020))
        let inter = try decode("YBCS 092100Z 15006KT 9999 -SHRA SCT023 BKN035 24/23 Q1011 INTER 2100/2400 4000 SHRA BKN018")
        #expect(inter.notDecoded.isEmpty && inter.trends.first?.kind == .intermittent)
        #expect(inter.trends.first?.times.map(\.hour) == [21, 24])
        #expect(inter.trends.first?.conditions.visibility?.distance.meters == 4000)
        #expect(try decode("YBCS 092100Z 15006KT 9999 24/23 Q1011 TEMPO 2100/2400 4000 SHRA").notDecoded.isEmpty)
    }

    @Test func usRemarks() throws {
        let m = try decode(
            "KSFO 061056Z 28012G20KT 10SM FEW008 BKN200 14/11 A3001 RMK AO2 PK WND 29027/1032 WSHFT 1015 FROPA SLP161 P0002 60012 T01440111 10156 20128 51012 $"
        )
        #expect(m.remarks.contains(.automatedStation(precipitationDiscriminator: true, augmented: false)))
        #expect(m.remarks.contains(.seaLevelPressure(hectopascals: 1016.1)))
        #expect(m.remarks.contains(.preciseTemperature(air: 14.4, dewPoint: 11.1)))
        #expect(m.temperature == 14.4 && m.dewPoint == 11.1)
        #expect(m.remarks.contains(.peakWind(direction: Angle(degrees: 290), speed: Speed(27, .knots), hour: 10, minute: 32)))
        #expect(m.remarks.contains(.windShift(hour: 10, minute: 15, frontalPassage: true)))
        #expect(m.remarks.contains(.precipitation(hours: 1, inches: 0.02)) && m.remarks.contains(.precipitation(hours: 6, inches: 0.12)))
        #expect(m.remarks.contains(.sixHourExtreme(maximum: true, celsius: 15.6)) && m.remarks.contains(.sixHourExtreme(maximum: false, celsius: 12.8)))
        #expect(m.remarks.contains(.pressureTendency(character: 1, hectopascals: 1.2)) && m.remarks.contains(.maintenanceNeeded))
        #expect(m.notDecoded.isEmpty)
        let low = try decode("KXXX 061056Z 28012KT 10SM SKC 14/11 A2950 RMK AO2 SLP982")
        #expect(low.remarks.contains(.seaLevelPressure(hectopascals: 998.2)))
        let words = try decode("LFPG 061030Z 26014KT 9999 FEW030 08/05 Q1013 RMK CLOUDS NOT VISIBLE")
        #expect(words.remarks == [.text("CLOUDS NOT VISIBLE")])
    }

    @Test func everyGroupIsKeptInOrderTheUndecodedOnesAsWritten() throws {
        let text = "LFPG 061030Z 26014KT 9999 ZZ99 FEW030 08/05 Q1013 RMK Q4 BLAH"
        let m = try decode(text)
        #expect(m.groups.map(\.text).joined(separator: " ") == "LFPG 061030Z 26014KT 9999 ZZ99 FEW030 08/05 Q1013 RMK Q4 BLAH")
        #expect(m.notDecoded == ["ZZ99"] && m.remarks == [.text("Q4 BLAH")])
    }

    @Test func lowerCaseLineEndsAndTheEndMarker() throws {
        let m = try decode("metar lfpg 061030z 26014kt\n9999 few030\r\n08/05 q1013= trailing words")
        #expect(m.station == "LFPG" && m.pressure?.hectopascals == 1013 && m.notDecoded.isEmpty)
    }
}
