import FoundationEssentials

/// One aircraft's way through a window, read point by point: a recording's own points, or an
/// aircraft of a snapshot flown straight on, whose points are made only when asked for (a pass
/// search looks at a few of an hour's 721).
public struct TrackPath: Sendable {
    public let icao24: String
    public let name: String
    /// The moments of its points (Unix seconds), in time order.
    public let times: [Double]
    /// A recording's states (empty for a flown aircraft).
    private let recorded: [AircraftState]
    /// The aircraft flown on, if it is one: held by reference, so that reading a point copies
    /// neither the state nor the geodesic.
    private let flight: Flight?

    /// An aircraft, the geodesic it flies along and the moment it is at its position.
    private final class Flight: Sendable {
        let aircraft: AircraftState
        let line: GeodesicLine?
        let start: Double

        init(_ aircraft: AircraftState, _ start: Double) {
            self.aircraft = aircraft
            line = aircraft.track.map { GeodesicLine(from: aircraft.coordinate, azimuth: Angle(degrees: $0)) }
            self.start = start
        }
    }

    /// A recorded (or already made) track.
    public init(_ track: AircraftTrack) {
        icao24 = track.icao24
        name = track.name
        times = track.times
        recorded = track.states
        flight = nil
    }

    /// An aircraft flown straight on from `start` (see `AircraftState.extrapolated`), at `times`.
    init(flying a: AircraftState, from start: Double, at times: [Double]) {
        icao24 = a.icao24
        name = a.callsign ?? a.icao24
        self.times = times
        recorded = []
        flight = Flight(a, start)
    }

    /// Its state at point `i`.
    public func state(_ i: Int) -> AircraftState {
        guard let flight else { return recorded[i] }
        return flight.aircraft.extrapolated(by: times[i] - flight.start, along: flight.line)
    }

    /// Every point's state.
    public var states: [AircraftState] { flight == nil ? recorded : times.indices.map(state) }

    /// Where point `i` is, whether on the ground, and its altitude (`AircraftState.altitude`):
    /// what `state(i)` says of them, without making the whole state.
    func place(_ i: Int) -> (coordinate: Coordinate, onGround: Bool, altitude: Height?) {
        guard let flight else { return (recorded[i].coordinate, recorded[i].onGround, recorded[i].altitude) }
        let a = flight.aircraft, seconds = times[i] - flight.start
        guard seconds != 0, let speed = a.groundSpeed, let c = flight.line?.coordinate(Distance(meters: speed.metersPerSecond * seconds)) else {
            return (a.coordinate, a.onGround, a.altitude)
        }
        return (c, a.onGround, a.verticalRate.map { a.altitude(raisedBy: $0 * seconds) } ?? a.altitude)
    }

    /// How sharply its way can bend (m/s², twice what it can be), when that is known: a flown
    /// aircraft keeps to a geodesic at a steady climb, so it turns only with the Earth — at most
    /// v²/M (M, the least radius of curvature of the ellipsoid, a meridian's at the equator),
    /// a little more at its height, and 2·|climb rate|·v/M as its up direction turns with it.
    /// Between two of its points t seconds apart it is then within bend·t²/8 of the straight
    /// line joining them. A recording can jump anywhere (nil).
    var bendBound: Double? {
        guard let flight else { return nil }
        let a = flight.aircraft
        guard let speed = a.groundSpeed?.metersPerSecond, flight.line != nil else { return 1e-4 }
        let rate = abs(a.verticalRate ?? 0)
        let seconds = max(0, (times.last ?? flight.start) - flight.start)
        let top = max(a.altitude?.meters ?? 0, 0) + rate * seconds
        let m = 6_335_439.0, v = abs(speed) * (1 + top / m)
        return 2 * (v * v / m + 2 * rate * v / m) + 1e-4
    }
}
