import SkyKit

/// `flight add|show|edit|rm`.
enum FlightCommands {
    static let flight = CommandSpec(
        "flight", category: .logbook,
        abstract: "Log, show, change or delete a flight",
        subcommands: [add, show, edit, rm],
        examples: [Example("flight add SFO JFK airline UA aircraft B738 date 2025-11-09 seat 23A", "log a flight")]
    )

    static let origin = Argument("origin", .airport, "where the flight left from", .optional)
    static let destination = Argument("destination", .airport, "where it landed", .optional)

    static let add = CommandSpec(
        "add", category: .logbook,
        abstract: "Log a flight in the active logbook",
        discussion:
            "Airports by ICAO or IATA code or by name; both must be known, else nothing is saved. The aircraft must be one the airline flies unless --any-aircraft. The date defaults to today. A seat like 23A gives the row and letter, and the letter gives the position (A is a window); window, middle or aisle give the position alone. With no arguments at a terminal, asks for each field in turn.",
        arguments: [
            origin.spec,
            destination.spec,
        ],
        options: FlightFields.options,
        examples: [
            Example("flight add SFO JFK airline UA aircraft B738 date 2025-11-09 class economy seat 23A", "a full entry"),
            Example("flight add PHNL PKMJ number UA155 aircraft B738 event diversion", "the airline from the flight number"),
            Example("flight add", "at a terminal: answer one question per field"),
        ]
    ) { args, shell in
        let origin = args[FlightCommands.origin], destination = args[FlightCommands.destination]
        if origin == nil, destination == nil, args.values.isEmpty, args.flags.isEmpty, shell.prompter != nil {
            return try FlightForm.run(shell)
        }
        guard let origin, let destination else {
            throw ShellError.usage("flight add needs the departure and arrival airports (usage: flight add <airport> <airport> [options])")
        }
        guard origin != destination else { throw ShellError.usage("the departure and arrival airports are both \(origin.icao)") }
        var flight = Flight(origin: origin.icao, destination: destination.icao, date: shell.clock.today)
        let notes = try FlightFields.apply(args, to: &flight, shell: shell)
        return try save(flight, notes: notes, shell)
    }

    /// Saves a new flight and says so.
    static func save(_ flight: Flight, notes: [String], _ shell: Shell) throws -> Output {
        var saved = flight
        saved.id = try shell.logbook.store().add(flight, to: shell.session.logbook)
        var output = Output([.message("Flight saved: #\(saved.id!)  " + FlightFields.summary(saved, shell), .good)])
        output.blocks += notes.map { .note($0) }
        output.append(.data("flight", JSONRenderer.document(.card(FlightFields.card(saved, shell)))))
        output.blocks += shell.badges.announcements()
        return output
    }

    static let id = Argument("id", .integer(1...Int(Int32.max), placeholder: "id"), "the flight's number (flights lists them)")
    static let idArgument = id.spec

    static func find(_ args: Arguments, _ shell: Shell) throws -> Flight {
        let id = Int64(try args.value(FlightCommands.id))
        guard let flight = try shell.logbook.store().flight(id: id, in: shell.session.logbook) else {
            throw ShellError.usage("there is no flight #\(id) in logbook \(shell.session.logbook)")
        }
        return flight
    }

    static let show = CommandSpec(
        "show", category: .logbook,
        abstract: "Show one flight",
        arguments: [idArgument],
        examples: [Example("flight show 1", "everything about flight #1")]
    ) { args, shell in
        .card(FlightFields.card(try find(args, shell), shell))
    }

    static let from = Option("from", .airport, "the departure airport")
    static let to = Option("to", .airport, "the arrival airport")

    static let edit = CommandSpec(
        "edit", category: .logbook,
        abstract: "Change fields of a flight",
        discussion: "Takes the same options as flight add, plus from and to for the airports; events given replace the old ones.",
        arguments: [idArgument],
        options: [from.spec, to.spec] + FlightFields.options,
        examples: [Example("flight edit 1 class business row 2 seat 2A", "move to the front"), Example("flight edit 1 event go-around", "add what happened")]
    ) { args, shell in
        var flight = try find(args, shell)
        guard args.values.count > 1 || !args.flags.isEmpty else {
            throw ShellError.usage("flight edit needs something to change, e.g. flight edit \(flight.id!) class business")
        }
        if let from = args[FlightCommands.from] { flight.origin = from.icao }
        if let to = args[FlightCommands.to] { flight.destination = to.icao }
        guard flight.origin != flight.destination else { throw ShellError.usage("the departure and arrival airports are both \(flight.origin)") }
        let notes = try FlightFields.apply(args, to: &flight, shell: shell)
        try shell.logbook.store().update(flight)
        var output = Output([.message("Flight updated: #\(flight.id!)  " + FlightFields.summary(flight, shell), .good)])
        output.blocks += notes.map { .note($0) }
        output.blocks += shell.badges.announcements()
        return output
    }

    static let rm = CommandSpec(
        "rm", aliases: ["delete"], category: .logbook,
        abstract: "Delete a flight",
        arguments: [idArgument],
        examples: [Example("flight rm 3", "delete flight #3")]
    ) { args, shell in
        let flight = try find(args, shell)
        try shell.logbook.store().delete(id: flight.id!, from: shell.session.logbook)
        return Output([.message("Flight deleted: #\(flight.id!)  " + FlightFields.summary(flight, shell))] + shell.badges.announcements())
    }
}
