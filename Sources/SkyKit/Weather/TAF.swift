/// A decoded TAF (aerodrome forecast, FM 51): the period it covers, the forecast that opens it
/// and the changes that follow, every group kept in order.
public struct TAF: Sendable, Equatable {
    /// The report as given.
    public var raw: String
    public var station = ""
    public var time: ReportTime?
    /// The period the forecast covers (`0612/0718`).
    public var validity: ReportPeriod?
    /// AMD: an amended forecast.
    public var isAmended = false
    /// COR, CCA…: a correction.
    public var isCorrection = false
    /// NIL: the forecast is missing.
    public var isMissing = false
    /// CNL: an earlier forecast for the period is cancelled.
    public var isCancelled = false
    /// The forecast at the start of the validity.
    public var conditions = Conditions()
    /// FM, BECMG, TEMPO, INTER and PROB groups, in order.
    public var changes: [Forecast] = []
    /// TX/TN: the highest and lowest temperatures expected, and when.
    public var temperatures: [ForecastTemperature] = []
    public var remarks: [Remark] = []
    /// Every group, in order.
    public var groups: [ReportGroup] = []

    public init(raw: String) { self.raw = raw }

    /// The groups not decoded, as written.
    public var notDecoded: [String] { groups.filter { $0.meaning == .notDecoded }.map(\.text) }
}

/// A TAF's TX or TN group: the highest or lowest temperature expected, at a time.
public struct ForecastTemperature: Sendable, Equatable {
    public var maximum: Bool
    public var celsius: Int
    public var at: ReportTime
}
