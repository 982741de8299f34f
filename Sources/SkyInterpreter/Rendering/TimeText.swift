import FoundationEssentials
import Glibc
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

/// Moments as the session shows them (`set time`): in UTC, or on the clock of the observer's
/// time zone with its offset. Data (JSON, CSV cells) keeps ISO 8601 UTC either way.
struct MomentText: Sendable {
    /// The IANA zone of local times; nil for UTC.
    var zone: String?

    static let utc = MomentText(zone: nil)

    /// The moment on the zone's clock, or nil for UTC (or a zone or moment that cannot be told).
    func local(_ seconds: Double) -> CivilTime? {
        guard let zone, UnixTime.checked(seconds) != nil, let offset = ZoneOffsets.seconds(zone: zone, at: seconds) else { return nil }
        return CivilTime(seconds.rounded(), offset: offset)
    }

    /// "2021-10-07 14:10:01 UTC", or "2021-10-07 16:10:01 +02:00" on local time.
    func moment(_ seconds: Double) -> String {
        guard let t = local(seconds) else { return TimeText.utc(seconds) }
        return t.text + " " + t.offsetText.replacingAll("-", with: "−")
    }

    /// "2021-10-07 14:10:01 UTC to 2021-10-07 14:40:01 UTC": a recording's span.
    func span(_ range: ClosedRange<Double>) -> String { moment(range.lowerBound) + " to " + moment(range.upperBound) }

    /// "14:10:01 UTC", or "16:10:01 +02:00" on local time.
    func clock(_ seconds: Double) -> String {
        guard let t = local(seconds) else { return TimeText.clock(seconds) + " UTC" }
        return t.clock + " " + t.offsetText.replacingAll("-", with: "−")
    }

    /// "14:10:01" or "16:10:01": the clock alone, where the zone is said once nearby.
    func bareClock(_ seconds: Double) -> String { local(seconds)?.clock ?? TimeText.clock(seconds) }

    /// "UTC", or "local time (Europe/Paris)".
    var name: String { zone.map { "local time (\($0))" } ?? "UTC" }

    /// A moment's cell: ISO 8601 UTC in data, the shown moment in text.
    func cell(_ seconds: Double) -> Cell { Cell(TimeText.isoDatum(seconds), text: moment(seconds)) }

    /// A moment's cell shown as the clock alone.
    func clockCell(_ seconds: Double) -> Cell { Cell(TimeText.isoDatum(seconds), text: bareClock(seconds)) }
}

extension CommandContext {
    /// How moments are shown now: UTC, or with `set time local` the observer's time zone.
    var moments: MomentText {
        settings.value(.time) == .local ? MomentText(zone: localZone(near: session.observer?.place)) : .utc
    }

    /// The time zone for local times: the observer's airport, else the nearest airport within
    /// 300 km, else this computer's.
    func localZone(near place: Place?) -> String {
        if let place {
            if let code = place.airportCode, let airport = catalog.airport(icao: code) { return airport.timeZone }
            if let near = catalog.airports(near: place.coordinate, within: Distance(300, .kilometers), limit: 1).first { return near.airport.timeZone }
        }
        return runner.clock.zone
    }
}
