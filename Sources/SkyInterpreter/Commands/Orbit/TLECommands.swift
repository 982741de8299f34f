import Foundation
import SkyKit

/// `tle`: the element set in use; load one from a file or fetch one from a URL.
enum TLECommands {
    static let spec = CommandSpec(
        "tle", category: .orbit,
        abstract: "Show the orbital element set (TLE) in use, or replace it",
        discussion:
            "A two-line element set (with or without its name line) as CelesTrak and Space-Track publish them. `tle load` and `tle fetch` check the lines (checksums, fields) and keep the set in the data directory; `tle reset` goes back to the built-in ISS elements of 2025-11-09.",
        subcommands: [load, fetch, reset],
        examples: [
            Example("tle", "the element set in use"), Example("tle fetch https://celestrak.org/NORAD/elements/gp.php?CATNR=25544", "the latest ISS elements"),
        ]
    ) { _, shell in
        let tle = try shell.orbit.currentTLE()
        let stored = shell.orbit.tlePath.map { FileManager.default.fileExists(atPath: $0) } ?? false
        var output = Output.card(
            Card(
                title: tle.name ?? "Satellite \(tle.satelliteNumber)",
                fields: [
                    Field(
                        "satellite", "satellite",
                        Cell(
                            .int(tle.satelliteNumber),
                            text: "\(tle.satelliteNumber) (\(tle.internationalDesignator.isEmpty ? "no designator" : tle.internationalDesignator))")),
                    Field(
                        "epoch", "epoch",
                        Cell(
                            .string(CivilTime(tle.epoch.timeIntervalSince1970).iso),
                            text: "\(TimeText.utc(tle.epoch)) (\(Format.fixed(OrbitText.age(tle, at: shell.clock.now), 1)) days ago)")),
                    Field("inclination", "inclination", Cell(.number(tle.inclination), text: Format.fixed(tle.inclination, 4) + "°")),
                    Field("eccentricity", "eccentricity", Cell(.number(tle.eccentricity), text: Format.fixed(tle.eccentricity, 7))),
                    Field(
                        "mean_motion", "mean motion",
                        Cell(.number(tle.meanMotion), text: "\(Format.fixed(tle.meanMotion, 8)) rev/day (period \(Format.fixed(1440 / tle.meanMotion, 1)) min)")
                    ),
                    Field("source", "source", Cell(stored ? (shell.orbit.tlePath ?? "") : "built in")),
                    Field("line1", "line 1", Cell(tle.line1)), Field("line2", "line 2", Cell(tle.line2)),
                ]))
        if let stale = OrbitText.staleness(tle, at: shell.clock.now) { output.append(.note(stale)) }
        return output
    }

    /// The largest element file read (CelesTrak's whole catalogue as TLEs is about 3 MB).
    static let maxBytes = 16 << 20

    /// Checks a TLE text and keeps it in the data directory.
    static func keep(_ text: String, from origin: String, _ shell: Shell) throws -> Output {
        let tle: TLE
        do { tle = try TLE.parse(text) } catch { throw ShellError.data("\(origin): \(error)") }
        do { _ = try SGP4.checked(tle) } catch { throw ShellError.data("\(origin): the elements do not describe an orbit SGP4 can follow (\(error))") }
        guard let path = shell.orbit.tlePath else { throw ShellError(.io, "no data directory to keep the element set in") }
        let lines = (tle.name.map { [$0] } ?? []) + [tle.line1, tle.line2]
        try shell.writePrivateFile(lines.joined(separator: "\n") + "\n", to: path)
        var output = Output.message("\(tle.name ?? "satellite \(tle.satelliteNumber)"), epoch \(TimeText.utc(tle.epoch)), from \(origin)")
        if let stale = OrbitText.staleness(tle, at: shell.clock.now) { output.append(.note(stale)) }
        return output
    }

    static let file = Argument("file", .path(extensions: ["tle", "txt"]), "a file holding one TLE (two or three lines)")

    static let load = CommandSpec(
        "load", category: .orbit,
        abstract: "Use the element set in a file",
        arguments: [file.spec],
        examples: [Example("tle load ~/iss.tle", "the element set in a file")]
    ) { args, shell in
        guard let file = args[TLECommands.file] else { throw ShellError.usage("tle load needs a file") }
        let bytes: [UInt8]
        switch StoredFile.read(file, maxBytes: maxBytes) {
        case .missing: throw ShellError(.noInput, "cannot open '\(file)': No such file or directory")
        case .unreadable(let reason): throw ShellError(.noInput, "cannot read '\(file)': \(reason)")
        case .contents(let contents): bytes = contents
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw ShellError.data("\(file) is not UTF-8 text, so not TLE lines") }
        return try keep(text, from: file, shell)
    }

    static let url = Argument("url", .webURL, "an http(s) URL answering TLE text")

    static let fetch = CommandSpec(
        "fetch", category: .orbit,
        abstract: "Download an element set (CelesTrak's TLE format) from a URL",
        arguments: [url.spec],
        examples: [Example("tle fetch https://celestrak.org/NORAD/elements/gp.php?CATNR=25544", "the ISS from CelesTrak")]
    ) { args, shell in
        guard let url = args[TLECommands.url], let host = url.host else { throw ShellError.usage("tle fetch needs an http(s) URL") }
        let response: HTTPResponse
        do { response = try shell.web.http.get(url, cancelled: { Interrupt.requested }) } catch { throw ShellError(.unavailable, "\(error)") }
        guard response.status == 200 else { throw ShellError(.unavailable, "\(host) answered \(response.status) (\(HTTPStatus.reason(response.status)))") }
        guard response.body.count <= maxBytes else {
            throw ShellError.data("\(host) sent \(response.body.count / 1_048_576) MB, more than an element file holds")
        }
        return try keep(String(decoding: response.body, as: UTF8.self), from: host, shell)
    }

    static let reset = CommandSpec(
        "reset", category: .orbit,
        abstract: "Go back to the built-in ISS element set",
        examples: [Example("tle reset", "the elements of 2025-11-09")]
    ) { _, shell in
        if let path = shell.orbit.tlePath, FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        return .message("using the built-in element set: \(TLE.builtInISS.name ?? "ISS"), epoch \(TimeText.utc(TLE.builtInISS.epoch))")
    }
}
