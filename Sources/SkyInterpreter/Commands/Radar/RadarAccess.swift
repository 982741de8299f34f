import Foundation
import SkyKit

/// What the radar shows at one moment: the traffic within range of the observer, nearest first.
public struct RadarPicture {
    public var feed: String
    /// When the traffic is from (Unix seconds).
    public var time: Double
    public var isRecorded: Bool
    public var observer: Observer
    public var heading: Angle
    public var headingIsSet: Bool
    public var range: Distance
    public var units: UnitSystem
    public var sightings: [Sighting]
    /// Aircraft in the snapshot, in range or not.
    public var total: Int
    /// A remark for the user (no traffic near here, an old answer…).
    public var note: String?
    /// ICAO addresses of the aircraft the terrain hides from the observer (only judged where
    /// terrain covers the whole path).
    public var hiddenByTerrain: Set<String> = []
    /// Satellites above the horizon (the ISS), with where they are in the sky.
    public var satellites: [SatelliteSighting] = []

    public init(
        feed: String, time: Double, isRecorded: Bool, observer: Observer, heading: Angle, headingIsSet: Bool, range: Distance,
        units: UnitSystem, sightings: [Sighting], total: Int, note: String? = nil
    ) {
        self.feed = feed
        self.time = time
        self.isRecorded = isRecorded
        self.observer = observer
        self.heading = heading
        self.headingIsSet = headingIsSet
        self.range = range
        self.units = units
        self.sightings = sightings
        self.total = total
        self.note = note
    }
}

extension Shell {
    /// The feed for the session's radar source, made once per source.
    func radarFeed() throws -> TrafficFeed {
        let source = session.radar.source
        if let opened = openedRadarFeed, opened.source == source { return opened.feed }
        let feed: TrafficFeed
        switch source {
        case .sample(let name):
            feed = SampleFeed(name.map(SampleTraffic.named) ?? SampleTraffic.nearest(to: session.observer?.place.coordinate ?? SampleTraffic.paris.centre))
        case .openSky(let url, let auth, let credentialsPath):
            do {
                feed = try OpenSkyFeed(
                    baseURL: url ?? OpenSkyFeed.defaultBaseURL, authURL: auth ?? OpenSkyFeed.defaultAuthURL,
                    credentials: try openSkyCredentials(credentialsPath), http: http)
            } catch let error as FeedError {
                throw ShellError(feedError: error)
            }
        case .receiver(let location):
            feed = ReceiverFeed(location: location, http: http)
        case .replay(let path):
            do {
                feed = try ReplayFeed(path: path)
            } catch {
                throw ShellError(feedError: error)
            }
        }
        // A sample picked by position is made again when the observer moves elsewhere.
        if case .sample(nil) = source {
            openedRadarFeed = nil
        } else {
            openedRadarFeed = (source, feed)
        }
        return feed
    }

    /// OpenSky credentials: the file given, else OPENSKY_CLIENT_ID/SECRET, else
    /// opensky-credentials.json in the config directory if it exists; nil for anonymous use.
    func openSkyCredentials(_ path: String?) throws -> OpenSkyCredentials? {
        do {
            if let path { return try OpenSkyCredentials.load(path: path) }
            if let env = OpenSkyCredentials.fromEnvironment(environment) { return env }
            if let config = paths?.config, FileManager.default.fileExists(atPath: config + "/opensky-credentials.json") {
                return try OpenSkyCredentials.load(path: config + "/opensky-credentials.json")
            }
            return nil
        } catch {
            throw ShellError(feedError: error)
        }
    }

    /// The moment the radar shows: the replay cursor of a recording (its busiest minute until
    /// moved), the present for live feeds.
    func radarTime(_ feed: TrafficFeed) -> Double {
        guard let span = feed.span else { return clock.now.timeIntervalSince1970 }
        let t = session.radar.time ?? feed.defaultTime ?? span.lowerBound
        return min(max(t, span.lowerBound), span.upperBound)
    }

    /// The traffic around the observer now.
    func radarPicture() throws -> RadarPicture {
        guard let observer = session.observer else { throw ShellError.usage(Requirement.observer.message) }
        let feed = try radarFeed()
        let time = radarTime(feed)
        let range = session.radar.range
        let snapshot: TrafficSnapshot
        do {
            snapshot = try feed.snapshot(at: time, around: observer.place.coordinate, range: range, cancelled: { Interrupt.requested })
        } catch {
            throw ShellError(feedError: error)
        }
        let geometry = RadarGeometry(observer: observer.place.coordinate, height: observer.altitude)
        let sightings = geometry.sightings(snapshot.aircraft, within: range)
        var note: String?
        if let sample = (feed as? SampleFeed)?.sample {
            let away = Geodesic.wgs84.inverse(observer.place.coordinate, sample.centre).distance
            if away.kilometers > 250 {
                note =
                    "the embedded traffic is over \(sample.place) (\(Format.distance(away, units, decimals: 0)) from here): `observer LFPG` or `observer LSZH` to see it"
            }
        }
        var picture = RadarPicture(
            feed: feed.label, time: feed.isRecorded ? time : snapshot.time, isRecorded: feed.isRecorded, observer: observer,
            heading: session.heading, headingIsSet: session.headingIsSet, range: range, units: units,
            sightings: sightings, total: snapshot.aircraft.count, note: note)
        picture.hiddenByTerrain = terrain().hidden(sightings, from: observer)
        picture.satellites = satellites(at: picture.time, from: observer)
        return picture
    }

    /// The ISS when it is above the horizon at `time`, if the element set is recent enough for
    /// that time (within 30 days of its epoch: the recordings of 2018 and 2021 show none).
    func satellites(at time: Double, from observer: Observer) -> [SatelliteSighting] {
        guard let sgp4 = try? propagator(), abs(time - sgp4.tle.epoch.timeIntervalSince1970) < 30 * 86_400 else { return [] }
        return sgp4.sighting(at: Date(timeIntervalSince1970: time), from: observer).map { [$0] } ?? []
    }
}

extension ShellError {
    /// The shell error for a feed failure: bad data 65, a service down or refusing 69.
    init(feedError e: FeedError) {
        switch e.kind {
        case .data: self.init(.data, e.message)
        case .unavailable, .refused: self.init(.unavailable, e.message)
        case .cancelled: self.init(.interrupted, "interrupted")
        }
    }
}
