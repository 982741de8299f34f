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
        let (placed, notes, missing) = try context.weather.current(METAR.self, codes)
        for p in placed { context.weather.remember(p) }
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
        let placed = try PlacedMETAR.given(try args.value(METARCommands.text), context)
        context.weather.remember(placed)
        return METARView.card(placed, context)
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
        let (placed, others, refused) = try WeatherFiles.load(METAR.self, path, context)
        for p in placed where p.dated { context.weather.remember(p) }
        var output = Output.table(METARView.table(placed, context))
        WeatherFiles.summarize(METAR.self, decoded: placed.count, others: others, refused: refused, path, into: &output)
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

    /// Every report of one kind in a file, decoded and placed; how many of the other kind the
    /// file holds, and the texts of this kind that could not be read (line, why).
    static func load<Report: WeatherReport>(_: Report.Type, _ path: String, _ context: CommandContext) throws -> (
        placed: [PlacedReport<Report>], others: Int, refused: [(line: Int, why: String)]
    ) {
        let reports = try read(path)
        var placed: [PlacedReport<Report>] = []
        var refused: [(line: Int, why: String)] = []
        var others = 0
        let now = context.weather.now, name = PathText.base(path)
        let progress = ProgressLine(context: context, label: "decoding \(name)", total: reports.count)
        defer { progress.finish() }
        for (i, report) in reports.enumerated() {
            if i % 4096 == 0 {
                if Interrupt.requested { throw ShellError(.interrupted, "interrupted after \(Format.count(i, "report"))") }
                progress.update(i)
            }
            guard report.kind == Report.kind else {
                others += 1
                continue
            }
            do throws(METARDecoder.Failure) {
                placed.append(try PlacedReport(decoding: report, now: now, source: name))
            } catch {
                refused.append((report.line, error.message))
            }
        }
        return (placed, others, refused)
    }

    /// The note that sums a load up ("12 METARs decoded from f.txt; 3 TAFs left to `taf load`"),
    /// and the first texts that could not be read.
    static func summarize<Report: WeatherReport>(
        _: Report.Type, decoded: Int, others: Int, refused: [(line: Int, why: String)], _ path: String, into output: inout Output
    ) {
        let kind = Report.kind, other: ReportKind = Report.kind == .metar ? .taf : .metar
        var summary = "\(Format.count(decoded, kind.name)) decoded from \(PathText.base(path))"
        if others > 0 { summary += "; \(Format.count(others, other.name)) left to `\(other.rawValue) load`" }
        if !refused.isEmpty { summary += "; \(Format.count(refused.count, "text")) not a \(kind.name)" }
        output.append(.note(summary))
        for (line, why) in refused.prefix(3) { output.append(.note("  line \(line): \(why)")) }
        if refused.count > 3 { output.append(.note("  … and \(refused.count - 3) more")) }
    }
}
