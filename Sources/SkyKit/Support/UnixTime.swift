/// Instants as Unix seconds. Every time that comes from outside — a feed's clock, a recording,
/// a relative time typed by the user, a saved session — is checked here once: a finite value
/// from 1900 to 2200, so that no later date arithmetic, formatting or integer conversion can
/// trap on it.
public enum UnixTime {
    /// 1900-01-01T00:00Z to 2200-01-01T00:00Z.
    public static let range: ClosedRange<Double> = -2_208_988_800...7_258_118_400

    /// `seconds` when it lies from 1900 to 2200, else nil.
    public static func checked(_ seconds: Double?) -> Double? {
        guard let seconds, seconds.isFinite, range.contains(seconds) else { return nil }
        return seconds
    }

    /// How an out-of-range time reads in an error ("1e+25 s").
    public static func describe(_ seconds: Double) -> String { "\(seconds) s" }
}

/// A value from outside kept only when it is finite and within `range` (an impossible altitude,
/// speed or rate is unknown, never a trap later).
@inlinable
public func plausible(_ value: Double?, _ range: ClosedRange<Double>) -> Double? {
    guard let value, value.isFinite, range.contains(value) else { return nil }
    return value
}
