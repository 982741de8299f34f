import CTerminal
import Foundation
import SkyKit

/// `logbook export FILE [--format F]`, `logbook import FILE [--format F] [--skip-bad]`.
enum ImportExportCommands {
    static let formatKind = Kind<FlightFileFormat>.choice(FlightFileFormat.self, placeholder: "format")

    static let exportFile = Argument("file", .path(extensions: ["csv", "json", "geojson", "kml"]), "the file to write")
    static let exportFormat = Option("format", formatKind, "csv, json, openflights, geojson or kml", bare: false)
    static let force = Flag("force", "replace an existing file")

    static let export = CommandSpec(
        "export", category: .logbook,
        abstract: "Write the active logbook to a file",
        discussion:
            "Formats: csv and json (skyshell's own, every field), openflights (OpenFlights CSV, which openflights.org imports), geojson and kml (routes as geodesic lines and airports, for map tools). The format follows the file's extension unless --format names one. The file is written whole or not at all; an existing file is replaced only with --force (and keeps its mode), and skyshell's own files never are. CSV text cells that a spreadsheet would run as a formula (starting with =, +, -, @) get a leading ' (removed again on import).",
        arguments: [exportFile.spec],
        options: [exportFormat.spec, force.spec],
        examples: [
            Example("logbook export flights.json", "everything, as JSON"),
            Example("logbook export flights.csv --format openflights", "for openflights.org"),
            Example("logbook export routes.geojson", "the route map for a GIS"),
        ]
    ) { args, shell in
        let path = try args.value(ImportExportCommands.exportFile)
        let format = try args[ImportExportCommands.exportFormat] ?? formatFromExtension(path)
        let file = try shell.createUserFile(path, force: args.flag(ImportExportCommands.force))
        let logbook = shell.session.logbook
        let store = try shell.logbook.store()
        let cursor = try store.flights(in: logbook)
        let flights = Array(cursor).reversed()
        if let failure = cursor.failure { throw failure }
        let text = FlightFiles.write(flights, format: format, logbook: logbook, catalog: shell.catalog)
        try shell.finish(file, with: text)
        return Output([
            .message("exported \(flights.count) flight\(flights.count == 1 ? "" : "s") of logbook \(logbook) to \(path) (\(format.rawValue))"),
            .data("flights", .int(flights.count)), .data("file", .string(path)), .data("format", .string(format.rawValue)),
        ])
    }

    static let importFile = Argument("file", .path(extensions: ["csv", "json"]), "the file to read")
    static let importFormat = Option("format", formatKind, "csv, json or openflights", bare: false)
    static let skipBad = Flag("skip-bad", "import the good rows and list the bad ones")

    static let import_ = CommandSpec(
        "import", category: .logbook,
        abstract: "Add the flights of a file to the active logbook",
        discussion:
            "Reads csv, json (skyshell's exports) or openflights (OpenFlights CSV); the format is guessed from the first line unless --format names it. Every flight is checked (known airports, airline and aircraft; rows 1 to 88; real dates). The import is all or nothing: the first bad row stops it with its line number and the logbook is unchanged, unless --skip-bad, which imports the rest and lists what was skipped. Ctrl-C cancels it, leaving the logbook unchanged.",
        arguments: [importFile.spec],
        options: [importFormat.spec, skipBad.spec],
        examples: [
            Example("logbook import flights.json", "add an export back"),
            Example("logbook import openflights.csv --skip-bad", "an OpenFlights export, skipping rows skyshell cannot place"),
        ]
    ) { args, shell in
        let path = try args.value(ImportExportCommands.importFile)
        let bytes = try readFile(path)
        let format: FlightFileFormat
        if let named = args[ImportExportCommands.importFormat] {
            format = named
        } else if let guessed = FlightFiles.guess(bytes) {
            format = guessed
        } else if bytes.isEmpty || !bytes.contains(where: { $0 > 0x20 }) {
            throw ShellError.data("\(path) is empty — nothing to import")
        } else {
            throw ShellError.data(
                "\(path) is not a logbook file skyshell knows: the first line should be a csv header (date,origin,destination,…), an OpenFlights header (Date,From,To,…), or the file a JSON export; name the format with --format"
            )
        }
        guard format.canImport else { throw ShellError.usage("\(format.rawValue) is an export format; import csv, json or openflights") }
        let imported: ImportedFlights
        do {
            imported = try FlightFiles.read(
                bytes, format: format, catalog: shell.catalog, skipBad: args.flag(ImportExportCommands.skipBad), today: shell.clock.today)
        } catch let error as FlightFileError {
            throw ShellError.data("\(path) \(error.text) — nothing was imported")
        }
        let logbook = shell.session.logbook
        let total = imported.flights.count
        let progress = ProgressLine(shell: shell, label: "importing", total: total)
        try shell.logbook.store().add(imported.flights, to: logbook) { done in
            progress.update(done)
            return !Interrupt.requested
        }
        progress.finish()
        var output = Output([.message("imported \(total) flight\(total == 1 ? "" : "s") into logbook \(logbook) from \(path) (\(format.rawValue))", .good)])
        if !imported.skipped.isEmpty {
            output.append(.note("skipped \(imported.skipped.count) bad row\(imported.skipped.count == 1 ? "" : "s"):"))
            output.blocks += imported.skipped.prefix(20).map { .note("  " + $0.text) }
            if imported.skipped.count > 20 { output.append(.note("  … and \(imported.skipped.count - 20) more")) }
        }
        if imported.futureDates > 0 { output.append(.note("\(imported.futureDates) flight\(imported.futureDates == 1 ? " is" : "s are") dated in the future")) }
        output.append(.data("imported", .int(total)))
        output.append(
            .data("skipped", .list(imported.skipped.map { .object([("line", $0.line.map { .int($0) } ?? .null), ("reason", .string($0.message))]) })))
        output.blocks += shell.badges.announcements()
        return output
    }

    static func formatFromExtension(_ path: String) throws -> FlightFileFormat {
        switch (path as NSString).pathExtension.lowercased() {
        case "csv": return .csv
        case "json": return .json
        case "geojson": return .geojson
        case "kml": return .kml
        default: throw ShellError.usage("cannot tell the format of \(path) from its name — add --format csv|json|openflights|geojson|kml")
        }
    }

    /// The file's bytes, with the errors people need.
    static func readFile(_ path: String) throws -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ShellError(.noInput, "cannot open '\(path)': \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw ShellError(.noInput, "'\(path)' is a directory") }
        guard Int(info.st_size) <= FlightFiles.maxBytes else {
            throw ShellError.data("\(path) is \(Int(info.st_size) / 1_048_576) MB; imports are limited to \(FlightFiles.maxBytes / 1_048_576) MB")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw ShellError(.noInput, "cannot read '\(path)'") }
        return [UInt8](data)
    }
}
