import FoundationEssentials
import Glibc

/// One aircraft's states over a stretch of time, in time order.
public struct AircraftTrack: Sendable {
    public var icao24: String
    public var times: [Double]
    public var states: [AircraftState]

    /// The latest callsign it sent, or the address.
    public var name: String { states.last(where: { $0.callsign != nil })?.callsign ?? icao24 }
}

/// Traffic over a stretch of time (past or future), per aircraft. A window of recorded traffic
/// holds its tracks; an extrapolated one holds the snapshot it flies on, and each aircraft's
/// way (`path`) makes its points only as they are read: 30,000 aircraft flown on for an hour in
/// 5 s steps would be 20 million states at once.
public struct TrafficWindow: Sendable {
    private(set) var recorded: [AircraftTrack]
    let ahead: (aircraft: [AircraftState], start: Double, times: [Double])?
    /// True when the positions are predicted along each aircraft's track and speed rather than
    /// recorded.
    public var extrapolated: Bool

    /// Regroups snapshots (in time order) by aircraft; aircraft keep the order they first appear in.
    public init(_ snapshots: [TrafficSnapshot], extrapolated: Bool = false) {
        var index: [String: Int] = [:]
        var tracks: [AircraftTrack] = []
        for snapshot in snapshots {
            for a in snapshot.aircraft {
                if let k = index[a.icao24] {
                    // A recording never goes back in time; a repeated moment keeps its first state.
                    guard snapshot.time > tracks[k].times[tracks[k].times.count - 1] else { continue }
                    tracks[k].times.append(snapshot.time)
                    tracks[k].states.append(a)
                } else {
                    index[a.icao24] = tracks.count
                    tracks.append(AircraftTrack(icao24: a.icao24, times: [snapshot.time], states: [a]))
                }
            }
        }
        self.init(tracks: tracks, extrapolated: extrapolated)
    }

    /// Tracks already made (a recording's own points).
    public init(tracks: [AircraftTrack], extrapolated: Bool = false) {
        recorded = tracks
        ahead = nil
        self.extrapolated = extrapolated
    }

    /// The next `duration` seconds after a snapshot, predicted by flying each aircraft straight
    /// along its track at its ground speed and vertical rate, every `step` seconds. Aircraft
    /// without a speed and track stay where they are; aircraft on the ground are left out.
    public static func extrapolating(_ snapshot: TrafficSnapshot, for duration: Double, step: Double) -> TrafficWindow {
        let steps = Int((duration / step + 1e-9).rounded(.down))
        let times = (0...steps).map { snapshot.time + Double($0) * step }
        return TrafficWindow(ahead: (snapshot.aircraft.filter { !$0.onGround }, snapshot.time, times))
    }

    init(ahead: (aircraft: [AircraftState], start: Double, times: [Double])) {
        recorded = []
        self.ahead = ahead
        extrapolated = true
    }

    /// How many aircraft the window follows.
    public var count: Int { ahead?.aircraft.count ?? recorded.count }

    /// The `k`th aircraft's way through the window (its points made only as they are read,
    /// when the window is extrapolated).
    public func path(_ k: Int) -> TrackPath {
        guard let ahead else { return TrackPath(recorded[k]) }
        return TrackPath(flying: ahead.aircraft[k], from: ahead.start, at: ahead.times)
    }

    /// False when the `k`th aircraft, extrapolated, surely cannot come within `reach` of
    /// `place` before the window ends (`canReach`); a recorded track may always.
    public func mayReach(_ k: Int, _ place: Coordinate, within reach: Distance) -> Bool {
        guard let ahead else { return true }
        return TrafficWindow.canReach(ahead.aircraft[k], place, within: reach, in: (ahead.times.last ?? ahead.start) - ahead.start)
    }

    /// Whether an aircraft flying straight on at its ground speed for `seconds` can come within
    /// `reach` of `place`, ground or straight-line distance: it cannot when it is farther than
    /// reach + speed × time, with room to spare — the distance on the sphere (within 0.5 % of
    /// the ellipsoid's), less the way flown (the triangle inequality), times 0.6 (a chord is at
    /// least 2/π of its arc): only aircraft surely out of reach are left out.
    static func canReach(_ a: AircraftState, _ place: Coordinate, within reach: Distance, in seconds: Double) -> Bool {
        let away = GreatCircle(from: place, to: a.coordinate).distance
        let flown = (a.groundSpeed?.metersPerSecond ?? 0) * max(seconds, 0)
        return 0.6 * (away - flown) <= reach.meters
    }

    /// Gives the recorded points within `reach` of a weather station that have only a
    /// pressure altitude the station's QNH (as `AircraftState.correctingPressureAltitudes`);
    /// returns how many aircraft had such a point. An extrapolated window flies on states that
    /// were corrected, or not, before it was made: it is left as it is.
    public mutating func correctingPressureAltitudes(qnh: Double, station: Coordinate, within reach: Distance) -> Int {
        var count = 0
        for k in recorded.indices where AircraftState.correctingPressureAltitudes(&recorded[k].states, qnh: qnh, station: station, within: reach) > 0 {
            count += 1
        }
        return count
    }

    /// Every track at once (an extrapolated window's made now, every point of every one).
    public var tracks: [AircraftTrack] {
        guard ahead != nil else { return recorded }
        return (0..<count).map { k in
            let path = path(k)
            return AircraftTrack(icao24: path.icao24, times: path.times, states: path.states)
        }
    }
}

extension AircraftState {
    /// Where the aircraft will be after `seconds` flying straight on: along its track (a
    /// geodesic) at its ground speed, climbing or descending at its vertical rate.
    public func extrapolated(by seconds: Double) -> AircraftState {
        extrapolated(by: seconds, along: track.map { GeodesicLine(from: coordinate, azimuth: Angle(degrees: $0)) })
    }

    /// The same along a geodesic already set up from the aircraft's position and track.
    func extrapolated(by seconds: Double, along line: GeodesicLine?) -> AircraftState {
        guard seconds != 0, let speed = groundSpeed, let line else { return self }
        var next = self
        next.coordinate = line.coordinate(Distance(meters: speed.metersPerSecond * seconds))
        if let rate = verticalRate {
            next.baroAltitude = baroAltitude.map { Height(meters: $0.meters + rate * seconds) }
            next.geoAltitude = geoAltitude.map { Height(meters: $0.meters + rate * seconds) }
        }
        return next
    }
}
