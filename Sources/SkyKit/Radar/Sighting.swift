import Foundation

/// Where an aircraft is as seen by an observer: along the ground (geodesic distance and
/// bearing) and in the sky (slant range and elevation above the horizon, from the local
/// east/north/up frame), with how big it looks.
public struct Sighting: Sendable {
    public var aircraft: AircraftState
    /// Geodesic distance on the ellipsoid to the point below the aircraft.
    public var groundDistance: Distance
    /// Initial geodesic azimuth towards it, in [0°, 360°).
    public var bearing: Angle
    /// The offset in the observer's local frame (nil when the altitude is unknown).
    public var enu: ENU?
    /// Apparent size in minutes of arc (typical span over the slant range).
    public var apparentSize: Double

    /// Straight-line distance (the ground distance when the altitude is unknown).
    public var slantRange: Distance { enu.map { Distance(meters: $0.range) } ?? groundDistance }
    /// Elevation above the observer's horizon (nil when the altitude is unknown).
    public var elevation: Angle? { enu.map { Angle(degrees: $0.elevation) } }

    /// The bearing relative to where the observer faces, signed: + to the right.
    public func relativeBearing(heading: Angle) -> Angle { (bearing - heading).signedTurn }

    /// The hour on a clock face held level with 12 ahead: 1 to 12.
    public func clock(heading: Angle) -> Int {
        let hour = Int(((bearing - heading).normalizedBearing.degrees / 30).rounded()) % 12
        return hour == 0 ? 12 : hour
    }
}

/// Turns feed positions into sightings from one observer.
public struct RadarGeometry: Sendable {
    public let observer: Coordinate
    /// The observer's height above the ellipsoid (the geoid separation is neglected: metres
    /// against kilometres of slant range).
    public let observerHeight: Height
    public let frame: LocalFrame

    public init(observer: Coordinate, height: Height) {
        self.observer = observer
        observerHeight = height
        frame = LocalFrame(latitude: observer.latitude, longitude: observer.longitude, height: height.meters)
    }

    /// The geometry from an observer's place and altitude.
    public init(_ observer: Observer) { self.init(observer: observer.place.coordinate, height: observer.altitude) }

    /// The sighting of one aircraft. On the ground it is taken at the observer's height.
    public func sight(_ aircraft: AircraftState) -> Sighting {
        let g = Geodesic.wgs84.inverse(observer, aircraft.coordinate)
        let height: Height? = aircraft.onGround ? observerHeight : aircraft.altitude
        let enu = height.map { frame.enu(latitude: aircraft.coordinate.latitude, longitude: aircraft.coordinate.longitude, height: $0.meters) }
        let range = max(enu?.range ?? g.distance.meters, 1)
        let span = aircraft.category?.typicalSpan ?? ApparentSize.defaultSpan
        return Sighting(
            aircraft: aircraft, groundDistance: g.distance, bearing: g.initialAzimuth.normalizedBearing, enu: enu,
            apparentSize: ApparentSize.arcMinutes(span: span, range: range))
    }

    /// Every aircraft within `range` (ground distance), nearest first.
    public func sightings(_ aircraft: [AircraftState], within range: Distance) -> [Sighting] {
        let all = sights(aircraft)
        // Sorted through (distance, index) keys: a sighting is large to move around.
        var keys: [(Double, Int)] = []
        keys.reserveCapacity(all.count)
        for (k, s) in all.enumerated() where s.groundDistance <= range { keys.append((s.groundDistance.meters, k)) }
        keys.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
        return keys.map { all[$0.1] }
    }

    /// Every aircraft's sighting, in order. A large snapshot (a world-wide OpenSky answer) is
    /// shared between the processor's cores: each sighting depends on its aircraft alone.
    func sights(_ aircraft: [AircraftState]) -> [Sighting] {
        guard aircraft.count >= 2_000, Parallel.cores > 1 else { return aircraft.map(sight) }
        let chunks = min(Parallel.cores, 8)
        let size = (aircraft.count + chunks - 1) / chunks
        return Parallel.map(chunks) { c in aircraft[(c * size)..<min(aircraft.count, (c + 1) * size)].map(sight) }.flatMap { $0 }
    }
}

/// How big an aircraft looks, and the glyph size the scope gives it.
///
/// The rule: apparent size = typical span ÷ slant range, in minutes of arc. The span comes from
/// the ADS-B emitter category (light 10 m, small 15 m, large 35 m, heavy 60 m…) or 35 m (an
/// airliner) when the feed does not say. A 35 m airliner is 12′ at 10 km and 3′ at 40 km (the
/// Moon is 31′). Sizes: tiny below 4′, small from 4′, medium from 10′, large from 25′.
public enum ApparentSize {
    public static let defaultSpan = 35.0

    public static func arcMinutes(span: Double, range: Double) -> Double {
        2 * atan(span / 2 / range) * 180 / Double.pi * 60
    }

    /// The size class, 0 (tiny) to 3 (large).
    public static func level(_ arcMinutes: Double) -> Int {
        switch arcMinutes {
        case 25...: 3
        case 10..<25: 2
        case 4..<10: 1
        default: 0
        }
    }
}
