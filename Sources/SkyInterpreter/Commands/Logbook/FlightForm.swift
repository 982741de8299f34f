import SkyKit

/// `flight add` with no arguments at a terminal: one question per field, with completion and
/// defaults (favourite airlines first), like FlyLines' form.
enum FlightForm {
    /// The airports, asked like options.
    static let from = Option("origin", .airport, "where the flight left from")
    static let to = Option("destination", .airport, "where it landed")

    static func run(_ shell: Shell) throws -> Output {
        guard let ask = shell.prompter else { throw ShellError.usage("flight add needs airports in a script") }
        var args = Arguments()
        let favorites = (try? shell.logbook.store().favoriteAirlines()) ?? []

        /// Asks until the answer reads as the option's kind (or is empty and optional); nil when
        /// cancelled.
        func field<Value>(_ option: Option<Value>, _ label: String, default value: String? = nil, required: Bool = false) throws -> Value?? {
            guard let kind = option.spec.kind else { return .some(nil) }
            while true {
                let prompt = label + (value.map { " [\($0)]" } ?? (required ? "" : " [none]")) + ": "
                guard let raw = ask(Question(prompt, default: value, completion: kind)) else { return nil }
                var answer = String(raw.trimmingWhitespace)
                if answer.isEmpty, let value { answer = value }
                if answer.isEmpty {
                    if required { shell.report(ShellError.usage("\(label.lowercased()) is needed")); continue }
                    return .some(nil)
                }
                var cursor = WordCursor([Token(answer, isLiteral: true)])
                do {
                    guard let parsed = try kind.read(&cursor, shell) as? Value else {
                        throw ShellError(.internal, "\(option.name) read a value of another type")
                    }
                    args.add(option.name, parsed)
                    return .some(parsed)
                } catch let error as ValueError {
                    shell.report(ShellError.usage(error.message))
                } catch let error as ShellError {
                    shell.report(error)
                }
            }
        }
        func cancelled() -> Output { .message("cancelled — no flight was saved", .dim) }

        guard let originValue = try field(from, "From", required: true), let origin = originValue else { return cancelled() }
        guard let destinationValue = try field(to, "To", required: true), let destination = destinationValue else { return cancelled() }
        guard let airline = try field(FlightFields.airline, "Airline", default: favorites.first) else { return cancelled() }
        let fleet = airline?.fleetIndices.map { shell.catalog.aircraftType(at: $0.type).designator } ?? []
        guard try field(FlightFields.aircraft, "Aircraft", default: fleet.first) != nil else { return cancelled() }
        guard try field(FlightFields.date, "Date", default: "today") != nil else { return cancelled() }
        guard try field(FlightFields.cabin, "Class", default: "economy") != nil else { return cancelled() }
        guard try field(FlightFields.seat, "Seat (23A, window, middle, aisle)") != nil else { return cancelled() }

        guard origin != destination else { throw ShellError.usage("the departure and arrival airports are both \(origin.icao)") }
        var flight = Flight(origin: origin.icao, destination: destination.icao, date: shell.clock.today)
        let notes = try FlightFields.apply(args, to: &flight, shell: shell)
        return try FlightCommands.save(flight, notes: notes, shell)
    }
}
