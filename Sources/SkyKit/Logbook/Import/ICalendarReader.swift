/// Flight calendars in iCalendar (RFC 5545): TripIt's and jetlog's exports, and any calendar
/// whose flights are written the way one of them writes them. Lines folded at 75 octets are
/// unfolded (a line that starts with a space or a tab continues the one before); each `VEVENT`
/// is one event, and an event is a flight when its `SUMMARY` says so:
///
/// - TripIt: `AA100 JFK to LHR` (the flight number, then the IATA codes of the airports);
/// - jetlog: `Flight from London to Rome`, with `Origin: LHR - London/GB` and
///   `Destination: FCO - Rome/IT` lines in `DESCRIPTION` (and `Notes: …` after them).
///
/// `DTSTART` and `DTEND` with a `TZID` or in UTC (`…Z`) are moments; a floating time (neither)
/// is the departure on the local clock, and jetlog's floating `DTEND` is the departure plus
/// the duration on that same clock (it writes it so), so only the duration is read from it —
/// another calendar's floating `DTEND` says nothing certain and is not read. A date alone
/// (`VALUE=DATE`) is the day. Other events (hotels, trip headers) are counted, not imported.
enum ICalendarReader {
    /// One `VEVENT`: its properties by name, each with its parameters and its value.
    struct Event {
        var line: Int
        var properties: [String: (parameters: [String: String], value: String)] = [:]

        func text(_ name: String) -> String? { properties[name].map { ICalendarReader.unescaped($0.value) } }
    }

    static func read(_ bytes: [UInt8], into batch: RecordBatch) throws(FlightFileError) {
        var event: Event?
        for (line, text) in unfolded(bytes) {
            let upper = text.uppercased()
            if upper == "BEGIN:VEVENT" {
                event = Event(line: line)
            } else if upper == "END:VEVENT", let finished = event {
                event = nil
                guard let route = route(finished) else {
                    batch.otherEvents += 1
                    continue
                }
                try batch.read(line: finished.line) { () throws(FlightFileError) in try record(finished, route) }
            } else if event != nil, let colon = text.firstIndex(of: ":") {
                var parts = text[..<colon].split(separator: ";").map(String.init)
                guard !parts.isEmpty else { continue }
                let name = parts.removeFirst().uppercased()
                var parameters: [String: String] = [:]
                for p in parts {
                    guard let eq = p.firstIndex(of: "=") else { continue }
                    parameters[p[..<eq].uppercased()] = String(p[p.index(after: eq)...]).trimming { $0 == "\"" }
                }
                // The first of a property is the event's (RFC 5545 allows one SUMMARY, DTSTART…).
                if event!.properties[name] == nil { event!.properties[name] = (parameters, String(text[text.index(after: colon)...])) }
            }
        }
    }

    /// The calendar's logical lines with the number of the physical line each starts on (split
    /// on the bytes: a CR LF is one Character to Swift's strings).
    static func unfolded(_ bytes: [UInt8]) -> [(Int, String)] {
        var lines: [(Int, [UInt8])] = []
        var number = 0
        for raw in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            let line = raw.last == 0x0D ? raw.dropLast() : raw
            if let first = line.first, first == 0x20 || first == 0x09, !lines.isEmpty {
                lines[lines.count - 1].1 += line.dropFirst()
            } else {
                lines.append((number, Array(line)))
            }
        }
        return lines.map { ($0.0, String(decoding: $0.1, as: UTF8.self)) }
    }

    /// A text value without its escapes: `\n` a line break, `\,` `\;` `\\` themselves.
    static func unescaped(_ value: String) -> String {
        var out = ""
        var escaped = false
        for c in value {
            if escaped {
                out.append(c == "n" || c == "N" ? "\n" : c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// What makes an event a flight: its airports, and its flight number (TripIt) or notes
    /// (jetlog). Nil for any other event.
    struct Route {
        var number: String?
        var from: String
        var to: String
        var notes: String?
        var jetlog: Bool
    }

    static func route(_ event: Event) -> Route? {
        guard let summary = event.text("SUMMARY")?.trimmedSpaces else { return nil }
        if let (number, from, to) = tripIt(summary) { return Route(number: number, from: from, to: to, jetlog: false) }
        guard summary.hasPrefix("Flight from "), let description = event.text("DESCRIPTION"),
            let from = code(after: "Origin: ", in: description), let to = code(after: "Destination: ", in: description)
        else { return nil }
        let notes = description.firstRange(of: "Notes: ").map { String(description[$0.upperBound...]) }
        return Route(from: from, to: to, notes: notes, jetlog: true)
    }

    /// The flight an event is.
    static func record(_ event: Event, _ route: Route) throws(FlightFileError) -> FlightRecord {
        var r = FlightRecord(line: event.line)
        (r.flightNumber, r.origin, r.destination) = (route.number, route.from, route.to)
        r.notes = try FieldText.checked(route.notes, "DESCRIPTION", multiline: true)
        let jetlog = route.jetlog
        guard let start = event.properties["DTSTART"] else { throw FlightFileError("the flight has no DTSTART") }
        switch try moment(start, "DTSTART") {
        case .day(let day): r.date = day
        case .floating(let day, let time): (r.date, r.departureTime) = (day, time)
        case .instant(let seconds, let day):
            r.departureInstant = seconds
            r.date = day
        }
        guard let end = event.properties["DTEND"] else { return r }
        switch (try moment(end, "DTEND"), try moment(start, "DTSTART")) {
        case (.instant(let arrives, _), _): r.arrivalInstant = arrives
        case (.floating(let day, let time), .floating(let startDay, let startTime)) where jetlog:
            let minutes = (day.daysSinceEpoch - startDay.daysSinceEpoch) * 1440 + time.minutes - startTime.minutes
            if Flight.durations.contains(minutes) { r.duration = minutes }
        default: break
        }
        return r
    }

    /// TripIt's summary: a flight number (`AA100`, `AA 100`), an IATA code, "to", an IATA code.
    static func tripIt(_ summary: String) -> (String, String, String)? {
        let words = summary.split(separator: " ").map(String.init)
        for numberWords in [1, 2] where words.count >= numberWords + 3 {
            guard let number = FlightText.flightNumber(words[0..<numberWords].joined(separator: " ")) else { continue }
            let from = words[numberWords], to = words[numberWords + 2]
            guard words[numberWords + 1].lowercased() == "to", isIATA(from), isIATA(to) else { continue }
            return (number, from, to)
        }
        return nil
    }

    static func isIATA(_ word: String) -> Bool { word.count == 3 && word.allSatisfy { $0.isASCII && $0.isUppercase } }

    /// The airport code at the start of the line after `label` ("Origin: LHR - London/GB").
    static func code(after label: String, in description: String) -> String? {
        for line in description.split(separator: "\n") where line.hasPrefix(label) {
            let value = line.dropFirst(label.count).prefix { $0 != " " }
            return value.isEmpty ? nil : String(value)
        }
        return nil
    }

    /// What a DTSTART or DTEND says.
    enum Moment {
        case day(FlightDate)
        case floating(FlightDate, ClockTime)
        /// Unix seconds, with the UTC date (the airports' zones give the local one).
        case instant(Double, FlightDate)
    }

    static func moment(_ property: (parameters: [String: String], value: String), _ name: String) throws(FlightFileError) -> Moment {
        let value = property.value.trimmedSpaces
        let chars = Array(value)
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= chars.count, chars[range].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(String(chars[range]))
        }
        guard let y = digits(0..<4), let m = digits(4..<6), let d = digits(6..<8), let date = FlightDate(year: y, month: m, day: d) else {
            throw FlightFileError("'\(value)' in \(name) is not a date (YYYYMMDD or YYYYMMDDTHHMMSS)")
        }
        if chars.count == 8 { return .day(date) }
        guard chars.count >= 15, chars[8] == "T", let h = digits(9..<11), let mi = digits(11..<13), let s = digits(13..<15), s < 60,
            let time = ClockTime(hour: h, minute: mi), chars.count == 15 || (chars.count == 16 && chars[15] == "Z")
        else { throw FlightFileError("'\(value)' in \(name) is not a date and time (YYYYMMDDTHHMMSS)") }
        if chars.count == 16 {
            return .instant(Double(date.daysSinceEpoch * 86_400 + time.minutes * 60 + s), date)
        }
        guard let zone = property.parameters["TZID"] else { return .floating(date, time) }
        guard let seconds = FlightClock.instant(date, time, zone: zone) else {
            throw FlightFileError("the time zone '\(zone)' of \(name) is not one skyshell knows (an IANA name such as Europe/London)")
        }
        return .instant(seconds + Double(s), date)
    }
}
