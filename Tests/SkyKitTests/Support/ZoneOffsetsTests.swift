import Foundation
import SkyKit
import SkyTestSupport
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

    /// Past the file's last transition (2037 in Debian's files) the file's own rule answers,
    /// daylight saving included, as ICU does.
    @Test func afterTheLastTransitionRulesAreFollowed() throws {
        let t = 2_240_524_800.0  // 2041-01-01, after the 2037 end of the transitions
        for zone in ["Europe/Berlin", "America/Los_Angeles", "Australia/Sydney", "Asia/Tokyo", "Asia/Kolkata", "America/Sao_Paulo", "Pacific/Chatham"] {
            let reference = try #require(TimeZone(identifier: zone))
            for day in stride(from: 0.0, to: 366, by: 3) {
                let at = t + day * 86_400
                #expect(ZoneOffsets.seconds(zone: zone, at: at) == reference.secondsFromGMT(for: Date(timeIntervalSince1970: at)), "\(zone) at \(at)")
            }
        }
    }

    /// The rule at the end of every catalog zone's file, alone, gives what ICU gives every six
    /// hours of 2027 to 2031 and one second before and at each change the file lists in those
    /// years — so a "slim" file (only the rule after today) is read as right as a full one.
    /// Left out: Morocco's zones, whose changes no rule makes (daylight saving is suspended
    /// for the month of Ramadan): their files list each change up to 2087.
    @Test func everyCatalogZonesRuleAgreesWithFoundationFrom2027To2031() throws {
        let from = 1_798_761_600.0  // 2027-01-01
        let to = 1_956_528_000.0  // 2032-01-01
        var checked = 0, withDaylight = 0
        let ramadan: Set = ["Africa/Casablanca", "Africa/El_Aaiun"]
        for zone in Self.zones {
            let bytes = try #require(FileManager.default.contents(atPath: ZoneOffsets.systemDirectory + "/" + zone), "\(zone)")
            let file = try #require(ZoneFile(bytes: [UInt8](bytes)), "\(zone)")
            let rule = try #require(file.rule, "\(zone) has no rule")
            if ramadan.contains(zone) {
                #expect(file.transitions.last.map { $0 > 3_500_000_000 } == true, "\(zone) lists its changes past 2080")
                continue
            }
            if rule.daylight != nil { withDaylight += 1 }
            let reference = try #require(TimeZone(identifier: zone))
            var instants = Array(stride(from: from, to: to, by: 6 * 3600))
            for t in file.transitions where Double(t) > from && Double(t) < to { instants += [Double(t) - 1, Double(t)] }
            for t in instants {
                let expected = reference.secondsFromGMT(for: Date(timeIntervalSince1970: t))
                #expect(Int(rule.offset(at: Int64(t))) == expected, "\(zone) (\(file.rule!)) at \(t)")
                checked += 1
            }
        }
        #expect(withDaylight > 100 && checked > 1_500_000, "\(withDaylight) \(checked)")
    }

    /// A file compiled slim by the system's zic (transitions only up to the last rule change)
    /// answers like the full one, in 2026, in five years and in forty.
    @Test func aSlimFileAnswersLikeAFullOne() throws {
        let work = TemporaryDirectory("slim")
        let source = work.path + "/zones"
        try "Rule EU 1981 max - Mar lastSun 1:00u 1:00 S\nRule EU 1996 max - Oct lastSun 1:00u 0 -\nZone Test/Paris 1:00 EU CE%sT\n"
            .write(toFile: source, atomically: true, encoding: .utf8)
        let zic = ProcessRunner.run("/usr/sbin/zic", ["-b", "slim", "-d", work.path + "/out", source], environment: ["PATH": "/usr/bin:/bin"])
        try #require(zic.status == 0, "\(zic.stderr)")
        let bytes = try #require(FileManager.default.contents(atPath: work.path + "/out/Test/Paris"))
        let slim = try #require(ZoneFile(bytes: [UInt8](bytes)))
        #expect(slim.transitions.count < 10)
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        for t in stride(from: 1_790_000_000.0, to: 2_300_000_000, by: 20_000) {
            #expect(slim.offset(at: t) == paris.secondsFromGMT(for: Date(timeIntervalSince1970: t)), "\(t)")
        }
    }

    @Test func rulesAreReadAsPOSIXWritesThem() throws {
        #expect(PosixZoneRule("JST-9")?.standard == 32_400 && PosixZoneRule("JST-9")?.daylight == nil)
        #expect(PosixZoneRule("<+0330>-3:30")?.standard == 12_600)
        #expect(PosixZoneRule("UTC0")?.standard == 0)
        #expect(PosixZoneRule("EST5")?.standard == -18_000)
        #expect(PosixZoneRule("<-03>3")?.standard == -10_800)
        #expect(PosixZoneRule("<+0545>-5:45")?.standard == 20_700)
        let cet = try #require(PosixZoneRule("CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(cet.standard == 3600 && cet.daylight?.offset == 7200)
        #expect(cet.daylight?.start == .init(day: .month(3, week: 5, weekday: 0), time: 7200))
        #expect(cet.daylight?.end == .init(day: .month(10, week: 5, weekday: 0), time: 10_800))
        // 2026-03-29 01:00 UTC is the change (02:00 CET); a second before, CET.
        #expect(cet.offset(at: 1_774_746_000) == 7200 && cet.offset(at: 1_774_745_999) == 3600)
        // 2026-10-25 01:00 UTC ends it (03:00 CEST).
        #expect(cet.offset(at: 1_792_890_000) == 3600 && cet.offset(at: 1_792_889_999) == 7200)
        // Julian days, ordinal days, negative and >24 h times, permanent daylight saving.
        #expect(PosixZoneRule("<-02>2<-01>,M3.5.0/-1,M10.5.0/0") != nil)
        #expect(PosixZoneRule("EST5EDT,0/0,J365/25")?.offset(at: 1_780_000_000) == -14_400)
        #expect(PosixZoneRule("XXX3YYY,J60/0,J61/0")?.daylight?.start.day == .julian(60))
        #expect(PosixZoneRule("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0") != nil)
        // What POSIX leaves to the implementation, and what is not a rule, is refused.
        for text in [
            "", "X5", "UTC99", "<+03", "EST5EDT", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.6.0,M10.5.0",
            "CET-1CEST,J0,J100", "CET-1CEST,M3.5.0/168,M10.5.0", "CET-1 ", "CET-1CEST,M3.5.0,M10.5.0x", "<ab>1", "EST5\u{0}",
        ] {
            #expect(PosixZoneRule(text) == nil, "\(text)")
        }
    }

    /// The user's own zone is found as the C library finds it.
    @Test func theLocalZoneIsTZOrTheSystemsOwn() {
        #expect(ZoneOffsets.localName(tz: "Europe/Paris") == "Europe/Paris")
        #expect(ZoneOffsets.localName(tz: ":Asia/Tokyo") == "Asia/Tokyo")
        #expect(ZoneOffsets.localName(tz: "/usr/share/zoneinfo/America/Denver") == "America/Denver")
        #expect(ZoneOffsets.localName(tz: "") == "UTC")
        #expect(ZoneOffsets.localName(tz: "<+04>-4") == "<+04>-4")
        #expect(ZoneOffsets.seconds(zone: "<+04>-4", at: 0) == 14_400)
        #expect(ZoneOffsets.localName(tz: "Nowhere/Atlantis") == "UTC")
        #expect(ZoneOffsets.seconds(zone: ZoneOffsets.localName(tz: nil), at: 1_780_000_000) != nil)
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
