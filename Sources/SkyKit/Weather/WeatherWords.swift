/// Weather groups in plain words, in the units the report used (with knots beside another
/// wind unit): "wind from 260° at 14 kt gusting 25", "visibility 10 km or more", "broken
/// clouds at 1,200 ft".
extension Wind {
    public var words: String {
        if isCalm { return "calm" }
        func value(_ s: Speed) -> String { DigitGroups.fixed(s.value(in: unit), decimals: 0) }
        let symbol = unit == .knots ? "kt" : unit.rawValue
        var text =
            (direction.map { "wind from " + Self.degrees($0) } ?? "wind variable in direction") + " at " + (speedAbove ? "more than " : "")
            + value(speed) + " " + symbol
        if let gust { text += " gusting " + value(gust) }
        if unit != .knots {
            text += " (" + DigitGroups.fixed(speed.knots, decimals: 0) + (gust.map { "–" + DigitGroups.fixed($0.knots, decimals: 0) } ?? "") + " kt)"
        }
        if let from = variableFrom, let to = variableTo { text += ", varying between " + Self.degrees(from) + " and " + Self.degrees(to) }
        return text
    }

    public static func degrees(_ a: Angle) -> String {
        let d = Int(a.degrees.rounded())
        return (d < 10 ? "00" : d < 100 ? "0" : "") + "\(d)°"
    }
}

extension Visibility {
    /// "10 km or more", "4,000 m", "2,400 ft", "1 1/2 mi", "less than 1/4 mi", "more than 6 mi".
    public var words: String {
        let amount: String
        if inStatuteMiles {
            amount = Self.miles(distance.statuteMiles) + " mi"
        } else if inFeet {
            amount = DigitGroups.fixed(distance.feet, decimals: 0, grouping: true) + " ft"
        } else if distance.meters >= 5_000 {
            amount = DigitGroups.fixed(distance.kilometers, decimals: 0) + " km"
        } else {
            amount = DigitGroups.fixed(distance.meters, decimals: 0, grouping: true) + " m"
        }
        switch qualifier {
        case .exactly: return amount
        case .atLeast: return inStatuteMiles ? "more than " + amount : amount + " or more"
        case .lessThan: return "less than " + amount
        }
    }

    /// Miles as the reports write them: whole, and sixteenths as a fraction.
    static func miles(_ value: Double) -> String {
        let sixteenths = Int((value * 16).rounded())
        let whole = sixteenths / 16
        var n = sixteenths % 16, d = 16
        while n > 0, n % 2 == 0 {
            n /= 2
            d /= 2
        }
        if n == 0 { return "\(whole)" }
        return (whole > 0 ? "\(whole) " : "") + "\(n)/\(d)"
    }
}

extension CloudLayer {
    /// "broken clouds at 1,200 ft", "overcast at 800 ft (cumulonimbus)", "sky obscured, vertical visibility 200 ft".
    public var words: String {
        let height = base.map { DigitGroups.fixed($0.feet, decimals: 0, grouping: true) + " ft" }
        var text: String
        switch cover {
        case .obscured: text = cover.words + " " + (height ?? "not told")
        default: text = cover.words + " at " + (height ?? "a height not told")
        }
        if let convective { text += " (" + convective.words + ")" }
        return text
    }
}

extension Conditions {
    /// The conditions as phrases, in the order a report gives them.
    public var phrases: [String] {
        var parts: [String] = []
        if let wind { parts.append(wind.words) }
        if cavok {
            parts.append("ceiling and visibility OK (visibility 10 km or more, no cloud below 5,000 ft, no cumulonimbus, no significant weather)")
        } else if let visibility {
            parts.append("visibility " + visibility.words)
        }
        if let m = minimumVisibility {
            parts.append("lowest visibility " + m.visibility.words + (m.direction.map { " towards " + $0 } ?? ""))
        }
        parts += weather.map(\.words)
        if noSignificantWeather { parts.append("no significant weather") }
        if let skyClear { parts.append(skyClear.words) }
        parts += clouds.map(\.words)
        for shear in windShear {
            switch shear {
            case .windShear(let runway): parts.append("wind shear " + (runway.map { "on runway " + $0 } ?? "on all runways"))
            case .lowLevelWindShear(let height, let wind):
                parts.append("wind shear up to " + DigitGroups.fixed(height.feet, decimals: 0, grouping: true) + " ft, " + wind.words + " there")
            default: break
            }
        }
        if let p = lowestPressure { parts.append("lowest altimeter setting " + DigitGroups.fixed(p.inches, decimals: 2) + " inHg") }
        parts += hazards.map(\.words)
        if let colourState { parts.append("colour state " + colourState) }
        return parts
    }
}
