/// The rules every flight in a logbook keeps, whatever path it comes by — `flight add`, the
/// form, `flight edit`, an import: the store refuses a flight that breaks one, and the paths
/// before it ask the same functions to say so early.
extension Flight {
    /// The first scheduled airline flight: 1 January 1914, St. Petersburg–Tampa.
    public static let firstDate = FlightDate(year: 1914, month: 1, day: 1)!

    /// The latest date a flight may have: a year after `today` (a booked flight).
    public static func lastDate(today: FlightDate) -> FlightDate {
        FlightDate(year: today.year + 1, month: today.month, day: today.day)
            ?? FlightDate(year: today.year + 1, month: today.month, day: today.day - 1)!
    }

    /// The longest distance between two places on the Earth, with a margin (km).
    public static let distances = 0.1...20_100.0

    /// Why `date` cannot be a flight's date, or nil. A partial date is fine when part of its
    /// period is.
    public static func dateProblem(_ date: FlightDate, today: FlightDate) -> String? {
        if date.last < firstDate { return "\(date) is before the first scheduled airline flight (1914-01-01)" }
        let last = lastDate(today: today)
        if date.first > last { return "\(date) is more than a year ahead (the latest is \(last))" }
        return nil
    }

    /// Why this flight breaks a rule of the logbook, or nil.
    public func violation(today: FlightDate) -> String? {
        if let problem = Flight.dateProblem(date, today: today) { return problem }
        if origin == destination { return "the departure and arrival airports are both \(origin)" }
        if let row, !Flight.rows.contains(row) { return "row \(row) is out of range — rows run from 1 to 88" }
        if let seatLetter, FlightText.seatLetter(seatLetter) != seatLetter { return "'\(seatLetter)' is not a seat letter (one letter, A to Z)" }
        if let flightNumber, !FlightText.isStoredFlightNumber(flightNumber) {
            return "'\(flightNumber)' is not a flight number (the airline code and digits, like UA155)"
        }
        if let duration, !Flight.durations.contains(duration) {
            return "a flight of \(duration) minutes cannot be: durations run from 1 minute to 48 hours"
        }
        if let arrivalDate {
            guard date.precision == .day else { return "an arrival date needs the whole date of departure" }
            let days = arrivalDate.daysSinceEpoch - date.daysSinceEpoch
            if arrivalDate.precision != .day || !(-1...2).contains(days) {
                return "an arrival on \(arrivalDate) does not fit a departure on \(date)"
            }
        }
        if let recordedDistance, !Flight.distances.contains(recordedDistance.kilometers) {
            return "a recorded distance of \(Int(recordedDistance.kilometers)) km is not one between two airports"
        }
        func control(_ what: String, _ text: String?, multiline: Bool = false) -> String? {
            guard let text, let bad = FlightText.controlCharacter(in: text, multiline: multiline) else { return nil }
            return "the \(what) hold a control character (\(bad))"
        }
        return control("registration", registration) ?? control("notes", notes, multiline: true) ?? control("trip", trip)
    }
}
