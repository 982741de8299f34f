import FoundationEssentials
import Glibc
import SkyKit

/// `radar watch [for D]`: one JSON line per event of a watched aircraft, for scripts.
enum RadarWatchCommand {
    static let forOption = Option("for", .duration(defaultSeconds: 60, placeholder: "duration"), "stop after this long (default: never)")

    /// Seconds of a recording between two snapshots looked at.
    static let recordedStep = 1.0

    static let spec = CommandSpec(
        "watch", category: .radar,
        abstract: "Print one JSON line per event of a watched aircraft, for scripts",
        discussion:
            "Follows the aircraft within the radar range that match the watchlist (watch add) or squawk an emergency "
            + "(7500, 7600, 7700: always), and writes one line of JSON as each event happens: `seen` (it came into range "
            + "matching), `closest` (it passed its nearest to you: the nearest moment, once the distance has grown again by "
            + "250 m or 3 %), `emergency` (it started squawking one) and `lost` (out of range or of the feed for a minute; the "
            + "last time it was seen). Each line has the event, the time (ISO 8601 UTC), the aircraft's address, callsign, "
            + "type, registration, country of registration and squawk, why it is watched, where it is (distances, bearing, "
            + "elevation, altitude) and where to look in words. On a live feed it never ends by itself — Ctrl-C or a signal "
            + "ends it, or `for` — so cron, systemd or a notifier can read its lines; a feed that fails is tried again, less "
            + "often each time, with a warning on the error output. A recording is read from the radar time to its end at "
            + "once, a snapshot a second, and what is still followed when it ends is said `lost`; `for` ends the watch without events.",
        options: [forOption.spec],
        requires: [.observer],
        examples: [
            Example("watch add type C17; radar watch", "a line for each C-17 that comes, passes and goes"),
            Example("radar watch for 1h", "an hour of events"),
        ]
    ) { args, context in
        let observer = try args.observer()
        let feed = try context.radar.feed()
        let duration = args[forOption]
        if let duration, duration <= 0 { throw ShellError.usage("watch for a duration above zero") }
        var tracker = WatchTracker(geometry: RadarGeometry(observer), range: context.session.radar.range, entries: context.session.radar.watchlist)
        let write = { (events: [WatchEvent]) in
            for event in events {
                context.console.out.write(JSONWriter.compact(datum(event, source: feed.label, context)) + "\n")
            }
            if !events.isEmpty { context.console.out.flush() }
        }
        let start = context.radar.time(feed)
        var stoppedBy: String?
        if feed.isRecorded, let span = feed.span {
            let end = min(span.upperBound, duration.map { start + $0 } ?? .infinity)
            var t = start
            while t <= end {
                if Interrupt.requested { stoppedBy = "Ctrl-C"; break }
                let snapshot: TrafficSnapshot
                do {
                    snapshot = try feed.snapshot(at: t, around: observer.place.coordinate, range: context.session.radar.range, cancelled: { false })
                } catch let error as FeedError {
                    throw ShellError(feedError: error)
                }
                write(tracker.update(snapshot))
                t += recordedStep
            }
            // The aircraft still followed when the recording ends are lost with it.
            if stoppedBy == nil, end == span.upperBound { write(tracker.finish()) }
        } else {
            stoppedBy = try followLive(feed, &tracker, observer, until: duration.map { monotonicSeconds() + $0 }, context, write)
        }
        if stoppedBy == "Ctrl-C" { _ = Interrupt.take() }
        return Output()
    }

    /// Polls a live feed at its refresh rate until `deadline` (`monotonicSeconds()`) or Ctrl-C
    /// (what stopped it, or nil at the deadline); a failing feed is retried after 2, 4, … up to
    /// 300 s.
    static func followLive(
        _ feed: TrafficFeed, _ tracker: inout WatchTracker, _ observer: Observer, until deadline: Double?, _ context: CommandContext,
        _ write: ([WatchEvent]) -> Void
    ) throws -> String? {
        var wait = feed.refreshInterval
        return try LivePolling.poll(feed, from: observer, until: deadline, context) { answer in
            switch answer {
            case .success(let snapshot):
                write(tracker.update(snapshot))
                wait = feed.refreshInterval
            case .failure(let error):
                wait = min(max(wait * 2, 2), 300)
                context.console.warn("\(error.message); trying again in \(Format.trimmed(wait)) s")
            }
            return wait
        }
    }

    /// One event as the line's object.
    static func datum(_ event: WatchEvent, source: String, _ context: CommandContext) -> Datum {
        let s = event.sighting, a = s.aircraft
        return .object([
            ("event", .string(event.kind.rawValue)), ("time", TimeText.isoDatum(event.time)), ("icao24", .string(a.icao24)),
            ("callsign", .optional(a.callsign)), ("type", .optional(a.typeDesignator)), ("registration", .optional(a.registration)),
            ("country", .optional(AddressBlocks.country(of: a.icao24))), ("squawk", .optional(a.squawk)),
            ("why", .list(event.reasons.map { .string($0) })), ("distance_km", Datum.rounded(s.slantRange.kilometers, 2)),
            ("ground_km", Datum.rounded(s.groundDistance.kilometers, 2)), ("bearing", Datum.rounded(s.bearing.degrees, 1)),
            ("elevation", s.elevation.map { Datum.rounded($0.degrees, 1) } ?? .null),
            ("altitude_m", a.altitude.map { Datum.rounded($0.meters, 0) } ?? .null), ("on_ground", .bool(a.onGround)),
            ("look", .string(SpotCommand.sentence(s, context.settings.units, context))), ("source", .string(source)),
        ])
    }
}
