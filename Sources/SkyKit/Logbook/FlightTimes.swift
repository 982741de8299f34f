import FoundationEssentials
import Glibc
import Synchronization

/// A time on a local clock: hours and minutes of a day ("08:15").
public struct ClockTime: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Minutes after midnight, 0 to 1439.
    public var minutes: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        minutes = hour * 60 + minute
    }

    /// Reads H:MM, HH:MM or HH:MM:SS (the seconds are dropped).
    public init?(text: String) {
        guard let (h, m, _) = ClockTime.fields(text), h < 24, m < 60 else { return nil }
        self.init(hour: h, minute: m)
    }

    /// The numbers of H:MM, HH:MM or HH:MM:SS (hours up to 99, seconds below 60), read byte
    /// by byte (an import reads hundreds of thousands).
    static func fields(_ text: String) -> (Int, Int, Int?)? {
        var parts = [0, 0, 0], widths = [0, 0, 0], part = 0
        for b in text.utf8 {
            if b == UInt8(ascii: ":") {
                guard part < 2 else { return nil }
                part += 1
                continue
            }
            guard b >= 48, b <= 57, widths[part] < 2 else { return nil }
            parts[part] = parts[part] * 10 + Int(b - 48)
            widths[part] += 1
        }
        guard part >= 1, widths[0] >= 1, widths[1] == 2, part == 1 || widths[2] == 2, parts[2] < 60 else { return nil }
        return (parts[0], parts[1], part == 2 ? parts[2] : nil)
    }

    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }

    public var description: String { FlightDate.digits(hour, 2) + ":" + FlightDate.digits(minute, 2) }

    public static func < (a: ClockTime, b: ClockTime) -> Bool { a.minutes < b.minutes }
}

/// Local clock times at airports and the moments they are: what turns a departure at 08:15 in
/// San Francisco and an arrival at 16:40 in New York into a duration.
public enum FlightClock {
    /// Unix seconds of a local date and time in an IANA zone; nil for an unknown zone. In the
    /// hour a change of the clocks repeats it is the first of the two moments, and in the hour
    /// one skips it is read with the offset before the change (zoneinfo's `fold=0`, as a clock
    /// not yet changed would show it).
    public static func instant(_ date: FlightDate, _ time: ClockTime, zone: String) -> Double? {
        let wall = Double(date.first.daysSinceEpoch * 86_400 + time.minutes * 60)
        switch ZoneOffsets.reading(zone: zone, wallClock: wall) {
        case .once(let t)?, .twice(let t, _)?, .skipped(let t, _)?: return t
        case nil: return nil
        }
    }

    /// The local date and time of a moment in an IANA zone; nil for an unknown zone.
    public static func local(_ seconds: Double, zone: String) -> (date: FlightDate, time: ClockTime)? {
        guard UnixTime.checked(seconds) != nil, let offset = ZoneOffsets.seconds(zone: zone, at: seconds) else { return nil }
        let t = CivilTime(seconds, offset: offset)
        return (t.date, ClockTime(hour: t.hour, minute: t.minute)!)
    }
}

extension Flight {
    /// The longest a flight may take, in minutes (the longest scheduled flights take 19 hours;
    /// 48 leaves room for delays and diversions).
    public static let durations = 1...2880

    /// Fills in what the times imply, given the airports' time zones: the date of arrival when
    /// it is not the date of departure (the first arrival after the departure: overnight
    /// flights arrive a day later, some flights west over the date line a day earlier), and
    /// the duration when it was not given; or, with a departure and a duration but no arrival,
    /// the arrival on the destination's clock.
    public mutating func completeTimes(originZone: String?, destinationZone: String?) {
        guard date.precision == .day, let departureTime, let originZone, let destinationZone,
            let leaves = FlightClock.instant(date, departureTime, zone: originZone)
        else { return }
        guard let arrivalTime else {
            guard let duration, arrivalDate == nil, let local = FlightClock.local(leaves + Double(duration * 60), zone: destinationZone) else { return }
            self.arrivalTime = local.time
            if local.date != date { arrivalDate = local.date }
            return
        }
        var arrives: Double?
        if let arrivalDate {
            arrives = FlightClock.instant(arrivalDate, arrivalTime, zone: destinationZone)
        } else if let sameDay = FlightClock.instant(date, arrivalTime, zone: destinationZone) {
            // The first arrival after the departure: the same clock time a whole number of days
            // later (or earlier), worked out again exactly when it is another day.
            var days = Int(((leaves - sameDay) / 86_400).rounded(.down)) + 1
            var found = days == 0 ? sameDay : nil
            while found == nil, (-1...2).contains(days) {
                let day = FlightDate(daysSinceEpoch: date.daysSinceEpoch + days)
                guard let t = FlightClock.instant(day, arrivalTime, zone: destinationZone) else { return }
                if t > leaves { found = t } else { days += 1 }
            }
            guard let found else { return }
            arrives = found
            if days != 0 { arrivalDate = FlightDate(daysSinceEpoch: date.daysSinceEpoch + days) }
        }
        guard let arrives, duration == nil else { return }
        let minutes = Int(((arrives - leaves) / 60).rounded())
        if Flight.durations.contains(minutes) { duration = minutes }
    }
}
