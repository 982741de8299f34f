/// One group of a report as written, with what it says. A report keeps all of its groups in
/// order, the ones it could not decode too (`.notDecoded`), so nothing it says is dropped and
/// `explain metar` can walk it.
public struct ReportGroup: Sendable, Equatable {
    public var text: String
    public var meaning: Meaning

    public init(_ text: String, _ meaning: Meaning) {
        self.text = text
        self.meaning = meaning
    }

    /// What a group says.
    public enum Meaning: Sendable, Equatable {
        case reportType(String)
        case station(String)
        case issued(ReportTime)
        /// AUTO, COR, CCA…, AMD, RTD.
        case modifier(String)
        /// NIL (a missing report) or CNL (a cancelled forecast).
        case missing(String)
        case wind(Wind)
        /// `/////KT`: an automatic station could not tell the wind.
        case windNotReported
        /// `1013` after the temperature, where the pressure comes: a pressure written without
        /// its letter, most likely hectopascals; the report's pressure stays unset, as only the
        /// letter tells the unit.
        case pressureWithoutLetter(String)
        case windVariation(from: Angle, to: Angle)
        case visibility(Visibility)
        /// `////`: an automatic station could not tell the visibility.
        case visibilityNotReported
        case directionalVisibility(DirectionalVisibility)
        case runwayVisualRange(RunwayVisualRange)
        case weather(PresentWeather)
        /// `NSW`: the significant weather ends.
        case noSignificantWeather
        /// `//`: an automatic station could not tell the present weather.
        case weatherNotObserved
        case cloud(CloudLayer)
        case skyClear(SkyClear)
        /// `//////`: an automatic station could not tell the clouds.
        case cloudNotReported
        case cavok
        /// Air temperature and dew point in whole °C (nil when not reported).
        case temperature(air: Int?, dewPoint: Int?)
        case pressure(Pressure)
        /// A TAF's `QNH2992INS`: the lowest altimeter setting expected.
        case lowestPressure(Pressure)
        /// `Q////`, `A////`: not reported.
        case pressureNotReported
        case recentWeather(PresentWeather)
        /// Wind shear on a runway (nil: all runways).
        case windShear(runway: String?)
        /// A TAF's low-level wind shear: up to a height, a wind there (`WS020/05065KT`).
        case lowLevelWindShear(height: Height, wind: Wind)
        case runwayState(RunwayState)
        case seaState(SeaState)
        /// A military colour state (BLU, WHT, GRN, YLO1, YLO2, AMB, RED; BLACK before one: the aerodrome is closed).
        case colourState(String)
        /// A trend or a TAF's change group begins: NOSIG, BECMG, TEMPO, INTER, FM (with its time), PROB30/40.
        case change(ChangeKind)
        /// A trend's time: FM, TL or AT with a clock time.
        case trendTime(String, hour: Int, minute: Int)
        case validity(ReportPeriod)
        /// TX/TN: the forecast highest or lowest temperature and when.
        case forecastTemperature(ForecastTemperature)
        /// A military TAF's icing (`6IhhhT`) or turbulence (`5BhhhT`) layer.
        case hazardLayer(HazardLayer)
        case remarksStart
        case remark(Remark)
        case notDecoded
    }
}

/// The kind of a trend or TAF change group.
public enum ChangeKind: Sendable, Equatable {
    case noSignificantChange
    case becoming
    case temporary
    case intermittent
    /// `FMddhhmm` (TAF): everything changes from then.
    case from(ReportTime)
    case probability(Int)
}
