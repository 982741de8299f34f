import CTerminal
import FoundationEssentials
import Glibc
import SkyKit

/// `logbook export FILE [--format F] [--force]`.
enum ExportCommand {
    static let exportFile = Argument("file", .path(extensions: ["csv", "json", "geojson", "kml"]), "the file to write")
    static let exportFormat = Option(
        "format", .choice(ExportFormat.self, placeholder: "format"), "csv, json, openflights, geojson or kml", bare: false)
    static let force = Flag("force", "replace an existing file")

    /// The formats a logbook can be written in.
    enum ExportFormat: String, CaseIterable {
        case csv, json, openflights, geojson, kml
        var format: FlightFileFormat { FlightFileFormat(rawValue: rawValue)! }
    }

    static let spec = CommandSpec(
        "export", category: .logbook,
        abstract: "Write the active logbook to a file",
        discussion:
            "Formats: csv and json (skyshell's own, every field), openflights (OpenFlights CSV, which openflights.org "
            + "imports), geojson and kml (routes as geodesic lines and airports, for map tools). The format follows the "
            + "file's extension unless --format names one. The file is written whole or not at all; an existing file is "
            + "replaced only with --force (and keeps its mode), and skyshell's own files never are. CSV text cells that a "
            + "spreadsheet would run as a formula (starting with =, +, -, @) get a leading ' (removed again on import).",
        arguments: [exportFile.spec],
        options: [exportFormat.spec, force.spec],
        examples: [
            Example("logbook export flights.json", "everything, as JSON"),
            Example("logbook export flights.csv --format openflights", "for openflights.org"),
            Example("logbook export routes.geojson", "the route map for a GIS"),
        ]
    ) { args, context in
        let path = try args.value(ExportCommand.exportFile)
        let format = try args[ExportCommand.exportFormat]?.format ?? formatFromExtension(path)
        // The user's flights: private to them, whatever the umask.
        let file = try context.files.createUserFile(path, force: args.flag(ExportCommand.force), personal: true)
        let logbook = context.session.logbook
        let store = try context.logbook.store()
        let cursor = try store.flights(in: logbook)
        let flights = Array(cursor).reversed()
        if let failure = cursor.failure { throw failure }
        let text: String
        do {
            let trips = format == .openflights ? try store.flightIDsWithTrips(importedAs: .openflights, in: logbook) : []
            text = try FlightFiles.write(flights, format: format, logbook: logbook, catalog: context.catalog, openFlightsTrips: trips)
        } catch let error as FlightFileError {
            throw ShellError.usage(error.message)
        }
        try context.files.finish(file, with: text)
        return Output([
            .message("exported \(flights.count) flight\(flights.count == 1 ? "" : "s") of logbook \(logbook) to \(path) (\(format.rawValue))"),
            .data("flights", .int(flights.count)), .data("file", .string(path)), .data("format", .string(format.rawValue)),
        ])
    }

    static func formatFromExtension(_ path: String) throws -> FlightFileFormat {
        switch PathText.pathExtension(path).lowercased() {
        case "csv": return .csv
        case "json": return .json
        case "geojson": return .geojson
        case "kml": return .kml
        default: throw ShellError.usage("cannot tell the format of \(path) from its name — add --format csv|json|openflights|geojson|kml")
        }
    }
}
