import FoundationEssentials
import Glibc

/// Where an aircraft is as seen by an observer: along the ground (geodesic distance and
/// bearing) and in the sky (slant range and elevation above the horizon, from the local
/// east/north/up frame), with how big it looks.
public struct Sighting: Sendable {
    public var aircraft: AircraftState
    /// Geodesic distance on the ellipsoid to the point below the aircraft.
    public var groundDistance: Distance { place.groundDistance }
    /// Initial geodesic azimuth towards it, in [0°, 360°).
    public var bearing: Angle { place.bearing }
    /// The offset in the observer's local frame (nil when the altitude is unknown).
    public var enu: ENU? { place.enu }
    /// Apparent size in minutes of arc (typical span over the slant range).
    public var apparentSize: Double { place.apparentSize }
    /// Where it is, apart from what it is.
    var place: Placement

    /// The numbers of a sighting: kept apart from the aircraft while a large snapshot is
    /// placed and ordered, so that only the nearest are copied with their aircraft.
    struct Placement: Sendable {
        var groundDistance: Distance
        var bearing: Angle
        var enu: ENU?
        var apparentSize: Double
    }

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
    /// Ground distances and bearings from the observer.
    public let ground: NearGeodesics

    public init(observer: Coordinate, height: Height) {
        self.observer = observer
        observerHeight = height
        frame = LocalFrame(latitude: observer.latitude, longitude: observer.longitude, height: height.meters)
        ground = NearGeodesics(from: observer)
    }

    /// The geometry from an observer's place and altitude.
    public init(_ observer: Observer) { self.init(observer: observer.place.coordinate, height: observer.altitude) }

    /// The sighting of one aircraft. On the ground it is taken at the observer's height.
    public func sight(_ aircraft: AircraftState) -> Sighting {
        let target = SurfacePoint(aircraft.coordinate)
        let line = ground.line(along: ground.chord(to: target), to: target, coordinate: aircraft.coordinate)
        return Sighting(aircraft: aircraft, place: withUnsafePointer(to: aircraft) { place($0, target, line) })
    }

    /// Where one aircraft is if it is within `range` along the ground; one whose chord is
    /// already longer is left before any geodesic is worked out. The aircraft is read where it
    /// is: only the fields used are loaded, the state is not copied.
    func place(_ aircraft: UnsafePointer<AircraftState>, within range: Distance) -> Sighting.Placement? {
        let coordinate = aircraft.pointee.coordinate
        let target = SurfacePoint(coordinate)
        let chord = ground.chord(to: target)
        guard chord.length <= range.meters else { return nil }
        let p = place(aircraft, target, ground.line(along: chord, to: target, coordinate: coordinate))
        return p.groundDistance <= range ? p : nil
    }

    func place(_ aircraft: UnsafePointer<AircraftState>, _ target: SurfacePoint, _ line: NearLine) -> Sighting.Placement {
        let height: Height? = aircraft.pointee.onGround ? observerHeight : aircraft.pointee.altitude
        let enu = height.map { frame.enu(target.ecef(height: $0.meters)) }
        let range = max(enu?.range ?? line.distance.meters, 1)
        let span = aircraft.pointee.category?.typicalSpan ?? ApparentSize.defaultSpan
        return Sighting.Placement(
            groundDistance: line.distance, bearing: line.azimuth, enu: enu, apparentSize: ApparentSize.arcMinutes(span: span, range: range))
    }

    /// Every aircraft within `range` (ground distance), nearest first (equal distances in the
    /// feed's order). A large snapshot (a world-wide OpenSky answer) is placed on all the
    /// processor's cores: each place depends on its aircraft alone.
    public func sightings(_ aircraft: [AircraftState], within range: Distance) -> [Sighting] {
        aircraft.withUnsafeBufferPointer { sightings($0, within: range) }
    }

    /// The same over the aircraft in place. On all cores, each aircraft is read where it is (an
    /// array's subscript would copy all of it, strings retained, to work out its place) and,
    /// when in range, copied into its sighting while it is at hand. The sightings are then
    /// moved into distance order: a move copies the bytes, no string is retained or released.
    func sightings(_ aircraft: UnsafeBufferPointer<AircraftState>, within range: Distance) -> [Sighting] {
        let placed = Parallel.SharedPointer(base: UnsafeMutablePointer<Sighting>.allocate(capacity: Swift.max(1, aircraft.count)))
        // Every sighting made is moved out below, so the storage is released without them.
        defer { placed.base.deallocate() }
        // A sighting's two parts are written where they go, the aircraft copied once (a whole
        // new sighting was copied again into place: every string retained twice, once released).
        // The key is the distance's bits, which order as a non-negative Double does; an aircraft
        // out of range has the largest key, which no distance has.
        let aircraftAt = MemoryLayout<Sighting>.offset(of: \.aircraft)!, placeAt = MemoryLayout<Sighting>.offset(of: \.place)!
        let keys = Parallel.array(count: aircraft.count, run: 250) { k -> UInt64 in
            let state = aircraft.baseAddress! + k
            guard let p = place(state, within: range) else { return .max }
            let slot = UnsafeMutableRawPointer(placed.base + k)
            (slot + aircraftAt).assumingMemoryBound(to: AircraftState.self).initialize(to: state.pointee)
            (slot + placeAt).assumingMemoryBound(to: Sighting.Placement.self).initialize(to: p)
            return p.groundDistance.meters.bitPattern
        }
        var found: [Int] = [], distances: [UInt64] = []
        found.reserveCapacity(keys.count)
        distances.reserveCapacity(keys.count)
        for (k, key) in keys.enumerated() where key != .max {
            found.append(k)
            distances.append(key)
        }
        guard !found.isEmpty else { return [] }
        // Nearest first (equal distances in the feed's order).
        let order = RadixOrder.of(distances)
        return [Sighting](unsafeUninitializedCapacity: order.count) { out, initialized in
            let out = Parallel.SharedPointer(base: out.baseAddress!)
            Parallel.runs(count: order.count, run: 1_000) { part in
                for i in part { (out.base + i).moveInitialize(from: placed.base + found[order[i]], count: 1) }
            }
            initialized = order.count
        }
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
