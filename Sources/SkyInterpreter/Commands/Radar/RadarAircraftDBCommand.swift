import FoundationEssentials
import Glibc
import SkyKit

/// `radar aircraft-db [FILE|off]`: registrations, types and operators from the user's aircraft database.
enum RadarAircraftDBCommand {
    static let file = Argument(
        "file", .path(extensions: ["csv", "gz"]), "tar1090-db's aircraft.csv(.gz) or OpenSky's aircraftDatabase.csv, or off", .optional)

    static let spec = CommandSpec(
        "aircraft-db", category: .radar,
        abstract: "Fill in registrations, types and operators the feed lacks from your aircraft database",
        discussion:
            "Reads an aircraft database in a layout receivers already use — tar1090-db's aircraft.csv (icao;reg;type;…;ownop, "
            + "plain or .gz; readsb's --db-file is the same file) or OpenSky's aircraftDatabase.csv (a header with icao24, "
            + "registration, typecode, operator, owner) — and keeps a compact copy in the data folder, searched in place. From "
            + "then on an aircraft whose feed sends no type, registration or owner/operator gets them from it (what the feed "
            + "sends wins; radar list's operator column), and the radar "
            + "says how many came from the database. Never required and never downloaded: skyshell only reads the file you "
            + "give. `off` forgets it; without an argument it says what is in use.",
        arguments: [file.spec],
        examples: [
            Example("radar aircraft-db ~/Downloads/aircraft.csv.gz", "tar1090-db's file"), Example("radar aircraft-db off", "stop using it"),
            Example("radar aircraft-db", "what is in use"),
        ]
    ) { args, context in
        guard let paths = context.runner.paths else { throw ShellError(.io, "no data directory: set SKYSHELL_HOME or HOME") }
        let target = paths.path(.aircraftDatabase)
        guard let path = args[file] else {
            guard let register = try context.radar.register() else { return .message("no aircraft database: radar aircraft-db FILE") }
            return Output([
                .message("aircraft database: \(Format.count(register.count, "aircraft", "aircraft")) (\(target))"), .data("aircraft", .int(register.count)),
            ])
        }
        if path.lowercased() == "off" {
            if FileManager.default.fileExists(atPath: target) { try? FileManager.default.removeItem(atPath: target) }
            context.radar.forgetRegister()
            return .message("no aircraft database: types, registrations and operators only from the feed")
        }
        let raw: [UInt8]
        do {
            raw = try FileBytes.read(try context.files.confined(path))
        } catch let error as ShellError {
            throw error
        } catch {
            throw ShellError(.noInput, "cannot read \(Visible.text(path))")
        }
        let reading: AircraftRegister.Reading
        do throws(FeedError) {
            reading = try AircraftRegisterReader.read(raw)
        } catch {
            throw ShellError(.data, "\(Visible.text(path)): \(error.message)")
        }
        guard !reading.entries.isEmpty else { throw ShellError(.data, "\(Visible.text(path)) holds no aircraft (\(reading.layout))") }
        try context.files.writePrivateFile(AircraftRegister.compact(reading.entries), to: target)
        context.radar.forgetRegister()
        let count = try context.radar.register()?.count ?? 0
        var output = Output([
            .message("aircraft database: \(Format.count(count, "aircraft", "aircraft")) from \(Visible.text(path)) (\(reading.layout))"),
            .data("aircraft", .int(count)), .data("layout", .string(reading.layout)),
        ])
        if reading.skipped > 0 { output.append(.note("\(Format.count(reading.skipped, "row")) without a six-digit ICAO address left out")) }
        return output
    }
}
