import FoundationEssentials
import Glibc

/// Reading the values of imported fields, the same way for every format: text without control
/// characters, times, durations, seats, numbers. Each failure names the field and the value.
enum FieldText {
    /// `text` trimmed, nil when empty; a control character (other than a tab or line feed in
    /// notes) is an error naming the field, never stored or cut short.
    static func checked(_ text: String?, _ field: String, multiline: Bool = false) throws(FlightFileError) -> String? {
        guard let text = text?.trimmedSpaces, !text.isEmpty else { return nil }
        if let bad = FlightText.controlCharacter(in: text, multiline: multiline) {
            throw FlightFileError("the \(field) column holds a control character (\(bad))")
        }
        return text
    }

    /// A date: YYYY-MM-DD, YYYY-MM or YYYY; a time after the date (`2009-04-17 21:15:00`,
    /// `2023-09-16T22:45`) is returned too.
    /// With `order` dmy or mdy, `14/06/2019` (or with dots) is read in that order; with ymd it is
    /// refused, naming the option that reads it.
    static func dateAndTime(_ text: String, _ field: String, order: DateOrder = .ymd) throws(FlightFileError) -> (FlightDate, ClockTime?) {
        if text.utf8.count <= 10, let date = FlightDate(text: text) { return (date, nil) }
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
        guard (1...2).contains(parts.count), let date = FlightDate(text: parts[0], order: order) else {
            if let first = parts.first, FlightDate.needsOrder(first) {
                throw FlightFileError(
                    order == .ymd
                        ? "'\(text)' may be day-first or month-first: import with --date-order dmy (or mdy)"
                        : "'\(text)' is not a day that exists, read \(order.rawValue)")
            }
            throw FlightFileError("'\(text)' is not a date (YYYY-MM-DD, YYYY-MM or YYYY, a day that exists)")
        }
        guard parts.count == 2 else { return (date, nil) }
        guard date.precision == .day, let time = ClockTime(text: parts[1]) else { throw FlightFileError("'\(text)' is not a date and time") }
        return (date, time)
    }

    static func date(_ text: String, _ field: String, order: DateOrder = .ymd) throws(FlightFileError) -> FlightDate {
        let (date, time) = try dateAndTime(text, field, order: order)
        guard time == nil else { throw FlightFileError("'\(text)' in \(field) is not a date") }
        return date
    }

    /// A time of day: HH:MM or HH:MM:SS.
    static func time(_ text: String, _ field: String) throws(FlightFileError) -> ClockTime {
        guard let time = ClockTime(text: text) else { throw FlightFileError("'\(text)' in \(field) is not a time (HH:MM)") }
        return time
    }

    /// A duration written as a clock: H:MM, HH:MM or HH:MM:SS (hours may exceed 24).
    static func clockDuration(_ text: String, _ field: String) throws(FlightFileError) -> Int {
        guard let (h, m, _) = ClockTime.fields(text), m < 60 else { throw FlightFileError("'\(text)' in \(field) is not a duration (HH:MM)") }
        return h * 60 + m
    }

    /// A whole number within `range`.
    static func integer(_ text: String, _ field: String, in range: ClosedRange<Int>) throws(FlightFileError) -> Int {
        guard let n = NumberParser.integer(text, in: range) else {
            throw FlightFileError("'\(text)' in \(field) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }

    /// A number within `range`.
    static func number(_ text: String, _ field: String, in range: ClosedRange<Double>) throws(FlightFileError) -> Double {
        guard let n = NumberParser.parse(text), range.contains(n) else {
            throw FlightFileError("'\(text)' in \(field) is not a number from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
        }
        return n
    }

    /// A seat like 23A: its row and letter.
    static func seat(_ text: String, into record: inout FlightRecord) throws(FlightFileError) {
        guard let (row, letter) = SeatMap.parse(text) else { throw FlightFileError("'\(text)' is not a seat") }
        if let row {
            guard Flight.rows.contains(row) else { throw FlightFileError("row '\(row)' is out of range (1 to 88)") }
            record.row = row
        }
        record.seatLetter = letter
    }

    /// A word table of an enumeration's raw values, for `word`.
    static func names<T: CaseIterable & RawRepresentable>(_ type: T.Type) -> [String: T] where T.RawValue == String {
        Dictionary(uniqueKeysWithValues: T.allCases.map { ($0.rawValue, $0) })
    }

    /// One of `table`'s words (any case).
    static func word<T>(_ text: String, _ field: String, _ table: [String: T]) throws(FlightFileError) -> T {
        // Files mostly write the words as the table does: a scan of the few words finds them
        // without hashing the text. Other cases are folded and looked up.
        for (word, value) in table where word == text { return value }
        guard let value = table[text.lowercased()] else {
            throw FlightFileError("'\(text)' is not a \(field) (\(table.keys.sorted().joined(separator: ", ")))")
        }
        return value
    }

    /// Events separated by ; or , (skyshell's own files).
    static func events(_ text: String) throws(FlightFileError) -> [FlightEvent] {
        var events: [FlightEvent] = []
        for raw in text.split(whereSeparator: { $0 == ";" || $0 == "," }) {
            let word = String(raw).trimmedSpaces.lowercased()
            guard let e = FlightEvent(rawValue: word) else {
                throw FlightFileError("'\(word)' is not an event (\(FlightEvent.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            events.append(e)
        }
        return events
    }

    /// Unix seconds of an ISO 8601 time with a zone (AirTrail's UTC times).
    static func instant(_ text: String, _ field: String) throws(FlightFileError) -> Double {
        guard let seconds = CivilTime.parse(text) else { throw FlightFileError("'\(text)' in \(field) is not a time with its zone") }
        guard let checked = UnixTime.checked(seconds) else { throw FlightFileError("\(field) '\(text)' is not a time from 1900 to 2200") }
        return checked
    }
}
