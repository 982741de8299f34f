/// Decodes the groups METARs, their trends and TAFs share, one token at a time. Each function
/// returns nil when the token is not such a group.
enum GroupDecoding {
    /// `dddff(f)(Gff(f))KT|MPS|KMH`, `VRBff…`, `/////KT`.
    static func wind(_ t: ArraySlice<UInt8>) -> Wind? {
        var s = GroupScanner(t)
        var direction: Angle?
        if s.take("VRB") {
            direction = nil
        } else if s.slashes(3) {
            direction = nil
        } else if let d = s.digits(3), d <= 360 {
            direction = Angle(degrees: Double(d))
        } else {
            return nil
        }
        let above = s.take("P")
        guard let speed = s.digits(min: 2, max: 3) else { return nil }
        var gust: Int?
        if s.take("G") {
            guard let g = s.digits(min: 2, max: 3) else { return nil }
            gust = g
        }
        let unit: SpeedUnit
        if s.take("KT") {
            unit = .knots
        } else if s.take("MPS") {
            unit = .metersPerSecond
        } else if s.take("KMH") {
            unit = .kilometersPerHour
        } else {
            return nil
        }
        guard s.atEnd else { return nil }
        var wind = Wind(direction: speed == 0 ? nil : direction, speed: Speed(Double(speed), unit), gust: gust.map { Speed(Double($0), unit) }, unit: unit)
        wind.speedAbove = above
        return wind
    }

    /// `dddVddd`: the arc a varying direction covered.
    static func windVariation(_ t: ArraySlice<UInt8>) -> (Angle, Angle)? {
        var s = GroupScanner(t)
        guard let from = s.digits(3), s.take("V"), let to = s.digits(3), s.atEnd, from <= 360, to <= 360 else { return nil }
        return (Angle(degrees: Double(from)), Angle(degrees: Double(to)))
    }

    /// `dddd` metres (`9999`: 10 km or more, `0000`: less than 50 m), with `NDV` after it.
    static func metricVisibility(_ t: ArraySlice<UInt8>) -> Visibility? {
        var s = GroupScanner(t)
        guard let metres = s.digits(4) else { return nil }
        _ = s.take("NDV")
        guard s.atEnd else { return nil }
        switch metres {
        case 9999: return .tenKilometresOrMore
        case 0: return Visibility(Distance(50, .meters), .lessThan)
        default: return Visibility(Distance(Double(metres), .meters))
        }
    }

    /// The compass points a directional visibility may name.
    static let directions: [StaticString] = ["NE", "NW", "SE", "SW", "N", "E", "S", "W"]

    /// `ddddD`: the lowest visibility, towards a compass point (`1200SW`).
    static func directionalVisibility(_ t: ArraySlice<UInt8>) -> DirectionalVisibility? {
        var s = GroupScanner(t)
        guard let metres = s.digits(4) else { return nil }
        for point in directions where s.take(point) {
            guard s.atEnd else { return nil }
            let visibility = metres == 9999 ? Visibility.tenKilometresOrMore : Visibility(Distance(Double(metres), .meters))
            return DirectionalVisibility(visibility: visibility, direction: point.description)
        }
        return nil
    }

    /// A visibility in statute miles: `10SM`, `P6SM`, `M1/4SM`, `3/4SM`, `1 1/2SM` (the whole
    /// miles given as `whole`), and `11/2SM`, the way some offices write 1½.
    static func statuteVisibility(_ t: ArraySlice<UInt8>, whole: Int? = nil) -> Visibility? {
        var s = GroupScanner(t)
        var qualifier = Visibility.Qualifier.exactly
        if s.take("P") {
            qualifier = .atLeast
        } else if s.take("M") {
            qualifier = .lessThan
        }
        guard let first = s.digits(min: 1, max: 2) else { return nil }
        var miles = Double(first)
        if s.take("/") {
            guard let denominator = s.digits(min: 1, max: 2), denominator > 0 else { return nil }
            if first > denominator, first >= 10 {
                // 11/2 for 1 1/2: the first digit is the whole miles.
                let numerator = first % 10
                guard numerator < denominator else { return nil }
                miles = Double(first / 10) + Double(numerator) / Double(denominator)
            } else {
                guard first < denominator else { return nil }
                miles = Double(first) / Double(denominator)
            }
            if let whole { miles += Double(whole) }
        } else if whole != nil {
            return nil
        }
        guard s.take("SM"), s.atEnd else { return nil }
        return Visibility(Distance(miles, .statuteMiles), qualifier, statuteMiles: true)
    }

    /// `R28L/P1500N`, `R09/0500V0800`, `R35/3500VP6000FT/D`, `R17/////`: the runway visual range.
    static func runwayVisualRange(_ t: ArraySlice<UInt8>) -> RunwayVisualRange? {
        var s = GroupScanner(t)
        guard s.take("R"), let runway = runwayDesignator(&s), s.take("/") else { return nil }
        if s.slashes(4) {
            _ = s.take("/")
            let trend = s.one(of: "UDN").flatMap { RunwayVisualRange.Trend(rawValue: String(UnicodeScalar($0))) }
            guard s.atEnd else { return nil }
            return RunwayVisualRange(runway: runway, range: nil, upTo: nil, trend: trend)
        }
        guard let low = rvrValue(&s) else { return nil }
        var high: (Int, Visibility.Qualifier)?
        if s.take("V") {
            guard let h = rvrValue(&s) else { return nil }
            high = h
        }
        let feet = s.take("FT")
        _ = s.take("/")
        let trend = s.one(of: "UDN").flatMap { RunwayVisualRange.Trend(rawValue: String(UnicodeScalar($0))) }
        guard s.atEnd else { return nil }
        let unit: LengthUnit = feet ? .feet : .meters
        func visibility(_ v: (Int, Visibility.Qualifier)) -> Visibility { Visibility(Distance(Double(v.0), unit), v.1, feet: feet) }
        return RunwayVisualRange(runway: runway, range: visibility(low), upTo: high.map(visibility), trend: trend)
    }

    static func rvrValue(_ s: inout GroupScanner) -> (Int, Visibility.Qualifier)? {
        var qualifier = Visibility.Qualifier.exactly
        if s.take("P") {
            qualifier = .atLeast
        } else if s.take("M") {
            qualifier = .lessThan
        }
        guard let value = s.digits(4) else { return nil }
        return (value, qualifier)
    }

    /// `28`, `28L`, `09C`: a runway's designator.
    static func runwayDesignator(_ s: inout GroupScanner) -> String? {
        guard let number = s.digits(2) else { return nil }
        let side = s.one(of: "LCR").map { String(UnicodeScalar($0)) } ?? ""
        return (number < 10 ? "0" : "") + "\(number)" + side
    }

    /// `R24/290195`, `R88/CLRD70`, `R/SNOCLO`, and the 8-digit form of before 2013
    /// (`24290195`; 50 is added to a right-hand runway's number).
    static func runwayState(_ t: ArraySlice<UInt8>) -> RunwayState? {
        var s = GroupScanner(t)
        if t.equals("SNOCLO") || t.equals("R/SNOCLO") { return RunwayState(runway: "88", closedBySnow: true) }
        var runway: String
        if s.take("R") {
            if s.take("/") {
                guard s.take("SNOCLO"), s.atEnd else { return nil }
                return RunwayState(runway: "88", closedBySnow: true)
            }
            guard let r = runwayDesignator(&s), s.take("/") else { return nil }
            runway = r
        } else {
            guard t.count == 8, let number = s.digits(2) else { return nil }
            runway =
                number == 88 || number == 99
                ? "\(number)" : number > 50 ? (number - 50 < 10 ? "0" : "") + "\(number - 50)R" : (number < 10 ? "0" : "") + "\(number)"
        }
        if s.take("SNOCLO") {
            guard s.atEnd else { return nil }
            return RunwayState(runway: runway, closedBySnow: true)
        }
        var state = RunwayState(runway: runway)
        if s.take("CLRD") {
            state.cleared = true
            if s.slashes(2) {
                guard s.atEnd else { return nil }
                return state
            }
            guard let friction = s.digits(2), s.atEnd else { return nil }
            state.friction = friction
            return state
        }
        guard s.rest.count == 6 else { return nil }
        func field(_ width: Int) -> Int?? {
            if s.slashes(width) { return .some(nil) }
            guard let v = s.digits(width) else { return nil }
            return .some(v)
        }
        guard let deposit = field(1), let extent = field(1), let depth = field(2), let friction = field(2), s.atEnd else { return nil }
        state.deposit = deposit
        state.extent = extent
        state.depth = depth
        state.friction = friction
        return state
    }

    /// `FEW020`, `BKN012CB`, `OVC///`, `VV002`, `//////TCU`, `SCT030///`.
    static func cloud(_ t: ArraySlice<UInt8>) -> CloudLayer? {
        var s = GroupScanner(t)
        let cover: CloudLayer.Cover
        if s.take("FEW") {
            cover = .few
        } else if s.take("SCT") {
            cover = .scattered
        } else if s.take("BKN") {
            cover = .broken
        } else if s.take("OVC") {
            cover = .overcast
        } else if s.take("VV") {
            cover = .obscured
        } else if s.slashes(3) {
            cover = .unknown
        } else {
            return nil
        }
        var base: Height?
        if let hundreds = s.digits(3) {
            base = Height(Double(hundreds) * 100, .feet)
        } else if !s.slashes(3) {
            return nil
        }
        var convective: CloudLayer.Convective?
        if s.take("CB") {
            convective = .cumulonimbus
        } else if s.take("TCU") {
            convective = .toweringCumulus
        } else if s.slashes(3) {
            convective = .unknown
        }
        guard s.atEnd, cover != .obscured || convective == nil else { return nil }
        // `//////` (or `/////////`) alone says nothing about any layer: it is not a cloud group.
        if cover == .unknown, base == nil, convective == nil || convective == .unknown { return nil }
        return CloudLayer(cover, base: base, convective: convective)
    }

    /// `12/08`, `M05/M07`, `25/` (no dew point), `M70/`.
    static func temperature(_ t: ArraySlice<UInt8>) -> (air: Int?, dewPoint: Int?)? {
        var s = GroupScanner(t)
        let air = s.temperature()
        if air == nil, !s.slashes(2) { return nil }
        guard s.take("/") else { return nil }
        var dew: Int?
        if !s.atEnd {
            dew = s.temperature()
            if dew == nil, !s.slashes(2) { return nil }
        }
        guard s.atEnd, air != nil || dew != nil else { return nil }
        // Physically possible values only (the records are −89 and +57).
        guard (air.map { (-90...60).contains($0) } ?? true), (dew.map { (-99...60).contains($0) } ?? true) else { return nil }
        return (air, dew)
    }

    /// `Q1013`, `A2992`, `QNH2980INS`; `Q////`.
    static func pressure(_ t: ArraySlice<UInt8>) -> Pressure?? {
        var s = GroupScanner(t)
        if s.take("QNH") {
            guard let v = s.digits(4), s.take("INS"), s.atEnd, (2500...3300).contains(v) else { return nil }
            return .some(Pressure(inches: Double(v) / 100))
        }
        if s.take("Q") {
            if s.slashes(4) { return s.atEnd ? .some(nil) : nil }
            guard let v = s.digits(4), s.atEnd, (850...1090).contains(v) else { return nil }
            return .some(Pressure(hectopascals: Double(v)))
        }
        if s.take("A") {
            if s.slashes(4) { return s.atEnd ? .some(nil) : nil }
            guard let v = s.digits(4), s.atEnd, (2500...3300).contains(v) else { return nil }
            return .some(Pressure(inches: Double(v) / 100))
        }
        return nil
    }

    /// `W15/S4`, `W17/H23`, `W///S5`.
    static func seaState(_ t: ArraySlice<UInt8>) -> SeaState? {
        var s = GroupScanner(t)
        guard s.take("W") else { return nil }
        var sea = SeaState()
        if !s.slashes(2) {
            guard let t = s.temperature() else { return nil }
            sea.temperature = t
        }
        guard s.take("/") else { return nil }
        if s.take("S") {
            if !s.slashes(1) {
                guard let state = s.digits(1) else { return nil }
                sea.state = state
            }
        } else if s.take("H") {
            if !s.slashes(3) && !s.slashes(2) && !s.slashes(1) {
                guard let dm = s.digits(min: 1, max: 3) else { return nil }
                sea.waveHeight = Height(Double(dm) / 10, .meters)
            }
        } else {
            return nil
        }
        return s.atEnd ? sea : nil
    }

    static let colourStates: Set<String> = Set(colourStateLimits.keys)

    /// The lowest cloud base (ft, of 3/8 or more cover) and visibility (m) each military colour
    /// state stands for, as NATO airfields code them; RED is below AMB's.
    static let colourStateLimits: [String: (base: Int, visibility: Int)] = [
        "BLU": (2_500, 8_000), "WHT": (1_500, 5_000), "GRN": (700, 3_700), "YLO": (300, 1_600), "YLO1": (500, 2_500), "YLO2": (300, 1_600),
        "AMB": (200, 800), "RED": (0, 0),
    ]

    /// `BLU`, `YLO1`, `BLACKRED`…
    static func colourState(_ t: ArraySlice<UInt8>) -> String? {
        var text = t.text
        if text.hasPrefix("BLACK") { text = String(text.dropFirst(5)) }
        return colourStates.contains(text) ? t.text : nil
    }

    static func skyClear(_ t: ArraySlice<UInt8>) -> SkyClear? { SkyClear(rawValue: t.text) }
}
