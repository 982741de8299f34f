import SkyKit

/// `metar`: the latest weather reports of stations, decoded; `metar decode` and `metar load`
/// read any report text offline.
enum METARCommands {
    static let stations = Argument("stations", .station, "ICAO codes or airports (default: the observer's airport)", .repeating(min: 0))

    static let spec = CommandSpec(
        "metar", category: .weather,
        abstract: "The latest weather report (METAR) of airports, in plain words",
        discussion:
            "Fetches the latest METAR of each station from the Aviation Weather Center (the weather-url setting; its answers are kept in the "
            + "data directory with their times, so without the network the last ones fetched are shown, with their age). One station gets "
            + "a card in plain words: wind, visibility, weather, clouds and ceiling, temperature and humidity, QNH, the FAA flight category "
            + "(VFR, MVFR, IFR, LIFR) and why, the density altitude, remarks, and the wind along and across each runway. Several stations "
            + "get a table. What cannot be decoded is shown as written.",
        arguments: [stations.spec],
        subcommands: [decode, load],
        examples: [
            Example("metar LFPG", "Charles de Gaulle's weather now"), Example("metar KSFO KOAK KSJC", "the Bay Area's airports side by side"),
            Example("metar decode \"LFPG 061030Z 26014G25KT 9999 BKN012 08/05 Q1013\"", "a report's text, offline"),
        ]
    ) { args, context in
        let codes = try WeatherStation.chosen(args.all(METARCommands.stations), context)
        let fetched = try context.weather.fetch(.metar, codes)
        var placed: [PlacedMETAR] = []
        var notes = fetched.notes
        for (station, text, _) in fetched.reports {
            do throws(METARDecoder.Failure) {
                let m = try METARDecoder.decode(text.text)
                let p = PlacedMETAR(
                    m, text: text, time: m.time, now: context.weather.now, source: "aviationweather.gov" + (fetched.notes.isEmpty ? "" : ", kept"))
                context.weather.remember(p)
                placed.append(p)
            } catch {
                notes.append("\(station): the service's report cannot be read (\(error.message)): \(text.text)")
            }
        }
        let missing = fetched.missing.filter { code in !fetched.notes.contains { $0.hasSuffix(code) } }
        if placed.isEmpty {
            throw ShellError(
                .unavailable,
                "no current METAR for \(missing.isEmpty ? codes.joined(separator: ", ") : missing.joined(separator: ", "))"
                    + (notes.first.map { ": \($0)" } ?? ""))
        }
        var output = placed.count == 1 && codes.count == 1 ? METARView.card(placed[0], context) : Output.table(METARView.table(placed, context))
        for code in missing { output.append(.note("no current METAR for \(code)")) }
        for note in notes { output.append(.note(note)) }
        return output
    }

    static let text = Argument("report", .words, "the report's text (quotes optional)", .rest(required: true))

    static let decode = CommandSpec(
        "decode", category: .weather,
        abstract: "Decode a METAR or SPECI given as text, offline",
        arguments: [text.spec],
        examples: [
            Example("metar decode \"KSFO 061056Z 28012G20KT 10SM FEW008 BKN200 14/11 A3001 RMK AO2 SLP161\"", "a US report with remarks"),
            Example("metar decode EGLL 061020Z AUTO 24015KT 9999 -RA OVC009 09/08 Q0998", "quotes are optional"),
        ]
    ) { args, context in
        let placed = try decoded(try args.value(METARCommands.text), context)
        context.weather.remember(placed)
        return METARView.card(placed, context)
    }

    /// A METAR given as text, decoded (its month, not given, taken to be the one nearest now).
    static func decoded(_ given: String, _ context: CommandContext) throws(ShellError) -> PlacedMETAR {
        let m: METAR
        do throws(METARDecoder.Failure) { m = try METARDecoder.decode(given) } catch { throw ShellError.data(error.message) }
        return PlacedMETAR(m, text: ReportText(text: given, line: 0), time: m.time, now: context.weather.now, source: "decoded from the text given")
    }

    static let file = Argument(
        "file", .path(extensions: ["txt", "json", "csv", "metar"]),
        "a file of reports: one per line, ending with =, WMO bulletins, NOAA station files, the Aviation Weather Center's JSON, CSV with a metar column")

    /// The largest file read.
    static let maxBytes = 512 << 20

    static let load = CommandSpec(
        "load", category: .weather,
        abstract: "Decode every METAR of a file: a table to filter, sort and count",
        discussion:
            "Reads reports one per line or ending with `=`, WMO bulletins (headings, sequence numbers, NNNN), NOAA station files (a date "
            + "line before each report), the Aviation Weather Center's JSON and CSV with a `metar` column (the Iowa Environmental "
            + "Mesonet's download). TAFs in the file are counted and left to `taf load`; a report that is not a METAR at all is "
            + "counted with the line it is on. The newest dated report of each station becomes what `runways` and the radar use.",
        arguments: [file.spec],
        examples: [
            Example("metar load reports.txt", "a file of reports as a table (`| where flight_category == \"IFR\" | count` asks how many were IFR)"),
            Example("metar load asos.csv", "the Iowa Environmental Mesonet's download (`| sort wind_kt desc | first 5`: the windiest)"),
        ]
    ) { args, context in
        let path = try args.value(METARCommands.file)
        let reports = try WeatherFiles.read(path)
        var placed: [PlacedMETAR] = []
        var refused: [(Int, String)] = []
        var tafs = 0
        let now = context.weather.now
        let progress = ProgressLine(context: context, label: "decoding \(PathText.base(path))", total: reports.count)
        defer { progress.finish() }
        for (i, report) in reports.enumerated() {
            if i % 4096 == 0 {
                if Interrupt.requested { throw ShellError(.interrupted, "interrupted after \(Format.count(i, "report"))") }
                progress.update(i)
            }
            if report.kind == .taf {
                tafs += 1
                continue
            }
            do throws(METARDecoder.Failure) {
                let m = try METARDecoder.decode(report.text)
                placed.append(PlacedMETAR(m, text: report, time: m.time, now: now, source: PathText.base(path)))
            } catch {
                refused.append((report.line, error.message))
            }
        }
        for p in placed where p.dated { context.weather.remember(p) }
        var output = Output.table(METARView.table(placed, context))
        var summary = "\(Format.count(placed.count, "METAR")) decoded from \(PathText.base(path))"
        if tafs > 0 { summary += "; \(Format.count(tafs, "TAF")) left to `taf load`" }
        if !refused.isEmpty { summary += "; \(Format.count(refused.count, "text")) not a METAR" }
        output.append(.note(summary))
        for (line, why) in refused.prefix(3) { output.append(.note("  line \(line): \(why)")) }
        if refused.count > 3 { output.append(.note("  … and \(refused.count - 3) more")) }
        if placed.contains(where: { !$0.dated && $0.report.time != nil }) {
            output.append(.note("the file gives no dates: times are days of the month"))
        }
        return output
    }
}

/// Reading files of reports, for `metar load` and `taf load`.
enum WeatherFiles {
    static func read(_ path: String) throws -> [ReportText] {
        switch StoredFile.read(path, maxBytes: METARCommands.maxBytes) {
        case .missing: throw ShellError(.noInput, "cannot open '\(path)': No such file or directory")
        case .unreadable(let reason): throw ShellError(.noInput, "cannot read '\(path)': \(reason)")
        case .contents(let bytes):
            do { return try ReportFile.reports(in: bytes) } catch { throw ShellError.data("\(path): \(error.message)") }
        }
    }
}
