import Foundation
import SkyKit

/// The current time, which `SKYSHELL_NOW` (ISO 8601) can pin so scripts and lessons give the
/// same output on every run.
public struct Clock: Sendable {
    public var pinned: Date?
    public init(pinned: Date? = nil) { self.pinned = pinned }
    public var now: Date { pinned ?? Date() }

    /// The clock for an environment, or an error message when SKYSHELL_NOW cannot be read.
    public static func from(_ env: [String: String]) -> (Clock, String?) {
        guard let text = env["SKYSHELL_NOW"], !text.isEmpty else { return (Clock(), nil) }
        guard let seconds = CivilTime.parse(text) else {
            return (Clock(), "SKYSHELL_NOW='\(text)' is not an ISO 8601 time; using the system clock")
        }
        return (Clock(pinned: Date(timeIntervalSince1970: seconds)), nil)
    }
}

extension Clock {
    /// Today's date where the user is (the TZ of the process).
    public var today: FlightDate {
        let now = self.now
        return CivilTime(now.timeIntervalSince1970, offset: TimeZone.current.secondsFromGMT(for: now)).date
    }
}
