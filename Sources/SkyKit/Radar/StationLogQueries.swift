/// One aircraft as the station log knows it.
public struct StationAircraft: Sendable, Equatable {
    public var icao24: String
    public var callsign: String?, type: String?, registration: String?, country: String?
    public var firstSeen: Double, lastSeen: Double
    public var positions: Int
    /// Straight-line distance of the closest position, and when (km, Unix seconds).
    public var closestSlantKm: Double, closestSlantTime: Double
    /// Ground distance of the closest position, and when; nil for an aircraft logged before the
    /// log kept it (its ground distance is at most `closestSlantKm`).
    public var closestGroundKm: Double?, closestGroundTime: Double?
    /// Ground distance and bearing of the farthest position, and when.
    public var farthestKm: Double, farthestTime: Double, farthestBearing: Double
    public var highestMeters: Double?, highestTime: Double?
    public var fastestMetersPerSecond: Double?, fastestTime: Double?

    public var name: String { callsign ?? icao24 }
}

/// The first time the station heard a type, an airline or a country.
public struct StationFirst: Sendable, Equatable {
    public var kind: String, value: String
    public var time: Double
    public var icao24: String, callsign: String?
}

/// A station's totals.
public struct StationSummary: Sendable, Equatable {
    public var id: Int64
    public var coordinate: Coordinate
    public var firstSeen: Double, lastSeen: Double
    public var positions: Int, aircraft: Int
}

extension StationLog {
    /// The station's totals.
    public func summary(_ station: Int64) throws -> StationSummary? {
        try db.statement(
            "SELECT id, lat, lon, first_seen, last_seen, positions, (SELECT count(*) FROM aircraft WHERE station = ?1) FROM stations WHERE id = ?1"
        )
        .bind([.integer(station)])
        .first { s in
            StationSummary(
                id: s.int(0), coordinate: Coordinate(validLatitude: s.double(1), longitude: s.double(2)), firstSeen: s.double(3),
                lastSeen: s.double(4), positions: Int(s.int(5)), aircraft: Int(s.int(6)))
        }
    }

    static let aircraftColumns = """
        icao24, callsign, type, registration, country, first_seen, last_seen, positions, closest_km, closest_time, farthest_km,
        farthest_time, farthest_bearing, highest_m, highest_time, fastest_ms, fastest_time, closest_ground_km, closest_ground_time
        """

    static func readAircraft(_ s: SQLiteStatement) -> StationAircraft {
        StationAircraft(
            icao24: s.text(0) ?? "", callsign: s.text(1), type: s.text(2), registration: s.text(3), country: s.text(4),
            firstSeen: s.double(5), lastSeen: s.double(6), positions: Int(s.int(7)), closestSlantKm: s.double(8), closestSlantTime: s.double(9),
            closestGroundKm: s.isNull(17) ? nil : s.double(17), closestGroundTime: s.isNull(18) ? nil : s.double(18),
            farthestKm: s.double(10), farthestTime: s.double(11), farthestBearing: s.double(12),
            highestMeters: s.isNull(13) ? nil : s.double(13), highestTime: s.isNull(14) ? nil : s.double(14),
            fastestMetersPerSecond: s.isNull(15) ? nil : s.double(15), fastestTime: s.isNull(16) ? nil : s.double(16))
    }

    /// The aircraft last heard at or after `since`, in the order they were first heard.
    public func aircraft(_ station: Int64, heardSince since: Double) throws -> [StationAircraft] {
        let s = try db.statement(
            "SELECT \(StationLog.aircraftColumns) FROM aircraft WHERE station = ?1 AND last_seen >= ?2 ORDER BY first_seen, icao24")
        s.bind([.integer(station), .real(since)])
        var found: [StationAircraft] = []
        while try s.step() { found.append(StationLog.readAircraft(s)) }
        return found
    }

    /// The types, airlines and countries first heard at or after `since`, in time order.
    public func firsts(_ station: Int64, since: Double) throws -> [StationFirst] {
        let s = try db.statement(
            "SELECT kind, value, first_seen, icao24, callsign FROM firsts WHERE station = ?1 AND first_seen >= ?2 ORDER BY first_seen, kind, value")
        s.bind([.integer(station), .real(since)])
        var found: [StationFirst] = []
        while try s.step() {
            found.append(StationFirst(kind: s.text(0) ?? "", value: s.text(1) ?? "", time: s.double(2), icao24: s.text(3) ?? "", callsign: s.text(4)))
        }
        return found
    }

    /// The record holders: the farthest, closest, highest and fastest aircraft ever heard. The
    /// distances are on the ground; an aircraft logged before ground distances were kept counts
    /// with its straight-line distance, the most its ground distance can be.
    public func records(_ station: Int64) throws -> [(record: String, aircraft: StationAircraft)] {
        let orders = [
            ("farthest", "farthest_km DESC"), ("closest", "coalesce(closest_ground_km, closest_km) ASC"),
            ("highest", "highest_m DESC"), ("fastest", "fastest_ms DESC"),
        ]
        return try orders.compactMap { name, order in
            let column = String(order.split(separator: " ").dropLast().joined(separator: " "))
            let s = try db.statement(
                "SELECT \(StationLog.aircraftColumns) FROM aircraft WHERE station = ?1 AND \(column) IS NOT NULL ORDER BY \(order), first_seen LIMIT 1")
            return try s.bind([.integer(station)]).first(StationLog.readAircraft).map { (name, $0) }
        }
    }

    /// Everything the station heard as a coverage in `sectors` sectors (which must split the
    /// circle on the log's half-degree cells: a divisor of 360).
    public func coverage(_ station: Int64, sectors: Int) throws -> ReceptionCoverage? {
        guard let summary = try summary(station) else { return nil }
        var coverage = ReceptionCoverage(station: summary.coordinate, sectors: sectors)
        let s = try db.statement(
            "SELECT cell, band, count, farthest_km, azimuth, lat, lon, altitude_m, time, icao24, callsign FROM reception WHERE station = ?1")
        s.bind([.integer(station)])
        while try s.step() {
            guard let band = ReceptionCoverage.Band(rawValue: Int(s.int(1))) else { continue }
            let farthest = ReceptionCoverage.Farthest(
                distance: s.double(3) * 1000, azimuth: s.double(4), coordinate: Coordinate(validLatitude: s.double(5), longitude: s.double(6)),
                altitude: s.double(7), time: s.double(8), icao24: s.text(9) ?? "", callsign: s.text(10))
            // The cell's middle says its sector: cells never straddle one when sectors divide 360.
            let middle = (Double(s.int(0)) + 0.5) * 360 / Double(StationLog.cells)
            coverage.add(logged: Int(s.int(2)), band: band, at: middle, farthest: farthest)
        }
        coverage.logged(aircraft: summary.aircraft, span: summary.firstSeen...summary.lastSeen)
        return coverage
    }
}
