/// Every command of skyshell, in the order help lists them.
enum AllCommands {
    /// How each declaration is made (its static `spec` initialised), in help's order. A run
    /// makes only the commands it looks up: one for `skyshell -c status`, all for `help`.
    static let makers: [@Sendable () -> CommandSpec] = [
        { HelpCommand.spec },
        { EchoCommand.spec },
        { RunCommand.spec },
        { HistoryCommand.spec },
        { VersionCommand.spec },
        { ExitCommand.spec },
        { LanguageCommands.whereStage },
        { LanguageCommands.sortStage },
        { LanguageCommands.selectStage },
        { LanguageCommands.rejectStage },
        { LanguageCommands.firstStage },
        { LanguageCommands.lastStage },
        { LanguageCommands.skipStage },
        { LanguageCommands.countStage },
        { LanguageCommands.uniqStage },
        { LanguageCommands.groupStage },
        { LanguageCommands.getStage },
        { LanguageCommands.describeStage },
        { LanguageCommands.saveStage },
        { LanguageCommands.letCommand },
        { LanguageCommands.varsCommand },
        { LanguageCommands.ifBlock },
        { LanguageCommands.forBlock },
        { LanguageCommands.defBlock },
        { LanguageCommands.tryBlock },
        { LanguageCommands.catchWord },
        { LanguageCommands.elseWord },
        { LanguageCommands.endWord },
        { ShellHabits.timing },
        { ShellHabits.clear },
        { StatusCommand.spec },
        { ObserverCommand.spec },
        { HeadingCommand.spec },
        { SettingsCommand.set },
        { SettingsCommand.settings },
        { AirportCommands.airport },
        { AirportCommands.airports },
        { AirlineCommands.airline },
        { AirlineCommands.airlines },
        { AircraftCommand.spec },
        { DistanceCommands.distance },
        { DistanceCommands.bearing },
        { LogbookCommands.spec },
        { FlightCommands.flight },
        { FlightsCommand.spec },
        { StatsCommand.spec },
        { MapCommands.spec },
        { BadgeCommands.badges },
        { BadgeCommands.badge },
        { RadarCommands.spec },
        { SpotCommand.spec },
        { WhatCommand.spec },
        { NextCommand.spec },
        { WatchCommands.spec },
        { StationCommands.spec },
        { RunwaysCommand.spec },
        { RunwaysCommand.arrivals },
        { RunwaysCommand.departures },
        { METARCommands.spec },
        { TAFCommands.spec },
        { LOSCommands.spec },
        { HorizonCommand.spec },
        { ISSCommands.spec },
        { SatCommands.spec },
        { PassesCommand.spec },
        { TLECommands.spec },
        { TrackCommand.spec },
        { ExplainCommand.spec },
        { LessonCommands.spec },
        { TourCommand.spec },
    ]

    static var list: [CommandSpec] { makers.map { $0() } }

    /// Every command, each made on first lookup; the names are `names`, which a test keeps
    /// equal to the declarations' own (AllCommandNames.swift).
    static var registry: CommandRegistry { CommandRegistry(names: names, makers: makers) }

    /// The commands that change a setting or the session and say so: with `-q`/`--quiet` a
    /// script leaves their confirmation out when they were given something to change (alone,
    /// `observer` or `radar range` still show what they hold).
    static let setters: Set<String> = [
        "set", "settings reset", "timing", "heading", "observer", "logbook use", "radar source", "radar source sample", "radar source opensky",
        "radar source readsb", "radar source replay", "radar range", "radar time",
        "los origin", "los target", "los range", "los earth", "los terrain source", "los server", "sat use", "radar satellites",
        "watch add", "watch rm",
    ]
}
