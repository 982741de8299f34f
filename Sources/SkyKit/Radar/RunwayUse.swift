import FoundationEssentials
import Glibc

/// How a point of an aircraft's track sits against one runway end.
public struct RunwayAlignment: Sendable {
    public var direction: RunwayDirection
    /// The aircraft's course minus the runway's heading, degrees (+: to the right).
    public var headingOffset: Double
    /// Metres from the extended centre line (+: to the right of it, looking along the runway).
    public var crossTrack: Double
    /// Metres along the runway's direction from its threshold (negative: before it).
    public var along: Double
    /// Metres above the field (0 on the ground; infinite without an altitude).
    public var height: Double
    /// Metres from the field's reference point.
    public var fromField: Double
    /// True when the point is low and near enough, lined up and on the line.
    public var lined: Bool
}

/// A landing or a take-off seen in the traffic near an airport.
public struct RunwayMovement: Sendable {
    public enum Kind: String, Sendable { case arrival, departure }

    public var kind: Kind
    public var icao24: String
    public var name: String
    /// The runway end it used, as its designator ("27R").
    public var runway: String
    /// The heading of that runway end.
    public var heading: Angle
    /// Touchdown or lift-off: the move between ground and air when the feed reports it, else
    /// the lowest point of an approach or the first of a climb-out.
    public var time: Double
    /// True when the feed reported the aircraft on the ground at the field (a ground/air change
    /// was seen); false when inferred from the descent or climb along the runway's line.
    public var groundSeen: Bool
    /// True when it has landed or taken off; false for an aircraft still on final approach (a
    /// climb first seen high is not counted at all: its take-off was before the window).
    public var completed: Bool
    /// The aircraft at that moment.
    public var aircraft: AircraftState
    /// The way it moved then, degrees (its track, or from its positions).
    public var course: Double?
}

/// Which runways are in use at an airport: the landings and take-offs found in a window of
/// traffic, inferred from aircraft low near the field whose tracks line up with a runway.
///
/// The rule, for each aircraft in the window: its points within 15 km of the field and at most
/// 3,000 ft above it (or reported on the ground within 5 km) are matched to the runway end whose
/// heading is within 15° of the aircraft's track and whose extended centre line passes within
/// 600 m of it (the nearest such line: parallel runways are a few hundred metres apart). An
/// aircraft lined up with a runway that goes from the air to the ground, or descends along it,
/// is an arrival; one that goes from the ground to the air, or climbs, a departure. The end
/// used is the one it matched most often.
public struct RunwayUseInference: Sendable {
    public let runways: [Runway]
    let frame: LocalFrame
    let field: Double

    /// The search limits (see the type's description).
    public static let reach = 15_000.0, groundReach = 5_000.0, ceiling = 3_000 * LengthUnit.feet.meters
    public static let alignment = 15.0, centreLine = 600.0
    /// An arrival counts as landed when its lowest point is this close to the threshold and this
    /// low above the field (barometric altitudes can read a few hundred feet low or high).
    public static let landedDistance = 4_000.0, landedHeight = 1_000 * LengthUnit.feet.meters
    /// The highest airfields in use are about 4,400 m up (Daocheng Yading): with a margin.
    public static let highestField = 4_500.0

    /// True when an aircraft could be part of a landing or take-off at any field: on the
    /// ground, or within `ceiling` of the highest ones. (What a live history needs to keep.)
    public static func mayMatter(_ a: AircraftState) -> Bool {
        a.onGround || (a.altitude.map { $0.meters <= highestField + ceiling } ?? false)
    }

    /// The runways of a field whose reference point and elevation are given.
    public init(field reference: Coordinate, elevation: Height?, runways: [Runway]) {
        self.runways = runways
        field = elevation?.meters ?? 0
        frame = LocalFrame(latitude: reference.latitude, longitude: reference.longitude, height: field)
    }

    /// The runways of an airport of the catalog.
    public init(airport: Airport, runways: [Runway]) {
        self.init(field: airport.coordinate, elevation: airport.elevation, runways: runways)
    }

    /// A runway end in the field's flat frame: its threshold (east, north; the field's
    /// reference point when unknown) and unit direction.
    struct Line {
        var direction: RunwayDirection
        var x: Double, y: Double, ux: Double, uy: Double
        var placed: Bool
    }

    var lines: [Line] {
        runways.flatMap(\.directions).map { d in
            let p = d.threshold.map { frame.enu(latitude: $0.latitude, longitude: $0.longitude, height: field) }
            let h = d.heading.radians
            return Line(direction: d, x: p?.east ?? 0, y: p?.north ?? 0, ux: sin(h), uy: cos(h), placed: p != nil)
        }
    }

    /// One point of a track matched to a runway end.
    struct Match {
        var index: Int
        var line: Int
        /// Metres along the runway's direction from its threshold (negative: before it).
        var along: Double
        var height: Double
    }

    /// The way an aircraft moves at one point of its track: the track it sends, else the
    /// direction from its previous position to its next (some feeds leave the track out).
    static func course(_ track: AircraftTrack, _ k: Int) -> Double? {
        if let t = track.states[k].track { return t }
        let a = track.states[max(0, k - 1)].coordinate, b = track.states[min(track.states.count - 1, k + 1)].coordinate
        let g = Geodesic.wgs84.inverse(a, b)
        return g.distance.meters >= 20 ? g.initialAzimuth.normalizedBearing.degrees : nil
    }

    /// How one point of a track sits against each runway end: the heading difference, the
    /// distance from the extended centre line and along it, and the height above the field.
    public func alignments(of s: AircraftState, course: Double) -> [RunwayAlignment] {
        alignments(of: s, course: course, lines: lines)
    }

    func alignments(of s: AircraftState, course: Double, lines: [Line]) -> [RunwayAlignment] {
        let p = frame.enu(latitude: s.coordinate.latitude, longitude: s.coordinate.longitude, height: field)
        let height = s.onGround ? 0 : (s.altitude?.meters).map { $0 - field } ?? .infinity
        let near =
            s.onGround ? p.horizontal <= RunwayUseInference.groundReach : p.horizontal <= RunwayUseInference.reach && height <= RunwayUseInference.ceiling
        return lines.map { line in
            let dx = p.east - line.x, dy = p.north - line.y
            let turn = (Angle(degrees: course) - line.direction.heading).signedTurn.degrees
            let cross = dx * line.uy - dy * line.ux
            // Without thresholds only the heading can be matched.
            let limit = line.placed ? RunwayUseInference.centreLine : RunwayUseInference.reach
            return RunwayAlignment(
                direction: line.direction, headingOffset: turn, crossTrack: cross, along: dx * line.ux + dy * line.uy, height: height,
                fromField: p.horizontal, lined: near && abs(turn) <= RunwayUseInference.alignment && abs(cross) <= limit)
        }
    }

    /// The end a state lines up with, if any: the nearest centre line among those it lines up with.
    func match(_ s: AircraftState, course: Double?, index: Int, lines: [Line]) -> Match? {
        guard let course else { return nil }
        let all = alignments(of: s, course: course, lines: lines)
        guard let k = all.indices.filter({ all[$0].lined }).min(by: { abs(all[$0].crossTrack) < abs(all[$1].crossTrack) }) else { return nil }
        return Match(index: index, line: k, along: all[k].along, height: all[k].height)
    }

    /// The landings and take-offs in a window of traffic whose moment falls in `period`.
    public func movements(_ window: TrafficWindow, in period: ClosedRange<Double>) -> [RunwayMovement] {
        let lines = lines
        guard !lines.isEmpty else { return [] }
        var found: [RunwayMovement] = []
        for track in window.tracks {
            let matches = track.states.indices.compactMap {
                match(track.states[$0], course: RunwayUseInference.course(track, $0), index: $0, lines: lines)
            }
            guard let first = matches.first, let last = matches.last else { continue }
            // A change between ground and air near the field decides; else the way it moved.
            let near = track.states.indices.filter { k in
                let p = frame.enu(latitude: track.states[k].coordinate.latitude, longitude: track.states[k].coordinate.longitude, height: field)
                return p.horizontal <= RunwayUseInference.groundReach
            }
            var kind: RunwayMovement.Kind?
            var moment: Int?
            var groundSeen = false
            for (a, b) in zip(near, near.dropFirst()) where b == a + 1 && track.states[a].onGround != track.states[b].onGround {
                kind = track.states[a].onGround ? .departure : .arrival
                moment = b
                groundSeen = true
            }
            if kind == nil {
                let airborne = matches.filter { !track.states[$0.index].onGround }
                guard let low = airborne.first, let high = airborne.last, airborne.count >= 2 else { continue }
                let rise = high.height - low.height
                if rise < -50 {
                    kind = .arrival
                    moment = airborne.min { $0.height < $1.height }!.index
                } else if rise > 50 {
                    // A climb already under way when the window opens took off before it.
                    guard track.times[low.index] > period.lowerBound + 1 else { continue }
                    kind = .departure
                    moment = low.index
                } else {
                    continue
                }
            }
            guard let kind, let moment, period.contains(track.times[moment]) else { continue }
            // The end it lined up with most often within a minute and a half of that moment
            // (taxiing the other way before a take-off does not count), else in the whole track.
            let around = matches.filter { abs(track.times[$0.index] - track.times[moment]) <= 90 }
            var counts: [Int: Int] = [:]
            for m in around.isEmpty ? matches : around { counts[m.line, default: 0] += 1 }
            let end = lines[counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }!.key]
            let completed: Bool
            if groundSeen {
                completed = true
            } else if kind == .arrival {
                let lowest = matches.filter { $0.index == moment }.first ?? last
                completed =
                    lowest.height <= RunwayUseInference.landedHeight
                    && (!end.placed || lowest.along >= -RunwayUseInference.landedDistance)
            } else {
                // A climb first seen high took off before the window (or elsewhere): not counted.
                guard first.height <= RunwayUseInference.landedHeight * 1.5 else { continue }
                completed = true
            }
            found.append(
                RunwayMovement(
                    kind: kind, icao24: track.icao24, name: track.name, runway: end.direction.designator, heading: end.direction.heading,
                    time: track.times[moment], groundSeen: groundSeen, completed: completed, aircraft: track.states[moment],
                    course: RunwayUseInference.course(track, moment)))
        }
        return found.sorted { ($0.time, $0.icao24) < ($1.time, $1.icao24) }
    }
}

/// What the movements say about the runways: the ends used for landing and for take-off, most
/// used first, and the flow (the direction most movements head).
public struct RunwayUse: Sendable {
    public var movements: [RunwayMovement]
    public var landing: [(runway: String, count: Int)]
    public var departing: [(runway: String, count: Int)]
    /// The mean heading of the movements (nil without any).
    public var flow: Angle?

    public init(_ movements: [RunwayMovement]) {
        self.movements = movements
        func tally(_ kind: RunwayMovement.Kind) -> [(runway: String, count: Int)] {
            var counts: [String: Int] = [:]
            for m in movements where m.kind == kind { counts[m.runway, default: 0] += 1 }
            return counts.map { (runway: $0.key, count: $0.value) }.sorted { ($1.count, $0.runway) < ($0.count, $1.runway) }
        }
        landing = tally(.arrival)
        departing = tally(.departure)
        guard !movements.isEmpty else {
            flow = nil
            return
        }
        // The mean of directions: the sum of unit vectors.
        let x = movements.reduce(0) { $0 + sin($1.heading.radians) }, y = movements.reduce(0) { $0 + cos($1.heading.radians) }
        flow = x * x + y * y < 1e-12 ? nil : Angle(radians: atan2(x, y)).normalizedBearing
    }
}
