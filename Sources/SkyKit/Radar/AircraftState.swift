import FoundationEssentials
import Glibc

/// What a feed says about one aircraft at one moment. Every field but the address and position
/// may be unknown.
public struct AircraftState: Sendable, Equatable {
    /// The ICAO 24-bit address in lower-case hex ("3c6444").
    public var icao24: String
    /// The callsign without padding ("DLH4AB"), if sent.
    public var callsign: String?
    public var coordinate: Coordinate
    /// Pressure altitude (above the standard 1013.25 hPa level).
    public var baroAltitude: Height?
    /// Geometric (GNSS) altitude.
    public var geoAltitude: Height?
    public var onGround: Bool
    public var groundSpeed: Speed?
    /// Track over the ground, degrees clockwise from true north.
    public var track: Double?
    /// Climb (+) or descent (−), metres per second.
    public var verticalRate: Double?
    public var category: AircraftCategory?
    /// ICAO type designator, when the feed knows it (a receiver with a database).
    public var typeDesignator: String?
    public var registration: String?
    public var squawk: String?
    /// Who owns or operates the aircraft as registered ("Air France", "Netjets Europe"), from a
    /// receiver's database (readsb's `ownOp`) or the user's: a plain name, never a code.
    public var operatorName: String?
    /// The altimeter setting the crew selected, hPa (readsb's `nav_qnh`): with it a pressure
    /// altitude becomes the altitude their altimeter reads.
    public var qnh: Double?
    /// The QNH of a weather station near the aircraft (a METAR's), hPa, for a pressure
    /// altitude the crew's setting does not correct.
    public var stationQNH: Double?

    public init(
        icao24: String, callsign: String? = nil, coordinate: Coordinate, baroAltitude: Height? = nil, geoAltitude: Height? = nil,
        onGround: Bool = false, groundSpeed: Speed? = nil, track: Double? = nil, verticalRate: Double? = nil,
        category: AircraftCategory? = nil, typeDesignator: String? = nil, registration: String? = nil, squawk: String? = nil,
        qnh: Double? = nil, operatorName: String? = nil
    ) {
        // Feeds are checked here, once: an impossible number is an unknown one.
        self.icao24 = icao24
        self.callsign = callsign
        self.coordinate = coordinate
        self.baroAltitude = plausible(baroAltitude?.meters, AircraftState.altitudes).map { Height(meters: $0) }
        self.geoAltitude = plausible(geoAltitude?.meters, AircraftState.altitudes).map { Height(meters: $0) }
        self.onGround = onGround
        self.groundSpeed = plausible(groundSpeed?.metersPerSecond, 0...AircraftState.fastest).map { Speed(metersPerSecond: $0) }
        self.track = plausible(track, -360...720).map { Angle(degrees: $0).normalizedBearing.degrees }
        self.verticalRate = plausible(verticalRate, -AircraftState.steepest...AircraftState.steepest)
        self.category = category
        self.typeDesignator = typeDesignator
        self.registration = registration
        self.squawk = squawk
        self.qnh = plausible(qnh, AircraftState.qnhs)
        self.operatorName = operatorName.flatMap(AircraftState.name)
    }

    /// A name from a feed or a file as it is kept: each run of white space (tabs and line breaks
    /// too) one space, none at the ends, at most 60 characters; nil when nothing is left. Other
    /// control characters stay, to be shown visibly where the name is written.
    public static func name(_ text: String) -> String? {
        var out = "", space = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                space = !out.isEmpty
                continue
            }
            if space { out.unicodeScalars.append(" ") }
            space = false
            out.unicodeScalars.append(scalar)
            if out.count >= 60 { break }
        }
        return out.isEmpty ? nil : out
    }

    /// Altimeter settings kept, hPa (the lowest sea-level pressures measured are about 870).
    public static let qnhs: ClosedRange<Double> = 850...1_100

    /// Altitudes a feed may report, metres (below the Dead Sea to the edge of space).
    public static let altitudes: ClosedRange<Double> = -1_000...150_000
    /// The fastest ground speed kept, m/s (a re-entering spacecraft is under 8,000).
    public static let fastest = 8_000.0
    /// The steepest climb or descent kept, m/s.
    public static let steepest = 1_000.0
    /// A fast airliner's ground speed, m/s (580 kt): how far traffic can come from in a time.
    public static let cruise = 300.0

    /// The altitude the geometry uses: geometric when known, else the pressure altitude — read
    /// with the crew's QNH when the feed sends it, else with a nearby station's (nil on the
    /// ground or when neither altitude is sent).
    public var altitude: Height? { altitude(raisedBy: 0) }

    /// What `altitude` is once both altitudes have changed by `meters` (a climb flown on).
    func altitude(raisedBy meters: Double) -> Height? {
        if let geoAltitude { return Height(meters: geoAltitude.meters + meters) }
        guard let baroAltitude else { return nil }
        let raised = Height(meters: baroAltitude.meters + meters)
        return (qnh ?? stationQNH).map { Atmosphere.altimeterReading(pressureAltitude: raised, qnh: $0) } ?? raised
    }

    /// How `altitude` was measured.
    public enum AltitudeSource: String, Sendable {
        /// GNSS.
        case geometric
        /// Pressure altitude, above the standard 1013.25 hPa level: off by about 8 m for each
        /// hPa the air's pressure at sea level differs from it.
        case pressure
        /// Pressure altitude corrected with the QNH the crew set.
        case qnh
        /// Pressure altitude corrected with the QNH of a weather station near it (a METAR's).
        case stationQNH
    }

    public var altitudeSource: AltitudeSource? {
        if geoAltitude != nil { return .geometric }
        if baroAltitude == nil { return nil }
        return qnh != nil ? .qnh : stationQNH != nil ? .stationQNH : .pressure
    }

    /// Gives the aircraft within `reach` of a weather station whose only height is a pressure
    /// altitude (no geometric height, no crew setting) the station's QNH; returns how many.
    public static func correctingPressureAltitudes(
        _ aircraft: inout [AircraftState], qnh: Double, station: Coordinate, within reach: Distance
    ) -> Int {
        guard qnhs.contains(qnh) else { return 0 }
        var count = 0
        // The horizontal distance in the station's local frame: within 100 km, within metres of the geodesic.
        let frame = LocalFrame(latitude: station.latitude, longitude: station.longitude, height: 0)
        for i in aircraft.indices where aircraft[i].geoAltitude == nil && aircraft[i].qnh == nil && aircraft[i].baroAltitude != nil {
            let p = frame.enu(latitude: aircraft[i].coordinate.latitude, longitude: aircraft[i].coordinate.longitude, height: 0)
            guard (p.east * p.east + p.north * p.north).squareRoot() <= reach.meters else { continue }
            aircraft[i].stationQNH = qnh
            count += 1
        }
        return count
    }

    /// The callsign, or the address when there is none.
    public var name: String { callsign ?? icao24 }
}

/// The emitter category of ADS-B (what OpenSky's extended category and readsb's "A3" say).
public enum AircraftCategory: String, Sendable, Equatable, CaseIterable {
    case light, small, large, highVortexLarge = "high-vortex large", heavy, highPerformance = "high performance"
    case rotorcraft, glider, lighterThanAir = "lighter than air", parachutist, ultralight, uav = "drone", space
    case surface = "surface vehicle", obstacle

    /// OpenSky's numeric category (extended=1, index 17).
    public init?(openSky code: Int) {
        switch code {
        case 2: self = .light
        case 3: self = .small
        case 4: self = .large
        case 5: self = .highVortexLarge
        case 6: self = .heavy
        case 7: self = .highPerformance
        case 8: self = .rotorcraft
        case 9: self = .glider
        case 10: self = .lighterThanAir
        case 11: self = .parachutist
        case 12: self = .ultralight
        case 14: self = .uav
        case 15: self = .space
        case 16, 17: self = .surface
        case 18, 19, 20: self = .obstacle
        default: return nil
        }
    }

    /// A readsb/dump1090 category code ("A3", "B1").
    public init?(adsb code: String) {
        switch code.uppercased() {
        case "A1": self = .light
        case "A2": self = .small
        case "A3": self = .large
        case "A4": self = .highVortexLarge
        case "A5": self = .heavy
        case "A6": self = .highPerformance
        case "A7": self = .rotorcraft
        case "B1": self = .glider
        case "B2": self = .lighterThanAir
        case "B3": self = .parachutist
        case "B4": self = .ultralight
        case "B6": self = .uav
        case "B7": self = .space
        case "C1", "C2": self = .surface
        case "C3", "C4", "C5": self = .obstacle
        default: return nil
        }
    }

    /// A typical wingspan (or size) for the category, metres: what apparent size is judged by.
    public var typicalSpan: Double {
        switch self {
        case .light, .ultralight, .parachutist, .uav: 10
        case .small, .rotorcraft, .glider: 15
        case .large, .highPerformance: 35
        case .highVortexLarge: 40
        case .heavy: 60
        case .lighterThanAir: 30
        case .space, .surface, .obstacle: 10
        }
    }
}

/// Every aircraft a feed reported at one moment.
public struct TrafficSnapshot: Sendable, Equatable {
    /// When the data is from (Unix seconds).
    public var time: Double
    public var aircraft: [AircraftState]
    public init(time: Double, aircraft: [AircraftState]) {
        self.time = time
        self.aircraft = aircraft
    }
}
