import SkyKit

/// The line-of-sight part of the session, as SkyQuant keeps it: the parameters (kept across
/// launches) and how far the work has gone — no origin, origin set, viewshed computed, path
/// checked.
public struct LOSState: Equatable, Sendable, Codable {
    /// Where the origin stands and how high the observer is (33 ft above the ground by default).
    public var origin: Place?
    public var observer = LOSHeight(Height(33, .feet), .agl)
    /// The LOS altitude: where a target (an aircraft) is, 30,000 ft above sea level by default.
    public var target = LOSHeight(Height(30_000, .feet), .msl)
    public var range = Distance(350, .kilometers)
    public var earth = EarthModel.radio
    /// What the last viewshed found (nil when none is current).
    public var viewshed: ViewshedSummary?
    /// The last place checked (what `los check` alone checks again).
    public var lastTarget: Place?
    /// True once a path has been checked since the origin or the viewshed last changed.
    public var checked = false
    /// A folder of .hgt tiles (nil: `terrain` in the data directory).
    public var terrainDirectory: String?
    /// A SkyQuant server's base URL (nil: the local engine).
    public var server: String?

    public init() {}

    public enum Stage: String, Sendable { case noOrigin = "no origin", origin = "origin set", viewshed = "viewshed computed", checked = "path checked" }

    public var stage: Stage {
        if origin == nil { return .noOrigin }
        if checked { return .checked }
        return viewshed != nil ? .viewshed : .origin
    }

    // Codable: missing keys take defaults so older files still load.
    enum CodingKeys: String, CodingKey { case origin, observer, target, range, earth, viewshed, lastTarget, checked, terrainDirectory, server }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        origin = c.lenient(Place.self, .origin, decoder, prefix: "los.")
        observer = c.lenient(LOSHeight.self, .observer, decoder, prefix: "los.") ?? observer
        target = c.lenient(LOSHeight.self, .target, decoder, prefix: "los.") ?? target
        range = c.lenient(Distance.self, .range, decoder, prefix: "los.") ?? range
        earth = c.lenient(EarthModel.self, .earth, decoder, prefix: "los.") ?? earth
        viewshed = c.lenient(ViewshedSummary.self, .viewshed, decoder, prefix: "los.")
        lastTarget = c.lenient(Place.self, .lastTarget, decoder, prefix: "los.")
        checked = c.lenient(Bool.self, .checked, decoder, prefix: "los.") ?? false
        terrainDirectory = c.lenient(String.self, .terrainDirectory, decoder, prefix: "los.")
        server = c.lenient(String.self, .server, decoder, prefix: "los.")
    }
}

/// The figures of a computed viewshed, kept in the session.
public struct ViewshedSummary: Equatable, Sendable, Codable {
    public var observerGround: Double?
    public var observerMSL: Double
    public var range: Double
    public var visibleArea: Double
    public var share: Double
    public var missingShare: Double
    /// The share of the disc whose visibility is unknown (no terrain there or before it).
    public var unknownShare: Double?
    public var azimuthStep: Double
    public var rangeStep: Double
    public var source: String

    public init(
        observerGround: Double?, observerMSL: Double, range: Double, visibleArea: Double, share: Double, missingShare: Double, unknownShare: Double? = nil,
        azimuthStep: Double, rangeStep: Double, source: String
    ) {
        self.observerGround = observerGround
        self.observerMSL = observerMSL
        self.range = range
        self.visibleArea = visibleArea
        self.share = share
        self.missingShare = missingShare
        self.unknownShare = unknownShare
        self.azimuthStep = azimuthStep
        self.rangeStep = rangeStep
        self.source = source
    }
}

/// Where the radar's traffic comes from.
public enum RadarSource: Equatable, Sendable, Codable {
    /// An embedded recording; nil picks the one nearest the observer.
    case sample(SampleTraffic.Name?)
    /// OpenSky's live API (a base URL, sign-in URL and credentials file when not the defaults).
    case openSky(url: String?, authURL: String?, credentials: String?)
    /// A receiver's aircraft.json: a URL or a file.
    case receiver(String)
    /// A skyshell recording.
    case replay(String)

    /// True for the sources that replay a recording at a time cursor.
    public var isRecorded: Bool {
        switch self {
        case .sample, .replay: true
        case .openSky, .receiver: false
        }
    }
}

/// The radar part of the session: the source, the range shown and, for recordings, where
/// each one's replay stands.
public struct RadarState: Equatable, Sendable, Codable {
    public var source = RadarSource.sample(nil)
    public var range = Distance(50, .kilometers)
    /// The replay moment (Unix seconds) of each recording, by its name ("sample Paris"): the
    /// Paris and Zurich samples keep their own cursors as the observer moves between them. A
    /// recording without one starts at its busiest minute.
    public var times: [String: Double] = [:]
    /// The condition (`where`'s language, as written) that limits what the radar shows.
    public var filter: String?
    /// What the spotter watches for (`watch add`), in the order added.
    public var watchlist: [WatchEntry] = []
    public init() {}

    enum CodingKeys: String, CodingKey { case source, range, times, filter, watchlist }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        source = try c.decode(RadarSource.self, forKey: .source)
        range = try c.decode(Distance.self, forKey: .range)
        // Sessions saved before the cursors were per recording have one `time`: it is dropped.
        times = try c.decodeIfPresent([String: Double].self, forKey: .times) ?? [:]
        filter = try c.decodeIfPresent(String.self, forKey: .filter)
        watchlist = try c.decodeIfPresent([WatchEntry].self, forKey: .watchlist) ?? []
    }
}

/// The session state machine: one value holding everything commands share, changed only
/// through the named transitions below.
///
///     observer:  unset ──observer <place>──▶ set ──observer clear──▶ unset
///     heading:   0° (north up) ──heading <angle>|+<turn>──▶ any bearing
///     los:       no origin ──los origin──▶ origin set ──los viewshed──▶ viewshed computed
///                ──los check──▶ path checked; los origin (again) drops the viewshed and the
///                path; los clear drops them and keeps the origin; los reset ──▶ no origin
///     logbook:   "default" ──logbook use <name>──▶ <name>
///     radar:     sample (nearest) ──radar source …──▶ source; ──radar range <d>──▶ range;
///                ──radar filter COND──▶ filtered ──radar filter off──▶ every aircraft;
///                ──radar time <t>──▶ replay moment of that recording (each recording keeps its own)
public struct Session: Equatable, Sendable, Codable {
    public private(set) var observer: Observer?
    public private(set) var heading = Angle(degrees: 0)
    /// False until a heading is set: until then the radar is north-up and `spot` gives no turn.
    public private(set) var headingIsSet = false
    public private(set) var radar = RadarState()
    public private(set) var los = LOSState()
    public private(set) var logbook = "default"
    /// The catalogue number of the satellite `sat` and `passes` follow (the ISS by default).
    public private(set) var satellite = TLE.issNumber
    public var settings = Settings()

    public init() {}

    // MARK: - Transitions

    /// Places the observer.
    public mutating func placeObserver(_ observer: Observer) { self.observer = observer }
    /// Forgets the observer position.
    public mutating func clearObserver() { observer = nil }
    /// Faces a bearing.
    public mutating func face(_ bearing: Angle) {
        heading = bearing.normalizedBearing
        headingIsSet = true
    }
    /// Turns by a signed angle, positive to the right.
    public mutating func turn(by angle: Angle) {
        heading = (heading + angle).normalizedBearing
        headingIsSet = true
    }
    /// Takes radar traffic from another source; the embedded samples keep their replay
    /// moments, other recordings start over.
    public mutating func useRadarSource(_ source: RadarSource) {
        radar.source = source
        radar.times = radar.times.filter { $0.key.hasPrefix("sample ") }
    }
    /// Shows the radar out to `range`.
    public mutating func setRadarRange(_ range: Distance) { radar.range = range }
    /// Moves the replay moment of the recording called `recording` (nil: back to its start).
    public mutating func setRadarTime(_ time: Double?, of recording: String) { radar.times[recording] = time }
    /// Limits the radar to the aircraft a condition keeps (nil: all of them).
    public mutating func setRadarFilter(_ filter: String?) { radar.filter = filter }
    /// Adds to the watchlist (an entry already there is not added twice).
    public mutating func watch(_ entry: WatchEntry) { if !radar.watchlist.contains(entry) { radar.watchlist.append(entry) } }
    /// Removes watchlist entry `index` (0-based), or every entry with nil.
    public mutating func unwatch(_ index: Int?) {
        if let index { radar.watchlist.remove(at: index) } else { radar.watchlist = [] }
    }
    /// Sets the line-of-sight origin and the observer's height there; any viewshed or path
    /// computed from the old origin is dropped.
    public mutating func setLOSOrigin(_ place: Place, observer: LOSHeight) {
        los.origin = place
        los.observer = observer
        los.viewshed = nil
        los.checked = false
    }
    /// Changes a parameter the viewshed depends on (it is dropped: it no longer matches).
    public mutating func setLOSParameters(target: LOSHeight? = nil, range: Distance? = nil, earth: EarthModel? = nil) {
        if let target { los.target = target }
        if let range { los.range = range }
        if let earth { los.earth = earth }
        los.viewshed = nil
    }
    /// Records a computed viewshed for the current origin.
    public mutating func viewshedComputed(_ summary: ViewshedSummary) { los.viewshed = summary }
    /// A new viewshed starts the path part over (the stage is "viewshed computed").
    public mutating func clearPathKeepingViewshed() { los.checked = false }
    /// Records the place a path was checked to.
    public mutating func pathChecked(to place: Place) {
        los.lastTarget = place
        los.checked = true
    }
    /// Drops the viewshed and the path; keeps the origin.
    public mutating func clearLOS() {
        los.viewshed = nil
        los.checked = false
    }
    /// Starts line of sight over: no origin (the parameters stay).
    public mutating func resetLOS() {
        los.origin = nil
        los.viewshed = nil
        los.lastTarget = nil
        los.checked = false
    }
    /// Reads terrain from another folder (nil: the default one).
    public mutating func useTerrain(directory: String?) { los.terrainDirectory = directory }
    /// Downloads terrain tiles from this URL template (nil: the default mirror).
    /// Sends LOS work to a SkyQuant server (nil: computes locally).
    public mutating func useLOSServer(_ url: String?) {
        los.server = url
        los.viewshed = nil
    }
    /// Makes `name` the active logbook.
    public mutating func useLogbook(_ name: String) { logbook = name }
    /// Follows the satellite with this catalogue number.
    public mutating func useSatellite(_ number: Int) { satellite = number }

    // Codable: missing keys take defaults so older files still load.
    enum CodingKeys: String, CodingKey { case observer, heading, headingIsSet, los, logbook, radar, satellite }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        observer = c.lenient(Observer.self, .observer, decoder)
        if let h = c.lenient(Angle.self, .heading, decoder) { heading = h.normalizedBearing }
        headingIsSet = c.lenient(Bool.self, .headingIsSet, decoder) ?? (heading.degrees != 0)
        radar = c.lenient(RadarState.self, .radar, decoder) ?? RadarState()
        los = c.lenient(LOSState.self, .los, decoder) ?? LOSState()
        logbook = c.lenient(String.self, .logbook, decoder) ?? "default"
        satellite = c.lenient(Int.self, .satellite, decoder).flatMap { (0..<1_000_000_000).contains($0) ? $0 : nil } ?? TLE.issNumber
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(observer, forKey: .observer)
        try c.encode(heading, forKey: .heading)
        try c.encode(headingIsSet, forKey: .headingIsSet)
        try c.encode(radar, forKey: .radar)
        try c.encode(los, forKey: .los)
        try c.encode(logbook, forKey: .logbook)
        try c.encode(satellite, forKey: .satellite)
    }
}

// MARK: - Loading a saved session

extension Session {
    /// Resets every value that breaks a rule to its default; one message per value reset.
    mutating func repair() -> [String] {
        var problems: [String] = []
        func reset(_ field: String, _ why: String) { problems.append("\(field) \(why); using the default") }
        if let o = observer {
            if !SessionRules.heightsMSL.contains(o.altitude.meters) {
                reset("observer", "has an altitude of \(Format.grouped(o.altitude.meters)) m, outside -500 m to 100 km")
                observer = nil
            } else if let e = o.place.elevation, !SessionRules.heightsMSL.contains(e.meters) {
                reset("observer", "stands on ground \(Format.grouped(e.meters)) m high, outside -500 m to 100 km")
                observer = nil
            }
        }
        if !heading.degrees.isFinite {
            reset("heading", "is not a number")
            heading = Angle(degrees: 0)
            headingIsSet = false
        }
        if !SessionRules.radarRange.contains(radar.range.kilometers) {
            reset("radar.range", "is \(Format.grouped(radar.range.kilometers, 1)) km, outside 1 to 500 km")
            radar.range = RadarState().range
        }
        for (recording, t) in radar.times where UnixTime.checked(t) == nil {
            reset("radar.times", "\(recording) is at \(UnixTime.describe(t)), not a time between 1900 and 2200")
            radar.times[recording] = nil
        }
        if let why = Session.problem(radar.source) {
            reset("radar.source", why)
            radar.source = RadarState().source
            radar.times = [:]
        }
        if !SessionRules.losRange.contains(los.range.kilometers) {
            reset("los.range", "is \(Format.grouped(los.range.kilometers, 1)) km, outside 5 to 500 km")
            los.range = LOSState().range
            los.viewshed = nil
        }
        if let why = SessionRules.problem(los.observer) {
            reset("los.observer", why)
            los.observer = LOSState().observer
            los.viewshed = nil
        }
        if let why = SessionRules.problem(los.target) {
            reset("los.target", why)
            los.target = LOSState().target
            los.viewshed = nil
        }
        if let v = los.viewshed,
            ![v.observerMSL, v.range, v.visibleArea, v.share, v.missingShare, v.azimuthStep, v.rangeStep].allSatisfy(\.isFinite)
                || v.observerGround.map({ !$0.isFinite }) == true
        {
            reset("los.viewshed", "holds a value that is not a number")
            los.viewshed = nil
        }
        if let server = los.server, let why = SkyQuantClient.problem(server) {
            reset("los.server", why)
            los.server = nil
        }
        if !SessionRules.isLogbookName(logbook) {
            reset("logbook", "is not a logbook name (up to 32 letters, digits, -, _ or .)")
            logbook = "default"
        }
        return problems
    }

    /// Why a stored radar source cannot be used, or nil.
    static func problem(_ source: RadarSource) -> String? {
        switch source {
        case .sample: return nil
        case .openSky(let url, let auth, let credentials):
            for address in [url, auth].compactMap({ $0 }) where WebAddress.httpURL(address) == nil {
                return "names '\(address)', which is not an http(s) URL"
            }
            return credentials?.isEmpty == true ? "names an empty credentials file" : nil
        case .receiver(let location):
            return location.isEmpty ? "names an empty location" : receiverProblem(location).map { "names '\(location)', which \($0)" }
        case .replay(let location):
            return location.isEmpty ? "names an empty location" : nil
        }
    }

    /// Why a receiver's location cannot be used, when it is a URL (a file is checked when read).
    public static func receiverProblem(_ location: String) -> String? {
        guard location.contains("://") else { return nil }
        return WebAddress.problem(location).map { "is not an http(s) URL skyshell can fetch: \($0)" }
    }
}
