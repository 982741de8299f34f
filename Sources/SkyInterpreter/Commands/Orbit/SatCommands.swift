import FoundationEssentials
import Glibc
import SkyKit

/// `sat` and its subcommands: the satellites skyshell knows — load and fetch element sets in
/// any published format, list them, choose the one to follow, and where it is.
enum SatCommands {
    static let spec = CommandSpec(
        "sat", category: .orbit,
        abstract: "Where the satellite in use is now (the ISS until `sat use` chooses another)",
        discussion:
            "Any satellite of the element sets loaded: `sat load FILE` and `sat fetch GROUP|URL` read TLE, 3LE and OMM "
            + "(JSON, CSV, XML, Space-Track's JSON) with any number of sets, keep them in the data directory (a newer set "
            + "replaces an older one of the same object) and refuse the sets SGP4 cannot follow, saying why. `sat use` "
            + "chooses the satellite `sat`, `tle` and `passes` follow; `iss` always means the ISS.",
        options: [ISSCommands.trace.spec],
        subcommands: [at, map, load, fetch, list, use, reset],
        examples: [
            Example("sat", "where the satellite in use is"), Example("sat fetch visual", "CelesTrak's brightest satellites"),
            Example("sat use ISS; sat map", "the ISS's next orbit"),
        ]
    ) { args, context in
        try ISSCommands.report(try chosen(context), at: context.runner.clock.now, context, trace: args.flag(ISSCommands.trace))
    }

    /// The propagator of the satellite in use.
    static func chosen(_ context: CommandContext) throws(ShellError) -> SGP4 { try context.orbit.propagator(for: try context.orbit.chosenSet()) }

    static let at = CommandSpec(
        "at", category: .orbit,
        abstract: "Where the satellite in use is (or was) at a given time",
        arguments: [ISSCommands.time.spec],
        examples: [Example("sat at +90min", "one orbit of a low satellite from now")]
    ) { args, context in
        try ISSCommands.report(try chosen(context), at: try args.value(ISSCommands.time), context, trace: false)
    }

    static let map = CommandSpec(
        "map", category: .orbit,
        abstract: "The ground track of the satellite in use for its next orbit",
        examples: [Example("sat map", "where it flies over next")]
    ) { _, context in
        try ISSCommands.groundTrack(try chosen(context), context)
    }

    /// The largest element file read (CelesTrak's whole active catalogue as OMM JSON is about 10 MB).
    static let maxBytes = 64 << 20

    static let file = Argument("file", .path(extensions: ["tle", "txt", "3le", "json", "csv", "xml"]), "a file of element sets: TLE, 3LE or OMM")

    static let load = CommandSpec(
        "load", category: .orbit,
        abstract: "Load the element sets of a file (TLE, 3LE, OMM JSON/CSV/XML)",
        arguments: [file.spec],
        examples: [Example("sat load ~/Downloads/visual.json", "the sets of a CelesTrak download")]
    ) { args, context in
        let file = try args.value(SatCommands.file)
        switch StoredFile.read(file, maxBytes: maxBytes) {
        case .missing: throw ShellError(.noInput, "cannot open '\(file)': No such file or directory")
        case .unreadable(let reason): throw ShellError(.noInput, "cannot read '\(file)': \(reason)")
        case .contents(let bytes): return try keep(bytes, from: file, chosen: true, context)
        }
    }

    /// Reads element sets, checks each can be propagated, merges them into the catalogue and
    /// says what changed. A file with one set makes it the satellite in use. The sets of a file
    /// the user loads (`chosen`) replace the kept ones even when older (to ask about the past);
    /// a fetch keeps the newer of two.
    static func keep(_ bytes: [UInt8], from origin: String, chosen: Bool = false, _ context: CommandContext) throws -> Output {
        let file: ElementSetFile
        do { file = try ElementSetFile.read(bytes) } catch { throw ShellError.data("\(origin): \(error)") }
        var problems = file.problems
        var usable: [TLE] = []
        for set in file.sets {
            do throws(SGP4Error) {
                _ = try SGP4.checked(set)
                usable.append(set)
            } catch {
                problems.append(
                    ElementSetProblem(place: "\(set.displayName) (\(set.satelliteNumber))", message: "SGP4 cannot follow these elements: \(error)"))
            }
        }
        guard !usable.isEmpty else {
            throw ShellError.data("\(origin): no usable element set" + (problems.first.map { " — \($0)" } ?? ""))
        }
        guard let path = context.orbit.cataloguePath else { throw ShellError(.io, "no data directory to keep the element sets in") }
        var catalogue = try context.orbit.catalogue()
        let merge = catalogue.merge(usable, olderToo: chosen)
        try context.files.writePrivateFile(catalogue.text, to: path)
        var parts = ["\(Format.count(merge.added, "new", "new"))", "\(Format.count(merge.updated, "updated", "updated"))"]
        if merge.older > 0 {
            parts.append(
                chosen
                    ? "\(Format.count(merge.older, "older than the one it replaced", "older than the ones they replaced"))"
                    : "\(Format.count(merge.older, "older than the one kept (left out)", "older than the ones kept (left out)"))")
        }
        var output = Output.message(
            "\(Format.count(usable.count, "element set")) from \(origin) (\(file.format.rawValue)): "
                + "\(parts.joined(separator: ", ")); \(Format.count(catalogue.sets.count, "satellite")) loaded"
        )
        if problems.count > 0 {
            output.append(.note("\(Format.count(problems.count, "set")) refused:"))
            for p in problems.prefix(5) { output.append(.note("  " + p.description)) }
            if problems.count > 5 { output.append(.note("  … and \(problems.count - 5) more")) }
        }
        if usable.count == 1, let only = usable.first {
            context.session.useSatellite(only.satelliteNumber)
            output.append(.message("using \(only.displayName) (\(only.satelliteNumber))"))
            if let stale = OrbitText.staleness(only, at: context.runner.clock.now) { output.append(.note(stale)) }
        }
        return output
    }

    static let source = Argument("group", .text, "a CelesTrak group (stations, visual, active, starlink, weather…) or an http(s) URL")

    static let fetch = CommandSpec(
        "fetch", category: .orbit,
        abstract: "Download element sets: a CelesTrak group, or any URL",
        discussion:
            "A group name goes into the sat-url setting's template (CelesTrak's GP query by default: "
            + "https://celestrak.org/NORAD/elements/gp.php?GROUP={group}&FORMAT=json); a URL is fetched as it is. The answer "
            + "may be TLE, 3LE or OMM.",
        arguments: [source.spec],
        examples: [
            Example("sat fetch stations", "the space stations"), Example("sat fetch visual", "the brightest satellites"),
            Example("sat fetch https://celestrak.org/NORAD/elements/gp.php?CATNR=20580&FORMAT=tle", "one satellite by number"),
        ]
    ) { args, context in
        let word = try args.value(SatCommands.source)
        let url: URL
        if word.contains("://") {
            if let problem = WebAddress.problem(word) { throw ShellError.usage("'\(word)' is not an http(s) URL skyshell can fetch: \(problem)") }
            guard let u = WebAddress.httpURL(word) else { throw ShellError.usage("'\(word)' is not an http(s) URL") }
            url = u
        } else {
            guard !word.isEmpty,
                word.utf8.allSatisfy({
                    $0 < 0x80 && (Character(Unicode.Scalar($0)).isLetter || Character(Unicode.Scalar($0)).isNumber || $0 == 0x2D || $0 == 0x5F)
                }),
                let u = WebAddress.httpURL(context.settings.word(named: SettingSpec.satelliteURL.name).replacingAll("{group}", with: word))
            else {
                throw ShellError.usage("'\(word)' is neither a group name (letters, digits, - and _) nor an http(s) URL")
            }
            url = u
        }
        let host = url.host ?? "the server"
        let response: HTTPResponse
        do throws(HTTPError) { response = try context.web.http.get(url, cancelled: { Interrupt.requested }) } catch { throw ShellError(httpError: error) }
        guard response.status == 200 else { throw ShellError(.unavailable, "\(host) answered \(response.status) (\(HTTPStatus.reason(response.status)))") }
        guard response.body.count <= maxBytes else {
            throw ShellError.data("\(host) sent \(response.body.count / 1_048_576) MB, more than an element file holds")
        }
        return try keep(Array(response.body), from: host, context)
    }

    static let search = Argument("search", .words, "part of a name, a catalogue number or a designator", .rest(required: false))
    static let limit = Option("limit", .integer(1...100_000), "how many are listed", default: 50, shown: "50")

    static let list = CommandSpec(
        "list", category: .orbit,
        abstract: "The satellites skyshell knows, or those matching a search",
        arguments: [search.spec],
        options: [limit.spec],
        examples: [Example("sat list", "every satellite loaded"), Example("sat list starlink limit 5", "a few Starlinks")]
    ) { args, context in
        let known = try context.orbit.known()
        let sets = args[SatCommands.search].map { known.matching($0) } ?? known.sets
        let limit = try args.value(SatCommands.limit)
        let now = context.runner.clock.now
        let chosen = context.session.satellite
        var table = Table(
            key: "satellites",
            columns: [
                Column("in_use", ""), Column("norad", "NORAD", .right), Column("name", "Name"), Column("designator", "Designator"),
                Column("epoch", "Epoch", kind: .instant), Column("age_days", "Age", .right, kind: .duration(secondsPerUnit: 86400)),
                Column("period_min", "Period", .right, kind: .duration(secondsPerUnit: 60)),
                Column("inclination", "Incl", .right, kind: .angle), Column("perigee_km", "Perigee", .right, kind: .height(.kilometers)),
                Column("apogee_km", "Apogee", .right, kind: .height(.kilometers)),
            ])
        for t in sets.prefix(limit) {
            let age = OrbitText.age(t, at: now)
            let stale = !OrbitText.isReliable(t, at: now)
            table.rows.append([
                Cell(.bool(t.satelliteNumber == chosen), text: t.satelliteNumber == chosen ? "*" : ""),
                Cell(.int(t.satelliteNumber)), Cell(t.displayName), Cell(t.internationalDesignator),
                Cell(.string(CivilTime(t.epoch.timeIntervalSince1970).iso), text: String(TimeText.utc(t.epoch).prefix(10))),
                Cell(Datum.rounded(age, 1), text: Format.fixed(age, 0) + " d", style: stale ? .warning : .plain),
                Cell(Datum.rounded(1440 / t.meanMotion, 1), text: Format.fixed(1440 / t.meanMotion, 1) + " min"),
                Cell(Datum.rounded(t.inclination, 2), text: Format.fixed(t.inclination, 1) + "°"),
                Cell(Datum.rounded(t.perigeeHeight, 0), text: Format.grouped(t.perigeeHeight) + " km"),
                Cell(Datum.rounded(t.apogeeHeight, 0), text: Format.grouped(t.apogeeHeight) + " km"),
            ])
        }
        var output = Output.table(table)
        if sets.isEmpty, let query = args[SatCommands.search] { return .message("no satellite matches '\(query)'") }
        if sets.count > limit { output.append(.note("\(Format.count(sets.count - limit, "more", "more")) — limit \(sets.count) lists them all")) }
        if try context.orbit.catalogue().sets.isEmpty { output.append(.note("only the built-in ISS: `sat fetch GROUP` or `sat load FILE` adds more")) }
        return output
    }

    static let satellite = Argument("satellite", .satellite, "a satellite: catalogue number, name or part of one, designator")

    static let use = CommandSpec(
        "use", category: .orbit,
        abstract: "Follow another satellite with sat, tle and passes",
        arguments: [satellite.spec],
        examples: [Example("sat use 25544", "the ISS again"), Example("sat use ISS", "the same, by name")]
    ) { args, context in
        let set = try args.value(SatCommands.satellite)
        context.session.useSatellite(set.satelliteNumber)
        var output = Output.message(
            "using \(set.displayName) (\(set.satelliteNumber)), epoch \(TimeText.utc(set.epoch)) "
                + "(\(Format.fixed(OrbitText.age(set, at: context.runner.clock.now), 1)) days)"
        )
        if let stale = OrbitText.staleness(set, at: context.runner.clock.now) { output.append(.note(stale)) }
        return output
    }

    static let reset = CommandSpec(
        "reset", category: .orbit,
        abstract: "Forget the loaded element sets: back to the built-in ISS",
        examples: [Example("sat reset", "only the ISS of 2025-11-09 again")]
    ) { _, context in
        if let path = context.orbit.cataloguePath, FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        context.session.useSatellite(TLE.issNumber)
        return .message("using the built-in element set: \(TLE.builtInISS.displayName), epoch \(TimeText.utc(TLE.builtInISS.epoch))")
    }
}
