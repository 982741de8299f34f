/// Reads the remarks after RMK: the common United States remarks (FMH-1, chapter 12), and
/// anything else as words, kept as written.
enum RemarkDecoding {
    /// The groups of the remarks, from the token after RMK to the end of the report (the
    /// tokens are all consumed).
    static func all(_ tokens: inout ReportTokens) -> [ReportGroup] {
        var groups: [ReportGroup] = []
        while !tokens.atEnd {
            let (remark, used) = remark(&tokens)
            groups.append(ReportGroup(used, .remark(remark)))
        }
        return groups
    }

    /// The remark at the current token, consuming its tokens (several for `PK WND …`,
    /// `WSHFT … FROPA` and for a run of words).
    static func remark(_ tokens: inout ReportTokens) -> (Remark, String) {
        let start = tokens.index
        if let (remark, count) = decoded(tokens) {
            let used = tokens.tokens[start..<start + count].map(\.text).joined(separator: " ")
            tokens.index += count
            return (remark, used)
        }
        // Words until the next remark that decodes.
        var words: [String] = []
        repeat {
            words.append(tokens.tokens[tokens.index].text)
            tokens.index += 1
        } while !tokens.atEnd && decoded(tokens) == nil
        let text = words.joined(separator: " ")
        return (.text(text), text)
    }

    /// The remark starting at the current token and how many tokens it takes; nil when it is
    /// none this decoder reads.
    static func decoded(_ tokens: ReportTokens) -> (Remark, Int)? {
        guard let t = tokens.current else { return nil }
        let text = t.text
        switch text {
        case "AO1": return (.automatedStation(precipitationDiscriminator: false, augmented: false), 1)
        case "AO2": return (.automatedStation(precipitationDiscriminator: true, augmented: false), 1)
        case "AO1A": return (.automatedStation(precipitationDiscriminator: false, augmented: true), 1)
        case "AO2A": return (.automatedStation(precipitationDiscriminator: true, augmented: true), 1)
        case "SLPNO": return (.seaLevelPressure(hectopascals: nil), 1)
        case "$": return (.maintenanceNeeded, 1)
        case "PRESRR": return (.pressureChangingRapidly(rising: true), 1)
        case "PRESFR": return (.pressureChangingRapidly(rising: false), 1)
        default: break
        }
        if Remark.unavailable[text] != nil { return (.notAvailable(text), 1) }
        if let seen = WeatherRemarks.decoded(tokens) { return seen }
        var s = GroupScanner(t)
        if s.take("SLP"), let v = s.digits(3), s.atEnd {
            // The tenths of hPa without the leading 9 or 10: 982 is 998.2, 132 is 1013.2.
            let tenths = Double(v) / 10
            return (.seaLevelPressure(hectopascals: tenths < 50 ? 1000 + tenths : 900 + tenths), 1)
        }
        s = GroupScanner(t)
        if s.take("T"), t.count == 9 || t.count == 5 {
            guard let air = tenths(&s) else { return nil }
            var dew: Double?
            if !s.atEnd {
                guard let d = tenths(&s) else { return nil }
                dew = d
            }
            guard s.atEnd else { return nil }
            return (.preciseTemperature(air: air, dewPoint: dew), 1)
        }
        if text == "PK", tokens.peek()?.equals("WND") == true, let value = tokens.peek(2) {
            var v = GroupScanner(value)
            guard let direction = v.digits(3), let speed = v.digits(min: 2, max: 3), v.take("/") else { return nil }
            let time = v.digits(min: 2, max: 4)
            guard let time, v.atEnd else { return nil }
            let hour = value.count - (v.at - value.startIndex) == 0 && time > 99 ? time / 100 : nil
            return (.peakWind(direction: Angle(degrees: Double(direction)), speed: Speed(Double(speed), .knots), hour: hour, minute: time % 100), 3)
        }
        if text == "WSHFT", let value = tokens.peek() {
            var v = GroupScanner(value)
            guard let time = v.digits(min: 2, max: 4), v.atEnd else { return nil }
            let front = tokens.peek(2)?.equals("FROPA") == true
            return (.windShift(hour: time > 99 ? time / 100 : nil, minute: time % 100, frontalPassage: front), front ? 3 : 2)
        }
        s = GroupScanner(t)
        if t.count == 5, let kind = s.one(of: "P67") {
            let hours = kind == UInt8(ascii: "P") ? 1 : kind == UInt8(ascii: "6") ? 6 : 24
            if s.slashes(4) { return (.precipitation(hours: hours, inches: nil), 1) }
            guard let v = s.digits(4) else { return nil }
            return (.precipitation(hours: hours, inches: Double(v) / 100), 1)
        }
        s = GroupScanner(t)
        if t.count == 5, let kind = s.one(of: "12"), let value = tenths(&s), s.atEnd {
            return (.sixHourExtreme(maximum: kind == UInt8(ascii: "1"), celsius: value), 1)
        }
        s = GroupScanner(t)
        if t.count == 9, s.take("4"), let high = tenths(&s), let low = tenths(&s), s.atEnd {
            return (.dayExtremes(maximum: high, minimum: low), 1)
        }
        s = GroupScanner(t)
        if t.count == 5, s.take("5"), let character = s.digits(1), character <= 8, let change = s.digits(3) {
            return (.pressureTendency(character: character, hectopascals: Double(change) / 10), 1)
        }
        s = GroupScanner(t)
        if s.take("4/"), let depth = s.digits(3), s.atEnd { return (.snowDepth(inches: depth), 1) }
        s = GroupScanner(t)
        if t.count == 5, s.take("A"), let v = s.digits(4), (2500...3300).contains(v) {
            return (.altimeter(inches: Double(v) / 100), 1)
        }
        s = GroupScanner(t)
        if s.take("QFE"), let mm = s.digits(3) {
            var hpa: Int?
            if s.take("/") { hpa = s.digits(4) }
            guard s.atEnd else { return nil }
            return (.qfe(millimetres: mm, hectopascals: hpa), 1)
        }
        return nil
    }

    /// `snnn`: a sign digit (1 below zero) and tenths of a degree.
    static func tenths(_ s: inout GroupScanner) -> Double? {
        guard let sign = s.one(of: "01"), let v = s.digits(3) else { return nil }
        return (sign == UInt8(ascii: "1") ? -1 : 1) * Double(v) / 10
    }
}
