import FoundationEssentials
import Glibc

/// What a receiver heard, by direction and height: the positions it decoded, put in bearing
/// sectors around the station and in altitude bands, each cell keeping how many positions fell
/// in it and the farthest one — the outline tar1090 calls the actual range.
public struct ReceptionCoverage: Sendable {
    /// Altitude bands: pressure altitude (a flight level's band), else the geometric one.
    public enum Band: Int, CaseIterable, Sendable {
        case low, middle, high

        /// The band of an altitude in metres (on the ground: low).
        public static func of(meters: Double) -> Band {
            meters < Band.middleFloor ? .low : meters < Band.highFloor ? .middle : .high
        }

        /// 10,000 ft and 25,000 ft, in metres.
        public static let middleFloor = 3_048.0, highFloor = 7_620.0

        /// The band's key in tables and files.
        public var key: String { ["below_10000ft", "10000_25000ft", "above_25000ft"][rawValue] }
        /// The band in words.
        public var label: String { ["below 10,000 ft", "10,000–25,000 ft", "above 25,000 ft"][rawValue] }
        /// The band's lowest and highest altitude in metres (the highest band ends at 60,000 ft).
        public var altitudes: ClosedRange<Double> {
            [0...Band.middleFloor, Band.middleFloor...Band.highFloor, Band.highFloor...18_288][rawValue]
        }
    }

    /// The farthest position of a cell.
    public struct Farthest: Sendable, Equatable {
        /// Metres from the station on the ellipsoid.
        public var distance: Double
        public var azimuth: Double
        public var coordinate: Coordinate
        public var altitude: Double
        public var time: Double
        public var icao24: String
        public var callsign: String?
    }

    /// One sector's band: how many positions and the farthest.
    public struct Cell: Sendable, Equatable {
        public var count = 0
        public var farthest: Farthest?
    }

    public let station: Coordinate
    public let sectors: Int
    /// `cells[sector][band]`, sector 0 centred on north, clockwise.
    public private(set) var cells: [[Cell]]
    /// Positions put in a cell, and those without any altitude (not put in any).
    public private(set) var positions = 0, withoutAltitude = 0
    /// The first and last time of a position.
    public private(set) var span: ClosedRange<Double>?
    private var addresses = Set<String>()
    /// Aircraft counted by a station log rather than one by one.
    private var loggedAircraft = 0
    /// The central angle on the sphere (radians) of each cell's farthest.
    private var reach: [[Double]]
    private let bearings: SphericalBearings

    /// An empty coverage around `station`, in `sectors` equal sectors (the first centred on north).
    public init(station: Coordinate, sectors: Int) {
        self.station = station
        self.sectors = sectors
        cells = Array(repeating: Array(repeating: Cell(), count: Band.allCases.count), count: sectors)
        reach = Array(repeating: Array(repeating: -1, count: Band.allCases.count), count: sectors)
        bearings = SphericalBearings(from: station)
    }

    /// How many different aircraft were heard.
    public var aircraft: Int { addresses.count + loggedAircraft }

    /// The sector of a bearing (degrees clockwise from north).
    public func sector(of azimuth: Double) -> Int {
        let width = 360 / Double(sectors)
        let k = Int(((azimuth + width / 2) / width).rounded(.down))
        return ((k % sectors) + sectors) % sectors
    }

    /// The bearings a sector covers, degrees (the first runs from −width/2).
    public func bearings(of sector: Int) -> (from: Double, to: Double) {
        let width = 360 / Double(sectors)
        return (Double(sector) * width - width / 2, Double(sector) * width + width / 2)
    }

    /// Puts one decoded position in its cell. The cell's farthest is found on the WGS84
    /// ellipsoid: a position is measured exactly only when on the sphere it comes within 1% of
    /// the farthest so far (the sphere's distances are the ellipsoid's within 0.6%), so most
    /// are placed with a few sines.
    public mutating func add(_ state: AircraftState, at time: Double) {
        guard let altitude = state.onGround ? 0 : (state.baroAltitude ?? state.geoAltitude)?.meters else {
            withoutAltitude += 1
            return
        }
        let (angle, azimuth) = bearings.place(state.coordinate)
        let s = sector(of: azimuth), b = Band.of(meters: altitude).rawValue
        positions += 1
        cells[s][b].count += 1
        addresses.insert(state.icao24)
        span = span.map { min($0.lowerBound, time)...max($0.upperBound, time) } ?? time...time
        guard angle > reach[s][b] * 0.99 else { return }
        let line = Geodesic.wgs84.inverse(station, state.coordinate)
        guard line.distance.meters > cells[s][b].farthest?.distance ?? -1 else { return }
        reach[s][b] = angle
        cells[s][b].farthest = Farthest(
            distance: line.distance.meters, azimuth: line.initialAzimuth.normalizedBearing.degrees, coordinate: state.coordinate, altitude: altitude,
            time: time, icao24: state.icao24, callsign: state.callsign)
    }

    /// Adds what a station log gathered in one bearing cell inside a sector (`azimuth`, a
    /// bearing of the cell, says which sector): `count` positions of `band`, and the farthest.
    public mutating func add(logged count: Int, band: Band, at azimuth: Double, farthest: Farthest) {
        let s = sector(of: azimuth), b = band.rawValue
        positions += count
        cells[s][b].count += count
        if farthest.distance > cells[s][b].farthest?.distance ?? -1 { cells[s][b].farthest = farthest }
    }

    /// Sets what a station log knows of the whole: how many aircraft, and when.
    public mutating func logged(aircraft: Int, span: ClosedRange<Double>) {
        loggedAircraft = aircraft
        self.span = span
    }

    /// The farthest of a band over all sectors.
    public func farthest(_ band: Band) -> Farthest? {
        cells.compactMap { $0[band.rawValue].farthest }.max { $0.distance < $1.distance }
    }
}

extension ReceptionCoverage {
    /// Puts in every position a recorded feed holds (the embedded recordings, a skyshell
    /// recording); false for a live feed, which holds no past of its own. `cancelled` is asked
    /// every 4,096 snapshots or tracks: true stops it (the coverage is then partial).
    public mutating func add(recorded feed: TrafficFeed, cancelled: () -> Bool = { false }) -> Bool {
        switch feed {
        case let replay as ReplayFeed:
            for (n, snapshot) in replay.snapshots.enumerated() {
                if n % 4096 == 4095, cancelled() { break }
                add(snapshot)
            }
            return true
        case let sample as SampleFeed:
            for (n, track) in sample.sample.tracks(from: sample.sample.start, to: sample.sample.end).enumerated() {
                if n % 4096 == 4095, cancelled() { break }
                for (state, time) in zip(track.states, track.times) { add(state, at: time) }
            }
            return true
        default: return false
        }
    }

    /// Puts in every position of the skyshell recording at `path`, read one snapshot at a time
    /// (nothing of it is kept but the cells); the source it names. `cancelled` is asked every
    /// 4,096 snapshots: true stops it (the coverage is then partial).
    public mutating func add(recordingAt path: String, cancelled: () -> Bool = { false }) throws(FeedError) -> String {
        var n = 0
        return try TrafficRecording.scan(try TrafficRecording.bytes(of: path)) { snapshot in
            n += 1
            if n % 4096 == 0, cancelled() { return false }
            add(snapshot)
            return true
        }
    }

    /// Puts in every position of one snapshot.
    mutating func add(_ snapshot: TrafficSnapshot) {
        for state in snapshot.aircraft { add(state, at: snapshot.time) }
    }
}

/// Where points are from one place on the sphere: the central angle and the bearing, with a few
/// sines. The bearing decides a position's sector wherever reception is counted (coverage of
/// recordings, the station log), so both put every position in the same sector.
public struct SphericalBearings: Sendable {
    let sinLat: Double, cosLat: Double, longitude: Double

    public init(from station: Coordinate) {
        let phi = station.latitude * .pi / 180
        (sinLat, cosLat, longitude) = (sin(phi), cos(phi), station.longitude)
    }

    /// The central angle (radians) to `c` and the initial bearing (degrees in [0, 360)).
    @inline(__always) public func place(_ c: Coordinate) -> (angle: Double, azimuth: Double) {
        let phi = c.latitude * .pi / 180, dl = (c.longitude - longitude) * .pi / 180
        let (sp, cp) = (sin(phi), cos(phi)), (sdl, cdl) = (sin(dl), cos(dl))
        // The central angle from its cosine (as sin² of the half angle), the bearing by atan2.
        let a = (1 - (sinLat * sp + cosLat * cp * cdl)) / 2
        let angle = 2 * asin(min(1, max(0, a).squareRoot()))
        let azimuth = (atan2(sdl * cp, cosLat * sp - sinLat * cp * cdl) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
        return (angle, azimuth)
    }
}
