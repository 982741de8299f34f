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
            + "stations get a table with the category now and the worst expected. `at TIME` (an arrival time, say) gives what is "
            + "expected then: the prevailing conditions, a BECMG change under way, the TEMPO, INTER and PROB groups that cover the "
            + "time, and the worst of them with its flight category; a clock time is the next one within the validity.",
        arguments: [METARCommands.stations.spec],
        options: [TAFAtView.at.spec],
        subcommands: [decode, load],
        examples: [
            Example("taf LFPG", "the forecast at Charles de Gaulle"), Example("taf KSFO KLAX", "two forecasts, their worst periods"),
            Example("taf KSFO at 18:30", "what is expected at 18:30 UTC: the prevailing conditions, TEMPO and PROB groups, the worst"),
            Example("taf decode \"TAF LFPG 061100Z 0612/0718 26012KT 9999 BKN020 TEMPO 0612/0616 4000 SHRA\"", "a forecast's text, offline"),
        ]
    ) { args, context in
        let codes = try WeatherStation.chosen(args.all(METARCommands.stations), context)
        let (placed, notes, missing) = try context.weather.current(TAF.self, codes)
        let asked = args[TAFAtView.at]
        var output: Output
        if placed.count == 1 && codes.count == 1 {
            output = try asked.map { try TAFAtView.output(placed[0], $0, context) } ?? TAFView.output(placed[0], context)
        } else {
            output = try asked.map { try TAFAtView.table(placed, $0, context) } ?? Output.table(TAFView.table(placed, context))
        }
        for code in missing { output.append(.note("no current TAF for \(code)")) }
        for note in notes { output.append(.note(note)) }
        return output
    }

    static let decode = CommandSpec(
        "decode", category: .weather,
        abstract: "Decode a TAF given as text, offline",
        arguments: [METARCommands.text.spec],
        options: [TAFAtView.at.spec],
        examples: [
            Example(
                "taf decode \"TAF KSFO 061120Z 0612/0718 28010KT P6SM FEW010 FM062000 30015G25KT P6SM SKC PROB30 0702/0706 2SM BR OVC005\"",
                "a US forecast with FM and PROB groups")
        ]
    ) { args, context in
        let placed = try PlacedTAF.given(try args.value(METARCommands.text), context)
        return try args[TAFAtView.at].map { try TAFAtView.output(placed, $0, context) } ?? TAFView.output(placed, context)
    }

    static let load = CommandSpec(
        "load", category: .weather,
        abstract: "Decode every TAF of a file: a table of stations, their category now and the worst expected",
        arguments: [METARCommands.file.spec],
        examples: [Example("taf load tafs.txt", "every forecast of a file (`| where worst == \"LIFR\"`: those that expect the worst)")]
    ) { args, context in
        let path = try args.value(METARCommands.file)
        let (placed, others, refused) = try WeatherFiles.load(TAF.self, path, context)
        var output = Output.table(TAFView.table(placed, context))
        WeatherFiles.summarize(TAF.self, decoded: placed.count, others: others, refused: refused, path, into: &output)
        return output
    }
}
