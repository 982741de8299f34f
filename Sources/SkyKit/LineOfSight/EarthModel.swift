/// How the Earth bends a sight line: the true Earth (a geometric horizon) or the 4/3 Earth of
/// standard radio refraction. Both are a sphere of radius k·R; a point d metres away lies
/// d² / (2kR) below the observer's horizontal plane.
public enum EarthModel: String, Sendable, Codable, CaseIterable {
    case trueEarth = "true"
    case radio = "4/3"

    /// The mean Earth radius (IUGG), metres.
    public static let radius = GreatCircle.meanRadius

    /// The refraction coefficient k.
    public var k: Double { self == .trueEarth ? 1 : 4.0 / 3 }
    public var effectiveRadius: Double { k * EarthModel.radius }

    /// How far below the observer's horizontal plane the surface lies at `distance` metres.
    public func drop(_ distance: Double) -> Double { distance * distance / (2 * effectiveRadius) }

    /// The distance to the horizon from `height` metres above a smooth Earth: √(2kRh).
    public func horizon(height: Double) -> Double { (2 * effectiveRadius * Swift.max(height, 0)).squareRoot() }

    public var name: String { self == .trueEarth ? "true Earth" : "4/3 Earth" }
}

/// A height given above the ground (AGL) or above mean sea level (MSL), metres.
public struct LOSHeight: Sendable, Equatable, Codable {
    public enum Reference: String, Sendable, Codable, CaseIterable { case msl, agl }
    public var height: Height
    public var reference: Reference

    public init(_ height: Height, _ reference: Reference) {
        self.height = height
        self.reference = reference
    }

    /// The height above sea level over ground at `ground` metres (0 where unknown).
    public func msl(ground: Double?) -> Double {
        reference == .msl ? height.meters : (ground ?? 0) + height.meters
    }
}
