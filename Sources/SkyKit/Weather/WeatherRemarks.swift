/// The remarks of FMH-1 (chapter 12) about weather seen from the station: when precipitation
/// and thunderstorms began and ended (`TSB45`, `RAB05E30SNB30`), lightning (`OCNL LTGICCG OHD`),
/// virga, a frontal passage, and thunderstorms or towering clouds with where they are and where
/// they move (`TS OHD MOV E`, `CB DSNT W`).
enum WeatherRemarks {
    /// The remark at the current token and how many tokens it takes; nil when it is none of these.
    static func decoded(_ tokens: ReportTokens) -> (Remark, Int)? {
        guard let t = tokens.current else { return nil }
        if t.equals("FROPA") { return (.frontalPassage, 1) }
        if let events = weatherEvents(t.text) { return (.weatherEvents(events), 1) }
        var used = 0
        var frequency: LightningFrequency?
        if let f = LightningFrequency(rawValue: t.text), tokens.peek().map({ $0.text.hasPrefix("LTG") }) == true {
            frequency = f
            used = 1
        }
        if let word = tokens.peek(used)?.text, word.hasPrefix("LTG"), let kinds = lightningKinds(word.dropFirst(3)) {
            used += 1
            let (place, count) = whereabouts(tokens, from: used)
            return (.lightning(Lightning(frequency: frequency, kinds: kinds, place: place)), used + count)
        }
        if frequency == nil, let body = SkyFeature(rawValue: t.text) {
            let (place, count) = whereabouts(tokens, from: 1)
            return (.seen(body.words, place), 1 + count)
        }
        // A weather with where it is (`SHRA DSNT N`, `VCSH W`): only with a place, since a
        // weather group alone in the remarks says nothing it would not say in the body.
        if frequency == nil, let weather = PresentWeather.parse(t) {
            let (place, count) = whereabouts(tokens, from: 1)
            if count > 0 { return (.seen(weather.words, place), 1 + count) }
        }
        return nil
    }

    /// `TSB45`, `RAB05E30SNB30`, `FZRAB1159E1210`: one or more weathers, each followed by the
    /// minutes (or hours and minutes) it began (B) and ended (E); nil when the word is not one.
    static func weatherEvents(_ word: String) -> [WeatherEvent]? {
        let bytes = Array(word.utf8)
        var events: [WeatherEvent] = []
        var i = 0
        func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
        while i < bytes.count {
            // The weather: letters up to a B or E followed by a digit.
            var end = i
            while end < bytes.count, !((bytes[end] == 0x42 || bytes[end] == 0x45) && isDigit(end + 1)) { end += 1 }
            guard end > i, end < bytes.count, let weather = PresentWeather.parse(bytes[i..<end]) else { return nil }
            var times: [WeatherEvent.Time] = []
            i = end
            while i < bytes.count, bytes[i] == 0x42 || bytes[i] == 0x45, isDigit(i + 1) {
                let began = bytes[i] == 0x42
                var digits = 0
                while isDigit(i + 1 + digits) { digits += 1 }
                guard digits == 2 || digits == 4 else { return nil }
                let value = bytes[(i + 1)..<(i + 1 + digits)].reduce(0) { $0 * 10 + Int($1 - 0x30) }
                let hour = digits == 4 ? value / 100 : nil, minute = value % 100
                guard minute < 60, (hour ?? 0) < 24 else { return nil }
                times.append(WeatherEvent.Time(began: began, hour: hour, minute: minute))
                i += 1 + digits
            }
            events.append(WeatherEvent(weather: weather, times: times))
        }
        return events.isEmpty ? nil : events
    }

    /// The kinds after LTG (`ICCG` → in cloud, cloud to ground); a letter two kinds share may be
    /// written once (`ICCCG`: in cloud, cloud to cloud, cloud to ground). Nil when the letters are
    /// not kinds.
    static func lightningKinds(_ letters: Substring) -> [Lightning.Kind]? {
        let chars = Array(letters)
        var kinds: [Lightning.Kind] = []
        var i = 0
        while i < chars.count {
            if i + 1 < chars.count, let kind = Lightning.Kind(rawValue: String(chars[i...i + 1])) {
                kinds.append(kind)
                i += 2
            } else if i > 0, let kind = Lightning.Kind(rawValue: String(chars[i - 1...i])), kinds.last != kind {
                kinds.append(kind)
                i += 1
            } else {
                return nil
            }
        }
        return kinds
    }

    /// Where a phenomenon is, from the token at `offset`: OHD, VC, DSNT, ALQDS, a distance
    /// (`14NM`), compass points and runs of them (`W`, `NE-S`, `OHD-NE-E-SE`, `E - S`), several
    /// joined by AND, and `MOV` with a direction; how many tokens it takes.
    static func whereabouts(_ tokens: ReportTokens, from offset: Int) -> (SeenPlace, Int) {
        var place = SeenPlace()
        var at = offset
        var segment = SeenPlace.Segment()
        func close() {
            if !segment.isEmpty { place.segments.append(segment) }
            segment = SeenPlace.Segment()
        }
        while let word = tokens.peek(at)?.text {
            if word == "TO", tokens.peek(at + 1).map({ SeenPlace.isPoint($0.text) }) == true {
                at += 1
            } else if word == "AND", !segment.isEmpty, let next = tokens.peek(at + 1)?.text, SeenPlace.startsSegment(next) {
                close()
                at += 1
            } else if word == "-", !segment.run.isEmpty, let next = tokens.peek(at + 1)?.text, SeenPlace.isPoint(next) {
                segment.run.append(next)
                at += 2
            } else if let distance = SeenPlace.distance(word), segment.distance == nil, segment.run.isEmpty {
                segment.distance = distance
                at += 1
            } else if let parts = SeenPlace.parts(word) {
                if !segment.run.isEmpty || (parts.location != nil && (segment.location != nil || segment.distance != nil)) { close() }
                if let location = parts.location { segment.location = location }
                segment.run += parts.points
                at += 1
            } else {
                break
            }
        }
        close()
        if tokens.peek(at)?.equals("MOV") == true, let word = tokens.peek(at + 1)?.text, SeenPlace.isPoint(word) || word == "OHD" {
            place.moving = word
            at += 2
        }
        return (place, at - offset)
    }
}

/// A weather that began or ended in the last hour (`RAB05E30`).
public struct WeatherEvent: Sendable, Equatable {
    public struct Time: Sendable, Equatable {
        public var began: Bool
        /// Nil when only the minutes are given (the hour of the report).
        public var hour: Int?
        public var minute: Int
    }
    public var weather: PresentWeather
    public var times: [Time]

    /// "thunderstorm began at minute 45", "rain began at minute 05 and ended at minute 30".
    public var words: String {
        weather.words + " "
            + times.map { ($0.began ? "began" : "ended") + " at " + ($0.hour.map { CivilTime.two($0) + ":" } ?? "minute ") + CivilTime.two($0.minute) }
            .joined(separator: " and ")
    }
}

/// How often lightning is seen (FMH-1: occasional under 1 a minute, frequent 1 to 6, continuous more).
public enum LightningFrequency: String, Sendable, Equatable {
    case occasional = "OCNL"
    case frequent = "FRQ"
    case continuous = "CONS"

    var words: String {
        switch self {
        case .occasional: "occasional (less than 1 a minute)"
        case .frequent: "frequent (1 to 6 a minute)"
        case .continuous: "continuous (more than 6 a minute)"
        }
    }
}

/// Lightning seen from the station: how often, of which kinds, and where.
public struct Lightning: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case inCloud = "IC"
        case cloudToCloud = "CC"
        case cloudToGround = "CG"
        case cloudToAir = "CA"

        var words: String {
            switch self {
            case .inCloud: "in cloud"
            case .cloudToCloud: "cloud to cloud"
            case .cloudToGround: "cloud to ground"
            case .cloudToAir: "cloud to air"
            }
        }
    }
    public var frequency: LightningFrequency?
    public var kinds: [Kind]
    public var place: SeenPlace

    /// "occasional (less than 1 a minute) lightning in cloud and cloud to ground overhead".
    public var words: String {
        var text = (frequency.map { $0.words + " " } ?? "") + "lightning"
        if !kinds.isEmpty { text += " " + Phrases.list(kinds.map(\.words)) }
        return text + place.words
    }
}

/// A thing in the sky the remarks place (`TS`, `CB`, `TCU`, `VIRGA`, `CBMAM`, `ACC`).
public enum SkyFeature: String, Sendable, Equatable {
    case thunderstorm = "TS"
    case cumulonimbus = "CB"
    case toweringCumulus = "TCU"
    case mammatus = "CBMAM"
    case altocumulusCastellanus = "ACC"
    case virga = "VIRGA"

    var words: String {
        switch self {
        case .thunderstorm: "thunderstorm"
        case .cumulonimbus: "cumulonimbus"
        case .toweringCumulus: "towering cumulus"
        case .mammatus: "cumulonimbus with mammatus"
        case .altocumulusCastellanus: "altocumulus castellanus"
        case .virga: "virga (rain or snow falling from cloud that evaporates before reaching the ground)"
        }
    }
}

/// Where the remarks place something: overhead, in the vicinity, distant, in all quadrants, at
/// a distance, towards which compass points; and where it moves.
public struct SeenPlace: Sendable, Equatable {
    public enum Location: String, Sendable, Equatable {
        case overhead = "OHD"
        case vicinity = "VC"
        case distant = "DSNT"
        case allQuadrants = "ALQDS"

        var words: String {
            switch self {
            case .overhead: "overhead"
            case .vicinity: "in the vicinity (5 to 10 miles)"
            case .distant: "distant (more than 10 miles)"
            case .allQuadrants: "in all quadrants"
            }
        }
    }

    /// One place: a location, a distance, and a run of compass points (`W-N-NE`).
    public struct Segment: Sendable, Equatable {
        public var location: Location?
        /// "14 nm", as written.
        public var distance: String?
        public var run: [String] = []

        var isEmpty: Bool { location == nil && distance == nil && run.isEmpty }

        var words: String {
            var parts: [String] = []
            if let location { parts.append(location.words + (location == .overhead && !run.isEmpty ? " and" : "")) }
            if let distance { parts.append(distance) }
            let names = run.map(SeenPlace.pointName)
            switch names.count {
            case 0: break
            case 1: parts.append("to the " + names[0])
            case 2: parts.append("from the \(names[0]) to the \(names[1])")
            default: parts.append("to the " + Phrases.list(names))
            }
            return parts.joined(separator: " ")
        }
    }

    public var segments: [Segment] = []
    /// Where it moves (`E`, or `OHD`).
    public var moving: String?

    static let names: [String: String] = [
        "N": "north", "NNE": "north-north-east", "NE": "north-east", "ENE": "east-north-east", "E": "east", "ESE": "east-south-east",
        "SE": "south-east", "SSE": "south-south-east", "S": "south", "SSW": "south-south-west", "SW": "south-west",
        "WSW": "west-south-west", "W": "west", "WNW": "west-north-west", "NW": "north-west", "NNW": "north-north-west",
    ]

    static func isPoint(_ word: String) -> Bool { names[word] != nil }

    static func pointName(_ point: String) -> String { names[point] ?? point }

    /// A word a place can start with: a location, a point, a run or a distance.
    static func startsSegment(_ word: String) -> Bool { parts(word) != nil || distance(word) != nil }

    /// `OHD-NE-E-SE`, `W-N`, `DSNT`: an optional location first, then points; nil otherwise.
    static func parts(_ word: String) -> (location: Location?, points: [String])? {
        var pieces = word.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        let location = pieces.first.flatMap(Location.init(rawValue:))
        if location != nil { pieces.removeFirst() }
        guard pieces.allSatisfy(isPoint), location != nil || !pieces.isEmpty else { return nil }
        return (location, pieces)
    }

    /// `14NM`, `10SM`, `5KM`: "14 nm"; nil for any other word.
    static func distance(_ word: String) -> String? {
        for unit in ["NM", "SM", "KM", "MI"] where word.hasSuffix(unit) {
            let digits = word.dropLast(2)
            guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return "\(digits) " + (unit == "SM" ? "mi" : unit.lowercased())
        }
        return nil
    }

    /// " overhead", " distant (more than 10 miles) to the west and to the north", ", moving east".
    var words: String {
        var text = segments.isEmpty ? "" : " " + segments.map(\.words).joined(separator: " and ")
        if let moving { text += ", moving " + (moving == "OHD" ? "overhead" : Self.pointName(moving)) }
        return text
    }
}
