import Foundation
import SkyKit

/// Local clock times in IANA time zones, for airport cards.
enum LocalTime {
    struct Description {
        /// "2025-11-10 04:00"
        var clock: String
        /// "−08:00"
        var offset: String
        /// "2025-11-10T04:00:00-08:00"
        var iso: String
    }

    /// The local time in `zone` at `instant`, or nil for an unknown zone.
    static func describe(zone: String, at instant: Date) -> Description? {
        guard let tz = TimeZone(identifier: zone) else { return nil }
        let t = CivilTime(instant.timeIntervalSince1970, offset: tz.secondsFromGMT(for: instant))
        return Description(
            clock: String(t.text.prefix(16)), offset: t.offsetText.replacingOccurrences(of: "-", with: "−"),
            iso: "\(t.date)T\(t.clock)" + t.offsetText)
    }
}
