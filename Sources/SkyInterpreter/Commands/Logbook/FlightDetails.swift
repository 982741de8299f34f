import SkyKit

/// What `flight add LHR JFK BA117 2024-05-03 11:00am 7pm` says after the airports, in any
/// order: a flight number, a date, and the departure then the arrival time. Each is read as
/// its option reads it (`number`, `date`, `dep`, `arr`), so the same checks hold.
enum FlightDetail {
    case number(FlightText.FlightNumber)
    case date(FlightDate)
    case time(ClockTime)

    /// Puts the details into `args` as the options they stand for; an error when one is given
    /// twice (as a detail and as its option, or two dates).
    static func apply(_ details: [FlightDetail], to args: inout Arguments) throws(ShellError) {
        var times = 0
        for detail in details {
            let (option, value): (String, Any)
            switch detail {
            case .number(let n): (option, value) = (FlightFields.number.name, n)
            case .date(let d): (option, value) = (FlightFields.date.name, d)
            case .time(let t):
                times += 1
                guard times <= 2 else { throw ShellError.usage("flight add takes two times at most: the departure, then the arrival") }
                (option, value) = (times == 1 ? FlightFields.dep.name : FlightFields.arr.name, t)
            }
            guard !args.has(option) else {
                throw ShellError.usage("the \(option == FlightFields.number.name ? "flight number" : option) is given twice")
            }
            args.add(option, value)
        }
    }
}

extension Kind where Value == FlightDetail {
    /// A flight number (`BA117`, `BA 117`), a date (`2024-05-03`, `14/06/2019` with
    /// `set date-order dmy`) or a time (`11:00`, `7pm`, `7 pm`).
    static var flightDetail: Kind<FlightDetail> {
        Kind<FlightDetail>(
            placeholder: "number|date|time", summary: "a flight number (BA117), a date (2024-05-03) or a time (11:00am, 19:05)",
            read: { cursor, context in
                guard let word = cursor.peek() else { throw ValueError("missing flight number, date or time") }
                // A date or time is one word, or a number and am/pm written apart.
                if let next = cursor.peek(1)?.keyword?.lowercased(), ["am", "pm"].contains(next), let time = ClockTime(written: word.text + next) {
                    _ = cursor.take()
                    _ = cursor.take()
                    return .time(time)
                }
                if let time = ClockTime(written: word.text) {
                    _ = cursor.take()
                    return .time(time)
                }
                if FlightDate(text: word.text) != nil || FlightDate.needsOrder(word.text) || ["today", "yesterday"].contains(word.text.lowercased()) {
                    guard let date = try Kind<FlightDate>.flightDate.erased.read(&cursor, context) as? FlightDate else { throw ValueError("not a date") }
                    return .date(date)
                }
                guard
                    FlightText.FlightNumber(word.text)?.designator != nil
                        || cursor.peek(1).map({ FlightText.FlightNumber(word.text + " " + $0.text)?.designator != nil }) == true
                else {
                    // A misspelt keyword (aircarft) gets the keyword it is close to.
                    let close = suggestion(word.text.lowercased(), among: cursor.keywords.sorted(), quote: { $0 })
                    throw ValueError("'\(word.text)' is not a flight number, a date or a time (BA117, 2024-05-03, 11:00am)" + close)
                }
                guard let number = try Kind<FlightText.FlightNumber>.flightNumber.erased.read(&cursor, context) as? FlightText.FlightNumber else {
                    throw ValueError("not a flight number")
                }
                return .number(number)
            })
    }
}
