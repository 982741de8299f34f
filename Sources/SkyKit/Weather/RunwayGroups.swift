/// The runway visual range on one runway (`R28L/0600V1000U`).
public struct RunwayVisualRange: Sendable, Equatable {
    public enum Trend: String, Sendable, Equatable {
        case up = "U"
        case down = "D"
        case none = "N"
    }

    public var runway: String
    /// The range, or its lower end when it varied; nil when not reported (`R17/////`).
    public var range: Visibility?
    /// The upper end when it varied (`V1000`).
    public var upTo: Visibility?
    public var trend: Trend?
}

/// The state of a runway's surface (ICAO Annex 3's runway state group, `R24/290195`), or of all
/// of them: the deposit, how much of the runway it covers, its depth and the friction.
public struct RunwayState: Sendable, Equatable {
    /// `88` (or `R88`) means every runway; a designator otherwise.
    public var runway: String
    /// `SNOCLO`: the aerodrome is closed by snow.
    public var closedBySnow = false
    /// `CLRD`: contamination cleared.
    public var cleared = false
    /// 0…9 (dry, damp, wet, frost, dry snow, wet snow, slush, ice, compacted snow, frozen ruts); nil when not reported.
    public var deposit: Int?
    /// 1, 2, 5 or 9 (up to 10%, 11–25%, 26–50%, 51–100% covered); nil when not reported.
    public var extent: Int?
    /// The code of the depth (00–90 mm, 92–98 in steps of 5 cm, 99 runway not in use); nil when not reported.
    public var depth: Int?
    /// 01–90: a friction coefficient (0.01–0.90); 91–95: braking action from poor to good; 99: unreliable; nil when not reported.
    public var friction: Int?

    static let deposits = [
        "clear and dry", "damp", "wet or water patches", "rime or frost", "dry snow", "wet snow", "slush", "ice", "compacted or rolled snow",
        "frozen ruts or ridges",
    ]

    /// In words: "runway 24: wet or water patches over 51–100%, depth less than 1 mm, braking good".
    public var words: String {
        let name = runway == "88" ? "all runways" : "runway \(runway)"
        if closedBySnow { return "\(name): closed by snow" }
        var parts: [String] = []
        if cleared { parts.append("contamination cleared") }
        if let deposit { parts.append(Self.deposits[deposit]) }
        if let extent {
            switch extent {
            case 1: parts.append("over up to 10%")
            case 2: parts.append("over 11–25%")
            case 5: parts.append("over 26–50%")
            case 9: parts.append("over 51–100%")
            default: parts.append("extent code \(extent)")
            }
        }
        if let depth {
            switch depth {
            case 0: parts.append("depth less than 1 mm")
            case 1...90: parts.append("depth \(depth) mm")
            case 92...97: parts.append("depth \((depth - 90) * 5) cm")
            case 98: parts.append("depth 40 cm or more")
            case 99: parts.append("runway not in use")
            default: parts.append("depth code \(depth)")
            }
        }
        if let friction {
            switch friction {
            case 1...90: parts.append("friction coefficient 0." + (friction < 10 ? "0" : "") + "\(friction)")
            case 91: parts.append("braking poor")
            case 92: parts.append("braking medium to poor")
            case 93: parts.append("braking medium")
            case 94: parts.append("braking medium to good")
            case 95: parts.append("braking good")
            case 99: parts.append("braking unreliable")
            default: parts.append("friction code \(friction)")
            }
        }
        return "\(name): " + (parts.isEmpty ? "state not reported" : parts.joined(separator: ", "))
    }
}

/// The sea surface beside an offshore station: its temperature and the state of the sea or
/// the height of the waves (`W15/S4`, `W17/H23`).
public struct SeaState: Sendable, Equatable {
    public var temperature: Int?
    /// 0…9 (calm glassy to phenomenal).
    public var state: Int?
    /// Significant wave height.
    public var waveHeight: Height?
}

/// A pressure setting: QNH in hectopascals, or an altimeter setting in inches of mercury.
public struct Pressure: Sendable, Equatable {
    public var hectopascals: Double
    /// True when the report gave inches of mercury (`A2992`, `QNH2980INS`).
    public var inInches: Bool

    public init(hectopascals: Double, inInches: Bool = false) {
        self.hectopascals = hectopascals
        self.inInches = inInches
    }

    public init(inches: Double) {
        hectopascals = inches * Self.hectopascalsPerInch
        inInches = true
    }

    /// Hectopascals in one inch of mercury (at 0 °C, standard gravity).
    public static let hectopascalsPerInch = 33.8638866667
    public var inches: Double { hectopascals / Self.hectopascalsPerInch }
}

/// A layer of icing (`6IhhhT`) or turbulence (`5BhhhT`) that a military TAF forecasts: the
/// intensity code, the base and the thickness.
public struct HazardLayer: Sendable, Equatable {
    public var icing: Bool
    /// The code of the intensity (WMO code tables 1738 for icing, 0300 for turbulence).
    public var intensity: Int
    public var base: Height
    public var thickness: Height

    static let icingWords = [
        "no icing or a trace", "light icing", "light icing in cloud", "light icing in precipitation", "moderate icing",
        "moderate icing in cloud", "moderate icing in precipitation", "severe icing", "severe icing in cloud",
        "severe icing in precipitation",
    ]
    static let turbulenceWords = [
        "no turbulence", "light turbulence", "moderate turbulence in clear air, occasional",
        "moderate turbulence in clear air, frequent", "moderate turbulence in cloud, occasional",
        "moderate turbulence in cloud, frequent", "severe turbulence in clear air, occasional",
        "severe turbulence in clear air, frequent", "severe turbulence in cloud, occasional",
        "severe turbulence in cloud, frequent",
    ]

    /// In words: "moderate icing in cloud from 3,000 ft, 4,000 ft thick".
    public var words: String {
        let names = icing ? Self.icingWords : Self.turbulenceWords
        return names[intensity] + " from " + DigitGroups.fixed(base.feet, decimals: 0, grouping: true) + " ft, "
            + DigitGroups.fixed(thickness.feet, decimals: 0, grouping: true) + " ft thick"
    }
}
