import SkyKit

/// The options a flight can be given with (`flight add` and `flight edit`), declared once, and
/// the one place that turns them into a checked `Flight`.
enum FlightFields {
    static let airline = Option("airline", .airline, "the airline (a code or a quoted name)")
    static let aircraft = Option("aircraft", .aircraftType, "the aircraft type; it must be in the airline's fleet unless --any-aircraft")
    static let date = Option("date", .flightDate, "the day of the flight (default today)")
    static let cabin = Option("class", .cabinClass, "the cabin class")
    static let row = Option("row", .row, "the seat row, 1 to 88")
    static let seat = Option("seat", .seat, "the seat (23A) or its position (window, middle, aisle); may be given twice", repeatable: true)
    static let event = Option("event", .flightEvent, "something unusual that happened; may be repeated", repeatable: true)
    static let number = Option("number", .flightNumber, "the flight number (its airline code sets the airline when none is given)")
    static let registration = Option("registration", .text, "the aircraft's registration (N12345, G-EUPT)")
    static let note = Option("note", .text, "a note (quote it)")
    static let anyAircraft = Flag("any-aircraft", "accept an aircraft type that is not in the airline's known fleet")

    static let options: [OptionSpec] = [
        airline.spec, aircraft.spec, date.spec, cabin.spec, row.spec, seat.spec, event.spec, number.spec, registration.spec, note.spec,
        anyAircraft.spec,
    ]

    /// Applies the given options to `flight`, checking them against the catalog. Returns
    /// notes to show (a future date, an airline without a known fleet).
    static func apply(_ args: Arguments, to flight: inout Flight, shell: Shell) throws -> [String] {
        var notes: [String] = []
        if let airline = args[airline] { flight.airline = airline.storedCode }
        if let number = args[number] {
            flight.flightNumber = number
            if !args.given(airline), let byNumber = shell.catalog.airline(flightNumber: number) { flight.airline = byNumber.storedCode }
        }
        if let type = args[aircraft] { flight.aircraft = type.designator }
        if let date = args[date] { flight.date = date }
        if flight.date > shell.clock.today { notes.append("\(flight.date) is in the future; saved anyway") }
        if let cabin = args[cabin] { flight.cabinClass = cabin }
        if let row = args[row] { flight.row = row }
        if let registration = args[registration] { flight.registration = registration.uppercased() }
        if let note = args[note] { flight.notes = note.isEmpty ? nil : note }
        if args.given(event) { flight.events = Array(Set(args.all(event))).sorted { $0.rawValue < $1.rawValue } }

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
        let wide = flight.aircraft.flatMap { shell.catalog.aircraftType(designator: $0) }.map { $0.wakeCategory == "H" || $0.wakeCategory == "J" } ?? false
        if let position {
            flight.seatPosition = position
        } else if args.given(seat) || args.given(aircraft), let letter = flight.seatLetter {
            flight.seatPosition = SeatMap.position(letter: letter, wideBody: wide) ?? flight.seatPosition
        }

        if let designator = flight.aircraft, let airline = shell.catalog.airline(code: flight.airline),
            args.given(FlightFields.aircraft) || args.given(FlightFields.airline), !args.flag(anyAircraft)
        {
            let fleet = airline.fleetIndices.map { shell.catalog.aircraftType(at: $0.type).designator }
            if fleet.isEmpty {
                notes.append("no fleet is known for \(airline.name); \(designator) was not checked")
            } else if !fleet.contains(designator) {
                throw ShellError.usage(
                    "\(designator) is not in the fleet of \(airline.name) (\(fleet.prefix(12).joined(separator: ", "))\(fleet.count > 12 ? ", …" : "")) — add --any-aircraft to log it anyway"
                )
            }
        }
        return notes
    }

    /// "United Airlines  KSFO → KJFK  B738  2025-11-09"
    static func summary(_ f: Flight, _ shell: Shell) -> String {
        var parts: [String] = []
        parts.append(shell.catalog.airline(code: f.airline)?.name ?? f.airline ?? "no airline")
        parts.append("\(shell.logbook.label(airport: f.origin)) → \(shell.logbook.label(airport: f.destination))")
        if let aircraft = f.aircraft { parts.append(aircraft) }
        parts.append(f.date.description)
        return parts.joined(separator: "  ")
    }

    /// The flight as a card (`flight show`) and a JSON object.
    static func card(_ f: Flight, _ shell: Shell) -> Card {
        let origin = shell.catalog.airport(icao: f.origin), destination = shell.catalog.airport(icao: f.destination)
        let airline = shell.catalog.airline(code: f.airline)
        let type = f.aircraft.flatMap { shell.catalog.aircraftType(designator: $0) }
        var distance: Distance?
        if let origin, let destination { distance = Geodesic.wgs84.inverse(origin.coordinate, destination.coordinate).distance }
        let seat = [f.seat, f.seatPosition?.rawValue].compactMap { $0 }.joined(separator: ", ")
        return Card(
            title: "Flight #\(f.id ?? 0)",
            fields: [
                Field("id", "", Cell(.int(Int(f.id ?? 0)))),
                Field("date", "date", Cell(f.date.description)),
                Field("origin", "from", Cell(.string(f.origin), text: f.origin + (origin.map { "  " + $0.name } ?? ""))),
                Field("destination", "to", Cell(.string(f.destination), text: f.destination + (destination.map { "  " + $0.name } ?? ""))),
                Field("airline", "airline", Cell(Datum.optional(f.airline), text: airline?.title ?? f.airline ?? "—")),
                Field("aircraft", "aircraft", Cell(Datum.optional(f.aircraft), text: f.aircraft.map { $0 + (type.map { "  " + $0.name } ?? "") } ?? "—")),
                Field("flight_number", "flight number", Cell(Datum.optional(f.flightNumber), text: f.flightNumber ?? "—")),
                Field("registration", "registration", Cell(Datum.optional(f.registration), text: f.registration ?? "—")),
                Field("class", "class", Cell(Datum.optional(f.cabinClass?.rawValue), text: f.cabinClass?.words ?? "—")),
                Field("row", "", Cell(f.row.map { .int($0) } ?? .null)),
                Field("seat_letter", "", Cell(Datum.optional(f.seatLetter))),
                Field("seat_position", "seat", Cell(Datum.optional(f.seatPosition?.rawValue), text: seat.isEmpty ? "—" : seat)),
                Field(
                    "events", "events",
                    Cell(.list(f.events.map { .string($0.rawValue) }), text: f.events.isEmpty ? "—" : f.events.map(\.words).joined(separator: ", "))),
                Field("notes", "notes", Cell(Datum.optional(f.notes), text: f.notes ?? "—")),
                Field(
                    "distance_km", "distance",
                    Cell(distance.map { Datum.rounded($0.kilometers, 3) } ?? .null, text: distance.map { Format.distance($0, shell.units) } ?? "unknown")),
            ])
    }
}
