/// A decoded METAR or SPECI: every group in order, and the values they give.
public struct METAR: Sendable, Equatable {
    /// The report as given.
    public var raw: String
    /// "METAR" or "SPECI" (METAR when the report does not say).
    public var type = "METAR"
    public var station = ""
    public var time: ReportTime?
    /// AUTO: no observer took part.
    public var isAutomatic = false
    /// COR, CCA…: a correction of an earlier report.
    public var isCorrection = false
    /// NIL: the report is missing.
    public var isMissing = false
    public var conditions = Conditions()
    public var runwayVisualRanges: [RunwayVisualRange] = []
    /// °C, whole degrees as coded, or to the tenth from a remark's T group.
    public var temperature: Double?
    public var dewPoint: Double?
    public var pressure: Pressure?
    public var recentWeather: [PresentWeather] = []
    public var runwayStates: [RunwayState] = []
    public var seaState: SeaState?
    public var trends: [Forecast] = []
    public var remarks: [Remark] = []
    /// Every group, in order.
    public var groups: [ReportGroup] = []

    public init(raw: String) { self.raw = raw }

    /// The groups not decoded, as written.
    public var notDecoded: [String] { groups.filter { $0.meaning == .notDecoded }.map(\.text) }

    public var flightCategory: FlightCategory? { FlightCategory.of(conditions) }

    /// `/////KT`: the station could not tell the wind.
    public var windNotReported: Bool { groups.contains { $0.meaning == .windNotReported } }

    /// `1013` where the pressure comes, without its letter (the unit is not told).
    public var pressureWithoutLetter: String? {
        for g in groups { if case .pressureWithoutLetter(let digits) = g.meaning { return digits } }
        return nil
    }

    /// Relative humidity from the temperature and the dew point (percent), when both are given.
    public var relativeHumidity: Double? {
        guard let t = temperature, let d = dewPoint else { return nil }
        return Atmosphere.relativeHumidity(temperature: t, dewPoint: d)
    }
}
