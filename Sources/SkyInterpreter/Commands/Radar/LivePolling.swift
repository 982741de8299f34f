import FoundationEssentials
import Glibc
import SkyKit

/// A live feed polled until a deadline, Ctrl-C or a signal — what `radar watch` and `station
/// run` share. Each answer is remembered by the radar (the station log keeps it) and handed on:
/// a snapshot, or the failure of a feed that cannot answer now (it is asked again); any other
/// failure ends the polling with its error.
enum LivePolling {
    /// Polls `feed` around the observer until `deadline` (`monotonicSeconds()`; nil: until
    /// stopped). `handle` gets each answer and says how many seconds to wait before the next
    /// poll. Returns what stopped it ("Ctrl-C", also for SIGTERM and SIGHUP), or nil at the
    /// deadline.
    static func poll(
        _ feed: TrafficFeed, from observer: Observer, until deadline: Double?, _ context: CommandContext,
        _ handle: (Result<TrafficSnapshot, FeedError>) throws -> Double
    ) throws -> String? {
        func beforeDeadline() -> Bool { deadline.map { monotonicSeconds() < $0 } ?? true }
        while beforeDeadline() {
            if Interrupt.requested { return "Ctrl-C" }
            let answer = Result { () throws(FeedError) in
                try feed.snapshot(
                    at: context.runner.clock.now.timeIntervalSince1970, around: observer.place.coordinate, range: context.session.radar.range,
                    cancelled: { Interrupt.requested })
            }
            switch answer {
            case .success(let snapshot): context.radar.remember(snapshot, of: feed, from: observer)
            case .failure(let error) where error.kind == .cancelled: return "Ctrl-C"
            case .failure(let error) where error.kind != .unavailable: throw ShellError(feedError: error)
            case .failure: break
            }
            let next = monotonicSeconds() + (try handle(answer))
            while monotonicSeconds() < next, beforeDeadline(), !Interrupt.requested { usleep(50_000) }
        }
        return nil
    }
}
