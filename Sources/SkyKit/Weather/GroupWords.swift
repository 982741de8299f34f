/// What each group of a report says, in a sentence: the walk `explain metar` takes.
extension ReportGroup.Meaning {
    public var words: String {
        switch self {
        case .reportType(let type):
            return switch type {
            case "SPECI": "a special report, made between the routine ones because the weather changed"
            case "TAF": "an aerodrome forecast"
            default: "a routine weather report (METAR)"
            }
        case .station(let code): return "the station: \(code), its ICAO location indicator"
        case .issued(let time):
            return "observed or issued on day \(time.day) of the month at " + CivilTime.two(time.hour) + ":" + CivilTime.two(time.minute) + " UTC"
        case .modifier(let m):
            return switch m {
            case "AUTO": "made by an automatic station, without an observer"
            case "AMD": "amended: it replaces the forecast issued before it"
            case "RTD": "sent late (retarded)"
            default: "a correction of a report sent before"
            }
        case .missing(let m): return m == "NIL" ? "the report is missing (NIL)" : "the forecast is cancelled (CNL)"
        case .wind(let w):
            var text = w.words
            if w.unit == .knots, let d = w.direction { text += " (direction \(Wind.degrees(d)) true, speed in knots)" }
            return text
        case .windNotReported: return "wind not reported by the automatic station"
        case .pressureWithoutLetter(let digits):
            return "\(digits) where the pressure comes, without its letter: most likely QNH \(digits) hPa, but the report does not say"
        case .windVariation(let from, let to): return "the direction varied between \(Wind.degrees(from)) and \(Wind.degrees(to))"
        case .visibility(let v): return "prevailing visibility " + v.words
        case .visibilityNotReported: return "visibility not reported by the automatic station"
        case .directionalVisibility(let d): return "lowest visibility " + d.visibility.words + (d.direction.map { " towards " + $0 } ?? "")
        case .runwayVisualRange(let r):
            var text = "runway visual range on \(r.runway): " + (r.range?.words ?? "not reported")
            if let up = r.upTo { text += ", varying up to " + up.words }
            if let t = r.trend { text += t == .up ? ", increasing" : t == .down ? ", decreasing" : ", no change" }
            return text
        case .weather(let w): return "weather: " + w.words
        case .noSignificantWeather: return "no significant weather (the weather before ends)"
        case .weatherNotObserved: return "present weather not observed by the automatic station"
        case .cloud(let c): return c.words
        case .skyClear(let c): return c.words
        case .cloudNotReported: return "clouds not reported by the automatic station"
        case .cavok: return "ceiling and visibility OK: visibility 10 km or more, no cloud below 5,000 ft, no cumulonimbus, no significant weather"
        case .temperature(let air, let dew):
            return "temperature " + (air.map { "\($0) °C" } ?? "not reported") + ", dew point " + (dew.map { "\($0) °C" } ?? "not reported")
        case .pressure(let p):
            return p.inInches
                ? "altimeter setting " + DigitGroups.fixed(p.inches, decimals: 2) + " inHg (" + DigitGroups.fixed(p.hectopascals, decimals: 1) + " hPa)"
                : "QNH " + DigitGroups.fixed(p.hectopascals, decimals: 0) + " hPa (" + DigitGroups.fixed(p.inches, decimals: 2)
                    + " inHg): set on an altimeter, it reads the field's elevation on the ground"
        case .lowestPressure(let p): return "lowest altimeter setting expected " + DigitGroups.fixed(p.inches, decimals: 2) + " inHg"
        case .pressureNotReported: return "pressure not reported"
        case .recentWeather(let w): return "recent weather (in the last hour, now ended): " + w.words
        case .windShear(let runway): return "wind shear " + (runway.map { "on runway " + $0 } ?? "on all runways")
        case .lowLevelWindShear(let height, let wind):
            return "wind shear up to " + DigitGroups.fixed(height.feet, decimals: 0, grouping: true) + " ft, " + wind.words + " there"
        case .runwayState(let s): return s.words
        case .seaState(let s):
            var text = "sea surface" + (s.temperature.map { " \($0) °C" } ?? "")
            if let state = s.state { text += ", sea state \(state)" }
            if let h = s.waveHeight { text += ", waves " + DigitGroups.fixed(h.meters, decimals: 1) + " m" }
            return text
        case .colourState(let c): return ReportGroup.Meaning.colourStateWords(c)
        case .change(let kind):
            return switch kind {
            case .noSignificantChange: "no significant change expected in the next two hours (NOSIG)"
            case .becoming: "becoming: the conditions after it settle in over the period"
            case .temporary: "temporarily: the conditions after it come and go, each time less than an hour, in all less than half the period"
            case .intermittent: "intermittently: brief changes, more frequent than TEMPO"
            case .from(let t): "from day \(t.day) " + CivilTime.two(t.hour) + ":" + CivilTime.two(t.minute) + " UTC everything changes to what follows"
            case .probability(let p): "a \(p)% probability of what follows"
            }
        case .trendTime(let label, let hour, let minute):
            let word = label == "FM" ? "from" : label == "TL" ? "until" : "at"
            return "\(word) " + CivilTime.two(hour) + ":" + CivilTime.two(minute) + " UTC"
        case .validity(let p):
            return "valid from day \(p.from.day) " + CivilTime.two(p.from.hour) + ":00 to day \(p.to.day) " + CivilTime.two(p.to.hour) + ":00 UTC"
        case .forecastTemperature(let t):
            return (t.maximum ? "highest" : "lowest") + " temperature \(t.celsius) °C expected on day \(t.at.day) at " + CivilTime.two(t.at.hour) + ":00 UTC"
        case .hazardLayer(let h): return h.words
        case .remarksStart: return "remarks follow (national practice)"
        case .remark(let r): return r.words
        case .notDecoded: return "not decoded: shown as written"
        }
    }
}

extension ReportGroup.Meaning {
    /// `AMB`: "military colour state AMB: cloud base 200 ft or more and visibility 800 m or more".
    public static func colourStateWords(_ code: String) -> String {
        let black = code.hasPrefix("BLACK")
        let colour = black ? String(code.dropFirst(5)) : code
        var text = "military colour state \(code)"
        if colour == "RED" {
            text += ": cloud base below 200 ft or visibility below 800 m"
        } else if let limits = GroupDecoding.colourStateLimits[colour] {
            text +=
                ": cloud base " + DigitGroups.fixed(Double(limits.base), decimals: 0, grouping: true) + " ft or more and visibility "
                + DigitGroups.fixed(Double(limits.visibility), decimals: 0, grouping: true) + " m or more"
        }
        return text + (black ? " (BLACK: the aerodrome is closed)" : "")
    }
}
