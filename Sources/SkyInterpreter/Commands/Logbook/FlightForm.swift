import SkyKit

/// `flight add` with no arguments at a terminal: one question per field, with completion, like
/// FlyLines' form. Nothing is stored that the person did not choose: only the date has a
/// default (today); the airline's fleet and the favourite airlines are offered by Tab, never
/// filled in; a place that fits several airports gets a numbered list to choose from.
enum FlightForm {
    static func run(_ context: CommandContext) throws -> Output {
        guard let ask = context.runner.prompter else { throw ShellError.usage("flight add needs airports in a script") }
        var args = Arguments()
        func cancelled() -> Output { .message("cancelled — no flight was saved", .dim) }

        /// Asks until the answer reads as the option's kind (or is empty and optional); nil when
        /// cancelled, .some(nil) when left empty.
        func field<Value>(_ option: Option<Value>, _ label: String, default value: String? = nil, completion: ValueKind? = nil) -> Value?? {
            guard let kind = option.spec.kind else { return .some(nil) }
            while true {
                guard let raw = ask(Question(label + " [\(value ?? "none")]: ", default: value, completion: completion ?? kind)) else { return nil }
                var answer = String(raw.trimmingWhitespace)
                if answer.isEmpty, let value { answer = value }
                if answer.isEmpty { return .some(nil) }
                var cursor = WordCursor([Token(answer, isLiteral: true)])
                do {
                    guard let parsed = try kind.read(&cursor, context) as? Value else {
                        context.console.report(ShellError(.internal, "\(option.name) read another type")); continue
                    }
                    args.add(option.name, parsed)
                    return .some(parsed)
                } catch let error as ValueError {
                    context.console.report(ShellError.usage(error.message))
                } catch {
                    context.console.report(ShellError.usage("\(error)"))
                }
            }
        }

        guard let origin = airport("From", ask, context) else { return cancelled() }
        guard let destination = airport("To", ask, context) else { return cancelled() }
        guard origin.icao != destination.icao else { throw ShellError.usage("the departure and arrival airports are both \(origin.icao)") }
        guard let airlineAnswer = field(FlightFields.airline, "Airline (Tab: favourites first)") else { return cancelled() }
        guard let numberAnswer = field(FlightFields.number, "Flight number") else { return cancelled() }
        // Tab at the aircraft offers the fleet of the airline given, or of the flight number's.
        let airline = airlineAnswer ?? numberAnswer.flatMap { $0.stored(airline: nil) }.flatMap { context.catalog.airline(flightNumber: $0) }
        var fleetKind = Kind<AircraftType>.aircraftType.erased
        fleetKind.complete = { CatalogResolver.completeAircraft($0.prefix, $0.context.catalog, fleetOf: airline) }
        guard field(FlightFields.aircraft, "Aircraft" + (airline.map { " (Tab: \(Format.possessive($0.name)) fleet)" } ?? ""), completion: fleetKind) != nil
        else {
            return cancelled()
        }
        guard field(FlightFields.date, "Date", default: "today") != nil else { return cancelled() }
        guard field(FlightFields.cabin, "Class") != nil else { return cancelled() }
        guard field(FlightFields.seat, "Seat (23A, window, middle, aisle)") != nil else { return cancelled() }
        guard field(FlightFields.registration, "Registration") != nil else { return cancelled() }

        var flight = Flight(origin: origin.icao, destination: destination.icao, date: context.runner.clock.today)
        let notes = try FlightFields.apply(args, to: &flight, context: context)
        return try FlightCommands.save(flight, notes: notes, context)
    }

    /// Asks for an airport until the answer names one; a name that fits several gets a
    /// numbered list to choose from. Nil when cancelled.
    static func airport(_ label: String, _ ask: (Question) -> String?, _ context: CommandContext) -> Airport? {
        while true {
            guard let raw = ask(Question(label + ": ", completion: Kind<Airport>.airport.erased)) else { return nil }
            let answer = String(raw.trimmingWhitespace)
            if answer.isEmpty {
                context.console.report(ShellError.usage("\(label.lowercased()) is needed"))
                continue
            }
            do {
                return try CatalogResolver.airport(answer, context)
            } catch {
                if error.cancelled { return nil }
                context.console.report(ShellError.usage(error.message))
            }
        }
    }
}
