import FoundationEssentials
import Glibc

/// What a pass prediction looks for in each aircraft's path.
public enum PassKind: Sendable, Equatable {
    /// The moment it is nearest (straight-line distance).
    case closest
    /// The moment it is highest in the sky.
    case overhead
    /// The moment it climbs above an elevation angle.
    case above(Angle)

    /// True for the nearest and the highest point: extremes along the path, not crossings.
    public var isPeak: Bool {
        if case .above = self { return false }
        return true
    }
}

/// One aircraft's predicted pass: where it is at the moment that matters.
public struct PredictedPass: Sendable {
    public var icao24: String
    public var name: String
    /// Its state at that moment (position and altitude interpolated).
    public var aircraft: AircraftState
    /// The moment (Unix seconds).
    public var time: Double
    public var slantRange: Distance
    public var groundDistance: Distance
    public var bearing: Angle
    public var elevation: Angle
    /// The highest it gets in the whole window.
    public var highest: Angle
}

/// How a pass search reads a flown aircraft's samples.
public enum SampleReading: Sendable, Equatable {
    /// Every one (what the coarse search is held to in the tests).
    case all
    /// Every `n`th first, then the stretches between that could hold the moment.
    case coarse(every: Int)
    /// Every √count-th first: about as many coarse samples as samples in the one or two
    /// stretches a pass falls in (25 of 121 samples for 10 minutes, 60 of 721 for an hour).
    case balanced
}

/// Finds when aircraft pass an observer, from a window of their future positions (recorded or
/// extrapolated). Between two samples an aircraft is taken to fly straight at a constant speed,
/// so the closest approach inside a segment is exact for that motion: for the offset p(f) =
/// a + f·(b − a) from the observer, |p| is least at f = −a·(b − a)/|b − a|² (clamped to the
/// segment).
public struct PassPredictor: Sendable {
    public let geometry: RadarGeometry
    /// How a flown aircraft's samples are read (see `pass(_:kind:)`).
    public let reading: SampleReading

    public init(_ geometry: RadarGeometry, reading: SampleReading = .balanced) {
        self.geometry = geometry
        self.reading = reading
    }

    /// A track that ends this close to the window's end (seconds) is taken as cut by it.
    public static let cut = 10.0

    /// How many aircraft are searched between two questions to `stop`.
    static let batch = 4_096

    /// The passes of every aircraft in the window that happen in the air after `now` (an
    /// aircraft already at its nearest or highest is passing, not about to), within `reach`
    /// (straight-line distance for closest, ground distance otherwise), in time order. A
    /// nearest or highest point at the last moment known of a track that the window's `end`
    /// cuts is no pass: the aircraft may come nearer or climb higher after it.
    /// The aircraft are shared between the cores in batches; `stop` is asked before each
    /// batch, and when it says so the search ends with `CancellationError`. An extrapolated
    /// aircraft that cannot come within reach in the window is left out before its track is
    /// made (`TrafficWindow.canReach`; `prune` false walks every one, for the tests that hold
    /// both to the same passes).
    public func passes(
        _ window: TrafficWindow, kind: PassKind, after now: Double, until end: Double, within reach: Distance, prune: Bool = true,
        stop: () -> Bool = { false }
    ) throws -> [PredictedPass] {
        var list: [PredictedPass] = []
        var from = 0
        while from < window.count {
            if stop() { throw CancellationError() }
            let to = min(window.count, from + PassPredictor.batch)
            let found = Parallel.array(count: to - from, run: 128) { k -> PredictedPass? in
                guard !prune || window.mayReach(from + k, geometry.observer, within: reach) else { return nil }
                let path = window.path(from + k)
                guard let pass = pass(path, kind: kind), pass.time > now + 0.5, !pass.aircraft.onGround else { return nil }
                if kind.isPeak, let last = path.times.last, pass.time >= last - 0.5, last >= end - PassPredictor.cut { return nil }
                return (kind == .closest ? pass.slantRange : pass.groundDistance) <= reach ? pass : nil
            }
            list += found.compactMap { $0 }
            from = to
        }
        return list.sorted { ($0.time, $0.icao24) < ($1.time, $1.icao24) }
    }

    /// The moment of the pass along one track, if it has one.
    public func pass(_ track: AircraftTrack, kind: PassKind) -> PredictedPass? { pass(TrackPath(track), kind: kind) }

    /// The moment of the pass along one path, if it has one: the same moment as reading every
    /// sample, found reading few of a flown aircraft's. Its samples are read first every few
    /// (the coarse search, `reading`); between two of them it keeps within a few metres of the
    /// straight line joining them (`PathSamples`), which bounds how near and how high it can
    /// come there: only the stretches that could beat the best found are read sample by
    /// sample, and in time order, so the first of equal moments is still the one found.
    public func pass(_ path: TrackPath, kind: PassKind) -> PredictedPass? {
        var p = PathSamples(path, geometry, reading: reading)
        guard p.count > 0 else { return nil }
        // The highest any sample gets, exact: only stretches that could top it are read.
        var highest = -90.0
        for i in p.coarse { if let a = p[i] { highest = max(highest, a.elevation) } }
        for j in p.stretches.indices where p.highBound(j) >= highest {
            for i in p.stretches[j] { if let a = p[i] { highest = max(highest, a.elevation) } }
        }
        // Where along the path the moment is, and how good it is (larger: better).
        var moment: (index: Int, f: Double, score: Double)?
        switch kind {
        case .closest:
            var best = p.coarse.reduce(Double.infinity) { min($0, p.known($1)?.range ?? .infinity) }
            for j in p.stretches.indices where p.nearBound(j) <= best {
                // Each sample with the segment to the next; the last sample by itself.
                let ends = p.stretches[j]
                for i in ends.lowerBound..<(j == p.stretches.count - 1 ? p.count : ends.upperBound) {
                    guard let a = p[i] else { continue }
                    let b = p.next(i)
                    let f = b.map { PassPredictor.nearestFraction(a, $0) } ?? 0
                    let d = PassPredictor.mix(a, b ?? a, f).range
                    if moment == nil || -d > moment!.score { moment = (i, f, -d) }
                    best = min(best, d)
                }
            }
        case .overhead:
            // The first sample at the highest, then the top between samples, looked for only
            // on the segments that could hold a higher point: no point of a segment is higher
            // in the sky than its higher end's height seen from its nearest ground point (a
            // closed form), so the golden-section search runs only where that bound beats the
            // best found, for the same answer as searching every segment.
            search: for j in p.stretches.indices where p.highBound(j) >= highest {
                for i in p.stretches[j] where p[i]?.elevation == highest {
                    moment = (i, 0, highest)
                    break search
                }
            }
            guard moment != nil else { break }
            for j in p.stretches.indices where p.highBound(j) > moment!.score {
                for k in p.stretches[j].dropLast() {
                    guard let a = p[k], let b = p.next(k), PassPredictor.elevationBound(a, b) > moment!.score else { continue }
                    let f = PassPredictor.highestFraction(a, b)
                    let e = PassPredictor.mix(a, b, f).elevation
                    highest = max(highest, e)
                    if e > moment!.score { moment = (k, f, e) }
                }
            }
        case .above(let angle):
            // The first rise through the angle: below it at one sample, at or above at the next.
            search: for j in p.stretches.indices where p.highBound(j) >= angle.degrees {
                for i in p.stretches[j].dropLast() {
                    guard let a = p[i], let b = p.next(i), a.elevation < angle.degrees, b.elevation >= angle.degrees else { continue }
                    var lo = 0.0, hi = 1.0
                    for _ in 0..<40 {
                        let mid = (lo + hi) / 2
                        if PassPredictor.mix(a, b, mid).elevation < angle.degrees { lo = mid } else { hi = mid }
                    }
                    moment = (i, hi, 0)
                    break search
                }
            }
        }
        guard let (i, f, _) = moment else { return nil }
        let next = min(i + 1, p.count - 1)
        let state = path.state(i).interpolated(to: path.state(next), f)
        let time = path.times[i] + (path.times[next] - path.times[i]) * f
        let sighting = geometry.sight(state)
        return PredictedPass(
            icao24: path.icao24, name: path.name, aircraft: state, time: time, slantRange: sighting.slantRange,
            groundDistance: sighting.groundDistance, bearing: sighting.bearing, elevation: sighting.elevation ?? Angle(degrees: 0),
            highest: Angle(degrees: highest))
    }

    /// The point a fraction `f` of the way from `a` to `b`.
    static func mix(_ a: ENU, _ b: ENU, _ f: Double) -> ENU {
        ENU(east: a.east + (b.east - a.east) * f, north: a.north + (b.north - a.north) * f, up: a.up + (b.up - a.up) * f)
    }

    /// Where on the segment from `a` to `b` the observer is nearest: −a·d/|d|², clamped to [0, 1].
    public static func nearestFraction(_ a: ENU, _ b: ENU) -> Double {
        let d = (b.east - a.east, b.north - a.north, b.up - a.up)
        let dd = d.0 * d.0 + d.1 * d.1 + d.2 * d.2
        guard dd > 0 else { return 0 }
        return min(1, max(0, -(a.east * d.0 + a.north * d.1 + a.up * d.2) / dd))
    }

    /// The most any point between `a` and `b`, or within `margin` metres of one, can be up in
    /// the sky, degrees: the higher end's height (plus the margin) over the segment's least
    /// ground distance (less it); over its greatest, an end's (plus it), when even that height
    /// is below the observer: farther is then higher.
    static func elevationBound(_ a: ENU, _ b: ENU, margin: Double = 0) -> Double {
        let up = max(a.up, b.up) + margin
        let ground: Double
        if up >= 0 {
            let d = (b.east - a.east, b.north - a.north)
            let dd = d.0 * d.0 + d.1 * d.1
            let f = dd > 0 ? min(1, max(0, -(a.east * d.0 + a.north * d.1) / dd)) : 0
            let e = a.east + d.0 * f, n = a.north + d.1 * f
            ground = max(0, (e * e + n * n).squareRoot() - margin)
        } else {
            ground = max((a.east * a.east + a.north * a.north).squareRoot(), (b.east * b.east + b.north * b.north).squareRoot()) + margin
        }
        return atan2(up, ground) * 180 / .pi
    }

    /// Where on the segment the elevation is greatest (it rises then falls along a straight
    /// line: a golden-section search finds the top).
    static func highestFraction(_ a: ENU, _ b: ENU) -> Double {
        var lo = 0.0, hi = 1.0
        let g = (5.0.squareRoot() - 1) / 2
        for _ in 0..<40 {
            let x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo)
            if mix(a, b, x1).elevation < mix(a, b, x2).elevation { lo = x1 } else { hi = x2 }
        }
        return (lo + hi) / 2
    }
}

extension AircraftState {
    /// The state a fraction `f` of the way to `other`: position and altitudes in between, the
    /// rest of the nearer state.
    public func interpolated(to other: AircraftState, _ f: Double) -> AircraftState {
        guard f > 0 else { return self }
        var s = f < 0.5 ? self : other
        var dLon = other.coordinate.longitude - coordinate.longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        var lon = coordinate.longitude + dLon * f
        if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
        s.coordinate = Coordinate(
            validLatitude: coordinate.latitude + (other.coordinate.latitude - coordinate.latitude) * f, longitude: lon)
        func mix(_ x: Height?, _ y: Height?) -> Height? {
            guard let x, let y else { return x ?? y }
            return Height(meters: x.meters + (y.meters - x.meters) * f)
        }
        s.baroAltitude = mix(baroAltitude, other.baroAltitude)
        s.geoAltitude = mix(geoAltitude, other.geoAltitude)
        return s
    }
}

/// The closest approach of an aircraft flying straight on, from its offset and velocity
/// relative to the observer: it is nearest after t = −r·v / |v|², at distance |r + v·t|.
public struct RelativeMotion: Sendable {
    /// The offset now (east, north, up; metres).
    public var offset: ENU
    /// The velocity (east, north, up; metres per second).
    public var velocity: ENU

    /// From a sighting: the ground speed along the track, and the vertical rate (0 when unknown).
    public init?(_ sighting: Sighting) {
        guard let enu = sighting.enu, let speed = sighting.aircraft.groundSpeed, let track = sighting.aircraft.track else { return nil }
        offset = enu
        let v = speed.metersPerSecond, t = track * .pi / 180
        velocity = ENU(east: v * sin(t), north: v * cos(t), up: sighting.aircraft.verticalRate ?? 0)
    }

    /// Seconds until the closest approach (negative: it has passed).
    public var timeToClosest: Double {
        let vv = velocity.east * velocity.east + velocity.north * velocity.north + velocity.up * velocity.up
        guard vv > 0 else { return 0 }
        return -(offset.east * velocity.east + offset.north * velocity.north + offset.up * velocity.up) / vv
    }

    /// The offset after `t` seconds.
    public func offset(after t: Double) -> ENU {
        ENU(east: offset.east + velocity.east * t, north: offset.north + velocity.north * t, up: offset.up + velocity.up * t)
    }
}
