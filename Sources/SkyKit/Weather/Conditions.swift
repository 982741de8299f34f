/// The weather a report observes or a forecast expects: wind, visibility, weather and sky.
/// A trend or change group holds only what changes; the rest is as before it.
public struct Conditions: Sendable, Equatable {
    public var wind: Wind?
    public var visibility: Visibility?
    public var minimumVisibility: DirectionalVisibility?
    public var weather: [PresentWeather] = []
    /// `NSW`: the significant weather ends.
    public var noSignificantWeather = false
    public var clouds: [CloudLayer] = []
    public var skyClear: SkyClear?
    /// Ceiling and visibility OK: visibility 10 km or more, no cloud below 5,000 ft (or the
    /// highest minimum sector altitude) and no cumulonimbus, no significant weather.
    public var cavok = false
    public var windShear: [ReportGroup.Meaning] = []
    public var colourState: String?
    /// A TAF's lowest altimeter setting expected (`QNH2992INS`).
    public var lowestPressure: Pressure?
    /// A military TAF's icing and turbulence layers.
    public var hazards: [HazardLayer] = []

    public init() {}

    /// True when nothing is given.
    public var isEmpty: Bool { self == Conditions() }

    /// The lowest broken or overcast layer, or the vertical visibility: nil when there is none,
    /// or it is not told.
    public var ceiling: Height? {
        clouds.filter(\.isCeiling).compactMap(\.base).min()
    }

    /// Adds a group's meaning; false when it is not a condition.
    mutating func add(_ meaning: ReportGroup.Meaning) -> Bool {
        switch meaning {
        case .wind(let w): wind = w
        case .windVariation(let from, let to):
            wind?.variableFrom = from
            wind?.variableTo = to
        case .visibility(let v): visibility = v
        case .directionalVisibility(let d): minimumVisibility = d
        case .weather(let w): weather.append(w)
        case .noSignificantWeather: noSignificantWeather = true
        case .cloud(let c): clouds.append(c)
        case .skyClear(let c): skyClear = c
        case .cavok:
            cavok = true
            visibility = .tenKilometresOrMore
        case .windShear, .lowLevelWindShear: windShear.append(meaning)
        case .colourState(let c): colourState = c
        case .lowestPressure(let p): lowestPressure = p
        case .hazardLayer(let h): hazards.append(h)
        default: return false
        }
        return true
    }

    /// These conditions with `change` laid over them (a BECMG or FM group's result).
    public func overlaid(with change: Conditions) -> Conditions {
        var result = self
        if let w = change.wind { result.wind = w }
        if let v = change.visibility { result.visibility = v }
        if change.minimumVisibility != nil { result.minimumVisibility = change.minimumVisibility }
        if !change.weather.isEmpty { result.weather = change.weather }
        if change.noSignificantWeather { result.weather = [] }
        if !change.clouds.isEmpty || change.skyClear != nil {
            result.clouds = change.clouds
            result.skyClear = change.skyClear
        }
        if let p = change.lowestPressure { result.lowestPressure = p }
        if !change.hazards.isEmpty { result.hazards = change.hazards }
        if !change.windShear.isEmpty { result.windShear = change.windShear }
        if change.cavok {
            result.cavok = true
            result.visibility = .tenKilometresOrMore
            result.weather = []
            result.clouds = []
        } else if change.visibility != nil || !change.clouds.isEmpty {
            result.cavok = false
        }
        return result
    }
}
