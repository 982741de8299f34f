/// Surface wind as a report gives it: the mean direction it blows from (nil when variable or
/// not given), the mean speed, the gusts, and the arc the direction varied over.
public struct Wind: Sendable, Equatable {
    /// True direction the wind blows from; nil for `VRB` (variable) and for a calm wind.
    public var direction: Angle?
    public var speed: Speed
    public var gust: Speed?
    /// The extremes of a direction that varied by 60° or more (`200V260`).
    public var variableFrom: Angle?
    public var variableTo: Angle?
    /// The unit the report used (KT, MPS or KMH), to say the values back as given.
    public var unit: SpeedUnit
    /// `P99KT`, `P49MPS`: more than the speed given.
    public var speedAbove = false

    public init(direction: Angle?, speed: Speed, gust: Speed? = nil, unit: SpeedUnit) {
        self.direction = direction
        self.speed = speed
        self.gust = gust
        self.unit = unit
    }

    /// `00000KT`.
    public var isCalm: Bool { speed.metersPerSecond == 0 && gust == nil }
    /// `VRB…`: the direction varies and no mean is given.
    public var isVariable: Bool { direction == nil && !isCalm }
}
