import SkyKit

/// Value kinds of the logbook: dates, classes, seats, events, flight numbers, logbook names.
extension Kind {
    /// A flight date: YYYY-MM-DD (or only YYYY-MM or YYYY), today or yesterday.
    public static var flightDate: Kind<FlightDate> {
        Kind<FlightDate>.word(
            "date", "a date: 2025-11-09, 2006-02 or 2006 when that is all you know, today or yesterday",
            complete: { candidates(["today", "yesterday"], prefix: $0.prefix) }
        ) { word, context in
            switch word.lowercased() {
            case "today": return context.runner.clock.today
            case "yesterday": return FlightDate(daysSinceEpoch: context.runner.clock.today.daysSinceEpoch - 1)
            default:
                let order = context.settings.value(.dateOrder)
                guard let date = FlightDate(text: word, order: order) else {
                    if FlightDate.needsOrder(word), order == .ymd {
                        throw ValueError("'\(word)' may be day-first or month-first: say which with set date-order dmy (or mdy), or write 2019-06-14")
                    }
                    throw ValueError("'\(word)' is not a date — use YYYY-MM-DD (a day that exists), YYYY-MM or YYYY, today or yesterday")
                }
                if let problem = Flight.dateProblem(date, today: context.runner.clock.today) { throw ValueError(problem) }
                return date
            }
        }
    }

    /// A cabin class.
    public static var cabinClass: Kind<CabinClass> {
        Kind<CabinClass>.word(
            "class", "economy, premium (premium economy), business, first or private",
            complete: { candidates(CabinClass.allCases.map(\.rawValue), prefix: $0.prefix) }
        ) { word, _ in
            let w = word.lowercased()
            if let c = CabinClass(rawValue: w) { return c }
            if w == "premium-economy" || w == "premiumeconomy" { return CabinClass.premium }
            throw ValueError(
                "'\(word)' is not a class — use economy, premium, business, first or private" + suggestion(word, among: CabinClass.allCases.map(\.rawValue)))
        }
    }

    /// A seat: 23A, A, 23, or window, middle, aisle.
    public static var seat: Kind<SeatChoice> {
        Kind<SeatChoice>.word(
            "seat", "a seat: 23A, a letter, a row, or window, middle, aisle",
            complete: { candidates(SeatPosition.allCases.map(\.rawValue), prefix: $0.prefix) }
        ) { word, _ in
            if let position = SeatPosition(rawValue: word.lowercased()) { return SeatChoice.position(position) }
            guard let (row, letter) = SeatMap.parse(word) else {
                throw ValueError("'\(word)' is not a seat — use a seat like 23A, or window, middle or aisle")
            }
            if let row, !Flight.rows.contains(row) { throw ValueError("row \(row) is out of range — rows run from 1 to 88") }
            return SeatChoice.seat(row: row, letter: letter)
        }
    }

    /// A seat row, 1 to 88.
    public static var row: Kind<Int> {
        Kind<Int>.word("row", "a seat row from 1 to 88") { word, _ in
            guard let row = NumberParser.integer(word, in: -1_000_000...1_000_000) else {
                throw ValueError("'\(word)' is not a row number — rows run from 1 to 88")
            }
            guard Flight.rows.contains(row) else { throw ValueError("row \(row) is out of range — rows run from 1 to 88") }
            return row
        }
    }

    /// A flight number as people write it: the airline's code and 1 to 4 digits (UA155,
    /// `LX 14`, B6-907, LX0014), or the digits alone when the airline is given (14). Read as
    /// `FlightText.FlightNumber`; a code and its digits may be two words.
    public static var flightNumber: Kind<FlightText.FlightNumber> {
        Kind<FlightText.FlightNumber>(
            placeholder: "number", summary: "a flight number such as UA155, LX 14 or B6-907 (the digits alone with an airline)",
            read: { cursor, _ in
                guard let word = cursor.take() else { throw ValueError("missing number") }
                if let code = word.keyword, (2...3).contains(code.count), let digits = cursor.peek()?.keyword,
                    let parts = FlightText.FlightNumber(code + " " + digits), parts.designator != nil
                {
                    _ = cursor.take()
                    return parts
                }
                guard let parts = FlightText.FlightNumber(word.text) else {
                    throw ValueError("'\(word.text)' is not a flight number — use the airline code and 1 to 4 digits, like UA155 or LX 14")
                }
                return parts
            })
    }

    /// A logbook name: letters, digits, - _ . (1 to 32).
    public static var logbookName: Kind<String> {
        Kind<String>.word(
            "logbook", "a logbook name: letters, digits, - _ . (up to 32)",
            complete: { query in
                candidates((try? query.context.logbook.store().logbookNames()) ?? [], prefix: query.prefix)
            }
        ) { word, _ in
            guard SessionRules.isLogbookName(word) else {
                throw ValueError("'\(word)' is not a logbook name — use up to 32 letters, digits, -, _ or .")
            }
            return word
        }
    }
}

/// What a `seat` option said.
public enum SeatChoice: Sendable {
    case seat(row: Int?, letter: String?)
    case position(SeatPosition)
}

/// What an `event` option does to a flight's events.
public enum EventChange: Sendable, Equatable {
    case add(FlightEvent)
    case remove(FlightEvent)
    case clear
}

extension Kind {
    /// An event to add (go-around), remove (-go-around), or none to clear them.
    public static var eventChange: Kind<EventChange> {
        let names = FlightEvent.allCases.map(\.rawValue)
        return Kind<EventChange>.word(
            "event", "an event: \(names.joined(separator: ", ")); -event removes it, none clears them",
            complete: { candidates(names + ["none"] + names.map { "-" + $0 }, prefix: $0.prefix) }
        ) { word, _ in
            let w = word.lowercased()
            if w == "none" { return EventChange.clear }
            let removing = w.hasPrefix("-")
            let name = removing ? String(w.dropFirst()) : w
            guard let event = FlightEvent(rawValue: name) else {
                throw ValueError(
                    "'\(word)' is not an event — use one of: \(names.joined(separator: ", ")) (-event removes it, none clears them)"
                        + suggestion(name, among: names))
            }
            return removing ? EventChange.remove(event) : EventChange.add(event)
        }
    }

    /// A time on a local clock: 08:15.
    public static var clockTime: Kind<ClockTime> {
        Kind<ClockTime>.word("time", "a time of day: 08:15, 23:40, 7pm, 11:30am") { word, _ in
            guard let time = ClockTime(written: word) else { throw ValueError("'\(word)' is not a time of day — use HH:MM, like 08:15, or 7pm, 11:30am") }
            return time
        }
    }
}
