import Foundation
import SkyKit
import Testing

/// A wall-clock reading of a zone to its instants: once, twice (the repeated hour) or none (the
/// skipped one), checked on the changes the issue names against Python's zoneinfo (its `fold`
/// 0 and 1), and over every catalog zone's changes of 2027–2031 against Foundation's TimeZone.
@Suite("Wall clock readings")
struct WallClockTests {
    /// Seconds of `text` (`2027-03-28 02:30`) read as if UTC.
    static func wall(_ text: String) -> Double { CivilTime.parse(text.replacingOccurrences(of: " ", with: "T") + ":00Z")! }

    /// Zone, reading, and the instants zoneinfo gives with fold 0 and fold 1 (UTC), and the kind.
    static let zoneinfo: [(String, String, String, String, String)] = [
        ("Europe/Paris", "2027-03-28 02:30", "2027-03-28 01:30", "2027-03-28 00:30", "skipped"),
        ("Europe/Paris", "2027-03-28 12:00", "2027-03-28 10:00", "2027-03-28 10:00", "once"),
        ("Europe/Paris", "2027-03-28 01:59", "2027-03-28 00:59", "2027-03-28 00:59", "once"),
        ("Europe/Paris", "2027-10-31 02:30", "2027-10-31 00:30", "2027-10-31 01:30", "twice"),
        ("Europe/Paris", "2027-10-31 12:00", "2027-10-31 11:00", "2027-10-31 11:00", "once"),
        ("Australia/Lord_Howe", "2027-10-03 02:15", "2027-10-02 15:45", "2027-10-02 15:15", "skipped"),
        ("Australia/Lord_Howe", "2027-10-03 12:30", "2027-10-03 01:30", "2027-10-03 01:30", "once"),
        ("Australia/Lord_Howe", "2027-04-04 01:45", "2027-04-03 14:45", "2027-04-03 15:15", "twice"),
        ("Australia/Lord_Howe", "2027-04-04 12:00", "2027-04-04 01:30", "2027-04-04 01:30", "once"),
        ("Australia/Sydney", "2027-10-03 02:30", "2027-10-02 16:30", "2027-10-02 15:30", "skipped"),
        ("Australia/Sydney", "2027-04-04 02:30", "2027-04-03 15:30", "2027-04-03 16:30", "twice"),
        ("Australia/Sydney", "2027-04-04 12:00", "2027-04-04 02:00", "2027-04-04 02:00", "once"),
        ("America/Santiago", "2027-09-05 00:00", "2027-09-05 04:00", "2027-09-05 03:00", "skipped"),
    ]

    @Test func theChangesOfParisLordHoweSydneyAndSantiagoAreReadAsZoneinfoReadsThem() throws {
        for (zone, reading, fold0, fold1, kind) in Self.zoneinfo {
            let (a, b) = (Self.wall(fold0), Self.wall(fold1))
            let expected: WallClockReading =
                switch kind {
                case "once": .once(a)
                case "twice": .twice(a, b)
                default: .skipped(withOffsetBefore: a, withOffsetAfter: b)
                }
            #expect(ZoneOffsets.reading(zone: zone, wallClock: Self.wall(reading)) == expected, "\(zone) \(reading)")
        }
        #expect(ZoneOffsets.reading(zone: "Nowhere/Atlantis", wallClock: 0) == nil)
    }

    /// A flight's local time in a changing hour is zoneinfo's `fold=0`: the first of two
    /// moments, and a skipped reading taken with the offset before the change.
    @Test func aFlightsLocalTimeInAChangingHourIsTheFirstReading() throws {
        let date = try #require(FlightDate(iso: "2027-10-31")), spring = try #require(FlightDate(iso: "2027-03-28"))
        let halfPastTwo = try #require(ClockTime(hour: 2, minute: 30)), noon = try #require(ClockTime(hour: 12, minute: 0))
        #expect(FlightClock.instant(date, halfPastTwo, zone: "Europe/Paris") == Self.wall("2027-10-31 00:30"))
        #expect(FlightClock.instant(spring, halfPastTwo, zone: "Europe/Paris") == Self.wall("2027-03-28 01:30"))
        #expect(FlightClock.instant(spring, noon, zone: "Europe/Paris") == Self.wall("2027-03-28 10:00"))
    }

    /// Around each change of every catalog zone from 2027 to 2031 (found by Foundation), every
    /// quarter hour for three hours either side: the instants are those at which Foundation's
    /// clock of the zone reads the reading.
    @Test func everyCatalogZonesChangesOf2027To2031AgreeWithFoundation() throws {
        let catalog = Catalog.embedded
        let zones = Set((0..<catalog.airportCount).map { catalog.airport(at: $0).timeZone }).filter { !$0.isEmpty }.sorted()
        var changes = 0, skipped = 0, twice = 0
        for zone in zones {
            let reference = try #require(TimeZone(identifier: zone), "\(zone)")
            var t = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01
            while let change = reference.nextDaylightSavingTimeTransition(after: t), change.timeIntervalSince1970 < 1_924_992_000 {  // 2031
                changes += 1
                t = change
                let offsets = Set([-7_200.0, 7_200].map { reference.secondsFromGMT(for: change.addingTimeInterval($0)) })
                let wallAtChange = change.timeIntervalSince1970 + Double(reference.secondsFromGMT(for: change.addingTimeInterval(-1)))
                for step in -12...12 {
                    let wall = (wallAtChange / 900).rounded(.down) * 900 + Double(step) * 900
                    let instants = offsets.map { wall - Double($0) }.filter {
                        Double(reference.secondsFromGMT(for: Date(timeIntervalSince1970: $0))) == wall - $0
                    }.sorted()
                    let found = ZoneOffsets.reading(zone: zone, wallClock: wall)
                    switch found {
                    case .once(let x)?: #expect(instants == [x], "\(zone) at \(wall)")
                    case .twice(let x, let y)?: #expect(instants == [x, y], "\(zone) at \(wall)"); twice += 1
                    case .skipped?: #expect(instants.isEmpty, "\(zone) at \(wall)"); skipped += 1
                    case nil: Issue.record("\(zone) has no reading")
                    }
                }
            }
        }
        #expect(changes > 500 && skipped > 500 && twice > 500, "\(changes) changes, \(skipped) skipped, \(twice) repeated readings")
    }
}
