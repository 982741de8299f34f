import SkyKit

/// `taf`: the latest aerodrome forecasts, as timelines; `taf decode` and `taf load` read any
/// forecast text offline.
enum TAFCommands {
    static let spec = CommandSpec(
        "taf", category: .weather,
        abstract: "The latest aerodrome forecast (TAF) of airports, as a timeline",
        discussion:
            "Fetches the latest TAF of each station from the Aviation Weather Center (the weather-url setting; kept like METARs). One "
            + "station gets the forecast as a timeline: the prevailing conditions from the start of the validity, changed by each FM "
            + "and BECMG group, and each TEMPO, INTER and PROB group over them, every period with its flight category. Several "
            + "stations get a table with the category now and the worst expected.",
        arguments: [METARCommands.stations.spec],
        subcommands: [decode, load],
        examples: [
            Example("taf LFPG", "the forecast at Charles de Gaulle"), Example("taf KSFO KLAX", "two forecasts, their worst periods"),
            Example("taf decode \"TAF LFPG 061100Z 0612/0718 26012KT 9999 BKN020 TEMPO 0612/0616 4000 SHRA\"", "a forecast's text, offline"),
        ]
    ) { args, context in
        let codes = try WeatherStation.chosen(args.all(METARCommands.stations), context)
        let fetched = try context.weather.fetch(.taf, codes)
        var placed: [PlacedTAF] = []
        var notes = fetched.notes
        for (station, text, _) in fetched.reports {
            do throws(METARDecoder.Failure) {
                let t = try TAFDecoder.decode(text.text)
                placed.append(PlacedTAF(t, text: text, time: t.time ?? t.validity?.from, now: context.weather.now, source: "aviationweather.gov"))
            } catch {
                notes.append("\(station): the service's forecast cannot be read (\(error.message)): \(text.text)")
            }
        }
        if placed.isEmpty { throw ShellError(.unavailable, "no current TAF for \(codes.joined(separator: ", "))" + (notes.first.map { ": \($0)" } ?? "")) }
        var output = placed.count == 1 && codes.count == 1 ? TAFView.output(placed[0], context) : Output.table(TAFView.table(placed, context))
        for code in fetched.missing where !notes.contains(where: { $0.hasSuffix(code) }) { output.append(.note("no current TAF for \(code)")) }
        for note in notes { output.append(.note(note)) }
        return output
    }

    static let decode = CommandSpec(
        "decode", category: .weather,
        abstract: "Decode a TAF given as text, offline",
        arguments: [METARCommands.text.spec],
        examples: [
            Example(
                "taf decode \"TAF KSFO 061120Z 0612/0718 28010KT P6SM FEW010 FM062000 30015G25KT P6SM SKC PROB30 0702/0706 2SM BR OVC005\"",
                "a US forecast with FM and PROB groups")
        ]
    ) { args, context in
        let given = try args.value(METARCommands.text)
        let t: TAF
        do throws(METARDecoder.Failure) { t = try TAFDecoder.decode(given) } catch { throw ShellError.data(error.message) }
        return TAFView.output(
            PlacedTAF(
                t, text: ReportText(text: given, line: 0), time: t.time ?? t.validity?.from, now: context.weather.now, source: "decoded from the text given"),
            context)
    }

    static let load = CommandSpec(
        "load", category: .weather,
        abstract: "Decode every TAF of a file: a table of stations, their category now and the worst expected",
        arguments: [METARCommands.file.spec],
        examples: [Example("taf load tafs.txt", "every forecast of a file (`| where worst == \"LIFR\"`: those that expect the worst)")]
    ) { args, context in
        let path = try args.value(METARCommands.file)
        let reports = try WeatherFiles.read(path)
        var placed: [PlacedTAF] = []
        var refused: [(Int, String)] = []
        for report in reports where report.kind == .taf {
            if Interrupt.requested { throw ShellError(.interrupted, "interrupted") }
            do throws(METARDecoder.Failure) {
                let t = try TAFDecoder.decode(report.text)
                placed.append(PlacedTAF(t, text: report, time: t.time ?? t.validity?.from, now: context.weather.now, source: PathText.base(path)))
            } catch {
                refused.append((report.line, error.message))
            }
        }
        var output = Output.table(TAFView.table(placed, context))
        let metars = reports.count - placed.count - refused.count
        var summary = "\(Format.count(placed.count, "TAF")) decoded from \(PathText.base(path))"
        if metars > 0 { summary += "; \(Format.count(metars, "METAR")) left to `metar load`" }
        if !refused.isEmpty { summary += "; \(Format.count(refused.count, "text")) not a TAF" }
        output.append(.note(summary))
        for (line, why) in refused.prefix(3) { output.append(.note("  line \(line): \(why)")) }
        return output
    }
}
