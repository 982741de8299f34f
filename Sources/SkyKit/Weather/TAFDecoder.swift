/// Decodes TAFs (aerodrome forecasts, FM 51) as issued today, US and military forms included:
/// the header, the opening forecast, FM/BECMG/TEMPO/INTER/PROB groups, TX/TN, remarks. Groups it
/// cannot read are kept as `.notDecoded`, in place.
public enum TAFDecoder {
    /// Decodes one forecast.
    public static func decode(_ text: String) throws(METARDecoder.Failure) -> TAF {
        try ReportTokens.checkLength(text)
        var taf = TAF(raw: text)
        var tokens = ReportTokens(text)
        func add(_ t: ArraySlice<UInt8>, _ meaning: ReportGroup.Meaning) { taf.groups.append(ReportGroup(t.text, meaning)) }
        // TAF, AMD, COR…, the station, the issue time, the validity.
        var sawType = false
        while let t = tokens.current, let word = headerWord(t) {
            if word == "TAF" {
                sawType = true
                add(t, .reportType("TAF"))
            } else {
                note(word, in: &taf)
                add(t, .modifier(word))
            }
            tokens.index += 1
        }
        try tokens.stationAndTime(into: &taf, kind: "TAF")
        if let t = tokens.current, let period = period(t) {
            taf.validity = period
            add(t, .validity(period))
            tokens.index += 1
        }
        guard sawType || taf.validity != nil || tokens.current.map({ $0.equals("NIL") }) == true else {
            throw METARDecoder.Failure(message: "not a TAF: no validity period after the station (like 0612/0718)")
        }
        var change: Forecast?
        func finishChange() {
            if let change { taf.changes.append(change) }
            change = nil
        }
        while let t = tokens.current {
            defer { tokens.index += 1 }
            if t.equals("RMK") {
                finishChange()
                tokens.remarks(into: &taf)
                break
            }
            if t.equals("NIL") || t.equals("CNL") {
                if t.equals("NIL") { taf.isMissing = true } else { taf.isCancelled = true }
                add(t, .missing(t.text))
                continue
            }
            if let kind = changeStart(t) {
                // PROB30 TEMPO: one group, temporary with a probability.
                if case .temporary = kind, let open = change, case .probability(let p) = open.kind, open.period == nil, open.conditions.isEmpty {
                    change = Forecast(kind: .temporary, probability: p)
                } else {
                    finishChange()
                    var next = Forecast(kind: kind)
                    if case .probability(let p) = kind { next.probability = p }
                    change = next
                }
                add(t, .change(kind))
                continue
            }
            if var current = change, current.period == nil, current.kind.takesPeriod, let p = period(t) {
                current.period = p
                change = current
                add(t, .validity(p))
                continue
            }
            if let temperature = forecastTemperature(t) {
                taf.temperatures.append(temperature)
                add(t, .forecastTemperature(temperature))
                continue
            }
            var meaning: ReportGroup.Meaning?
            var used = t.text
            if let layer = hazardLayer(t) {
                meaning = .hazardLayer(layer)
            } else if case .pressure(let p)? = pressureGroup(t) {
                meaning = .lowestPressure(p)
            } else {
                let visibilitySeen = (change?.conditions ?? taf.conditions).visibility != nil
                (meaning, used) = GroupDecoding.condition(&tokens, visibilitySeen: visibilitySeen)
            }
            if let meaning {
                let added: Bool
                if var current = change {
                    added = current.conditions.add(meaning)
                    change = current
                } else {
                    added = taf.conditions.add(meaning)
                }
                if added {
                    taf.groups.append(ReportGroup(used, meaning))
                    continue
                }
            }
            taf.groups.append(ReportGroup(used.isEmpty ? t.text : used, .notDecoded))
        }
        finishChange()
        return taf
    }

    static func headerWord(_ t: ArraySlice<UInt8>) -> String? {
        let text = t.text
        if ["TAF", "AMD", "COR", "RTD"].contains(text) { return text }
        if text.count == 3, text.hasPrefix("CC") || text.hasPrefix("AA"), let last = text.last, last.isLetter { return text }
        return nil
    }

    static func note(_ modifier: String, in taf: inout TAF) {
        if modifier == "AMD" || modifier.hasPrefix("AA") { taf.isAmended = true }
        if modifier == "COR" || modifier.hasPrefix("CC") { taf.isCorrection = true }
    }

    /// `ddhh/ddhh`, hours 00–24.
    static func period(_ t: ArraySlice<UInt8>) -> ReportPeriod? {
        var s = GroupScanner(t)
        guard let d1 = s.digits(2), let h1 = s.digits(2), s.take("/"), let d2 = s.digits(2), let h2 = s.digits(2), s.atEnd,
            (1...31).contains(d1), (1...31).contains(d2), h1 <= 24, h2 <= 24
        else { return nil }
        return ReportPeriod(from: ReportTime(day: d1, hour: h1), to: ReportTime(day: d2, hour: h2))
    }

    /// FMddhhmm, BECMG, TEMPO, INTER, PROB30, PROB40.
    static func changeStart(_ t: ArraySlice<UInt8>) -> ChangeKind? {
        if t.equals("BECMG") { return .becoming }
        if t.equals("TEMPO") { return .temporary }
        if t.equals("INTER") { return .intermittent }
        var s = GroupScanner(t)
        if s.take("PROB"), let p = s.digits(2), s.atEnd, p == 30 || p == 40 { return .probability(p) }
        s = GroupScanner(t)
        if s.take("FM"), let day = s.digits(2), let hour = s.digits(2), let minute = s.digits(2), s.atEnd, (1...31).contains(day), hour <= 24,
            minute < 60
        {
            return .from(ReportTime(day: day, hour: hour, minute: minute))
        }
        return nil
    }

    /// `TX15/0614Z`, `TNM02/0706Z`.
    static func forecastTemperature(_ t: ArraySlice<UInt8>) -> ForecastTemperature? {
        var s = GroupScanner(t)
        let maximum: Bool
        if s.take("TX") {
            maximum = true
        } else if s.take("TN") {
            maximum = false
        } else {
            return nil
        }
        guard let celsius = s.temperature(), s.take("/"), let day = s.digits(2), let hour = s.digits(2), s.take("Z"), s.atEnd,
            (1...31).contains(day), hour <= 24, (-90...60).contains(celsius)
        else { return nil }
        return ForecastTemperature(maximum: maximum, celsius: celsius, at: ReportTime(day: day, hour: hour))
    }

    /// `6IhhhT` (icing) or `5BhhhT` (turbulence): intensity, base in hundreds of feet,
    /// thickness in thousands.
    static func hazardLayer(_ t: ArraySlice<UInt8>) -> HazardLayer? {
        var s = GroupScanner(t)
        guard t.count == 6, let kind = s.one(of: "56"), let intensity = s.digits(1), let base = s.digits(3), let thickness = s.digits(1) else {
            return nil
        }
        return HazardLayer(
            icing: kind == UInt8(ascii: "6"), intensity: intensity, base: Height(Double(base) * 100, .feet),
            thickness: Height(Double(thickness) * 1000, .feet))
    }

    /// `QNH2992INS` only (a TAF gives no other pressure).
    static func pressureGroup(_ t: ArraySlice<UInt8>) -> ReportGroup.Meaning? {
        guard t.count == 10, t.prefix(3).equals("QNH"), let p = GroupDecoding.pressure(t) else { return nil }
        return p.map { .pressure($0) } ?? .pressureNotReported
    }
}

extension ChangeKind {
    /// True for the groups followed by a `ddhh/ddhh` period.
    var takesPeriod: Bool {
        switch self {
        case .becoming, .temporary, .intermittent, .probability: true
        case .from, .noSignificantChange: false
        }
    }
}
