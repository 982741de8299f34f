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

/// The session state machine: one value holding everything commands share, changed only
/// through the named transitions below.
///
///     observer:  unset ──observer <place>──▶ set ──observer clear──▶ unset
///     heading:   0° (north up) ──heading <angle>|+<turn>──▶ any bearing
///     los:       no origin ──los origin──▶ origin set ──los reset──▶ no origin
///     logbook:   "default" ──logbook use <name>──▶ <name>
public struct Session: Equatable, Sendable, Codable {
    public private(set) var observer: Observer?
    public private(set) var heading = Angle(degrees: 0)
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
    public mutating func face(_ bearing: Angle) { heading = bearing.normalizedBearing }
    /// Turns by a signed angle, positive to the right.
    public mutating func turn(by angle: Angle) { heading = (heading + angle).normalizedBearing }
    /// Sets the line-of-sight origin.
    public mutating func setLOSOrigin(_ place: Place) { los = .origin(place) }
    /// Forgets all line-of-sight state.
    public mutating func resetLOS() { los = .noOrigin }
    /// Makes `name` the active logbook.
    public mutating func useLogbook(_ name: String) { logbook = name }

    // Codable: missing keys take defaults so older files still load.
    enum CodingKeys: String, CodingKey { case observer, heading, los, logbook }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        observer = try? c.decodeIfPresent(Observer.self, forKey: .observer)
        if let h = try? c.decodeIfPresent(Angle.self, forKey: .heading) { heading = h.normalizedBearing }
        los = (try? c.decodeIfPresent(LOSState.self, forKey: .los)) ?? .noOrigin
        logbook = (try? c.decodeIfPresent(String.self, forKey: .logbook)) ?? "default"
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(observer, forKey: .observer)
        try c.encode(heading, forKey: .heading)
        try c.encode(los, forKey: .los)
        try c.encode(logbook, forKey: .logbook)
    }
}
