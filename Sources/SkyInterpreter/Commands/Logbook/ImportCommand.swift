import CTerminal
import FoundationEssentials
import Glibc
import SkyKit

/// `logbook import FILE`, `logbook import undo [N]`, `logbook imports`: other tools' logbooks
/// in, with a preview, values mapped instead of guessed, duplicates skipped, and undo.
enum ImportCommand {
    /// The formats a logbook can be read from.
    enum ImportFormat: String, CaseIterable {
        case csv, json, openflights, myflightradar24, flighty, jetlog, airtrail, appintheair, icalendar
        var format: FlightFileFormat { FlightFileFormat(rawValue: rawValue)! }
    }

    static let file = Argument("file", .path(extensions: ["csv", "json", "txt", "ics"]), "the file to read")
    static let format = Option(
        "format", .choice(ImportFormat.self, placeholder: "format"), "the file's format, when its first line does not tell", bare: false)
    static let dryRun = Flag("dry-run", "say what the import would do, and change nothing")
    static let map = Option(
        "map", .text, "'TEXT=CODE': the code a value of the file stands for (TEXT=- leaves it empty); may be repeated", bare: false, repeatable: true)
    static let keepDuplicates = Flag("keep-duplicates", "import flights the logbook already has too (badges count each flight once)")
    static let dateOrder = Option(
        "date-order", .choice(DateOrder.self, placeholder: "order"),
        "how a date with slashes or dots is read: dmy (14/06/2019) or mdy (06/14/2019); default the date-order setting", bare: false)
    static let skipBad = Flag("skip-bad", "import the good rows and list the others")
    static let yes = Flag("yes", "import without asking, at a terminal too")

    static let spec = CommandSpec(
        "import", category: .logbook,
        abstract: "Add the flights of a file to the active logbook",
        discussion:
            "Reads skyshell's csv and json, OpenFlights, myFlightradar24, Flighty, jetlog and AirTrail (JSON and CSV) exports, App in the Air's "
            + "data.txt, flight calendars in iCalendar (TripIt's and jetlog's .ics), and any CSV whose header names its columns (date, from or origin, "
            + "to or destination, and the other columns of skyshell's csv or names like flight, plane, note); the format is told by the first line "
            + "unless --format names it. Every value is looked up in the catalog and never guessed: a name that fits several entries (Boeing 737 "
            + "MAX) or none is listed with how often it occurs and the closest entries, and --map 'TEXT=CODE' says what it stands for (at a terminal, "
            + "skyshell asks once per value); a family (Boeing 777) is logged as the family. Flights the logbook already has, or an earlier row "
            + "of the same file — the same date, route and flight number, or date and route when a number is missing "
            + "— are skipped unless --keep-duplicates, "
            + "a date written 14/06/2019 is read in the order --date-order (or `set date-order`) says and refused without one, "
            + "so importing a file twice changes nothing; cancelled flights are left out. --dry-run shows all this and changes nothing; at a terminal "
            + "the same summary comes before anything is written. An import is all or nothing: a bad row stops it, unless --skip-bad. Each import "
            + "is recorded (logbook imports) and can be taken back with logbook import undo.",
        arguments: [file.spec],
        options: [format.spec, dryRun.spec, map.spec, keepDuplicates.spec, skipBad.spec, yes.spec, dateOrder.spec],
        subcommands: [undo],
        examples: [
            Example("logbook import flights.json", "add an export back"),
            Example("logbook import fr24.csv --dry-run", "what a myFlightradar24 export would bring"),
            Example(
                "logbook import openflights.csv --map 'Boeing 777=B772' --skip-bad", "say which variant a family was; leave out rows skyshell cannot place"),
            Example("logbook import undo", "take back the last import"),
        ]
    ) { args, context in
        try run(args, context)
    }

    static func run(_ args: Arguments, _ context: CommandContext) throws -> Output {
        let path = try args.value(file)
        let bytes = try readFile(path)
        let format = try args[format]?.format ?? guessFormat(bytes, path: path)
        guard var map = ValueMap(args.all(map)) else { throw ShellError.usage("--map takes TEXT=CODE, like --map 'Boeing 767-300-ER=B763'") }
        let order = args[dateOrder] ?? context.settings.value(.dateOrder)
        var plan = try makePlan(bytes, format: format, path: path, map: map, order: order, context)
        let dry = args.flag(dryRun)
        let interactive = context.runner.prompter != nil && !dry
        if interactive, !plan.unresolved.isEmpty {
            guard try askForMissing(plan, into: &map, context) else { return .message("cancelled — nothing was imported", .dim) }
            plan = try makePlan(bytes, format: format, path: path, map: map, order: order, context)
        }
        let logbook = context.session.logbook
        plan.markDuplicates(try context.logbook.existingStore()?.duplicateIndex(in: logbook) ?? DuplicateIndex())
        let keep = args.flag(keepDuplicates)
        let summary = summarize(plan, path: path, logbook: logbook, keepDuplicates: keep)
        if dry { return Output(summary + [.message("dry run — nothing was imported", .dim)]) }

        let problems = plan.bad.count + plan.unresolvedRows
        if problems > 0, !args.flag(skipBad), !interactive { throw refusal(plan, path: path) }
        let flights = plan.flightsToAdd(keepDuplicates: keep)
        if flights.isEmpty {
            if problems > 0, !plan.flights.isEmpty {
                // The good rows are all in the logbook already: nothing was left to import.
                let inLogbook = plan.duplicates.count - plan.repeatedInFile
                return Output(
                    summary + [
                        .message(
                            "nothing new: logbook \(logbook) has every other flight of \(path) already (\(inLogbook) skipped); \(problems) bad "
                                + "row\(problems == 1 ? "" : "s") left out — \(firstProblem(plan).text)"
                        ), .data("imported", .int(0)),
                    ])
            }
            if problems > 0 {
                // With the first problem, as the dry run lists it.
                throw ShellError.data(
                    "no flight of \(path) could be imported (\(problems) bad row\(problems == 1 ? "" : "s"); "
                        + "\(firstProblem(plan).text)) — nothing was imported"
                )
            }
            let what = plan.flights.isEmpty ? "\(path) holds no flight" : "nothing new: logbook \(logbook) has every flight of \(path) already"
            return Output(summary + [.message(what), .data("imported", .int(0))])
        }
        var output = Output()
        if interactive, !args.flag(yes) {
            if let failure = context.console.emit(Output(summary)) { throw failure }
            let question = "Import \(flights.count) flight\(flights.count == 1 ? "" : "s") into logbook \(logbook)? [Y/n] "
            let answer = context.runner.prompter?(Question(question))?.trimmingWhitespace.lowercased()
            guard let answer, answer.isEmpty || answer == "y" || answer == "yes" else { return .message("cancelled — nothing was imported", .dim) }
        } else {
            output.blocks += summary
        }
        // Kept duplicates are flagged (badges pass them by); `flights` is then all of `plan.flights`.
        // Without --keep-duplicates the store checks again under its write lock: another shell
        // may have imported the same flights since the file was read.
        let source = LogbookStore.ImportSource(file: path, format: format.rawValue, duplicates: keep ? plan.duplicates : [], skipExisting: !keep)
        let progress = ProgressLine(context: context, label: "importing", total: flights.count)
        let written = try context.logbook.store().add(flights, to: logbook, source: source) { done in
            progress.update(done)
            return !Interrupt.requested
        }
        progress.finish()
        let added = written.added, late = written.alreadyThere
        if late > 0 {
            output.append(
                .note(
                    "\(late) of the flights arrived in logbook \(logbook) from elsewhere while the file was read (another context): skipped as duplicates"
                ))
        }
        if let importID = written.importID {
            output.append(
                .message(
                    "imported \(added) flight\(added == 1 ? "" : "s") into logbook \(logbook) from \(path) (\(format.rawValue)) as import #\(importID)", .good))
        } else {
            output.append(.message("nothing new: logbook \(logbook) has every flight of \(path) already"))
        }
        output.append(.data("imported", .int(added)))
        output.append(.data("import", .int(Int(written.importID ?? 0))))
        output.blocks += context.badges.announcements()
        return output
    }

    /// The plan for the file's bytes, or the error that says why it cannot be read at all. A
    /// signal stops the reading too (every part of a large file), with nothing written yet.
    static func makePlan(
        _ bytes: [UInt8], format: FlightFileFormat, path: String, map: ValueMap, order: DateOrder, _ context: CommandContext
    ) throws -> ImportPlan {
        do {
            return try FlightFiles.plan(bytes, format: format, catalog: context.catalog, today: context.runner.clock.today, map: map, dateOrder: order) {
                Interrupt.requested
            }
        } catch {
            if error.stopped { throw CancellationError() }
            throw ShellError.data("\(path) \(error.text) — nothing was imported")
        }
    }

    /// The format the file's beginning shows.
    static func guessFormat(_ bytes: [UInt8], path: String) throws -> FlightFileFormat {
        if let guessed = FlightFiles.guess(bytes) { return guessed }
        if bytes.isEmpty || !bytes.contains(where: { $0 > 0x20 }) { throw ShellError.data("\(path) is empty — nothing to import") }
        throw ShellError.data(
            "\(path) is not a logbook file skyshell recognises: its first line is none of the headers of skyshell, OpenFlights, myFlightradar24, "
                + "Flighty, jetlog or AirTrail, nor does it name date, from and to columns, nor is it an AirTrail, App in the Air or iCalendar export; "
                + "name the format with --format (\(ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")))"
        )
    }

    /// The one error line of an import that cannot go in whole: its first problem by line.
    static func refusal(_ plan: ImportPlan, path: String) -> ShellError {
        let total = plan.bad.count + plan.unresolvedRows
        let more = total > 1 ? " (\(total) rows cannot be imported; --dry-run lists them)" : ""
        let (text, value) = firstProblem(plan)
        if let value {
            return ShellError.data(
                "\(path) \(text)\(value.count > 1 ? " (×\(value.count))" : "") — say what it stands for "
                    + "with --map '\(value.text)=\(suggestion(value) ?? "CODE")', "
                    + "or add --skip-bad; nothing was imported\(more)"
            )
        }
        return ShellError.data("\(path) \(text) — nothing was imported\(more)")
    }

    /// The first problem of a plan by line ("line 3: no date"), and the value that names
    /// nothing when that is what it is.
    static func firstProblem(_ plan: ImportPlan) -> (text: String, value: UnresolvedValue?) {
        if let value = plan.unresolved.min(by: { $0.line < $1.line }), plan.bad.first.map({ ($0.line ?? 0) > value.line }) ?? true {
            return ("line \(value.line): \(value.reason)", value)
        }
        return (plan.bad.first?.text ?? "no problem", nil)
    }

    /// The one entry a value is close to, when there is exactly one (several are a choice the
    /// person makes, never a default).
    static func suggestion(_ value: UnresolvedValue) -> String? { value.candidates.count == 1 ? value.candidates[0] : nil }

    /// Asks, once per value that names nothing, what it stands for. False when cancelled.
    static func askForMissing(_ plan: ImportPlan, into map: inout ValueMap, _ context: CommandContext) throws -> Bool {
        guard let ask = context.runner.prompter else { return true }
        context.console.notice(
            "\(plan.unresolved.count) value\(plan.unresolved.count == 1 ? "" : "s") of the file name\(plan.unresolved.count == 1 ? "s" : "") nothing "
                + "skyshell knows; say what each stands for (Enter takes the suggestion, - leaves it empty, skip leaves those flights out)"
        )
        for value in plan.unresolved {
            let kind: ValueKind
            switch value.kind {
            case .airport: kind = Kind<Airport>.airport.erased
            case .airline: kind = Kind<Airline>.airline.erased
            case .aircraft: kind = Kind<AircraftType>.aircraftType.erased
            }
            let suggestion = suggestion(value)
            while true {
                context.console.notice("\(value.kind.rawValue) '\(value.text)' ×\(value.count) (line \(value.line)): \(value.reason)")
                let prompt = "'\(Visible.text(String(value.text.prefix(40))))' stands for\(suggestion.map { " [\($0)]" } ?? " [skip]"): "
                guard let raw = ask(Question(prompt, default: suggestion, completion: kind)) else { return false }
                var answer = String(raw.trimmingWhitespace)
                if answer.isEmpty { answer = suggestion ?? "skip" }
                if answer.lowercased() == "skip" { break }
                if answer == "-" {
                    guard value.kind != .airport else { context.console.report(.usage("an airport cannot be left empty — give a code, or skip")); continue }
                    map.set(value.text, to: nil)
                    break
                }
                var cursor = WordCursor([Token(answer, isLiteral: true)])
                do {
                    _ = try kind.read(&cursor, context)
                    map.set(value.text, to: answer)
                    break
                } catch let error as ValueError {
                    context.console.report(.usage(error.message))
                }
            }
        }
        return true
    }

    /// What the import would do, in a few lines, and as data.
    static func summarize(_ plan: ImportPlan, path: String, logbook: String, keepDuplicates: Bool) -> [Block] {
        let new = plan.flights.count - plan.duplicates.count
        var parts = ["\(new) new flight\(new == 1 ? "" : "s")"]
        let inLogbook = plan.duplicates.count - plan.repeatedInFile
        if inLogbook > 0 { parts.append("\(inLogbook) already in logbook \(logbook) (\(keepDuplicates ? "kept" : "skipped"))") }
        if plan.repeatedInFile > 0 {
            parts.append("\(plan.repeatedInFile) repeating an earlier row of the file (\(keepDuplicates ? "kept" : "skipped"))")
        }
        if plan.cancelled > 0 { parts.append("\(plan.cancelled) cancelled (not flown)") }
        if plan.notYours > 0 { parts.append("\(plan.notYours) of other people's trips (left out)") }
        if plan.otherEvents > 0 {
            parts.append("\(plan.otherEvents) calendar event\(plan.otherEvents == 1 ? " that is" : "s that are") no flight (left out)")
        }
        if plan.unresolvedRows > 0 {
            parts.append("\(plan.unresolvedRows) naming values skyshell cannot place")
        }
        if !plan.bad.isEmpty { parts.append("\(plan.bad.count) bad row\(plan.bad.count == 1 ? "" : "s")") }
        var blocks: [Block] = [
            .message("\(path) (\(plan.format.rawValue)): \(plan.rows) flight row\(plan.rows == 1 ? "" : "s") — " + parts.joined(separator: ", "))
        ]
        if !plan.unresolved.isEmpty {
            blocks.append(.note("values that name nothing skyshell knows:"))
            blocks += plan.unresolved.prefix(20).map { .note("  \($0.kind.rawValue) '\($0.text)' ×\($0.count) (line \($0.line)): \($0.reason)") }
            if plan.unresolved.count > 20 { blocks.append(.note("  … and \(plan.unresolved.count - 20) more")) }
            let example = plan.unresolved[0]
            blocks.append(
                .note(
                    "say what they stand for with --map '\(example.text)=\(example.candidates.first ?? "CODE")' (repeatable), or leave those flights "
                        + "out with --skip-bad"
                ))
        }
        if !plan.bad.isEmpty {
            blocks.append(.note("rows that cannot be imported:"))
            blocks += plan.bad.prefix(20).map { .note("  " + $0.text) }
            if plan.bad.count > 20 { blocks.append(.note("  … and \(plan.bad.count - 20) more")) }
        }
        if !plan.ignoredColumns.isEmpty {
            blocks.append(.note("columns skyshell has no field for, not imported: " + plan.ignoredColumns.joined(separator: ", ")))
        }
        if plan.futureDates > 0 { blocks.append(.note("\(plan.futureDates) flight\(plan.futureDates == 1 ? " is" : "s are") dated in the future")) }
        blocks += [
            .data("format", .string(plan.format.rawValue)), .data("rows", .int(plan.rows)), .data("new", .int(new)),
            .data("duplicates", .int(inLogbook)), .data("repeated_in_file", .int(plan.repeatedInFile)), .data("cancelled", .int(plan.cancelled)),
            .data("not_yours", .int(plan.notYours)), .data("other_events", .int(plan.otherEvents)),
            .data(
                "unresolved",
                .list(
                    plan.unresolved.map { v in
                        .object([
                            ("kind", .string(v.kind.rawValue)), ("text", .string(v.text)), ("count", .int(v.count)), ("line", .int(v.line)),
                            ("reason", .string(v.reason)), ("candidates", .list(v.candidates.map(Datum.string))),
                        ])
                    })),
            .data("skipped", .list(plan.bad.map { .object([("line", $0.line.map { .int($0) } ?? .null), ("reason", .string($0.message))]) })),
            .data("ignored_columns", .list(plan.ignoredColumns.map(Datum.string))),
        ]
        return blocks
    }

    /// The file's bytes, with the errors people need.
    static func readFile(_ path: String) throws -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ShellError(.noInput, "cannot open '\(path)': \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw ShellError(.noInput, "'\(path)' is a directory") }
        guard Int(info.st_size) <= FlightFiles.maxBytes else {
            throw ShellError.data("\(path) is \(Int(info.st_size) / 1_048_576) MB; imports are limited to \(FlightFiles.maxBytes / 1_048_576) MB")
        }
        // Read as skyshell reads its own files: a FIFO or a device is refused, never waited on.
        switch StoredFile.read(path, maxBytes: FlightFiles.maxBytes) {
        case .contents(let bytes): return bytes
        case .missing: throw ShellError(.noInput, "cannot open '\(path)': \(String(cString: strerror(ENOENT)))")
        case .unreadable(let reason): throw ShellError(.noInput, "cannot read '\(path)': \(reason)")
        }
    }

    // MARK: - Undo and the list

    static let importNumber = Argument(
        "import", .integer(1...Int(Int32.max), placeholder: "n"), "the import's number (logbook imports lists them; default the last)", .optional)

    static let undo = CommandSpec(
        "undo", category: .logbook,
        abstract: "Take back an import: remove exactly the flights it added",
        discussion:
            "Without a number, the last import that is not undone yet. Flights added or changed by hand stay; badges the import unlocked are locked "
            + "again when they no longer hold.",
        arguments: [importNumber.spec],
        examples: [Example("logbook import undo", "take back the last import"), Example("logbook import undo 2", "take back import #2")]
    ) { args, context in
        let logbook = context.session.logbook
        let store = try context.logbook.store()
        let records = try store.imports(in: logbook)
        let target: LogbookStore.ImportRecord
        if let n = args[importNumber] {
            guard let found = records.first(where: { $0.id == Int64(n) }) else {
                throw ShellError.usage("logbook \(logbook) has no import #\(n) (logbook imports lists them)")
            }
            target = found
        } else {
            guard let last = records.last(where: { $0.undone == nil }) else { throw ShellError(.state, "logbook \(logbook) has no import to undo") }
            target = last
        }
        let undone = try store.undoImport(target.id, in: logbook)
        let removed = undone.removed, kept = undone.keptEdited
        let keptText = kept == 0 ? "" : "; kept \(kept) flight\(kept == 1 ? "" : "s") changed by hand since (flight rm removes one)"
        return Output(
            [
                .message(
                    "undid import #\(target.id) (\(target.file), \(target.time)): removed \(removed) flight\(removed == 1 ? "" : "s") from logbook "
                        + "\(logbook)\(keptText)"
                ),
                .data("removed", .int(removed)), .data("kept_edited", .int(kept)),
            ] + context.badges.announcements())
    }

    static let imports = CommandSpec(
        "imports", category: .logbook,
        abstract: "List the imports into the active logbook",
        examples: [Example("logbook imports", "every import, with its file, format, time and flights")]
    ) { _, context in
        let records = (try context.logbook.existingStore()?.imports(in: context.session.logbook)) ?? []
        let rows = records.map { r -> [Cell] in
            [
                Cell(.int(Int(r.id)), text: "#\(r.id)"),
                Cell(.string(r.time), text: r.time.replacingAll("T", with: " ").replacingAll("Z", with: " UTC")),
                Cell(r.file), Cell(r.format), Cell(.int(r.flights), text: Format.grouped(Double(r.flights))),
                Cell(.int(r.duplicates), text: String(r.duplicates)), Cell(Datum.optional(r.undone), text: r.undone == nil ? "" : "undone"),
            ]
        }
        var table = Table(
            key: "imports",
            columns: [
                Column("id", "#", .right), Column("time", "Time", kind: .instant), Column("file", "File"), Column("format", "Format"),
                Column("flights", "Flights", .right),
                Column("duplicates", "Duplicates", .right), Column("undone", ""),
            ], rows: rows)
        if rows.isEmpty { table.title = "No imports into logbook \(context.session.logbook) yet" }
        return .table(table)
    }
}
