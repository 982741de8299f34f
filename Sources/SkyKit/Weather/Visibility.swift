/// A visibility as reported: a distance with its qualifier, in the unit the report used.
public struct Visibility: Sendable, Equatable {
    /// How the distance is meant.
    public enum Qualifier: String, Sendable, Equatable {
        case exactly
        /// `P6SM`, `9999` (10 km or more), `P2000` on a runway: at least this.
        case atLeast
        /// `M1/4SM`, `M0050`: less than this.
        case lessThan
    }

    public var distance: Distance
    public var qualifier: Qualifier
    /// True when the report gave it in statute miles.
    public var inStatuteMiles: Bool
    /// True when the report gave it in feet (a US runway visual range, `R28L/2400FT`).
    public var inFeet: Bool

    public init(_ distance: Distance, _ qualifier: Qualifier = .exactly, statuteMiles: Bool = false, feet: Bool = false) {
        self.distance = distance
        self.qualifier = qualifier
        inStatuteMiles = statuteMiles
        inFeet = feet
    }

    /// 10 km or more (`9999`), the most a metric report says.
    public static let tenKilometresOrMore = Visibility(Distance(10, .kilometers), .atLeast)
}

/// The lowest visibility in one direction, given beside the prevailing one (`1200SW`).
public struct DirectionalVisibility: Sendable, Equatable {
    public var visibility: Visibility
    /// A compass point (`N`, `NE`…); nil for `NDV` (no directional variation could be told).
    public var direction: String?
}
