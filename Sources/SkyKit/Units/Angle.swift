import FoundationEssentials
import Glibc

/// A plane angle, stored in degrees.
public struct Angle: Comparable, Hashable, Sendable, Codable {
    /// The angle in degrees.
    public var degrees: Double

    public init(degrees: Double) { self.degrees = degrees }
    public init(radians: Double) { self.degrees = radians * 180 / .pi }

    /// The angle in radians.
    public var radians: Double { degrees * .pi / 180 }

    /// The same direction as a bearing in [0, 360).
    public var normalizedBearing: Angle {
        // Most bearings are already in range (a feed's tracks, a geodesic's azimuths).
        if degrees > 0, degrees < 360 { return self }
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d < 0 { d += 360 }
        if d >= 360 { d -= 360 }
        return Angle(degrees: d == -0 ? 0 : d)
    }

    /// The same angle folded into (-180, 180]: a signed turn, positive to the right.
    public var signedTurn: Angle {
        var d = normalizedBearing.degrees
        if d > 180 { d -= 360 }
        return Angle(degrees: d)
    }

    public static func < (a: Angle, b: Angle) -> Bool { a.degrees < b.degrees }
    public static func + (a: Angle, b: Angle) -> Angle { Angle(degrees: a.degrees + b.degrees) }
    public static func - (a: Angle, b: Angle) -> Angle { Angle(degrees: a.degrees - b.degrees) }
}

/// The sixteen points of the compass, clockwise from north.
public enum CompassPoint: String, CaseIterable, Sendable {
    case N, NNE, NE, ENE, E, ESE, SE, SSE, S, SSW, SW, WSW, W, WNW, NW, NNW

    /// The bearing this point names.
    public var bearing: Angle { Angle(degrees: Double(Self.allCases.firstIndex(of: self)!) * 22.5) }

    /// The point nearest to a bearing.
    public init(bearing: Angle) {
        let index = Int((bearing.normalizedBearing.degrees / 22.5).rounded()) % 16
        self = Self.allCases[index]
    }

    /// The point spelled out: "east-north-east".
    public var words: String {
        switch self {
        case .N: "north"
        case .NNE: "north-north-east"
        case .NE: "northeast"
        case .ENE: "east-north-east"
        case .E: "east"
        case .ESE: "east-south-east"
        case .SE: "southeast"
        case .SSE: "south-south-east"
        case .S: "south"
        case .SSW: "south-south-west"
        case .SW: "southwest"
        case .WSW: "west-south-west"
        case .W: "west"
        case .WNW: "west-north-west"
        case .NW: "northwest"
        case .NNW: "north-north-west"
        }
    }
}
