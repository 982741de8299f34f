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

    /// A moment as data: ISO 8601 in UTC with its offset ("2021-10-07T14:10:01Z"), the one form
    /// every JSON answer gives times in.
    static func isoDatum(_ seconds: Double) -> Datum { .string(CivilTime(seconds.rounded()).iso) }

    /// A moment's cell: ISO 8601 in data, "2021-10-07 14:10:01 UTC" in text.
    static func instantCell(_ seconds: Double) -> Cell { Cell(isoDatum(seconds), text: utc(seconds)) }

    /// "13:07:42": the UTC clock alone, for moments of a day already named.
    static func clock(_ seconds: Double) -> String {
        guard UnixTime.checked(seconds) != nil else { return Format.trimmed(seconds) + " s" }
        return CivilTime(seconds.rounded()).clock
    }

    /// A length of time as people say it: "45 s", "2 min 12 s", "15 min", "1 h 05 min".
    static func span(_ seconds: Double) -> String {
        let total = Int(max(0, seconds).rounded())
        if total < 60 { return "\(total) s" }
        let minutes = total / 60, rest = total % 60
        if minutes < 60 { return rest == 0 ? "\(minutes) min" : "\(minutes) min \(rest) s" }
        let m = minutes % 60
        return "\(minutes / 60) h " + (m < 10 ? "0" : "") + "\(m) min"
    }

    /// The local time in `zone` at `instant`, or nil for an unknown zone.
    static func local(zone: String, at instant: Date) -> Local? {
        guard let offset = ZoneOffsets.seconds(zone: zone, at: instant.timeIntervalSince1970) else { return nil }
        let t = CivilTime(instant.timeIntervalSince1970, offset: offset)
        return Local(
            clock: String(t.text.prefix(16)), time: t.clock, offset: t.offsetText.replacingAll("-", with: "−"),
            iso: "\(t.date)T\(t.clock)" + t.offsetText)
    }
}
