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
        let (placed, notes, missing) = try context.weather.current(TAF.self, codes)
        var output = placed.count == 1 && codes.count == 1 ? TAFView.output(placed[0], context) : Output.table(TAFView.table(placed, context))
        for code in missing { output.append(.note("no current TAF for \(code)")) }
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
        TAFView.output(try PlacedTAF.given(try args.value(METARCommands.text), context), context)
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
