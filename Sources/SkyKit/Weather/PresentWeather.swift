/// A weather group (`-SHRA`, `+TSRAGR`, `VCFG`, `FZDZ`): the intensity or proximity, a
/// descriptor, and the phenomena, in the order the code writes them.
public struct PresentWeather: Sendable, Equatable {
    public enum Intensity: String, Sendable, Equatable {
        case light = "-"
        case moderate = ""
        case heavy = "+"
    }

    /// A two-letter code of the descriptor or of a phenomenon.
    public struct Code: RawRepresentable, Sendable, Equatable, Hashable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    public var intensity: Intensity
    /// `VC`: within 8 km of the aerodrome but not at it.
    public var inVicinity: Bool
    public var descriptor: Code?
    public var phenomena: [Code]

    public init(intensity: Intensity = .moderate, inVicinity: Bool = false, descriptor: Code? = nil, phenomena: [Code]) {
        self.intensity = intensity
        self.inVicinity = inVicinity
        self.descriptor = descriptor
        self.phenomena = phenomena
    }

    /// The code as written: `-SHRA`.
    public var code: String {
        intensity.rawValue + (inVicinity ? "VC" : "") + (descriptor?.rawValue ?? "") + phenomena.map(\.rawValue).joined()
    }

    /// Descriptors (WMO-No. 306, code table 4678).
    static let descriptors: [String: String] = [
        "MI": "shallow", "BC": "patches of", "PR": "partial", "DR": "low drifting", "BL": "blowing", "SH": "showers of",
        "TS": "thunderstorm", "FZ": "freezing",
    ]

    /// Precipitation, obscurations and other phenomena (code table 4678).
    static let phenomenaNames: [String: String] = [
        "DZ": "drizzle", "RA": "rain", "SN": "snow", "SG": "snow grains", "IC": "ice crystals", "PL": "ice pellets", "GR": "hail",
        "GS": "small hail or snow pellets", "UP": "unknown precipitation", "BR": "mist", "FG": "fog", "FU": "smoke",
        "VA": "volcanic ash", "DU": "widespread dust", "SA": "sand", "HZ": "haze", "PY": "spray", "PO": "dust or sand whirls",
        "SQ": "squalls", "FC": "funnel cloud", "SS": "sandstorm", "DS": "duststorm",
    ]

    /// Precipitation codes (which an intensity qualifies).
    static let precipitation: Set<String> = ["DZ", "RA", "SN", "SG", "IC", "PL", "GR", "GS", "UP"]

    /// Reads a weather group; nil when the text is not one (every two letters must be a code).
    public static func parse<C: Collection>(_ bytes: C) -> PresentWeather? where C.Element == UInt8 {
        var rest = Substring(decoding: Array(bytes), as: UTF8.self)
        var intensity = Intensity.moderate
        if rest.hasPrefix("+") {
            intensity = .heavy
            rest = rest.dropFirst()
        } else if rest.hasPrefix("-") {
            intensity = .light
            rest = rest.dropFirst()
        }
        var vicinity = false
        if rest.hasPrefix("VC") {
            vicinity = true
            rest = rest.dropFirst(2)
        }
        guard !rest.isEmpty, rest.count % 2 == 0, rest.count <= 12 else { return nil }
        var codes: [String] = []
        var at = rest.startIndex
        while at < rest.endIndex {
            let next = rest.index(at, offsetBy: 2)
            codes.append(String(rest[at..<next]))
            at = next
        }
        var descriptor: Code?
        if let first = codes.first, descriptors[first] != nil {
            descriptor = Code(rawValue: first)
            codes.removeFirst()
        } else if codes.count >= 2, let last = codes.last, last == "TS" || last == "SH" {
            // Written after the precipitation (`+SNSH`, `RATS`, seen in real reports).
            descriptor = Code(rawValue: last)
            codes.removeLast()
        }
        guard codes.allSatisfy({ phenomenaNames[$0] != nil }) else { return nil }
        // A descriptor alone stands only for TS (thunderstorm) and, near the aerodrome, SH.
        if codes.isEmpty {
            guard let d = descriptor?.rawValue, d == "TS" || (d == "SH" && vicinity) else { return nil }
        }
        return PresentWeather(intensity: intensity, inVicinity: vicinity, descriptor: descriptor, phenomena: codes.map { Code(rawValue: $0) })
    }

    /// In words: "light showers of rain", "thunderstorm with heavy rain and hail", "fog in the
    /// vicinity".
    public var words: String {
        let names = phenomena.map { Self.phenomenaNames[$0.rawValue] ?? $0.rawValue }
        let list = Phrases.list(names)
        let strength = intensity == .light ? "light " : intensity == .heavy ? "heavy " : ""
        var text: String
        switch descriptor?.rawValue {
        case "TS":
            text = list.isEmpty ? (intensity == .heavy ? "heavy thunderstorm" : "thunderstorm") : "thunderstorm with " + strength + list
        case "SH":
            text = list.isEmpty ? "showers" : strength + "showers of " + list
        case let d?:
            text = strength + (Self.descriptors[d] ?? d) + " " + list
        case nil:
            text = phenomena.first?.rawValue == "FC" && intensity == .heavy ? "tornado or waterspout" : strength + list
        }
        return vicinity(text)
    }

    private func vicinity(_ text: String) -> String { inVicinity ? text + " in the vicinity" : text }
}
