import Foundation
import SkyKit

/// Times as people read them: in UTC, or on the clock of an IANA time zone. Every service
/// writes times through these.
enum TimeText {
    /// A moment on the clock of a time zone.
    struct Local {
        /// "2025-11-10 04:00"
        var clock: String
        /// "04:00:12"
        var time: String
        /// "−08:00"
        var offset: String
        /// "2025-11-10T04:00:00-08:00"
        var iso: String
    }

    /// "2021-10-07 14:10:01 UTC" (times come checked by `UnixTime`; any other shows as seconds).
    static func utc(_ seconds: Double) -> String {
        guard UnixTime.checked(seconds) != nil else { return Format.trimmed(seconds) + " s" }
        return CivilTime(seconds).text + " UTC"
    }

    static func utc(_ instant: Date) -> String { utc(instant.timeIntervalSince1970) }

    /// The local time in `zone` at `instant`, or nil for an unknown zone.
    static func local(zone: String, at instant: Date) -> Local? {
        guard let tz = TimeZone(identifier: zone) else { return nil }
        let t = CivilTime(instant.timeIntervalSince1970, offset: tz.secondsFromGMT(for: instant))
        return Local(
            clock: String(t.text.prefix(16)), time: t.clock, offset: t.offsetText.replacingOccurrences(of: "-", with: "−"),
            iso: "\(t.date)T\(t.clock)" + t.offsetText)
    }
}
