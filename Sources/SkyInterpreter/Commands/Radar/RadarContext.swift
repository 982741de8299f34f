import FoundationEssentials
import Glibc
import SkyKit

/// The radar service's state: the feed of the session's source, kept for its cache and sign-in.
final class RadarContext: ServiceContext {
    let context: CommandContext
    private var opened: (source: RadarSource, feed: TrafficFeed)?
    /// The satellites last shown, for the second, observer and setting they were found for.
    private var satelliteCache: (time: Double, observer: Observer, mode: RadarSatellites, list: [SatelliteSighting])?
    /// What a live feed answered this session, for the questions about the past — which
    /// runways, arrivals, departures: the last hour, a snapshot every 5 s at most, and only the
    /// aircraft low enough to matter to a runway (an hour of a busy OpenSky box is otherwise
    /// hundreds of megabytes). Recordings hold their own past.
    private(set) var history: (feed: String, snapshots: [TrafficSnapshot]) = ("", [])
    /// How long the live history is kept, seconds.
    static let historySpan = 3_600.0

    /// The aircraft database (radar aircraft-db), opened on first use; `.none` when there is none.
    private var openedRegister: AircraftRegister??
    /// How many aircraft of the last snapshot had their type or registration from it.
    private(set) var filledFromRegister = 0
    /// What the last snapshot's pressure altitudes were read with: a METAR's QNH, or why the
    /// session's nearest METAR was not used (nil when the session has none near).
    private(set) var stationQNHNote: String?
    /// Said once when a receiver's web page was given and its data found at a usual path.
    private(set) var sourceNote: String?

    init(context: CommandContext) { self.context = context }

    /// The user's aircraft database, if `radar aircraft-db` made one.
    func register() throws -> AircraftRegister? {
        if let openedRegister { return openedRegister }
        guard let path = context.runner.paths?.path(.aircraftDatabase), FileManager.default.fileExists(atPath: path) else {
            openedRegister = .some(nil)
            return nil
        }
        do {
            let register = try AircraftRegister(path: path)
            openedRegister = register
            return register
        } catch {
            throw ShellError(feedError: error)
        }
    }

    /// Reads the aircraft database again on next use.
    func forgetRegister() { openedRegister = nil }

    /// The feed for the session's radar source, made once per source.
    func feed() throws -> TrafficFeed {
        let source = context.session.radar.source
        if let opened = opened, opened.source == source { return opened.feed }
        let feed: TrafficFeed
        switch source {
        case .sample(let name):
            feed = SampleFeed(
                name.map(SampleTraffic.named) ?? SampleTraffic.nearest(to: context.session.observer?.place.coordinate ?? SampleTraffic.Name.paris.centre))
        case .openSky(let url, let auth, let credentialsPath):
            do {
                feed = try OpenSkyFeed(
                    baseURL: url ?? OpenSkyFeed.defaultBaseURL, authURL: auth ?? OpenSkyFeed.defaultAuthURL,
                    credentials: try openSkyCredentials(credentialsPath), http: context.web.http)
            } catch let error as FeedError {
                throw ShellError(feedError: error)
            }
        case .receiver(let location):
            feed = ReceiverFeed(location: location, http: context.web.http)
        case .replay(let path):
            do {
                feed = try ReplayFeed(path: path)
            } catch {
                throw ShellError(feedError: error)
            }
        }
        // A sample picked by position is made again when the observer moves elsewhere.
        if case .sample(nil) = source {
            opened = nil
        } else {
            opened = (source, feed)
        }
        return feed
    }

    /// OpenSky credentials: the file given, else OPENSKY_CLIENT_ID/SECRET, else
    /// opensky-credentials.json in the config directory if it exists; nil for anonymous use.
    func openSkyCredentials(_ path: String?) throws -> OpenSkyCredentials? {
        do {
            if let path { return try OpenSkyCredentials.load(path: path) }
            if let env = OpenSkyCredentials.fromEnvironment(context.runner.environment) { return env }
            if let file = context.runner.paths?.path(.credentials), FileManager.default.fileExists(atPath: file) {
                return try OpenSkyCredentials.load(path: file)
            }
            return nil
        } catch {
            throw ShellError(feedError: error)
        }
    }

    /// The moment the radar shows: the replay cursor of a recording (its busiest minute until
    /// moved), the present for live feeds.
    func time(_ feed: TrafficFeed) -> Double {
        guard let span = feed.span else { return context.runner.clock.now.timeIntervalSince1970 }
        let t = context.session.radar.times[feed.label] ?? feed.defaultTime ?? span.lowerBound
        return min(max(t, span.lowerBound), span.upperBound)
    }

    /// What to do when the sample shown is far from the observer: the sample recorded around
    /// them when there is one (never "go where you already are"), else the places the samples
    /// were recorded.
    static func sampleHint(_ sample: SampleTraffic, observer: Coordinate, _ units: UnitSystem) -> String? {
        // The other recordings by their headers: none is unpacked to say where it is.
        func away(_ centre: Coordinate) -> Distance { Geodesic.wgs84.inverse(observer, centre).distance }
        guard away(sample.centre).kilometers > 250 else { return nil }
        let here = "the embedded traffic shown is over \(sample.place) (\(Format.distance(away(sample.centre), units, decimals: 0)) from here)"
        let others = SampleTraffic.Name.allCases.filter { $0 != sample.name }
        if let near = others.first(where: { away($0.centre).kilometers <= 250 }) {
            return here + "; the \(near.place) sample is around you: `radar source sample \(near.rawValue)`"
        }
        let places = SampleTraffic.Name.allCases.map { "`observer \($0 == .paris ? "LFPG" : "LSZH")` (\($0.place))" }
        return here + ": " + places.joined(separator: " or ") + " to see real traffic"
    }

    /// The snapshot the radar shows now, with its feed and moment; a live feed's answer joins
    /// the session's history.
    func current() throws -> (feed: TrafficFeed, time: Double, snapshot: TrafficSnapshot, observer: Observer) {
        guard let observer = context.session.observer else { throw ShellError.usage(Requirement.observer.message) }
        let feed = try feed()
        let time = time(feed)
        var snapshot: TrafficSnapshot
        do {
            snapshot = try feed.snapshot(at: time, around: observer.place.coordinate, range: context.session.radar.range, cancelled: { Interrupt.requested })
        } catch {
            throw ShellError(feedError: error)
        }
        sourceNote = nil
        if let receiver = feed as? ReceiverFeed, let found = receiver.foundData, context.session.radar.source == .receiver(receiver.location) {
            // The data URL becomes the source, kept with the session; the feed that found it goes on.
            context.session.useRadarSource(.receiver(found))
            opened = (.receiver(found), feed)
            sourceNote = "\(receiver.location) is a web page, not its data: \(found) answered with aircraft.json and is now the radar source"
        }
        // What the feed leaves out, from the user's aircraft database.
        filledFromRegister = 0
        if let register = try register() { (snapshot.aircraft, filledFromRegister) = register.fill(snapshot.aircraft) }
        stationQNHNote = correctPressureAltitudes(at: feed.isRecorded ? time : snapshot.time, around: observer) {
            AircraftState.correctingPressureAltitudes(&snapshot.aircraft, qnh: $0, station: $1, within: RadarContext.qnhReach)
        }
        if !feed.isRecorded { remember(snapshot, of: feed, from: observer) }
        return (feed, feed.isRecorded ? time : snapshot.time, snapshot, observer)
    }

    /// How far from a weather station its QNH corrects pressure altitudes.
    static let qnhReach = Distance(100, .kilometers)

    /// Reads the pressure altitudes of the aircraft near the station of the session's nearest
    /// METAR with its QNH, when the report's time fits the radar's moment; says what was done.
    /// `correct` gives the aircraft within `qnhReach` of the station (QNH in hPa, the station)
    /// the QNH and returns how many it gave it to.
    func correctPressureAltitudes(at moment: Double, around observer: Observer, _ correct: (Double, Coordinate) -> Int) -> String? {
        // Only a session that has looked at weather has METARs: the radar does not start the service.
        guard let weather = context.services.started(WeatherContext.self),
            let (placed, station, _) = weather.metar(near: observer.place.coordinate, within: RadarContext.qnhReach)
        else { return nil }
        let m = placed.report
        let when = m.time?.text ?? "no time"
        guard let qnh = m.pressure else { return "\(m.station)'s METAR gives no QNH: pressure altitudes are not corrected" }
        guard WeatherContext.fits(placed, moment) else {
            return "\(m.station)'s METAR (\(when)) is not from the radar's moment (\(TimeText.utc(moment))): pressure altitudes are not corrected with its QNH"
        }
        let count = correct(qnh.hectopascals, station)
        guard count > 0 else { return nil }
        let reach = Format.distance(RadarContext.qnhReach, context.settings.units, decimals: 0)
        return
            "pressure altitudes of \(Format.count(count, "aircraft", "aircraft")) within \(reach) "
            + "of \(m.station) read with its QNH \(METARView.pressure(qnh, context.settings.units)) (METAR \(when)"
            + (placed.dated ? "" : ", its month taken to be this one") + ")"
    }

    /// Keeps a live answer (see `history`) and forgets what is older than an hour; a
    /// receiver's answer also goes to the station log.
    func remember(_ snapshot: TrafficSnapshot, of feed: TrafficFeed, from observer: Observer) {
        if feed is ReceiverFeed { context.station.log(snapshot, from: observer) }
        let label = feed.label
        if history.feed != label { history = (label, []) }
        guard history.snapshots.last.map({ snapshot.time >= $0.time + RadarContext.windowStep }) ?? true else { return }
        history.snapshots.append(TrafficSnapshot(time: snapshot.time, aircraft: snapshot.aircraft.filter(RunwayUseInference.mayMatter)))
        history.snapshots.removeAll { $0.time < snapshot.time - RadarContext.historySpan }
    }

    /// The traffic around the observer now.
    func picture() throws -> RadarPicture {
        let (feed, time, snapshot, observer) = try current()
        let range = context.session.radar.range
        let geometry = RadarGeometry(observer)
        let sightings = geometry.sightings(snapshot.aircraft, within: range)
        let hint = ((feed as? SampleFeed)?.sample).flatMap { RadarContext.sampleHint($0, observer: observer.place.coordinate, context.settings.units) }
        let count = Format.count(filledFromRegister, "aircraft", "aircraft")
        let filled = filledFromRegister > 0 ? "types, registrations and operators of \(count) are from your aircraft database (radar aircraft-db)" : nil
        let note = RadarContext.joined(sourceNote, hint, stationQNHNote, filled)
        var picture = RadarPicture(
            feed: feed.label, time: time, isRecorded: feed.isRecorded, observer: observer,
            heading: context.session.heading, headingIsSet: context.session.headingIsSet, range: range, units: context.settings.units,
            sightings: sightings, total: snapshot.aircraft.count, note: note)
        picture.hiddenByTerrain = context.lineOfSight.terrain().hidden(sightings, from: observer)
        picture.satellites = satellites(at: picture.time, from: observer)
        picture.watchlist = context.session.radar.watchlist
        picture.moments = context.moments
        if let filter = context.session.radar.filter {
            let test = try RadarFilter.plan(filter, context)
            picture.filtered = picture.sightings.count
            let all = picture.sightings, frame = RadarRow.Frame(picture)
            picture.sightings = all.indices.filter { test.keeps(RadarRow(all, $0, frame).cell) }.map { all[$0] }
            picture.filter = filter
        }
        return picture
    }

    /// The satellites the radar-satellites setting asks for, above the horizon (the terrain's
    /// skyline where there is terrain) at `time`: the ISS (off: none), or the brightest that can
    /// be seen (lit against a dark sky) among those known — at most five, brightest first. Only
    /// element sets within 30 days of `time` are used (the recordings of 2018 and 2021 show none).
    func satellites(at time: Double, from observer: Observer) -> [SatelliteSighting] {
        let mode = context.settings.value(.radarSatellites)
        guard mode != .off else { return [] }
        if let cached = satelliteCache, cached.time == time.rounded(.down), cached.observer == observer, cached.mode == mode { return cached.list }
        let sets = mode == .iss ? [(try? context.orbit.issSet()) ?? TLE.builtInISS] : ((try? context.orbit.known().sets) ?? [TLE.builtInISS])
        // Behind the mountains is not above the horizon: the terrain's skyline where tiles cover
        // the observer.
        let skyline = context.lineOfSight.skyline(for: observer)
        let date = Date(timeIntervalSince1970: time)
        var list: [SatelliteSighting] = []
        for set in sets where abs(time - set.epoch.timeIntervalSince1970) < OrbitText.refusedAge * 86_400 {
            guard let sgp4 = try? context.orbit.propagator(for: set),
                let sighting = sgp4.sighting(at: date, from: observer, horizon: { skyline?.elevation(towards: $0) ?? 0 })
            else { continue }
            if mode == .visible, !sighting.visible { continue }
            list.append(sighting)
        }
        list.sort { ($0.magnitude ?? 9, $0.range.meters) < ($1.magnitude ?? 9, $1.range.meters) }
        let shown = Array(list.prefix(5))
        satelliteCache = (time.rounded(.down), observer, mode, shown)
        return shown
    }
}

extension CommandContext {
    /// The radar service.
    var radar: RadarContext { services.context() }
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

    /// The shell error for a request that got no answer: Ctrl-C 130, anything else 69.
    init(httpError e: HTTPError) {
        self.init(e == .cancelled ? .interrupted : .unavailable, e == .cancelled ? "interrupted" : e.description)
    }
}
