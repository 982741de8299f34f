import SkyKit

/// The line-of-sight part of the session: no origin yet, or an origin place.
public enum LOSState: Equatable, Sendable, Codable {
    case noOrigin
    case origin(Place)

    public var origin: Place? {
        if case .origin(let place) = self { return place }
        return nil
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

/// The radar part of the session: the source, the range shown and, for recordings, the time.
public struct RadarState: Equatable, Sendable, Codable {
    public var source = RadarSource.sample(nil)
    public var range = Distance(50, .kilometers)
    /// The replay moment (Unix seconds); nil starts at the recording's busiest minute.
    public var time: Double?
    public init() {}
}

/// The session state machine: one value holding everything commands share, changed only
/// through the named transitions below.
///
///     observer:  unset ──observer <place>──▶ set ──observer clear──▶ unset
///     heading:   0° (north up) ──heading <angle>|+<turn>──▶ any bearing
///     los:       no origin ──los origin──▶ origin set ──los reset──▶ no origin
///     logbook:   "default" ──logbook use <name>──▶ <name>
///     radar:     sample (nearest) ──radar source …──▶ source; ──radar range <d>──▶ range;
///                ──radar time <t>──▶ replay moment (cleared when the source changes)
public struct Session: Equatable, Sendable, Codable {
    public private(set) var observer: Observer?
    public private(set) var heading = Angle(degrees: 0)
    /// False until a heading is set: until then the radar is north-up and `spot` gives no turn.
    public private(set) var headingIsSet = false
    public private(set) var radar = RadarState()
    public private(set) var los = LOSState.noOrigin
    public private(set) var logbook = "default"
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
    /// Takes radar traffic from another source (the replay moment starts over).
    public mutating func useRadarSource(_ source: RadarSource) {
        radar.source = source
        radar.time = nil
    }
    /// Shows the radar out to `range`.
    public mutating func setRadarRange(_ range: Distance) { radar.range = range }
    /// Moves the replay moment of a recorded source.
    public mutating func setRadarTime(_ time: Double?) { radar.time = time }
    /// Sets the line-of-sight origin.
    public mutating func setLOSOrigin(_ place: Place) { los = .origin(place) }
    /// Forgets all line-of-sight state.
    public mutating func resetLOS() { los = .noOrigin }
    /// Makes `name` the active logbook.
    public mutating func useLogbook(_ name: String) { logbook = name }

    // Codable: missing keys take defaults so older files still load.
    enum CodingKeys: String, CodingKey { case observer, heading, headingIsSet, los, logbook, radar }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        observer = try? c.decodeIfPresent(Observer.self, forKey: .observer)
        if let h = try? c.decodeIfPresent(Angle.self, forKey: .heading) { heading = h.normalizedBearing }
        headingIsSet = (try? c.decodeIfPresent(Bool.self, forKey: .headingIsSet)) ?? (heading.degrees != 0)
        radar = (try? c.decodeIfPresent(RadarState.self, forKey: .radar)) ?? RadarState()
        los = (try? c.decodeIfPresent(LOSState.self, forKey: .los)) ?? .noOrigin
        logbook = (try? c.decodeIfPresent(String.self, forKey: .logbook)) ?? "default"
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(observer, forKey: .observer)
        try c.encode(heading, forKey: .heading)
        try c.encode(headingIsSet, forKey: .headingIsSet)
        try c.encode(radar, forKey: .radar)
        try c.encode(los, forKey: .los)
        try c.encode(logbook, forKey: .logbook)
    }
}
