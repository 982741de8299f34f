import FoundationEssentials
import Glibc
import SkyKit

/// The current time, which `SKYSHELL_NOW` (ISO 8601) can pin so scripts and lessons give the
/// same output on every run.
public struct Clock: Sendable {
    public var pinned: Date?
    /// The `TZ` variable of the environment (nil when unset).
    public var tz: String?
    public init(pinned: Date? = nil, tz: String? = "UTC") {
        self.pinned = pinned
        self.tz = tz
    }
    public var now: Date { pinned ?? Date() }

    /// The user's time zone, found when first asked (`ZoneOffsets.localName`): a zone name or
    /// a POSIX rule.
    public var zone: String { ZoneOffsets.localName(tz: tz) }

    /// The clock for an environment (SKYSHELL_NOW, TZ), or an error message when SKYSHELL_NOW
    /// cannot be read.
    public static func from(_ env: [String: String]) -> (Clock, String?) {
        let tz = env["TZ"]
        guard let text = env["SKYSHELL_NOW"], !text.isEmpty else { return (Clock(tz: tz), nil) }
        guard let seconds = CivilTime.parse(text) else {
            return (Clock(tz: tz), "SKYSHELL_NOW='\(text)' is not an ISO 8601 time; using the system clock")
        }
        return (Clock(pinned: Date(timeIntervalSince1970: seconds), tz: tz), nil)
    }
}

extension Clock {
    /// Today's date where the user is (the process's time zone; UTC when it cannot be told).
    public var today: FlightDate {
        let seconds = now.timeIntervalSince1970
        return CivilTime(seconds, offset: ZoneOffsets.seconds(zone: zone, at: seconds) ?? 0).date
    }
}
