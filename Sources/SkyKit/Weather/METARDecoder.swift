/// Decodes METAR and SPECI reports in the WMO code (FM 15/16) as used in practice, US forms
/// and remarks included. Groups it cannot read are kept as `.notDecoded`, in place.
public enum METARDecoder {
    /// Why a text is not a METAR at all.
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
    }

    /// Decodes one report.
    public static func decode(_ text: String) throws(Failure) -> METAR {
        try ReportTokens.checkLength(text)
        var metar = METAR(raw: text)
        var tokens = ReportTokens(text)
        func add(_ t: ArraySlice<UInt8>, _ meaning: ReportGroup.Meaning) { metar.groups.append(ReportGroup(t.text, meaning)) }
        // The header: type, COR, station, time, modifiers.
        while let t = tokens.current, t.equals("METAR") || t.equals("SPECI") || t.equals("COR") {
            if t.equals("COR") {
                metar.isCorrection = true
                add(t, .modifier("COR"))
            } else {
                metar.type = t.text
                add(t, .reportType(t.text))
            }
            tokens.index += 1
        }
        try tokens.stationAndTime(into: &metar, kind: "METAR")
        var section = Section.body
        var trend: Forecast?
        var visibilitySeen = false
        var bodyStarted = false
        // After the pressure only the supplementary groups come (recent weather, wind shear,
        // runway and sea state, colour state): a wind, visibility, weather or cloud group there
        // is not the report's (a second observation, national additions) and is kept as written.
        var pressureSeen = false
        // What the previous group was, for a pressure given in both units side by side.
        var previousWasPressure = false
        var temperatureSeen = false
        func finishTrend() {
            if let trend { metar.trends.append(trend) }
            trend = nil
        }
        while let t = tokens.current {
            defer { tokens.index += 1 }
            if t.equals("RMK") {
                finishTrend()
                tokens.remarks(into: &metar)
                break
            }
            if let kind = trendStart(t) {
                finishTrend()
                section = .trend
                trend = Forecast(kind: kind)
                add(t, .change(kind))
                continue
            }
            // Australian trends: `FM0030 …` after the pressure is a trend of its own from that
            // time (and each further FM starts another).
            if pressureSeen, let time = trendTime(t), time.label == "FM", trend.map({ if case .from = $0.kind { true } else { false } }) ?? true {
                finishTrend()
                section = .trend
                var from = Forecast(kind: .from(trendDay(time, after: metar.time)))
                from.times = [time]
                trend = from
                add(t, .trendTime(time.label, hour: time.hour, minute: time.minute))
                continue
            }
            if section == .trend, var current = trend {
                // `INTER 2100/2400`, `TEMPO 0030/0130`: the period as two clock times.
                if let (from, to) = trendPeriod(t) {
                    current.times += [from, to]
                    trend = current
                    add(t, .trendTime("FM", hour: from.hour, minute: from.minute))
                    continue
                }
                if let time = trendTime(t) {
                    current.times.append(time)
                    trend = current
                    add(t, .trendTime(time.label, hour: time.hour, minute: time.minute))
                    continue
                }
                let (meaning, used) = GroupDecoding.condition(&tokens, visibilitySeen: current.conditions.visibility != nil)
                if let meaning, current.conditions.add(meaning) {
                    trend = current
                    metar.groups.append(ReportGroup(used, meaning))
                } else {
                    metar.groups.append(ReportGroup(used.isEmpty ? t.text : used, .notDecoded))
                }
                continue
            }
            // The body.
            if !bodyStarted, let modifier = modifier(t) {
                if modifier == "AUTO" { metar.isAutomatic = true }
                if modifier == "NIL" { metar.isMissing = true }
                if modifier.hasPrefix("CC") || modifier == "COR" { metar.isCorrection = true }
                add(t, modifier == "NIL" ? .missing("NIL") : .modifier(modifier))
                continue
            }
            if t.equals("AUTO") {
                metar.isAutomatic = true
                add(t, .modifier("AUTO"))
                continue
            }
            bodyStarted = true
            let wasPressure = previousWasPressure
            previousWasPressure = false
            // The visibility groups come before the temperature: four digits after it are the
            // pressure written without its letter (`15/15 1013`), never a visibility.
            if temperatureSeen, !pressureSeen, t.count == 4, t.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                pressureSeen = true
                add(t, .pressureWithoutLetter(t.text))
                continue
            }
            let (meaning, used) = GroupDecoding.condition(&tokens, visibilitySeen: visibilitySeen)
            if let meaning, !(pressureSeen && isObservation(meaning)),
                !repeats(meaning, temperatureSeen: temperatureSeen, pressureSeen: pressureSeen, followsPressure: wasPressure)
            {
                if case .visibility = meaning { visibilitySeen = true }
                if case .cavok = meaning { visibilitySeen = true }
                if case .temperature = meaning { temperatureSeen = true }
                if case .pressure = meaning {
                    pressureSeen = true
                    previousWasPressure = true
                }
                if case .pressureNotReported = meaning { pressureSeen = true }
                if metar.conditions.add(meaning) || record(meaning, in: &metar) {
                    metar.groups.append(ReportGroup(used, meaning))
                    continue
                }
            }
            // All the words the group took (`1 1/2SM`), kept as written.
            metar.groups.append(ReportGroup(used.isEmpty ? t.text : used, .notDecoded))
        }
        finishTrend()
        // A remark's T group gives the temperature and dew point to the tenth.
        for case .preciseTemperature(let air, let dew) in metar.remarks {
            metar.temperature = air
            if let dew { metar.dewPoint = dew }
        }
        return metar
    }

    enum Section { case body, trend }

    /// The groups of the observation proper, which come before the pressure.
    static func isObservation(_ meaning: ReportGroup.Meaning) -> Bool {
        switch meaning {
        case .wind, .windNotReported, .windVariation, .visibility, .visibilityNotReported, .directionalVisibility, .runwayVisualRange, .weather,
            .noSignificantWeather,
            .weatherNotObserved, .cloud, .skyClear, .cloudNotReported, .cavok:
            true
        default: false
        }
    }

    /// Whether a group gives again what the report gave already: a second temperature, or a
    /// second pressure unless it follows the first in the other unit (`Q1012 A2988`). A report
    /// that holds another's groups (reports glued together) keeps them undecoded, never lets
    /// them replace its own.
    static func repeats(_ meaning: ReportGroup.Meaning, temperatureSeen: Bool, pressureSeen: Bool, followsPressure: Bool) -> Bool {
        switch meaning {
        case .temperature: temperatureSeen
        case .pressure, .pressureNotReported: pressureSeen && !followsPressure
        default: false
        }
    }

    /// Sets the values of a group that is not a condition; false when the group is none of them.
    static func record(_ meaning: ReportGroup.Meaning, in metar: inout METAR) -> Bool {
        switch meaning {
        case .runwayVisualRange(let r): metar.runwayVisualRanges.append(r)
        case .temperature(let air, let dew):
            metar.temperature = air.map(Double.init)
            metar.dewPoint = dew.map(Double.init)
        case .pressure(let p):
            // A report giving both (Q1012 A2988) keeps the hectopascals.
            if metar.pressure == nil || metar.pressure?.inInches == true && !p.inInches { metar.pressure = p }
        case .pressureNotReported, .weatherNotObserved, .visibilityNotReported, .cloudNotReported, .windNotReported, .pressureWithoutLetter: break
        case .recentWeather(let w): metar.recentWeather.append(w)
        case .runwayState(let s): metar.runwayStates.append(s)
        case .seaState(let s): metar.seaState = s
        default: return false
        }
        return true
    }

    /// Four letters or digits, the first a letter: an ICAO location indicator.
    static func isStation(_ t: ArraySlice<UInt8>) -> Bool {
        t.count == 4 && t.first.map { $0 >= 0x41 && $0 <= 0x5A } == true && t.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    /// `ddhhmmZ`.
    static func issueTime(_ t: ArraySlice<UInt8>) -> ReportTime? {
        var s = GroupScanner(t)
        guard let day = s.digits(2), let hour = s.digits(2), let minute = s.digits(2), s.take("Z"), s.atEnd,
            (1...31).contains(day), hour < 24, minute < 60
        else { return nil }
        return ReportTime(day: day, hour: hour, minute: minute)
    }

    static func modifier(_ t: ArraySlice<UInt8>) -> String? {
        let text = t.text
        if ["AUTO", "COR", "NIL", "RTD", "AMD"].contains(text) { return text }
        if text.count == 3, text.hasPrefix("CC"), let last = text.last, last.isLetter { return text }
        return nil
    }

    static func trendStart(_ t: ArraySlice<UInt8>) -> ChangeKind? {
        if t.equals("NOSIG") { return .noSignificantChange }
        if t.equals("BECMG") { return .becoming }
        if t.equals("TEMPO") { return .temporary }
        if t.equals("INTER") { return .intermittent }
        return nil
    }

    /// `hhmm/hhmm`: an Australian trend's period, as from and until times.
    static func trendPeriod(_ t: ArraySlice<UInt8>) -> (Forecast.TrendTime, Forecast.TrendTime)? {
        var s = GroupScanner(t)
        guard let h1 = s.digits(2), let m1 = s.digits(2), s.take("/"), let h2 = s.digits(2), let m2 = s.digits(2), s.atEnd,
            h1 <= 24, h2 <= 24, m1 < 60, m2 < 60
        else { return nil }
        return (Forecast.TrendTime(label: "FM", hour: h1, minute: m1), Forecast.TrendTime(label: "TL", hour: h2, minute: m2))
    }

    /// The day a trend's clock time falls on: the observation's, or the next when the clock is
    /// earlier (a 2130Z report's FM0030). Past the 28th the next day may be the 1st: the day is
    /// then left as the observation's and only the clock is shown.
    static func trendDay(_ time: Forecast.TrendTime, after observed: ReportTime?) -> ReportTime {
        guard let observed else { return ReportTime(day: 1, hour: time.hour, minute: time.minute) }
        let earlier = (time.hour, time.minute) < (observed.hour, observed.minute)
        let day = earlier && observed.day < 28 ? observed.day + 1 : observed.day
        return ReportTime(day: day, hour: time.hour, minute: time.minute)
    }

    /// `FMhhmm`, `TLhhmm`, `AThhmm`.
    static func trendTime(_ t: ArraySlice<UInt8>) -> Forecast.TrendTime? {
        var s = GroupScanner(t)
        let label: String
        if s.take("FM") {
            label = "FM"
        } else if s.take("TL") {
            label = "TL"
        } else if s.take("AT") {
            label = "AT"
        } else {
            return nil
        }
        guard let hour = s.digits(2), let minute = s.digits(2), s.atEnd, hour <= 24, minute < 60 else { return nil }
        return Forecast.TrendTime(label: label, hour: hour, minute: minute)
    }

}
