import Foundation
import SkyKit
import Testing

/// Zone offsets from the system's compiled tz files, checked against Foundation's TimeZone
/// (ICU's own copy of the tz database) as the independent reference.
@Suite("Zone offsets")
struct ZoneOffsetsTests {
    static let zones: [String] = {
        let catalog = Catalog.embedded
        return Set((0..<catalog.airportCount).map { catalog.airport(at: $0).timeZone }).filter { !$0.isEmpty }.sorted()
    }()

    /// Every zone of the catalog, every 13 days from 1990 to 2024 and one second either side of
    /// each of its transitions in those years, answers as Foundation does. (Later years are
    /// left out: the system's tz database may be newer than ICU's, and zones changed since.)
    @Test func everyCatalogZoneAgreesWithFoundationFrom1990To2024() throws {
        let from = 631_152_000.0  // 1990-01-01
        let to = 1_704_067_200.0  // 2024-01-01
        var fromFiles = 0
        var checked = 0
        for zone in Self.zones {
            let reference = try #require(TimeZone(identifier: zone), "\(zone)")
            let bytes = try #require(FileManager.default.contents(atPath: ZoneOffsets.systemDirectory + "/" + zone), "\(zone)")
            let file = try #require(ZoneFile(bytes: [UInt8](bytes)), "\(zone) does not parse")
            fromFiles += 1
            var instants = Array(stride(from: from, to: to, by: 13 * 86_400))
            for t in file.transitions where Double(t) > from && Double(t) < to {
                instants += [Double(t) - 1, Double(t), Double(t) + 1]
            }
            for t in instants {
                let expected = reference.secondsFromGMT(for: Date(timeIntervalSince1970: t))
                #expect(ZoneOffsets.seconds(zone: zone, at: t) == expected, "\(zone) at \(t)")
                checked += 1
            }
        }
        #expect(Self.zones.count > 300 && fromFiles == Self.zones.count)
        #expect(checked > 300_000)
    }

    /// Past the file's last transition a daylight-saving rule is Foundation's to apply; a fixed
    /// rule is the file's.
    @Test func afterTheLastTransitionRulesAreFollowed() throws {
        let t = 2_240_524_800.0  // 2041-01-01, after the 2037 end of the transitions
        for zone in ["Europe/Berlin", "America/Los_Angeles", "Australia/Sydney", "Asia/Tokyo", "Asia/Kolkata", "America/Sao_Paulo"] {
            let expected = try #require(TimeZone(identifier: zone)).secondsFromGMT(for: Date(timeIntervalSince1970: t))
            #expect(ZoneOffsets.seconds(zone: zone, at: t) == expected, "\(zone)")
            #expect(
                ZoneOffsets.seconds(zone: zone, at: t + 182 * 86_400)
                    == TimeZone(identifier: zone)!.secondsFromGMT(for: Date(timeIntervalSince1970: t + 182 * 86_400)))
        }
    }

    @Test func fixedRulesGiveTheirOffsetAndDaylightRulesNone() {
        #expect(ZoneFile.fixedOffset(footer: "JST-9") == 32_400)
        #expect(ZoneFile.fixedOffset(footer: "<+0330>-3:30") == 12_600)
        #expect(ZoneFile.fixedOffset(footer: "UTC0") == 0)
        #expect(ZoneFile.fixedOffset(footer: "EST5") == -18_000)
        #expect(ZoneFile.fixedOffset(footer: "<-03>3") == -10_800)
        #expect(ZoneFile.fixedOffset(footer: "<+0545>-5:45") == 20_700)
        #expect(ZoneFile.fixedOffset(footer: "CET-1CEST,M3.5.0,M10.5.0/3") == nil)
        #expect(ZoneFile.fixedOffset(footer: "") == nil)
        #expect(ZoneFile.fixedOffset(footer: "X5") == nil)
        #expect(ZoneFile.fixedOffset(footer: "UTC99") == nil)
        #expect(ZoneFile.fixedOffset(footer: "<+03") == nil)
    }

    /// Zone names come from imported files too: none reaches outside the zone directory, and
    /// an unknown one is unknown, not an error or a guess.
    @Test func namesThatWouldLeaveTheZoneDirectoryAreNotOpened() {
        for name in ["../../etc/passwd", "/etc/passwd", "Europe/../../etc/passwd", "Europe//Berlin", "Europe/", "", ".", "Europe/Berlin\0", "Europe/Ber lin"] {
            #expect(!ZoneFile.isPlausibleName(name), "\(name)")
        }
        #expect(ZoneFile.isPlausibleName("Europe/Berlin") && ZoneFile.isPlausibleName("Etc/GMT+5") && ZoneFile.isPlausibleName("America/Port-au-Prince"))
        #expect(ZoneOffsets.seconds(zone: "../../etc/passwd", at: 0) == nil)
        #expect(ZoneOffsets.seconds(zone: "Mars/Olympus_Mons", at: 0) == nil)
    }

    /// A real file cut at every length, and bytes changed at every position of its header,
    /// parse to nothing or to a zone that still answers (never a crash, never a read past the end).
    /// A version 2 file with no transitions and one time type: empty version 1 block, then
    /// the 64-bit header, the type (offset, not DST, abbreviation 0), "X\0" and the footer.
    static func minimalFile(offset: Int32) -> [UInt8] {
        func header(types: UInt32, chars: UInt32) -> [UInt8] {
            Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15) + [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
                + withUnsafeBytes(of: types.bigEndian, Array.init) + withUnsafeBytes(of: chars.bigEndian, Array.init)
        }
        let type = withUnsafeBytes(of: offset.bigEndian, Array.init) + [0, 0]
        return header(types: 0, chars: 0) + header(types: 1, chars: 2) + type + [0x58, 0] + Array("\n<+01>-1\n".utf8)
    }

    @Test func damagedFilesParseToNothingOrToAnAnswer() throws {
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: ZoneOffsets.systemDirectory + "/Europe/Berlin")))
        #expect(ZoneFile(bytes: bytes) != nil)
        for length in 0..<bytes.count {
            if let file = ZoneFile(bytes: Array(bytes[..<length])) { _ = file.offset(at: 1e9) }
        }
        for position in 0..<min(bytes.count, 200) {
            for value: UInt8 in [0x00, 0x7F, 0xFF] {
                var damaged = bytes
                damaged[position] = value
                if let file = ZoneFile(bytes: damaged) { _ = file.offset(at: 1e9) }
            }
        }
        // A time type of -2³¹ seconds (RFC 8536 forbids it) is refused, not trapped on.
        #expect(ZoneFile(bytes: Self.minimalFile(offset: 3_600))?.offset(at: 0) == 3_600)
        #expect(ZoneFile(bytes: Self.minimalFile(offset: Int32.min)) == nil)
        var version1 = bytes
        version1[4] = 0
        #expect(ZoneFile(bytes: version1) == nil)
        #expect(ZoneFile(bytes: Array("TZif2".utf8) + [UInt8](repeating: 0xFF, count: 100)) == nil)
    }
}
