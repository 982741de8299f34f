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
    static let details = Argument(
        "details", .flightDetail, "the flight number, the date and the departure and arrival times, in any order", .repeating(min: 0))

    static let add = CommandSpec(
        "add", category: .logbook,
        abstract: "Log a flight in the active logbook",
        discussion:
            "Airports by ICAO or IATA code or by name; both must be known, else nothing is saved. The date defaults to "
            + "today; an old flight may have only its month (2006-02) or year (2006). Departure and arrival times are local; "
            + "the duration, and an arrival on the next day, follow from the airports' time zones. An aircraft the airline "
            + "did not fly in the 2014 route data is logged with a note (fleets change). A seat like 23A gives the row and "
            + "letter, and the letter gives the position (A is a window); window, middle or aisle give the position alone. "
            + "After the airports, a flight number, a date and the departure and arrival times may be written alone, in any "
            + "order (`BA117 2024-05-03 11:00am 7pm`); a date with slashes is read in the order `set date-order` says (dmy, mdy). "
            + "A flight the logbook already has (the same date and route, and number when both have one) is asked about at a "
            + "terminal and refused in a script unless --keep-duplicates. "
            + "Flights are numbered #1, #2… in each logbook; a number is never given again after `flight rm`. With no "
            + "arguments at a terminal, asks for each field in turn.",
        arguments: [
            origin.spec,
            destination.spec,
            details.spec,
        ],
        options: FlightFields.options + [keepDuplicates.spec],
        examples: [
            Example("flight add SFO JFK airline UA aircraft B738 date 2025-11-09 class economy seat 23A", "a full entry"),
            Example("flight add PHNL PKMJ number UA155 aircraft B738 event diversion", "the airline from the flight number"),
            Example("flight add SFO JFK number UA1 dep 08:15 arr 16:40", "times on the local clocks: 5 h 25 min"),
            Example("flight add LHR JFK BA117 2024-05-03 11:00am 7pm", "the number, the date and the times as written"),
            Example("flight add LHR JFK date 1998-07", "an old flight: only the month is known"),
            Example("flight add", "at a terminal: answer one question per field"),
        ]
    ) { given, context in
        var args = given
        try FlightDetail.apply(args.all(FlightCommands.details), to: &args)
        let origin = args[FlightCommands.origin], destination = args[FlightCommands.destination]
        if origin == nil, destination == nil, args.values.isEmpty, args.flags.isEmpty, context.runner.prompter != nil {
            return try FlightForm.run(context)
        }
        guard let origin, let destination else {
            throw ShellError.usage("flight add needs the departure and arrival airports (usage: flight add <airport> <airport> [options])")
        }
        guard origin != destination else { throw ShellError.usage("the departure and arrival airports are both \(origin.icao)") }
        var flight = Flight(origin: origin.icao, destination: destination.icao, date: context.runner.clock.today)
        let notes = try FlightFields.apply(args, to: &flight, context: context)
        guard let duplicate = try keepsRepeat(flight, keep: args.flag(keepDuplicates), context) else {
            return .message("cancelled — nothing was saved", .dim)
        }
        return try save(flight, notes: notes, duplicate: duplicate, context)
    }

    static let keepDuplicates = Flag("keep-duplicates", "save the flight though the logbook has it (badges count each flight once)")

    /// Whether a flight the logbook already has is saved again (true: saved, as a duplicate),
    /// false for a new flight, nil when it is not saved: at a terminal the person says; in a
    /// script it is refused unless --keep-duplicates, as an import skips it.
    static func keepsRepeat(_ flight: Flight, keep: Bool, _ context: CommandContext) throws -> Bool? {
        guard let same = try context.logbook.existingStore()?.repeated(flight, in: context.session.logbook) else { return false }
        if keep { return true }
        let said = "logbook \(context.session.logbook) has this flight already: #\(same.number ?? 0)  " + FlightFields.summary(same, context)
        guard let ask = context.runner.prompter else {
            throw ShellError.data(said + " — nothing was saved (add --keep-duplicates to save it again)")
        }
        context.console.notice(said)
        let answer = ask(Question("Save it again? [y/N] "))?.trimmingWhitespace.lowercased()
        return answer == "y" || answer == "yes" ? true : nil
    }

    /// Saves a new flight and says so; a `duplicate` is one kept though the logbook had it.
    static func save(_ flight: Flight, notes: [String], duplicate: Bool = false, _ context: CommandContext) throws -> Output {
        let saved = try context.logbook.store().add(flight, to: context.session.logbook, duplicate: duplicate)
        var output = Output([.message("Flight saved: #\(saved.number ?? 0)  " + FlightFields.summary(saved, context), .good)])
        output.blocks += notes.map { .note($0) }
        output.append(.data("flight", JSONRenderer.document(.card(FlightFields.card(saved, context)))))
        output.blocks += context.badges.announcements()
        return output
    }

    static let id = Argument("id", .integer(1...Int(Int32.max), placeholder: "number"), "the flight's number in the logbook (flights lists them)")
    static let idArgument = id.spec

    static func find(_ args: Arguments, _ context: CommandContext) throws -> Flight {
        let number = try args.value(FlightCommands.id)
        guard let flight = try context.logbook.store().flight(number: number, in: context.session.logbook) else {
            throw ShellError.usage("there is no flight #\(number) in logbook \(context.session.logbook)")
        }
        return flight
    }

    static let show = CommandSpec(
        "show", category: .logbook,
        abstract: "Show one flight",
        arguments: [idArgument],
        examples: [Example("flight show 1", "everything about flight #1")]
    ) { args, context in
        .card(FlightFields.card(try find(args, context), context))
    }

    static let from = Option("from", .airport, "the departure airport")
    static let to = Option("to", .airport, "the arrival airport")

    static let edit = CommandSpec(
        "edit", category: .logbook,
        abstract: "Change fields of a flight",
        discussion:
            "Takes the same options as flight add, plus from and to for the airports. `event go-around` adds an event, "
            + "`event -go-around` removes it, `event none` clears them.",
        arguments: [idArgument],
        options: [from.spec, to.spec] + FlightFields.options,
        examples: [
            Example("flight edit 1 class business row 2 seat 2A", "move to the front"), Example("flight edit 1 event go-around", "add what happened"),
            Example("flight edit 1 event -diversion", "it was not diverted after all"),
        ]
    ) { args, context in
        var flight = try find(args, context)
        guard args.values.count > 1 || !args.flags.isEmpty else {
            throw ShellError.usage("flight edit needs something to change, e.g. flight edit \(flight.number ?? 1) class business")
        }
        if let from = args[FlightCommands.from] { flight.origin = from.icao }
        if let to = args[FlightCommands.to] { flight.destination = to.icao }
        guard flight.origin != flight.destination else { throw ShellError.usage("the departure and arrival airports are both \(flight.origin)") }
        let notes = try FlightFields.apply(args, to: &flight, context: context)
        try context.logbook.store().update(flight)
        var output = Output([.message("Flight updated: #\(flight.number ?? 0)  " + FlightFields.summary(flight, context), .good)])
        output.blocks += notes.map { .note($0) }
        output.blocks += context.badges.announcements()
        return output
    }

    static let rm = CommandSpec(
        "rm", aliases: ["delete"], category: .logbook,
        abstract: "Delete a flight",
        arguments: [idArgument],
        examples: [Example("flight rm 3", "delete flight #3")]
    ) { args, context in
        let flight = try find(args, context)
        try context.logbook.store().delete(number: flight.number ?? 0, from: context.session.logbook)
        return Output([.message("Flight deleted: #\(flight.number ?? 0)  " + FlightFields.summary(flight, context))] + context.badges.announcements())
    }
}
