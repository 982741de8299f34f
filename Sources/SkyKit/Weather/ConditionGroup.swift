extension GroupDecoding {
    /// The group at the tokens' current position among those of the body and trends, with the
    /// text it used (two groups for `1 1/2SM`, `WS R24`, `WS ALL RWY`: the index is left on the
    /// last). nil when it is none.
    static func condition(_ tokens: inout ReportTokens, visibilitySeen: Bool) -> (ReportGroup.Meaning?, String) {
        guard let t = tokens.current else { return (nil, "") }
        let text = t.text
        if let w = wind(t) { return (.wind(w), text) }
        if t.count >= 7, t.prefix(5).allSatisfy({ $0 == 0x2F }), ["KT", "MPS", "KMH"].contains(where: { t.dropFirst(5).equals($0) }) {
            return (.windNotReported, text)
        }
        if let (from, to) = windVariation(t) { return (.windVariation(from: from, to: to), text) }
        if t.equals("CAVOK") { return (.cavok, text) }
        if let v = metricVisibility(t) {
            // After the prevailing visibility, a second one is the minimum (no direction).
            if visibilitySeen { return (.directionalVisibility(DirectionalVisibility(visibility: v, direction: nil)), text) }
            return (.visibility(v), text)
        }
        if let d = directionalVisibility(t) { return (.directionalVisibility(d), text) }
        if let v = statuteVisibility(t) { return (.visibility(v), text) }
        // `1 1/2SM`: the whole miles, then the fraction.
        if t.count == 1, let whole = t.first.map({ Int($0) - 0x30 }), (1...9).contains(whole), let next = tokens.peek(),
            let v = statuteVisibility(next, whole: whole)
        {
            tokens.index += 1
            return (.visibility(v), text + " " + next.text)
        }
        if t.equals("////") || t.equals("////NDV") || t.equals("/////NDV") || t.equals("////SM") {
            return (.visibilityNotReported, text)
        }
        if let r = runwayVisualRange(t) { return (.runwayVisualRange(r), text) }
        if let s = runwayState(t) { return (.runwayState(s), text) }
        if t.equals("NSW") { return (.noSignificantWeather, text) }
        if t.equals("//") { return (.weatherNotObserved, text) }
        if let c = cloud(t) { return (.cloud(c), text) }
        if let c = skyClear(t) { return (.skyClear(c), text) }
        if t.allSatisfy({ $0 == 0x2F }), t.count >= 5 { return (.cloudNotReported, text) }
        if let (air, dew) = temperature(t) { return (.temperature(air: air, dewPoint: dew), text) }
        if let p = pressure(t) { return (p.map { .pressure($0) } ?? .pressureNotReported, text) }
        if t.count > 2, t.prefix(2).equals("RE") {
            if t.dropFirst(2).allSatisfy({ $0 == 0x2F }) { return (.weatherNotObserved, text) }
            if let w = PresentWeather.parse(t.dropFirst(2)) { return (.recentWeather(w), text) }
        }
        if let w = PresentWeather.parse(t) { return (.weather(w), text) }
        if t.equals("WS") {
            if let next = tokens.peek(), next.equals("ALL"), let after = tokens.peek(2), after.equals("RWY") {
                tokens.index += 2
                return (.windShear(runway: nil), "WS ALL RWY")
            }
            if let next = tokens.peek(), let runway = windShearRunway(next) {
                tokens.index += 1
                return (.windShear(runway: runway), text + " " + next.text)
            }
        }
        if let (height, wind) = lowLevelWindShear(t) { return (.lowLevelWindShear(height: height, wind: wind), text) }
        if let s = seaState(t) { return (.seaState(s), text) }
        if let c = colourState(t) { return (.colourState(c), text) }
        return (nil, text)
    }

    /// `R24`, `R24L`, `RWY24`: the runway of a wind shear group.
    static func windShearRunway(_ t: ArraySlice<UInt8>) -> String? {
        var s = GroupScanner(t)
        guard s.take("RWY") || s.take("R"), let runway = runwayDesignator(&s), s.atEnd else { return nil }
        return runway
    }

    /// `WS020/05065KT`: wind shear up to 2,000 ft, the wind there from 050° at 65 kt.
    static func lowLevelWindShear(_ t: ArraySlice<UInt8>) -> (Height, Wind)? {
        var s = GroupScanner(t)
        guard s.take("WS"), let hundreds = s.digits(3), s.take("/"), let w = wind(s.rest) else { return nil }
        return (Height(Double(hundreds) * 100, .feet), w)
    }
}
