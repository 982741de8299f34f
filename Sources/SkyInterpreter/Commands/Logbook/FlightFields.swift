import SkyKit

/// The options a flight can be given with (`flight add` and `flight edit`), declared once, and
/// the one place that turns them into a checked `Flight`.
enum FlightFields {
    static let airline = Option("airline", .airline, "the airline (a code or a name)")
    static let aircraft = Option("aircraft", .aircraftType, "the aircraft type (Tab offers the airline's fleet first)")
    static let date = Option("date", .flightDate, "the day of the flight, or only its month or year (default today)")
    static let dep = Option("dep", .clockTime, "the departure time on the local clock (08:15)")
    static let arr = Option("arr", .clockTime, "the arrival time on the local clock there (a next-day arrival is found from the time zones)")
    static let cabin = Option("class", .cabinClass, "the cabin class")
    static let row = Option("row", .row, "the seat row, 1 to 88")
    static let seat = Option("seat", .seat, "the seat (23A) or its position (window, middle, aisle); may be given twice", repeatable: true)
    static let event = Option(
        "event", .eventChange, "something unusual that happened (-event removes one, none clears them); may be repeated", repeatable: true)
    static let number = Option("number", .flightNumber, "the flight number (its airline code sets the airline when none is given)")
    static let registration = Option("registration", .text, "the aircraft's registration (N12345, G-EUPT)")
    static let reason = Option("reason", .choice(FlightReason.self, placeholder: "reason"), "why you flew: leisure, business, crew or other")
    static let note = Option("note", .text, "a note (quote it)")
    static let anyAircraft = Flag("any-aircraft", "say nothing when the aircraft is not in the airline's 2014 route fleet")

    static let options: [OptionSpec] = [
        airline.spec, aircraft.spec, date.spec, dep.spec, arr.spec, cabin.spec, row.spec, seat.spec, event.spec, number.spec, registration.spec,
        reason.spec, note.spec, anyAircraft.spec,
    ]

    /// Applies the given options to `flight`, checking them against the catalog. Returns
    /// notes to show (a future date, an aircraft the airline's route data does not list).
    static func apply(_ args: Arguments, to flight: inout Flight, context: CommandContext) throws -> [String] {
        var notes: [String] = []
        if let airline = args[airline] { flight.airline = airline.storedCode }
        if let parts = args[number] {
            // The digits alone take the airline given, or the flight's own.
            let company = args[airline] ?? context.catalog.airline(code: flight.airline)
            guard let number = parts.stored(airline: company) else {
                throw ShellError.usage(
                    "flight number \(parts.number)\(parts.suffix) has no airline to go with — give the airline, or write it whole, like UA\(parts.number)")
            }
            flight.flightNumber = number
            if !args.given(airline), let byNumber = context.catalog.airline(flightNumber: number) { flight.airline = byNumber.storedCode }
        }
        if let type = args[aircraft] { flight.aircraft = type.designator }
        if let date = args[date] { flight.date = date }
        if flight.date.first > context.runner.clock.today { notes.append("\(flight.date) is in the future; saved anyway") }
        if let cabin = args[cabin] { flight.cabinClass = cabin }
        if let row = args[row] { flight.row = row }
        if let registration = args[registration] { flight.registration = registration.uppercased() }
        if let reason = args[reason] { flight.reason = reason }
        if let note = args[note] { flight.notes = note.isEmpty ? nil : note }
        for change in args.all(event) {
            switch change {
            case .add(let e): if !flight.events.contains(e) { flight.events.append(e) }
            case .remove(let e): flight.events.removeAll { $0 == e }
            case .clear: flight.events = []
            }
        }
        flight.events.sort { $0.rawValue < $1.rawValue }
        try applySeat(args, to: &flight, context: context)
        try applyTimes(args, to: &flight, context: context)
        if let advice = fleetAdvice(flight, args: args, context: context) { notes.append(advice) }
        return notes
    }

    static func applySeat(_ args: Arguments, to flight: inout Flight, context: CommandContext) throws {
        var position: SeatPosition?
        for choice in args.all(seat) {
            switch choice {
            case .position(let p): position = p
            case .seat(let row, let letter):
                if let row {
                    if let given = args[FlightFields.row], given != row {
                        throw ShellError.usage("seat \(row)\(letter ?? "") and row \(given) disagree")
                    }
                    flight.row = row
                }
                if let letter { flight.seatLetter = letter }
            }
        }
        let wide = flight.aircraft.flatMap { context.catalog.aircraftType(designator: $0) }.map { $0.wakeCategory == "H" || $0.wakeCategory == "J" } ?? false
        if let position {
            flight.seatPosition = position
        } else if args.given(seat) || args.given(aircraft), let letter = flight.seatLetter {
            flight.seatPosition = SeatMap.position(letter: letter, wideBody: wide) ?? flight.seatPosition
        }
    }

    /// Departure and arrival times; the duration (and a next-day arrival) follow from them and
    /// the airports' time zones.
    static func applyTimes(_ args: Arguments, to flight: inout Flight, context: CommandContext) throws {
        guard args.given(dep) || args.given(arr) || args.given(date) else { return }
        if let dep = args[dep] { flight.departureTime = dep }
        if let arr = args[arr] { flight.arrivalTime = arr }
        guard flight.departureTime != nil, flight.arrivalTime != nil else { return }
        guard flight.date.precision == .day else { throw ShellError.usage("times need the whole date of the flight, not only \(flight.date)") }
        flight.arrivalDate = nil
        flight.duration = nil
        flight.completeTimes(
            originZone: context.catalog.airport(icao: flight.origin)?.timeZone, destinationZone: context.catalog.airport(icao: flight.destination)?.timeZone)
    }

    /// A note when the aircraft is not one the airline flew in the route data (from 2014: fleets
    /// have changed since, so it is advice, not a refusal).
    static func fleetAdvice(_ flight: Flight, args: Arguments, context: CommandContext) -> String? {
        guard let designator = flight.aircraft, let airline = context.catalog.airline(code: flight.airline),
            args.given(aircraft) || args.given(FlightFields.airline) || args.given(number), !args.flag(anyAircraft)
        else { return nil }
        let fleet = fleet(of: airline, context)
        if fleet.isEmpty { return nil }
        // A family and its variants meet: routes that name only 330 may have flown the A333,
        // and a flight logged as a 777 on any of the 777s the fleet has.
        let variants = Set(fleet.flatMap { context.catalog.aircraftType(designator: $0)?.variants ?? [] })
        let own = context.catalog.aircraftType(designator: designator)?.variants ?? []
        guard !fleet.contains(designator), !variants.contains(designator), !own.contains(where: fleet.contains) else { return nil }
        return
            "\(designator) is not in \(Format.possessive(airline.name)) 2014 route fleet "
            + "(\(fleet.prefix(8).joined(separator: ", "))\(fleet.count > 8 ? ", …" : "")); logged anyway"
    }

    /// The designators an airline flew in the route data, most routes first.
    static func fleet(of airline: Airline, _ context: CommandContext) -> [String] {
        airline.fleetIndices.map { context.catalog.aircraftEntry($0.type).designator }
    }

    /// "United Airlines  KSFO → KJFK  B738  2025-11-09"
    static func summary(_ f: Flight, _ context: CommandContext) -> String {
        var parts: [String] = []
        parts.append(context.catalog.airline(code: f.airline)?.name ?? f.airline ?? "no airline")
        parts.append("\(context.logbook.label(airport: f.origin)) → \(context.logbook.label(airport: f.destination))")
        if let aircraft = f.aircraft { parts.append(aircraft) }
        parts.append(f.date.description)
        return parts.joined(separator: "  ")
    }

    /// "08:15 → 16:40 (+1), 5 h 25 min"
    static func times(_ f: Flight) -> String? {
        var text = ""
        if f.departureTime != nil || f.arrivalTime != nil {
            text = (f.departureTime?.description ?? "?") + " → " + (f.arrivalTime?.description ?? "?")
            if let arrival = f.arrivalDate, f.date.precision == .day {
                let days = arrival.daysSinceEpoch - f.date.daysSinceEpoch
                text += " (\(days > 0 ? "+" : "−")\(abs(days)))"
            }
        }
        if let minutes = f.duration { text += (text.isEmpty ? "" : ", ") + FlightFields.duration(minutes) }
        return text.isEmpty ? nil : text
    }

    /// "5 h 25 min"
    static func duration(_ minutes: Int) -> String {
        minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h" + (minutes % 60 == 0 ? "" : " \(minutes % 60) min")
    }

    /// How one of the card's fields (`key`) is read off a flight, without making the card: what
    /// a pipeline's columns hold (the card's text forms are for reading, not comparing).
    static func reader(_ key: String, _ context: CommandContext) -> (Flight) -> Datum {
        switch key {
        case "date_precision": { .string($0.date.precision.rawValue) }
        case "departure_time": { .optional($0.departureTime?.description) }
        case "arrival_time": { .optional($0.arrivalTime?.description) }
        case "arrival_date": { .optional($0.arrivalDate?.description) }
        case "duration_min": { $0.duration.map { .int($0) } ?? .null }
        case "flight_number": { .optional($0.flightNumber) }
        case "registration": { .optional($0.registration) }
        case "class": { .optional($0.cabinClass?.rawValue) }
        case "row": { $0.row.map { .int($0) } ?? .null }
        case "seat_letter": { .optional($0.seatLetter) }
        case "seat_position": { .optional($0.seatPosition?.rawValue) }
        case "seat": { .optional($0.seat) }
        case "reason": { .optional($0.reason?.rawValue) }
        case "events": { .list($0.events.map { .string($0.rawValue) }) }
        case "trip": { .optional($0.trip) }
        case "notes": { .optional($0.notes) }
        case "distance_km":
            { [logbook = context.logbook] f in logbook.routeLength(f.origin, f.destination).map { Datum.rounded($0.kilometers, 3) } ?? .null }
        default: { _ in .null }
        }
    }

    /// One of the card's fields of a flight (`reader` once).
    static func datum(_ key: String, _ f: Flight, _ context: CommandContext) -> Datum { reader(key, context)(f) }

    /// The flight as a card (`flight show`) and a JSON object.
    static func card(_ f: Flight, _ context: CommandContext) -> Card {
        let origin = context.catalog.airport(icao: f.origin), destination = context.catalog.airport(icao: f.destination)
        let airline = context.catalog.airline(code: f.airline)
        let type = f.aircraft.flatMap { context.catalog.aircraftType(designator: $0) }
        let distance = context.logbook.routeLength(f.origin, f.destination)
        let seat = [f.seat, f.seatPosition?.rawValue].compactMap { $0 }.joined(separator: ", ")
        let precision = f.date.precision == .day ? "" : " (only the \(f.date.precision.rawValue) is known)"
        return Card(
            title: "Flight #\(f.number ?? 0)",
            fields: [
                Field("id", "", Cell(.int(f.number ?? 0))),
                Field("date", "date", Cell(.string(f.date.description), text: f.date.description + precision), kind: .date),
                Field("date_precision", "", Cell(datum("date_precision", f, context))),
                Field("origin", "from", Cell(.string(f.origin), text: f.origin + (origin.map { "  " + $0.name } ?? "")), kind: .airport),
                Field("destination", "to", Cell(.string(f.destination), text: f.destination + (destination.map { "  " + $0.name } ?? "")), kind: .airport),
                Field("departure_time", "", Cell(datum("departure_time", f, context)), kind: .clock),
                Field("arrival_time", "", Cell(datum("arrival_time", f, context)), kind: .clock),
                Field("arrival_date", "", Cell(datum("arrival_date", f, context)), kind: .date),
                Field("duration_min", "times", Cell(datum("duration_min", f, context), text: times(f) ?? "—"), kind: .duration(secondsPerUnit: 60)),
                Field("airline", "airline", Cell(Datum.optional(f.airline), text: airline?.title ?? f.airline ?? "—"), kind: .airline),
                Field(
                    "aircraft", "aircraft", Cell(Datum.optional(f.aircraft), text: f.aircraft.map { $0 + (type.map { "  " + $0.label } ?? "") } ?? "—"),
                    kind: .aircraft),
                Field("flight_number", "flight number", Cell(datum("flight_number", f, context), text: f.flightNumber ?? "—")),
                Field("registration", "registration", Cell(datum("registration", f, context), text: f.registration ?? "—")),
                Field("class", "class", Cell(datum("class", f, context), text: f.cabinClass?.words ?? "—")),
                Field("row", "", Cell(datum("row", f, context))),
                Field("seat_letter", "", Cell(datum("seat_letter", f, context))),
                Field("seat", "", Cell(datum("seat", f, context))),
                Field("seat_position", "seat", Cell(datum("seat_position", f, context), text: seat.isEmpty ? "—" : seat)),
                Field("reason", "reason", Cell(datum("reason", f, context), text: f.reason?.rawValue ?? "—")),
                Field(
                    "events", "events",
                    Cell(datum("events", f, context), text: f.events.isEmpty ? "—" : f.events.map(\.words).joined(separator: ", "))),
                Field("trip", "trip", Cell(datum("trip", f, context), text: f.trip ?? "—")),
                Field("notes", "notes", Cell(datum("notes", f, context), text: f.notes ?? "—")),
                Field(
                    "distance_km", "distance",
                    Cell(datum("distance_km", f, context), text: distance.map { Format.distance($0, context.settings.units) } ?? "unknown"),
                    kind: .length(.kilometers)),
            ])
    }
}
