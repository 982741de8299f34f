import FoundationEssentials
import Glibc

/// Where an observer looks: a compass direction, and how high up when said.
public struct LookDirection: Sendable, Equatable {
    public var azimuth: Angle
    /// Degrees above the horizon; nil when only the compass direction matters.
    public var elevation: Angle?

    public init(azimuth: Angle, elevation: Angle? = nil) {
        self.azimuth = azimuth.normalizedBearing
        self.elevation = elevation
    }

    /// How far a sighting is from this direction: the angle between the two sight lines when an
    /// elevation is given (cos d = sin e₁ sin e₂ + cos e₁ cos e₂ cos Δaz), else the turn between
    /// the two compass directions. Nil when an elevation is asked and the aircraft's is unknown.
    public func offset(_ s: Sighting) -> Angle? {
        guard let elevation else { return Angle(degrees: abs((s.bearing - azimuth).signedTurn.degrees)) }
        guard let e = s.elevation else { return nil }
        return LookDirection.separation(azimuth, elevation, s.bearing, e)
    }

    /// The angle between two directions in the sky, each an azimuth and an elevation.
    public static func separation(_ az1: Angle, _ el1: Angle, _ az2: Angle, _ el2: Angle) -> Angle {
        let c = sin(el1.radians) * sin(el2.radians) + cos(el1.radians) * cos(el2.radians) * cos((az2 - az1).radians)
        return Angle(radians: acos(min(1, max(-1, c))))
    }

    /// The sightings that can be looked at (in the air and above the horizon), nearest to this
    /// direction first, with their offsets.
    public func nearest(_ sightings: [Sighting]) -> [(sighting: Sighting, offset: Angle)] {
        sightings.compactMap { s -> (sighting: Sighting, offset: Angle)? in
            guard !s.aircraft.onGround, let e = s.elevation, e.degrees >= 0, let d = offset(s) else { return nil }
            return (s, d)
        }
        .sorted { ($0.offset.degrees, $0.sighting.groundDistance.meters) < ($1.offset.degrees, $1.sighting.groundDistance.meters) }
    }
}

/// How an aircraft's altitude changes, from its vertical rate: climbing, descending or
/// cruising (level).
public enum VerticalTrend: String, Sendable {
    case climbing, descending, cruising

    /// Climbing or descending from 1.5 m/s (about 300 ft/min); nil when the rate is unknown.
    public init?(_ a: AircraftState) {
        guard let rate = a.verticalRate, !a.onGround else { return nil }
        self = rate >= VerticalTrend.threshold ? .climbing : rate <= -VerticalTrend.threshold ? .descending : .cruising
    }

    public static let threshold = 1.5
}
