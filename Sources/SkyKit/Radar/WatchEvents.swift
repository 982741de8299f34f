/// What happens to a watched aircraft as the traffic moves: it comes into range, passes its
/// closest to the observer, starts squawking an emergency, or is lost.
public struct WatchEvent: Sendable {
    public enum Kind: String, Sendable {
        case seen, closest, emergency, lost
    }

    public var kind: Kind
    /// When it happened (Unix seconds): for `closest` the moment of the nearest snapshot, for
    /// `lost` the last time the aircraft was in range.
    public var time: Double
    /// Where the aircraft was then.
    public var sighting: Sighting
    /// Why it is watched (WatchEntry.reasons).
    public var reasons: [String]
}

/// Follows the watched aircraft through successive snapshots and says what happened to each.
/// An aircraft is followed from the first snapshot in which it is within range and matches the
/// watchlist (or squawks an emergency) until it has been out of range or out of the feed for
/// `lostAfter` seconds. Its closest approach is the nearest straight-line distance before the
/// distance grows again by more than `margin` (250 m or 3 %, so a noisy position does not make
/// passes of its own); a later approach by as much makes a new pass.
public struct WatchTracker: Sendable {
    public let geometry: RadarGeometry
    public let range: Distance
    public let entries: [WatchEntry]
    public let lostAfter: Double

    struct Followed {
        var reasons: [String]
        var last: Sighting
        var lastTime: Double
        /// The nearest since the pass began, while approaching.
        var nearest: (sighting: Sighting, time: Double)?
        /// The farthest since the last pass, while moving away.
        var farthest: Double = 0
        var emergency: String?
    }

    var followed: [String: Followed] = [:]

    public init(geometry: RadarGeometry, range: Distance, entries: [WatchEntry], lostAfter: Double = 60) {
        self.geometry = geometry
        self.range = range
        self.entries = entries
        self.lostAfter = lostAfter
    }

    /// The number of aircraft followed now.
    public var count: Int { followed.count }

    static func margin(_ meters: Double) -> Double { max(250, 0.03 * meters) }

    /// The events of one snapshot, in the order they happened.
    public mutating func update(_ snapshot: TrafficSnapshot) -> [WatchEvent] {
        var events: [WatchEvent] = []
        var present: Set<String> = []
        for s in geometry.sightings(snapshot.aircraft, within: range) {
            let a = s.aircraft, t = snapshot.time
            present.insert(a.icao24)
            guard var f = followed[a.icao24] else {
                let reasons = WatchEntry.reasons(entries, a)
                guard !reasons.isEmpty else { continue }
                followed[a.icao24] = Followed(reasons: reasons, last: s, lastTime: t, nearest: (s, t), emergency: a.squawk.flatMap(WatchEntry.emergency))
                events.append(WatchEvent(kind: .seen, time: t, sighting: s, reasons: reasons))
                continue
            }
            let d = s.slantRange.meters
            if let nearest = f.nearest {
                let least = nearest.sighting.slantRange.meters
                if d < least {
                    f.nearest = (s, t)
                } else if d > least + Self.margin(least) {
                    events.append(WatchEvent(kind: .closest, time: nearest.time, sighting: nearest.sighting, reasons: f.reasons))
                    f.nearest = nil
                    f.farthest = d
                }
            } else {
                f.farthest = max(f.farthest, d)
                if d < f.farthest - Self.margin(d) { f.nearest = (s, t) }
            }
            let emergency = a.squawk.flatMap(WatchEntry.emergency)
            if let emergency, emergency != f.emergency {
                let reason = "squawk \(a.squawk ?? "") — \(emergency)"
                if !f.reasons.contains(reason) { f.reasons.append(reason) }
                events.append(WatchEvent(kind: .emergency, time: t, sighting: s, reasons: f.reasons))
            }
            f.emergency = emergency
            f.last = s
            f.lastTime = t
            followed[a.icao24] = f
        }
        for (hex, f) in followed where !present.contains(hex) && snapshot.time - f.lastTime >= lostAfter {
            events += lose(hex, f)
        }
        return events
    }

    /// The events of every aircraft still followed, as if each were lost now (the end of a
    /// recording): a pass already begun to recede is said first.
    public mutating func finish() -> [WatchEvent] {
        followed.sorted { $0.value.lastTime < $1.value.lastTime }.flatMap { lose($0.key, $0.value) }
    }

    mutating func lose(_ hex: String, _ f: Followed) -> [WatchEvent] {
        followed[hex] = nil
        var events: [WatchEvent] = []
        // The nearest was passed if the last position is farther than it.
        if let nearest = f.nearest, nearest.time < f.lastTime, f.last.slantRange.meters > nearest.sighting.slantRange.meters {
            events.append(WatchEvent(kind: .closest, time: nearest.time, sighting: nearest.sighting, reasons: f.reasons))
        }
        events.append(WatchEvent(kind: .lost, time: f.lastTime, sighting: f.last, reasons: f.reasons))
        return events
    }
}
