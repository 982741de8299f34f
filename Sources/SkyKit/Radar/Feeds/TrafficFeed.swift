import FoundationEssentials
import Glibc

/// A source of traffic snapshots: a live service, a receiver, a recording.
public protocol TrafficFeed: AnyObject {
    /// How the feed is named in messages: "OpenSky", "sample Paris", "receiver http://…".
    var label: String { get }
    /// Seconds between two fetches worth making (the data's time resolution).
    var refreshInterval: Double { get }
    /// The time span a recorded feed can replay (Unix seconds); nil for live feeds.
    var span: ClosedRange<Double>? { get }
    /// Where a replay starts.
    var defaultTime: Double? { get }
    /// The traffic around a place: at `time` for recordings, the latest for live feeds.
    func snapshot(at time: Double, around center: Coordinate, range: Distance, cancelled: () -> Bool) throws(FeedError) -> TrafficSnapshot
    /// What a recorded feed holds between two moments, per aircraft; live feeds have no past
    /// or future to give (nil).
    func window(from start: Double, to end: Double) -> TrafficWindow?
}

extension TrafficFeed {
    public var isRecorded: Bool { span != nil }
    public func window(from start: Double, to end: Double) -> TrafficWindow? { nil }
}

/// Seconds on a clock that never jumps (for rate limits and caches).
public func monotonicSeconds() -> Double { ProcessInfo.processInfo.systemUptime }

/// The embedded recordings, replayed at a time cursor.
public final class SampleFeed: TrafficFeed {
    public let sample: SampleTraffic
    public init(_ sample: SampleTraffic) { self.sample = sample }
    public var label: String { "sample \(sample.place)" }
    public var refreshInterval: Double { 1 }
    public var span: ClosedRange<Double>? { sample.start...sample.end }
    public var defaultTime: Double? { sample.busiest }
    public func snapshot(at time: Double, around center: Coordinate, range: Distance, cancelled: () -> Bool) throws(FeedError) -> TrafficSnapshot {
        sample.snapshot(at: time)
    }
}

extension SampleFeed {
    /// The recording between two moments: its own points, and the interpolated states where
    /// the moments cut the tracks.
    public func window(from start: Double, to end: Double) -> TrafficWindow? {
        TrafficWindow(tracks: sample.tracks(from: max(start, sample.start), to: min(end, sample.end)))
    }
}

/// A skyshell recording (TrafficRecording), replayed at a time cursor: the last snapshot at or
/// before it.
public final class ReplayFeed: TrafficFeed {
    public let path: String
    public let recordedSource: String
    let snapshots: [TrafficSnapshot]

    public init(path: String) throws(FeedError) {
        self.path = path
        (recordedSource, snapshots) = try TrafficRecording.read(try TrafficRecording.bytes(of: path))
    }

    public var label: String { "recording \(PathText.base(path)) (\(recordedSource))" }
    public var refreshInterval: Double { 1 }
    public var span: ClosedRange<Double>? { snapshots.first!.time...snapshots.last!.time }
    public var defaultTime: Double? { snapshots.first!.time }
    public func snapshot(at time: Double, around center: Coordinate, range: Distance, cancelled: () -> Bool) throws(FeedError) -> TrafficSnapshot {
        // The last snapshot at or before the time, the first one before them all.
        snapshots[PartitionPoint.last(in: snapshots.count) { snapshots[$0].time <= time } ?? 0]
    }
}

extension ReplayFeed {
    /// The recorded snapshots between two moments.
    public func window(from start: Double, to end: Double) -> TrafficWindow? {
        TrafficWindow(snapshots.filter { $0.time >= start && $0.time <= end })
    }
}

/// A local ADS-B receiver's aircraft.json, over HTTP or from a file.
public final class ReceiverFeed: TrafficFeed {
    public let location: String
    let http: HTTPClient
    var cache: (at: Double, snapshot: TrafficSnapshot)?
    /// When `location` answered with a web page (tar1090's, dump1090-fa's), the data URL found
    /// at one of the usual paths (`dataPaths`), read from then on.
    public private(set) var foundData: String?

    public init(location: String, http: HTTPClient) {
        self.location = location
        self.http = http
    }

    public var isURL: Bool { location.hasPrefix("http://") || location.hasPrefix("https://") }
    public var label: String { "receiver \(foundData ?? location)" }
    public var refreshInterval: Double { 1 }
    public var span: ClosedRange<Double>? { nil }
    public var defaultTime: Double? { nil }

    public func snapshot(at time: Double, around center: Coordinate, range: Distance, cancelled: () -> Bool) throws(FeedError) -> TrafficSnapshot {
        if let cache, monotonicSeconds() - cache.at < refreshInterval { return cache.snapshot }
        var snapshot: TrafficSnapshot
        if isURL {
            let bytes = try fetch(foundData ?? location, cancelled: cancelled)
            if foundData == nil, ReceiverFeed.isWebPage(bytes) {
                (foundData, snapshot) = try findData(cancelled: cancelled)
            } else {
                snapshot = try ReadsbDecoder.decode(bytes)
            }
        } else {
            guard let data = FileManager.default.contents(atPath: location) else {
                throw FeedError(.data, FileManager.default.fileExists(atPath: location) ? "\(location) cannot be read" : "no such file: \(location)")
            }
            snapshot = try ReadsbDecoder.decode([UInt8](data))
        }
        if snapshot.time == 0 { snapshot.time = time }
        cache = (monotonicSeconds(), snapshot)
        return snapshot
    }

    /// The body of a 200 answer for `address`, or why there is none.
    func fetch(_ address: String, cancelled: () -> Bool) throws(FeedError) -> [UInt8] {
        guard let url = URL(string: address) else { throw FeedError(.data, "'\(address)' is not a URL") }
        let response: HTTPResponse
        do {
            response = try http.get(url, cancelled: cancelled)
        } catch {
            throw FeedError(error)
        }
        guard response.status == 200 else {
            throw FeedError(.unavailable, "the receiver answered \(response.status) (\(HTTPStatus.reason(response.status))) for \(address)")
        }
        return response.body
    }

    /// True for an HTML page (its first byte after white space is `<`): a receiver's web page
    /// given instead of its data.
    static func isWebPage(_ bytes: [UInt8]) -> Bool {
        bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "<")
    }

    /// Where tar1090, dump1090-fa, SkyAware and readsb serve aircraft.json: below the page
    /// given, then at the server's usual folders.
    public static let dataPaths = [
        "/tar1090/data/aircraft.json", "/skyaware/data/aircraft.json", "/dump1090-fa/data/aircraft.json",
        "/dump1090/data/aircraft.json", "/data/aircraft.json",
    ]

    /// The data URLs to try for the web page at `location`, each once, in order.
    func candidates() -> [String] {
        var base = location.split(separator: "?", maxSplits: 1).first.map(String.init) ?? location
        if let file = base.lastIndex(of: "/"), base[file...].contains(".") { base = String(base[...file]) }
        if !base.hasSuffix("/") { base += "/" }
        var found = [base + "data/aircraft.json"]
        // scheme://host[:port]
        let parts = location.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        let origin = parts.count >= 3 ? parts[0...2].joined(separator: "/") : location
        for path in ReceiverFeed.dataPaths where !found.contains(origin + path) { found.append(origin + path) }
        return found
    }

    /// The first of `candidates()` that answers with aircraft.json, and what it holds; an error
    /// naming what was tried when none does.
    func findData(cancelled: () -> Bool) throws(FeedError) -> (String, TrafficSnapshot) {
        let tried = candidates()
        for address in tried {
            if let body = try? fetch(address, cancelled: cancelled), let snapshot = try? ReadsbDecoder.decode(body) { return (address, snapshot) }
            if cancelled() { throw FeedError(.cancelled, "cancelled") }
        }
        throw FeedError(
            .data,
            "\(location) is a web page, not aircraft.json, and none of the usual data paths answered (tried "
                + tried.joined(separator: ", ") + "): give the receiver's data URL, e.g. http://HOST/tar1090/data/aircraft.json")
    }
}

/// Reason phrases of the HTTP status codes feeds meet.
public enum HTTPStatus {
    public static func reason(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: status >= 500 ? "server error" : "unexpected status"
        }
    }
}
