import SkyKit

/// `flight add` with no arguments at a terminal: one question per field, with completion and
/// defaults (favourite airlines first), like FlyLines' form.
enum FlightForm {
    static func run(_ shell: Shell) throws -> Output {
        guard let ask = shell.prompter else { throw ShellError.usage("flight add needs airports in a script") }
        var args = Arguments()
        let favorites = (try? shell.logbookStore().favoriteAirlines()) ?? []

        /// Asks until the answer reads as `kind` (or is empty and optional); nil when cancelled.
        func field(_ name: String, _ label: String, _ kind: ValueKind, default value: String? = nil, required: Bool = false) throws -> Any?? {
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
                    let parsed = try kind.read(&cursor, shell)
                    args.add(name, parsed)
                    return .some(parsed)
                } catch let error as ValueError {
                    shell.report(ShellError.usage(error.message))
                } catch let error as ShellError {
                    shell.report(error)
                }
            }
        }
        func cancelled() -> Output { .message("cancelled — no flight was saved", .dim) }

        guard let originValue = try field("origin", "From", .airport, required: true), let origin = originValue as? Airport else { return cancelled() }
        guard let destinationValue = try field("destination", "To", .airport, required: true), let destination = destinationValue as? Airport else {
            return cancelled()
        }
        guard let airlineValue = try field("airline", "Airline", .airline, default: favorites.first) else { return cancelled() }
        let airline = airlineValue as? Airline
        let fleet = airline?.fleetIndices.map { shell.catalog.aircraftType(at: $0.type).designator } ?? []
        guard try field("aircraft", "Aircraft", .aircraftType, default: fleet.first) != nil else { return cancelled() }
        guard try field("date", "Date", .flightDate, default: "today") != nil else { return cancelled() }
        guard try field("class", "Class", .cabinClass, default: "economy") != nil else { return cancelled() }
        guard try field("seat", "Seat (23A, window, middle, aisle)", .seat) != nil else { return cancelled() }

        guard origin != destination else { throw ShellError.usage("the departure and arrival airports are both \(origin.icao)") }
        var flight = Flight(origin: origin.icao, destination: destination.icao, date: shell.today)
        let notes = try FlightFields.apply(args, to: &flight, shell: shell)
        return try FlightCommands.save(flight, notes: notes, shell)
    }
}
