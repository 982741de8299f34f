import FoundationEssentials
import Glibc
import SkyKit

/// A stretch of traffic before or after the radar's moment, for the questions about what
/// happened (runways, arrivals) and what comes next.
struct RadarWindow {
    var feed: TrafficFeed
    var observer: Observer
    /// The radar's moment.
    var now: Double
    /// The stretch covered (it may be shorter than asked: the ends of a recording, a short
    /// live history).
    var start: Double, end: Double
    var window: TrafficWindow
    /// What the user should know about how the window was made.
    var note: String?

    var geometry: RadarGeometry { RadarGeometry(observer) }
}

extension RadarContext {
    /// Seconds between two points of a prediction on a live feed, and between two live
    /// snapshots the history keeps.
    static let windowStep = 5.0
    /// How long a window may be, seconds: a minute to an hour (the live history's length).
    static let windowLengths = 60.0...historySpan

    /// The traffic of the `duration` seconds up to the radar's moment: from the recording, or
    /// what this session fetched from a live feed.
    func past(_ duration: Double) throws -> RadarWindow {
        let (feed, now, snapshot, observer) = try current()
        if feed.isRecorded {
            let start = max(now - duration, feed.span?.lowerBound ?? now)
            var window = feed.window(from: start, to: now) ?? TrafficWindow([snapshot])
            let note =
                start > now - duration + 1
                ? "the recording starts at \(context.moments.moment(start)): \(TimeText.span(now - start)) looked back, not \(TimeText.span(duration))" : nil
            let qnhNote = correctingPressureAltitudes(of: &window, at: now, around: observer)
            return RadarWindow(feed: feed, observer: observer, now: now, start: start, end: now, window: window, note: RadarContext.joined(note, qnhNote))
        }
        let kept = history.snapshots.filter { $0.time >= now - duration && $0.time <= now }
        let snapshots = kept.isEmpty ? [snapshot] : kept
        let start = snapshots[0].time
        let note =
            now - start < duration - 1
            ? "\(feed.label) is live: only what this session fetched is known (\(Format.count(snapshots.count, "snapshot")) "
                + "over \(TimeText.span(now - start))); keep `radar live` running to see more"
            : nil
        return RadarWindow(
            feed: feed, observer: observer, now: now, start: start, end: now, window: TrafficWindow(snapshots), note: RadarContext.joined(note, stationQNHNote))
    }

    /// The traffic of the `duration` seconds from the radar's moment: exact from a recording
    /// (it knows the future), extrapolated along each aircraft's track and speed for live feeds.
    func future(_ duration: Double, reach asked: Distance? = nil) throws -> RadarWindow {
        let (feed, now, snapshot, observer) = try current()
        if feed.isRecorded {
            let end = min(now + duration, feed.span?.upperBound ?? now)
            var window = feed.window(from: now, to: end) ?? TrafficWindow([snapshot])
            let note =
                end < now + duration - 1
                ? "the recording ends at \(context.moments.moment(end)): \(TimeText.span(end - now)) looked ahead, not \(TimeText.span(duration))" : nil
            let qnhNote = correctingPressureAltitudes(of: &window, at: now, around: observer)
            return RadarWindow(feed: feed, observer: observer, now: now, start: now, end: end, window: window, note: RadarContext.joined(note, qnhNote))
        }
        // Only what can come within the range in that time at its own speed is flown on (at
        // most the cruise speed assumed when it gives none): the work and the memory follow
        // the answer, not the size of the feed.
        let geometry = RadarGeometry(observer)
        let range = max(context.session.radar.range.meters, asked?.meters ?? 0)
        let fastest = snapshot.aircraft.reduce(AircraftState.cruise) { max($0, min($1.groundSpeed?.metersPerSecond ?? 0, 1_000)) }
        let candidates = geometry.sightings(snapshot.aircraft, within: Distance(meters: range + fastest * duration))
        let near = TrafficSnapshot(
            time: snapshot.time,
            aircraft: candidates.filter { s in
                s.groundDistance.meters - min(s.aircraft.groundSpeed?.metersPerSecond ?? AircraftState.cruise, 1_000) * duration <= range
            }.map(\.aircraft))
        return RadarWindow(
            feed: feed, observer: observer, now: now, start: now, end: now + duration,
            window: .extrapolating(near, for: duration, step: RadarContext.windowStep),
            note: RadarContext.joined(
                "\(feed.label) is live: the future is extrapolated, each aircraft flying straight on at its speed, track and climb rate", stationQNHNote))
    }

    /// A recording's window read with the QNH of a METAR of its moment, as the radar's picture
    /// is (see `correctPressureAltitudes`); what was done, or nil.
    private func correctingPressureAltitudes(of window: inout TrafficWindow, at now: Double, around observer: Observer) -> String? {
        correctPressureAltitudes(at: now, around: observer) { window.correctingPressureAltitudes(qnh: $0, station: $1, within: RadarContext.qnhReach) }
    }

    /// Notes said as one, those missing left out; nil when all are.
    static func joined(_ notes: String?...) -> String? {
        let said = notes.compactMap { $0 }
        return said.isEmpty ? nil : said.joined(separator: "; ")
    }
}
