import SkyKit

/// The rules a session's values obey, shared by the commands that set them and by the load of a
/// saved session (which resets a value that breaks one, naming it): a session file is outside
/// input like any other.
public enum SessionRules {
    /// Heights above mean sea level an observer or a target may have, metres.
    public static let heightsMSL: ClosedRange<Double> = -500...100_000
    /// Heights above the ground, metres.
    public static let heightsAGL: ClosedRange<Double> = 0...100_000
    /// The line-of-sight range, km (values outside are clamped by `los range`).
    public static let losRange: ClosedRange<Double> = 5...500
    /// The radar's range, km.
    public static let radarRange: ClosedRange<Double> = 1...500

    /// A logbook name: 1 to 32 ASCII letters, digits, `-`, `_` or `.`.
    public static func isLogbookName(_ name: String) -> Bool {
        (1...32).contains(name.utf8.count) && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
    }

    /// Why a line-of-sight height breaks the rules, or nil.
    public static func problem(_ h: LOSHeight) -> String? {
        let m = h.height.meters
        switch h.reference {
        case .agl: return heightsAGL.contains(m) ? nil : "\(Format.grouped(m)) m above the ground is outside 0 to 100 km"
        case .msl: return heightsMSL.contains(m) ? nil : "\(Format.grouped(m)) m above sea level is outside -500 m to 100 km"
        }
    }
}
