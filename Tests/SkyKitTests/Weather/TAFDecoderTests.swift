import SkyTestSupport
import Testing

@testable import SkyKit

/// The TAF decoder and the timeline a forecast makes: change groups with their periods, the
/// prevailing conditions each leaves, and the flight category of every period.
@Suite("TAF decoder")
struct TAFDecoderTests {
    /// 2026-12-06 12:00 UTC.
    static let noon = 1_796_558_400.0

    @Test func headerValidityAndFlags() throws {
        let t = try TAFDecoder.decode("TAF AMD LFPG 061100Z 0612/0718 26012KT 9999 BKN020 TX12/0614Z TNM02/0706Z")
        #expect(t.station == "LFPG" && t.isAmended && t.time == ReportTime(day: 6, hour: 11, minute: 0))
        #expect(t.validity == ReportPeriod(from: ReportTime(day: 6, hour: 12), to: ReportTime(day: 7, hour: 18)))
        #expect(
            t.temperatures == [
                ForecastTemperature(maximum: true, celsius: 12, at: ReportTime(day: 6, hour: 14)),
                ForecastTemperature(maximum: false, celsius: -2, at: ReportTime(day: 7, hour: 6)),
            ])
        #expect(t.notDecoded.isEmpty)
        #expect(try TAFDecoder.decode("TAF EGKB 182000Z NIL=").isMissing)
        #expect(try TAFDecoder.decode("TAF AMD LFPO 061200Z 0612/0718 CNL=").isCancelled)
        // Without the TAF keyword, the validity says what it is.
        #expect(try TAFDecoder.decode("KJFK 061130Z 0612/0718 27012KT P6SM SCT040").station == "KJFK")
        #expect(throws: METARDecoder.Failure.self) { try TAFDecoder.decode("KJFK 061130Z 27012KT P6SM SCT040") }
    }

    @Test func changeGroupsWithTheirPeriods() throws {
        let t = try TAFDecoder.decode(
            "TAF KSFO 061120Z 0612/0718 28010KT P6SM FEW010 FM062000 30015G25KT P6SM SKC PROB30 0702/0706 2SM BR OVC005 "
                + "BECMG 0708/0710 VRB03KT TEMPO 0712/0716 3SM -RA BKN015 PROB40 TEMPO 0714/0718 1SM TSRA OVC008CB")
        #expect(t.changes.map(\.kind) == [.from(ReportTime(day: 6, hour: 20, minute: 0)), .probability(30), .becoming, .temporary, .temporary])
        #expect(t.changes[1].period == ReportPeriod(from: ReportTime(day: 7, hour: 2), to: ReportTime(day: 7, hour: 6)))
        #expect(t.changes[1].probability == 30 && t.changes[4].probability == 40)
        #expect(t.changes[0].conditions.skyClear == .skyClear && t.changes[0].conditions.wind?.gust?.knots.rounded() == 25)
        #expect(t.changes[1].conditions.clouds == [CloudLayer(.overcast, base: Height(500, .feet))])
        #expect(t.notDecoded.isEmpty)
    }

    @Test func militaryAndUSGroups() throws {
        let t = try TAFDecoder.decode(
            "TAF KBLV 061300Z 0613/0719 18012G20KT 9999 BKN030 OVC080 QNH2992INS 620304 520006 WS020/24040KT BECMG 0620/0621 BKN015 QNH2985INS")
        #expect(t.conditions.lowestPressure?.inches == 29.92)
        #expect(t.conditions.hazards.map(\.icing) == [true, false])
        #expect(t.conditions.hazards[0].words == "light icing in cloud from 3,000 ft, 4,000 ft thick")
        #expect(t.conditions.windShear.count == 1 && t.notDecoded.isEmpty)
        #expect(t.changes[0].conditions.lowestPressure?.inches == 29.85)
    }

    @Test func aTimelineOfPrevailingAndTemporaryPeriods() throws {
        let t = try TAFDecoder.decode(
            "TAF KSFO 061120Z 0612/0718 28010KT P6SM FEW010 FM062000 30015G25KT 4SM BKN025 PROB30 0702/0706 2SM BR OVC005 "
                + "BECMG 0708/0710 VRB03KT P6SM SCT030")
        let periods = try #require(t.timeline(near: Self.noon))
        #expect(periods.map(\.kind) == [.prevailing, .prevailing, .probable, .becoming, .prevailing])
        let hour = 3600.0
        #expect(periods[0].from == Self.noon && periods[0].to == Self.noon + 8 * hour && periods[0].category == .vfr)
        #expect(periods[1].from == Self.noon + 8 * hour && periods[1].category == .mvfr)
        #expect(periods[2].from == Self.noon + 14 * hour && periods[2].to == Self.noon + 18 * hour && periods[2].category == .ifr)
        #expect(periods[2].probability == 30)
        // BECMG keeps the prevailing wind where it says nothing else: here it changes the wind.
        #expect(periods[3].conditions.wind?.isVariable == true && periods[3].category == .vfr)
        #expect(periods[4].to == Self.noon + 30 * hour && periods[4].conditions.visibility?.qualifier == .atLeast)
    }

    @Test func aTimelineAcrossTheEndOfAMonth() throws {
        // Issued on 31 December 2026 for 31 Dec 18:00 to 2 Jan 00:00.
        let t = try TAFDecoder.decode("TAF EGLL 311700Z 3118/0200 24015KT 9999 SCT030 FM010600 27020G30KT 6000 -RA BKN012")
        let reference = 1_798_736_400.0  // 2026-12-31 17:00 UTC
        let periods = try #require(t.timeline(near: reference))
        #expect(periods.first?.from == reference + 3600)
        #expect(periods.last?.to == reference + 31 * 3600)
        #expect(periods.map(\.category) == [.vfr, .mvfr])
        // Five years on, a report's day of the month is placed the same way.
        let later = try #require(t.timeline(near: reference + 5 * 365.25 * 86_400))
        #expect(later.count == 2 && later[1].to - later[0].from == 30 * 3600)
    }

    /// A change dated outside the validity cannot be shown as written: it is named, never
    /// silently left out.
    @Test func aChangeOutsideTheValidityIsNamed() throws {
        let t = try TAFDecoder.decode(
            "TAF KJFK 061130Z 0612/0718 36008KT P6SM FEW150 FM061600 31005KT P6SM FEW250 TEMPO 0720/0722 BKN030 FM072000 17012KT P6SM BKN060")
        let periods = try #require(t.timeline(near: Self.noon))
        #expect(periods.map(\.kind) == [.prevailing, .prevailing])
        let outside = t.changesOutsideValidity(near: Self.noon)
        #expect(outside.map(\.kind) == [.temporary, .from(ReportTime(day: 7, hour: 20, minute: 0))])
        // Inside, nothing is named.
        #expect(
            try TAFDecoder.decode("TAF KJFK 061130Z 0612/0718 36008KT P6SM FEW150 FM061600 31005KT P6SM FEW250").changesOutsideValidity(near: Self.noon).isEmpty
        )
    }

    @Test func fmGroupsReplaceTheWeatherAndTemporaryGroupsKeepIt() throws {
        let t = try TAFDecoder.decode("TAF LFPG 061100Z 0612/0718 26012KT 4000 -RA BKN015 TEMPO 0614/0616 2000 FM061800 28010KT 9999 SCT030")
        let periods = try #require(t.timeline(near: Self.noon))
        let tempo = try #require(periods.first { $0.kind == .temporary })
        #expect(tempo.conditions.weather.map(\.code) == ["-RA"] && tempo.conditions.visibility?.distance.meters == 2000)
        let after = try #require(periods.last)
        #expect(after.conditions.weather.isEmpty && after.category == .vfr)
    }
}
