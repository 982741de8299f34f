import Foundation
import SkyTestSupport
import Testing

@testable import SkyKit

/// Reports no station would send: huge numbers, control characters, 100 kB lines, nonsense
/// groups. Each is decoded with what it cannot read kept as written, or refused with one
/// message — never a crash or a trap on a number.
@Suite("Hostile reports")
struct HostileReportTests {
    @Test func hugeNumbersAreNotDecodedNotTrapped() throws {
        let m = try METARDecoder.decode(
            "KXXX 999999Z 99999999999999999999KT 99999999SM R99/99999999 FEW99999999 99999/99999 A99999999 Q99999 RMK SLP99999999 T99999999")
        #expect(m.time == nil && m.conditions.wind == nil && m.conditions.visibility == nil && m.temperature == nil && m.pressure == nil)
        #expect(m.notDecoded.count >= 7)
        let t = try TAFDecoder.decode("TAF KXXX 999999Z 9999/9999 99999KT FM99999999 TX99/9999Z PROB99 9999/9999")
        #expect(t.validity == nil && t.temperatures.isEmpty && t.changes.isEmpty)
        // A direction past 360°, a day 32, hour 25, a gust of nothing.
        let edge = try METARDecoder.decode("KXXX 322500Z 37010KT 27010GKT 10SM SKC M99/M99 A2992")
        #expect(edge.time == nil && edge.conditions.wind == nil && edge.temperature == nil)
    }

    @Test func controlCharactersSplitGroupsAndStayOutOfTheText() throws {
        let m = try METARDecoder.decode("LFPG\u{1B}[31m 061030Z\u{0} 26014KT\u{7} 9999 FEW030\u{7F}08/05 Q1013")
        #expect(m.station == "LFPG")
        #expect(m.groups.allSatisfy { $0.text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } })
        #expect(m.conditions.wind != nil && m.pressure?.hectopascals == 1013)
        #expect(throws: METARDecoder.Failure.self) { try METARDecoder.decode("\u{1B}[2J\u{1B}[H") }
    }

    @Test func longLinesAreRefusedInOneMessage() {
        let long = "LFPG 061030Z " + String(repeating: "FEW030 ", count: 15_000)
        do {
            _ = try METARDecoder.decode(long)
            Issue.record("a 100 kB report was decoded")
        } catch {
            #expect(error.message == "a report is at most 4096 characters; this one has 105013")
        }
        #expect(throws: METARDecoder.Failure.self) { try TAFDecoder.decode("TAF " + long) }
    }

    @Test func nonsenseGroupsAreKeptAsWritten() throws {
        var generator = SplitMix64(seed: 41)
        let alphabet = Array("ABCDEFGKLMNOPRSTVWXZ0123456789/+-=VRBCAVOKNOSIGTEMPOBECMG ".utf8)
        for _ in 0..<3_000 {
            let length = Int(generator.next() % 200)
            var bytes = Array("KXXX 061030Z ".utf8)
            for _ in 0..<length { bytes.append(alphabet[Int(generator.next() % UInt64(alphabet.count))]) }
            let text = String(decoding: bytes, as: UTF8.self)
            if let m = try? METARDecoder.decode(text) { #expect(m.station == "KXXX") }
            _ = try? TAFDecoder.decode("TAF " + text)
            _ = ReportFile.text(text)
        }
    }

    @Test func aFileOfRandomBytesGivesReportsOrOneError() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<300 {
            let bytes = (0..<Int(generator.next() % 4_000)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if let reports = try? ReportFile.reports(in: bytes) {
                for r in reports { _ = try? METARDecoder.decode(r.text) }
            }
        }
    }
}
