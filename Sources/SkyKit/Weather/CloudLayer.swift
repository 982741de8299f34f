/// One layer of cloud, or the sky's vertical visibility when it is obscured.
public struct CloudLayer: Sendable, Equatable {
    /// How much of the sky the layer covers, in eighths.
    public enum Cover: String, Sendable, Equatable, CaseIterable {
        /// 1–2 eighths.
        case few = "FEW"
        /// 3–4 eighths.
        case scattered = "SCT"
        /// 5–7 eighths.
        case broken = "BKN"
        /// 8 eighths.
        case overcast = "OVC"
        /// The sky cannot be seen: `VV` gives how far up one can see into the obscuration.
        case obscured = "VV"
        /// `///`: an automatic station could not tell the amount.
        case unknown = "///"

        /// In words.
        public var words: String {
            switch self {
            case .few: "few clouds"
            case .scattered: "scattered clouds"
            case .broken: "broken clouds"
            case .overcast: "overcast"
            case .obscured: "sky obscured, vertical visibility"
            case .unknown: "clouds of an amount not told"
            }
        }
    }

    /// A convective cloud named with the layer.
    public enum Convective: String, Sendable, Equatable {
        case cumulonimbus = "CB"
        case toweringCumulus = "TCU"
        /// `///` after the layer: an automatic station could not tell.
        case unknown = "///"

        public var words: String {
            switch self {
            case .cumulonimbus: "cumulonimbus"
            case .toweringCumulus: "towering cumulus"
            case .unknown: "of a type not told"
            }
        }
    }

    public var cover: Cover
    /// Above the aerodrome; nil when not told (`VV///`, `BKN///`).
    public var base: Height?
    public var convective: Convective?

    public init(_ cover: Cover, base: Height?, convective: Convective? = nil) {
        self.cover = cover
        self.base = base
        self.convective = convective
    }

    /// A layer that makes a ceiling: broken, overcast, or an obscured sky.
    public var isCeiling: Bool { cover == .broken || cover == .overcast || cover == .obscured }
}

/// What a report says instead of layers: no cloud of interest, none detected, clear sky.
public enum SkyClear: String, Sendable, Equatable {
    /// No significant cloud (below 5,000 ft or the highest minimum sector altitude, no CB/TCU).
    case noSignificantCloud = "NSC"
    /// An automatic station detected none.
    case noCloudDetected = "NCD"
    /// Sky clear (a human observer).
    case skyClear = "SKC"
    /// No cloud below 12,000 ft (an automatic station, US and Canada).
    case clear = "CLR"

    public var words: String {
        switch self {
        case .noSignificantCloud: "no significant cloud"
        case .noCloudDetected: "no cloud detected by the automatic station"
        case .skyClear: "sky clear"
        case .clear: "no cloud below 12,000 ft"
        }
    }
}
