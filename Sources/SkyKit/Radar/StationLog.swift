import FoundationEssentials
import Glibc

/// What a receiver has heard, kept in one SQLite file: for each station (a receiver's place),
/// each aircraft's first and last time heard, its closest and farthest positions, highest
/// altitude and fastest speed, its type, registration and country when known; the first time
/// each type, airline and country was heard; and the reception by half-degree of bearing and
/// altitude band, so `radar coverage` can be asked of everything the station ever heard.
/// Every snapshot is written in one transaction (WAL journal), so a killed process loses at
/// most the snapshot it was writing and never leaves a damaged file.
public final class StationLog {
    public let db: SQLiteDatabase
    public var path: String { db.path }

    /// Bearing cells of the reception table: half a degree each.
    public static let cells = 720
    /// A station is the same receiver within this distance, metres.
    public static let sameStation = 1_000.0

    public init(path: String) throws {
        db = try SQLiteDatabase(path: path)
        try db.execute("PRAGMA busy_timeout = 10000")
        try db.execute("PRAGMA journal_mode = WAL")
        try db.execute("PRAGMA synchronous = NORMAL")
        try db.execute(StationLog.schema)
        try StationLog.upgrade(db)
    }

    /// The version of the log's tables this build writes (`PRAGMA user_version`): 2 keeps the
    /// closest ground distance beside the closest straight-line one.
    static let version = 2

    /// Brings a log written by an earlier build up to `version` in one transaction, losing
    /// nothing: the aircraft logged before keep their closest straight-line distance and get no
    /// ground one (not known: it was never written down), so what they show says so.
    static func upgrade(_ db: SQLiteDatabase) throws {
        let found = try db.userVersion()
        if found > version {
            throw StoreError(.invalid, "\(db.path) was written by a newer skyshell (station log \(found), this one knows \(version)); it was left untouched")
        }
        guard found < version else { return }
        try db.writeTransaction {
            let has = try db.statement("SELECT count(*) FROM pragma_table_info('aircraft') WHERE name = 'closest_ground_km'").first { $0.int(0) } ?? 0
            if has == 0 {
                try db.execute("ALTER TABLE aircraft ADD COLUMN closest_ground_km REAL; ALTER TABLE aircraft ADD COLUMN closest_ground_time REAL")
            }
            try db.execute("PRAGMA user_version = \(version)")
        }
    }

    static let schema = """
        CREATE TABLE IF NOT EXISTS stations(
            id INTEGER PRIMARY KEY, lat REAL NOT NULL, lon REAL NOT NULL, first_seen REAL NOT NULL, last_seen REAL NOT NULL,
            positions INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE IF NOT EXISTS aircraft(
            station INTEGER NOT NULL, icao24 TEXT NOT NULL, first_seen REAL NOT NULL, last_seen REAL NOT NULL, callsign TEXT,
            type TEXT, registration TEXT, country TEXT, positions INTEGER NOT NULL,
            closest_km REAL NOT NULL, closest_time REAL NOT NULL, farthest_km REAL NOT NULL, farthest_time REAL NOT NULL,
            farthest_bearing REAL NOT NULL, highest_m REAL, highest_time REAL, fastest_ms REAL, fastest_time REAL,
            closest_ground_km REAL, closest_ground_time REAL, PRIMARY KEY(station, icao24)) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS aircraft_last_seen ON aircraft(station, last_seen);
        CREATE TABLE IF NOT EXISTS firsts(
            station INTEGER NOT NULL, kind TEXT NOT NULL, value TEXT NOT NULL, first_seen REAL NOT NULL, icao24 TEXT NOT NULL,
            callsign TEXT, PRIMARY KEY(station, kind, value)) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS reception(
            station INTEGER NOT NULL, cell INTEGER NOT NULL, band INTEGER NOT NULL, count INTEGER NOT NULL,
            farthest_km REAL NOT NULL, azimuth REAL NOT NULL, lat REAL NOT NULL, lon REAL NOT NULL, altitude_m REAL NOT NULL,
            time REAL NOT NULL, icao24 TEXT NOT NULL, callsign TEXT, PRIMARY KEY(station, cell, band)) WITHOUT ROWID;
        """

    /// The station at `place`, if the log has one within `sameStation`.
    public func station(at place: Coordinate) throws -> Int64? {
        let s = try db.statement("SELECT id, lat, lon FROM stations")
        while try s.step() {
            let there = Coordinate(validLatitude: s.double(1), longitude: s.double(2))
            if Geodesic.wgs84.inverse(place, there).distance.meters <= StationLog.sameStation { return s.int(0) }
        }
        return nil
    }

    /// What one aircraft did in one snapshot, as the log keeps it.
    struct Heard {
        var state: AircraftState
        var ground: Double, bearing: Double, slant: Double
        /// The bearing that decides its reception cell, as the coverage of recordings has it.
        var cellBearing: Double
    }

    /// Adds one snapshot of the receiver at `geometry`'s observer: every position in it, heard
    /// from there (a receiver's feed is what it heard, at any distance). With `once`, a
    /// snapshot of the moment the station last logged is the same answer read again (a file
    /// nothing rewrites, a stalled receiver) and is left out. Returns the number of positions
    /// logged.
    @discardableResult
    public func add(_ snapshot: TrafficSnapshot, from geometry: RadarGeometry, once: Bool = false) throws -> Int {
        let bearings = SphericalBearings(from: geometry.observer)
        let heard = snapshot.aircraft.map { a -> Heard in
            let s = geometry.sight(a)
            return Heard(
                state: a, ground: s.groundDistance.kilometers, bearing: s.bearing.degrees, slant: s.slantRange.kilometers,
                cellBearing: bearings.place(a.coordinate).azimuth)
        }
        guard !heard.isEmpty else { return 0 }
        let t = snapshot.time
        return try db.writeTransaction {
            let known = try self.station(at: geometry.observer)
            if once, let known, try summary(known)?.lastSeen == t { return 0 }
            let station = try known ?? newStation(geometry.observer, time: t)
            try db.statement("UPDATE stations SET last_seen = max(last_seen, ?2), positions = positions + ?3 WHERE id = ?1")
                .bind([.integer(station), .real(t), .integer(Int64(heard.count))]).run()
            for h in heard { try addAircraft(h, station: station, time: t) }
            try addReception(heard, station: station, time: t)
            return heard.count
        }
    }

    func newStation(_ place: Coordinate, time: Double) throws -> Int64 {
        try db.statement("INSERT INTO stations(lat, lon, first_seen, last_seen) VALUES (?1, ?2, ?3, ?3)")
            .bind([.real(place.latitude), .real(place.longitude), .real(time)]).run()
        return db.lastInsertRowID
    }

    func addAircraft(_ h: Heard, station: Int64, time t: Double) throws {
        let a = h.state
        let altitude = a.onGround ? nil : a.altitude?.meters
        let speed = a.groundSpeed?.metersPerSecond
        let country = AddressBlocks.country(of: a.icao24)
        // Every SET expression reads the row as it was: the extremes and their times move together.
        try db.statement(
            """
            INSERT INTO aircraft(
                station, icao24, first_seen, last_seen, callsign, type, registration, country, positions, closest_km, closest_time,
                farthest_km, farthest_time, farthest_bearing, highest_m, highest_time, fastest_ms, fastest_time, closest_ground_km,
                closest_ground_time)
            VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6, ?7, 1, ?8, ?3, ?9, ?3, ?10, ?11, CASE WHEN ?11 IS NULL THEN NULL ELSE ?3 END,
                ?12, CASE WHEN ?12 IS NULL THEN NULL ELSE ?3 END, ?9, ?3)
            ON CONFLICT(station, icao24) DO UPDATE SET
                first_seen = min(first_seen, ?3), last_seen = max(last_seen, ?3), positions = positions + 1,
                callsign = coalesce(?4, callsign), type = coalesce(?5, type), registration = coalesce(?6, registration),
                country = coalesce(?7, country),
                closest_time = CASE WHEN ?8 < closest_km THEN ?3 ELSE closest_time END, closest_km = min(closest_km, ?8),
                closest_ground_time = CASE WHEN ?9 < coalesce(closest_ground_km, 1e99) THEN ?3 ELSE closest_ground_time END,
                closest_ground_km = min(coalesce(closest_ground_km, 1e99), ?9),
                farthest_time = CASE WHEN ?9 > farthest_km THEN ?3 ELSE farthest_time END,
                farthest_bearing = CASE WHEN ?9 > farthest_km THEN ?10 ELSE farthest_bearing END, farthest_km = max(farthest_km, ?9),
                highest_time = CASE WHEN ?11 > coalesce(highest_m, -1e9) THEN ?3 ELSE highest_time END,
                highest_m = CASE WHEN ?11 > coalesce(highest_m, -1e9) THEN ?11 ELSE highest_m END,
                fastest_time = CASE WHEN ?12 > coalesce(fastest_ms, -1) THEN ?3 ELSE fastest_time END,
                fastest_ms = CASE WHEN ?12 > coalesce(fastest_ms, -1) THEN ?12 ELSE fastest_ms END
            """
        )
        .bind([
            .integer(station), .text(a.icao24), .real(t), .of(a.callsign), .of(a.typeDesignator), .of(a.registration), .of(country),
            .real(h.slant), .real(h.ground), .real(h.bearing), altitude.map(SQLiteValue.real), speed.map(SQLiteValue.real),
        ]).run()
        let first = try db.statement("INSERT OR IGNORE INTO firsts VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        for (kind, value) in [("type", a.typeDesignator), ("airline", StationLog.airline(a.callsign)), ("country", country)] {
            guard let value else { continue }
            first.rewind()
            try first.bind([.integer(station), .text(kind), .text(value), .real(t), .text(a.icao24), .of(a.callsign)]).run()
        }
    }

    /// The ICAO airline designator a callsign starts with (three letters, then a digit).
    static func airline(_ callsign: String?) -> String? {
        guard let c = callsign?.utf8, c.count >= 4 else { return nil }
        let bytes = Array(c)
        guard bytes[0..<3].allSatisfy({ $0 >= 65 && $0 <= 90 }), bytes[3] >= 48 && bytes[3] <= 57 else { return nil }
        return String(decoding: bytes[0..<3], as: UTF8.self)
    }

    /// The snapshot's positions by reception cell and band: counts, and the farthest of each.
    func addReception(_ heard: [Heard], station: Int64, time t: Double) throws {
        var cells: [Int: (count: Int, farthest: Heard)] = [:]
        for h in heard {
            // The altitude the coverage of recordings bands by: pressure, else geometric.
            guard let altitude = h.state.onGround ? 0 : (h.state.baroAltitude ?? h.state.geoAltitude)?.meters else { continue }
            let cell = min(StationLog.cells - 1, Int(h.cellBearing * Double(StationLog.cells) / 360))
            let key = cell * 3 + ReceptionCoverage.Band.of(meters: altitude).rawValue
            if let old = cells[key] {
                cells[key] = (old.count + 1, h.ground > old.farthest.ground ? h : old.farthest)
            } else {
                cells[key] = (1, h)
            }
        }
        let s = try db.statement(
            """
            INSERT INTO reception VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
            ON CONFLICT(station, cell, band) DO UPDATE SET count = count + ?4,
                azimuth = CASE WHEN ?5 > farthest_km THEN ?6 ELSE azimuth END, lat = CASE WHEN ?5 > farthest_km THEN ?7 ELSE lat END,
                lon = CASE WHEN ?5 > farthest_km THEN ?8 ELSE lon END, altitude_m = CASE WHEN ?5 > farthest_km THEN ?9 ELSE altitude_m END,
                time = CASE WHEN ?5 > farthest_km THEN ?10 ELSE time END, icao24 = CASE WHEN ?5 > farthest_km THEN ?11 ELSE icao24 END,
                callsign = CASE WHEN ?5 > farthest_km THEN ?12 ELSE callsign END, farthest_km = max(farthest_km, ?5)
            """)
        for (key, cell) in cells.sorted(by: { $0.key < $1.key }) {
            let f = cell.farthest, a = f.state
            s.rewind()
            try s.bind([
                .integer(station), .integer(Int64(key / 3)), .integer(Int64(key % 3)), .integer(Int64(cell.count)), .real(f.ground),
                .real(f.bearing), .real(a.coordinate.latitude), .real(a.coordinate.longitude),
                .real(a.onGround ? 0 : (a.baroAltitude ?? a.geoAltitude)?.meters ?? 0), .real(t), .text(a.icao24), .of(a.callsign),
            ]).run()
        }
    }
}
