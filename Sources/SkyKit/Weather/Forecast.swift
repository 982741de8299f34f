/// A trend of a METAR or a change group of a TAF: what kind of change, when, how likely, and
/// the conditions it gives.
public struct Forecast: Sendable, Equatable {
    /// A METAR trend's time: FM (from), TL (until) or AT, with hour and minute.
    public struct TrendTime: Sendable, Equatable {
        public var label: String
        public var hour: Int
        public var minute: Int
    }

    public var kind: ChangeKind
    /// PROB30/PROB40 before the group.
    public var probability: Int?
    /// A TAF group's period (`2612/2615`); a TAF's FM group's start is in `kind`.
    public var period: ReportPeriod?
    public var times: [TrendTime] = []
    public var conditions = Conditions()

    public init(kind: ChangeKind, probability: Int? = nil) {
        self.kind = kind
        self.probability = probability
    }
}
