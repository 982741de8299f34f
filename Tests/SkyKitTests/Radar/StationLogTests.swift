import Foundation
import SkyTestSupport
import Testing

@testable import SkyKit

/// The station log: each aircraft's extremes with their times, the firsts, and the reception
/// cells that give the same coverage as the positions themselves.
@Suite("Station log")
struct StationLogTests {
    let dir = TemporaryDirectory("station-log")
    static let home = Coordinate(validLatitude: 49.0128, longitude: 2.55)
    static let geometry = RadarGeometry(observer: home, height: Height(meters: 119))

    /// A pseudo-random day of a receiver: aircraft all around, at every altitude, some on the
    /// ground, some without altitude.
    static func snapshots(count: Int = 120, seed: UInt64 = 7) -> [TrafficSnapshot] {
        var random = SplitMix64(seed: seed)
        func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        return (0..<count).map { k in
            let aircraft = (0..<30).map { n -> AircraftState in
                let bearing = uniform() * 360, distance = uniform() * 350_000
                let point = Geodesic.wgs84.direct(from: home, azimuth: Angle(degrees: bearing), distance: Distance(meters: distance)).coordinate
                let roll = uniform()
                return AircraftState(
                    icao24: String(format: "%06x", 0x3c0000 + (n * 7 + k) % 200), callsign: n % 3 == 0 ? "AFR\(n)" : nil, coordinate: point,
                    baroAltitude: roll < 0.1 ? nil : Height(meters: roll * 12_000), onGround: roll > 0.97,
                    groundSpeed: Speed(metersPerSecond: uniform() * 300), typeDesignator: n % 4 == 0 ? "A320" : nil)
            }
            return TrafficSnapshot(time: 1_733_000_000 + Double(k) * 5, aircraft: aircraft)
        }
    }

    @Test func extremesAndTheirTimesAreKeptPerAircraft() throws {
        let log = try StationLog(path: dir.path + "/a.sqlite")
        let east = { (km: Double, alt: Double, speed: Double) in
            AircraftState(
                icao24: "4ca7b3", callsign: "RYR12",
                coordinate: Geodesic.wgs84.direct(from: Self.home, azimuth: Angle(degrees: 90), distance: Distance(km, .kilometers)).coordinate,
                baroAltitude: Height(meters: alt), groundSpeed: Speed(metersPerSecond: speed), typeDesignator: "B738")
        }
        let passes: [(Double, Double, Double)] = [(40, 3_000, 200), (12, 9_000, 240), (25, 11_000, 230), (60, 10_000, 250)]
        for (k, p) in passes.enumerated() {
            try log.add(TrafficSnapshot(time: Double(100 + k), aircraft: [east(p.0, p.1, p.2)]), from: Self.geometry)
        }
        let station = try #require(try log.station(at: Self.home))
        let a = try #require(try log.aircraft(station, heardSince: 0).first)
        #expect(a.firstSeen == 100 && a.lastSeen == 103 && a.positions == 4 && a.country == "IE" && a.type == "B738")
        #expect(abs(a.farthestKm - 60) < 0.01 && a.farthestTime == 103 && abs(a.farthestBearing - 90) < 0.5)
        // The closest straight-line distance: 12 km out and 9 km up; the closest on the ground, 12 km.
        #expect(abs(a.closestSlantKm - hypot(12, 9 - 0.119)) < 0.1 && a.closestSlantTime == 101)
        #expect(abs((a.closestGroundKm ?? 0) - 12) < 0.01 && a.closestGroundTime == 101)
        #expect(a.highestMeters == 11_000 && a.highestTime == 102 && a.fastestMetersPerSecond == 250 && a.fastestTime == 103)
        let firsts = try log.firsts(station, since: 0)
        #expect(firsts.map { "\($0.kind) \($0.value)" } == ["airline RYR", "country IE", "type B738"] && firsts.allSatisfy { $0.time == 100 })
        #expect(try log.firsts(station, since: 101).isEmpty && log.aircraft(station, heardSince: 104).isEmpty)
        let records = try log.records(station)
        #expect(records.map(\.record) == ["farthest", "closest", "highest", "fastest"])
    }

    @Test func theReceptionCellsGiveTheCoverageOfThePositions() throws {
        let log = try StationLog(path: dir.path + "/b.sqlite")
        let snapshots = Self.snapshots()
        for snapshot in snapshots { try log.add(snapshot, from: Self.geometry) }
        let station = try #require(try log.station(at: Self.home))
        for sectors in [36, 72, 360] {
            var direct = ReceptionCoverage(station: Self.home, sectors: sectors)
            for snapshot in snapshots { for a in snapshot.aircraft { direct.add(a, at: snapshot.time) } }
            let logged = try #require(try log.coverage(station, sectors: sectors))
            #expect(logged.positions == direct.positions && logged.aircraft == direct.aircraft)
            for s in 0..<sectors {
                for b in ReceptionCoverage.Band.allCases {
                    let (l, d) = (logged.cells[s][b.rawValue], direct.cells[s][b.rawValue])
                    #expect(l.count == d.count, "sector \(s) band \(b)")
                    #expect(abs((l.farthest?.distance ?? -1) - (d.farthest?.distance ?? -1)) < 1, "sector \(s) band \(b)")
                }
            }
        }
    }

    @Test func aReceiverElsewhereIsAnotherStationAndTheFileKeepsItAll() throws {
        let path = dir.path + "/c.sqlite"
        let snapshots = Self.snapshots(count: 10)
        do {
            let log = try StationLog(path: path)
            for snapshot in snapshots { try log.add(snapshot, from: Self.geometry) }
            let away = RadarGeometry(observer: Coordinate(validLatitude: 49.06, longitude: 2.55), height: Height(meters: 100))
            try log.add(snapshots[0], from: away)
        }
        let reopened = try StationLog(path: path)
        let here = try #require(try reopened.station(at: Self.home))
        let there = try #require(try reopened.station(at: Coordinate(validLatitude: 49.0605, longitude: 2.5501)))
        #expect(here != there)
        #expect(try reopened.summary(here)?.positions == 300 && reopened.summary(there)?.positions == 30)
        var mode = stat()
        #expect(stat(path, &mode) == 0 && mode.st_mode & 0o777 == 0o600)
    }
}

extension StationLogTests {
    /// One aircraft heard once, 23 km out and 3 km up: its closest and farthest are the same
    /// ground distance (a table showing a straight-line closest above a ground farthest made the
    /// closest look farther).
    @Test func theClosestAndTheFarthestAreBothOnTheGround() throws {
        let log = try StationLog(path: dir.path + "/once.sqlite")
        let point = Geodesic.wgs84.direct(from: Self.home, azimuth: Angle(degrees: 200), distance: Distance(23, .kilometers)).coordinate
        let a = AircraftState(icao24: "3c6444", callsign: "DLH4", coordinate: point, baroAltitude: Height(meters: 3_000))
        try log.add(TrafficSnapshot(time: 50, aircraft: [a]), from: Self.geometry)
        let station = try #require(try log.station(at: Self.home))
        let heard = try #require(try log.aircraft(station, heardSince: 0).first)
        #expect(heard.closestGroundKm == heard.farthestKm && abs(heard.farthestKm - 23) < 0.01)
        #expect(heard.closestSlantKm > heard.farthestKm)
    }

    /// A log written before ground distances were kept (no such columns, user_version 0) is
    /// upgraded in place: every row kept, the old aircraft with no ground closest (not known),
    /// and the next position heard gives it one.
    @Test func aLogFromBeforeGroundDistancesIsUpgradedInPlaceLosingNothing() throws {
        let path = dir.path + "/old.sqlite"
        do {
            let db = try SQLiteDatabase(path: path)
            let old = StationLog.schema.replacingOccurrences(of: "closest_ground_km REAL, closest_ground_time REAL, ", with: "")
            #expect(old != StationLog.schema)
            try db.execute(old)
            try db.execute(
                """
                INSERT INTO stations VALUES (1, 49.0128, 2.55, 10, 20, 2);
                INSERT INTO aircraft VALUES (1, '4ca7b3', 10, 20, 'RYR12', 'B738', NULL, 'IE', 2, 14.5, 15, 30.0, 20, 90, 9000, 15, 240, 15);
                """)
        }
        let log = try StationLog(path: path)
        #expect(try log.db.userVersion() == StationLog.version)
        var a = try #require(try log.aircraft(1, heardSince: 0).first)
        #expect(a.positions == 2 && a.closestSlantKm == 14.5 && a.closestGroundKm == nil && a.farthestKm == 30 && a.callsign == "RYR12")
        let point = Geodesic.wgs84.direct(from: Self.home, azimuth: Angle(degrees: 90), distance: Distance(40, .kilometers)).coordinate
        let far = AircraftState(icao24: "4ca7b3", coordinate: point, baroAltitude: Height(meters: 9_000))
        try log.add(TrafficSnapshot(time: 30, aircraft: [far]), from: Self.geometry)
        a = try #require(try log.aircraft(1, heardSince: 0).first)
        #expect(a.positions == 3 && a.closestSlantKm == 14.5 && abs((a.closestGroundKm ?? 0) - 40) < 0.01 && a.closestGroundTime == 30)
        // Opened again, nothing changes; a log from a newer build is refused untouched.
        _ = try StationLog(path: path)
        try log.db.execute("PRAGMA user_version = 99")
        #expect(throws: StoreError.self) { _ = try StationLog(path: path) }
    }
}
