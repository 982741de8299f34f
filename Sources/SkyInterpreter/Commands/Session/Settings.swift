/// `set <setting> [<value>]`, `settings`, `settings reset [<setting>]`.
enum SettingsCommand {
    static let setSetting = Argument("setting", .settingName, "the setting to change")
    static let value = Argument("value", .settingValue, "its new value (show it when omitted)", .optional)

    static let set = CommandSpec(
        "set", category: .session,
        abstract: "Change a setting (or show one)",
        discussion: "Settings are saved with interactive sessions. A setting given on the command line (--output, --color) applies until it is set here.",
        arguments: [
            setSetting.spec,
            value.spec,
        ],
        examples: [
            Example("set units aviation", "nautical miles, feet and knots"),
            Example("set output json", "results as JSON documents"),
            Example("set color never", "no colours"),
        ]
    ) { args, context in
        let name = try args.value(SettingsCommand.setSetting)
        guard let value = args[SettingsCommand.value] else {
            return .message("\(name) = \(context.settings.word(named: name))")
        }
        try context.settings.choose(name, value)
        return .message("\(name) = \(context.settings.word(named: name))")
    }

    static let settings = CommandSpec(
        "settings", category: .session,
        abstract: "List all settings with their values",
        subcommands: [reset],
        examples: [Example("settings", "every setting, its value and what it means")]
    ) { _, context in try list(context) }

    static let resetSetting = Argument("setting", .settingName, "the setting to reset (all when omitted)", .optional)

    static let reset = CommandSpec(
        "reset", category: .session,
        abstract: "Reset one setting, or all, to the default",
        arguments: [resetSetting.spec],
        examples: [Example("settings reset units", "back to metric"), Example("settings reset", "every setting to its default")]
    ) { args, context in
        let name = args[SettingsCommand.resetSetting]
        context.session.settings.reset(name)
        if let name { context.interpreter.overrides[name] = nil } else { context.interpreter.overrides = [:] }
        return .message(name.map { "\($0) = \(context.settings.word(named: $0))" } ?? "all settings reset to their defaults")
    }

    static func list(_ context: CommandContext) throws -> Output {
        let rows = SettingSpec.all.map { spec in
            [Cell(spec.name), Cell(context.settings.word(named: spec.name), style: .accent), Cell(spec.valuesText), Cell(spec.summary)]
        }
        return .table(
            Table(
                key: "settings",
                columns: [
                    Column("name", "Setting"), Column("value", "Value"), Column("values", "Choices"), Column("summary", "Meaning"),
                ], rows: rows))
    }
}
