import FoundationEssentials
import Glibc
import SkyKit

/// `logbook`, `logbook new|use|list|rename|rm|clear|check`.
enum LogbookCommands {
    static let spec = CommandSpec(
        "logbook", aliases: ["lb"], category: .logbook,
        abstract: "Show the active logbook, or manage logbooks",
        discussion:
            "All logbooks live in one SQLite database, logbook.sqlite in the data directory. The logbook never uses the "
            + "network: what you log stays on this computer.",
        subcommands: [new, use, list, rename, rm, clear, check, ExportCommand.spec, ImportCommand.spec, ImportCommand.imports],
        examples: [Example("logbook", "the active logbook and its numbers")]
    ) { _, context in
        let store = try context.logbook.store()
        let name = context.session.logbook
        let count = try store.count(in: name)
        let all = try store.logbookNames()
        return .card(
            Card(
                title: "Logbook \(name)",
                fields: [
                    Field("name", "", Cell(name)),
                    Field("flights", "flights", Cell(.int(count), text: Format.grouped(Double(count)))),
                    Field(
                        "logbooks", "logbooks",
                        Cell(
                            .int(max(all.count, 1)),
                            text: all.isEmpty ? "1 (this one, created with its first flight)" : "\(all.count): " + all.joined(separator: ", "))),
                    Field("database", "database", Cell(store.path)),
                    Field("schema", "schema version", Cell(.int(store.schemaVersion), text: String(store.schemaVersion))),
                ]))
    }

    static let name = Argument("name", .logbookName, "the logbook's name")

    static let new = CommandSpec(
        "new", category: .logbook, abstract: "Create an empty logbook and make it active",
        arguments: [name.spec],
        examples: [Example("logbook new work", "a logbook for business trips")]
    ) { args, context in
        let name = try args.value(LogbookCommands.name)
        try context.logbook.store().createLogbook(name)
        context.session.useLogbook(name)
        return .message("created logbook \(name); it is now the active logbook")
    }

    static let use = CommandSpec(
        "use", category: .logbook, abstract: "Make another logbook the active one",
        arguments: [name.spec],
        examples: [Example("logbook use work", "switch to the work logbook")]
    ) { args, context in
        let name = try args.value(LogbookCommands.name)
        let known = try context.logbook.store().logbookNames()
        guard known.contains(name) || name == "default" else {
            throw ShellError.usage("there is no logbook called \(name)" + suggestion(name, among: known) + " — create it with logbook new \(name)")
        }
        context.session.useLogbook(name)
        return .message("logbook \(name) is now active (\(try context.logbook.store().count(in: name)) flights)")
    }

    static let list = CommandSpec(
        "list", aliases: ["ls"], category: .logbook, abstract: "List the logbooks",
        examples: [Example("logbook list", "every logbook with its flights")]
    ) { _, context in
        var books = try context.logbook.store().logbooks()
        if !books.contains(where: { $0.name == context.session.logbook }) { books.append((context.session.logbook, 0)) }
        let rows = books.sorted { $0.name < $1.name }.map { book in
            [
                Cell(.bool(book.name == context.session.logbook), text: book.name == context.session.logbook ? "*" : ""),
                Cell(book.name), Cell(.int(book.flights), text: Format.grouped(Double(book.flights))),
            ]
        }
        return .table(Table(key: "logbooks", columns: [Column("active", ""), Column("name", "Logbook"), Column("flights", "Flights", .right)], rows: rows))
    }

    static let old = Argument("old", .logbookName, "its name now")
    static let newName = Argument("new", .logbookName, "its new name")

    static let rename = CommandSpec(
        "rename", aliases: ["mv"], category: .logbook, abstract: "Rename a logbook",
        arguments: [old.spec, newName.spec],
        examples: [Example("logbook rename work trips", "rename work to trips")]
    ) { args, context in
        let old = try args.value(LogbookCommands.old), new = try args.value(LogbookCommands.newName)
        try context.logbook.store().renameLogbook(old, to: new)
        if context.session.logbook == old { context.session.useLogbook(new) }
        return .message("renamed logbook \(old) to \(new)")
    }

    static let rmYes = Flag("yes", "delete without asking")

    static let rm = CommandSpec(
        "rm", aliases: ["delete"], category: .logbook, abstract: "Delete a logbook and its flights",
        discussion: "A logbook with flights asks for its name to be typed at a terminal; in scripts it needs --yes. There is no undo.",
        arguments: [name.spec],
        options: [rmYes.spec],
        examples: [Example("logbook rm old --yes", "delete the logbook called old")]
    ) { args, context in
        let name = try args.value(LogbookCommands.name)
        let count = try context.logbook.store().count(in: name)
        guard try context.logbook.store().logbookNames().contains(name) else {
            throw ShellError.usage("there is no logbook called \(name)")
        }
        if count > 0, !args.flag(LogbookCommands.rmYes) { try confirm(name, flights: count, action: "delete logbook \(name)", context) }
        try context.logbook.store().removeLogbook(name)
        if context.session.logbook == name { context.session.useLogbook("default") }
        return .message(
            "deleted logbook \(name) and its \(count) flight\(count == 1 ? "" : "s")"
                + (context.session.logbook == "default" && name != "default" ? "; logbook default is active" : ""))
    }

    static let clearYes = Flag("yes", "delete without asking")

    static let clear = CommandSpec(
        "clear", category: .logbook, abstract: "Delete every flight of the active logbook",
        discussion: "At a terminal it asks for the logbook's name to be typed; in scripts it needs --yes. There is no undo: the logbook keeps no backup.",
        options: [clearYes.spec],
        examples: [Example("logbook clear --yes", "empty the active logbook")]
    ) { args, context in
        let name = context.session.logbook
        let count = try context.logbook.store().count(in: name)
        guard count > 0 else { return .message("logbook \(name) has no flights") }
        if !args.flag(LogbookCommands.clearYes) { try confirm(name, flights: count, action: "delete all \(count) flights of logbook \(name)", context) }
        let removed = try context.logbook.store().clear(name)
        return Output([.message("deleted \(removed) flight\(removed == 1 ? "" : "s") from logbook \(name)")] + context.badges.announcements())
    }

    /// Asks for the logbook's name at a terminal; without one, explains the --yes flag.
    static func confirm(_ name: String, flights: Int, action: String, _ context: CommandContext) throws {
        guard let ask = context.runner.prompter else {
            throw ShellError.usage("this would \(action); add --yes to confirm in a script")
        }
        let answer = ask(Question("This will \(action). Type \(name) to confirm: "))
        guard answer?.trimmingWhitespace == Substring(name) else { throw ShellError(.interrupted, "not confirmed — nothing was deleted") }
    }

    static let check = CommandSpec(
        "check", category: .logbook, abstract: "Check the logbook database for damage",
        discussion:
            "Runs SQLite's integrity check and foreign key check, and checks that the route lengths the logbook keeps for "
            + "distance conditions are those this catalog gives. Nothing is repaired or changed.",
        examples: [Example("logbook check", "is the database sound?")]
    ) { _, context in
        let store = try context.logbook.store()
        var problems = try store.integrityCheck().filter { $0 != "ok" }
        let wrong = try store.misMeasuredRoutes(catalog: context.catalog.airportsVersion, length: context.logbook.storedRouteKilometers)
        if let first = wrong.first {
            let verb = wrong.count == 1 ? "differs" : "differ"
            problems.append("\(Format.count(wrong.count, "route length")) \(verb) from the catalog's (\(first.origin)–\(first.destination) first)")
        }
        if problems.isEmpty {
            return Output([.message("\(store.path): ok", .good), .data("ok", .bool(true))])
        }
        throw ShellError.data("\(store.path) has problems: " + problems.prefix(5).joined(separator: "; "))
    }
}

/// `airline favorite|unfavorite <airline>`, `airlines favorites`.
enum FavoriteCommands {
    static let favoriteAirline = Argument("airline", .airlineText, "the airline")

    static let favorite = CommandSpec(
        "favorite", aliases: ["fav"], category: .logbook, abstract: "Mark an airline as a favourite",
        discussion: "Favourite airlines come first when completing airline names and are the default in the flight form.",
        arguments: [favoriteAirline.spec],
        examples: [Example("airline favorite AS", "Alaska Airlines first")]
    ) { args, context in
        let airline = try args.value(FavoriteCommands.favoriteAirline)
        try context.logbook.store().setFavorite(airline.storedCode, true)
        return .message("★ \(airline.name) is a favourite")
    }

    static let unfavoriteAirline = Argument("airline", .airlineText, "the airline")

    static let unfavorite = CommandSpec(
        "unfavorite", aliases: ["unfav"], category: .logbook, abstract: "Remove an airline from the favourites",
        arguments: [unfavoriteAirline.spec],
        examples: [Example("airline unfavorite AS", "no longer a favourite")]
    ) { args, context in
        let airline = try args.value(FavoriteCommands.unfavoriteAirline)
        try context.logbook.store().setFavorite(airline.storedCode, false)
        return .message("\(airline.name) is no longer a favourite")
    }

    static let favorites = CommandSpec(
        "favorites", aliases: ["favs"], category: .logbook, abstract: "List the favourite airlines",
        examples: [Example("airlines favorites", "the starred airlines")]
    ) { _, context in
        let rows = try context.logbook.store().favoriteAirlines().map { code -> [Cell] in
            let a = context.catalog.airline(code: code)
            return [Cell(Datum.optional(a?.iata)), Cell(Datum.optional(a?.icao ?? code)), Cell(a?.name ?? code)]
        }
        var table = Table(
            key: "favorites", columns: [Column("iata", "IATA", kind: .airport), Column("icao", "ICAO", kind: .airport), Column("name", "Name")], rows: rows)
        if rows.isEmpty { table.title = "No favourite airlines yet — add one with airline favorite <airline>" }
        return .table(table)
    }
}
