/// `set <setting> [<value>]`, `settings`, `settings reset [<setting>]`.
enum SettingsCommand {
    static let set = CommandSpec(
        "set", category: .session,
        abstract: "Change a setting (or show one)",
        discussion: "Settings are saved with interactive sessions. A setting given on the command line (--output, --color) applies until it is set here.",
        arguments: [
            ArgumentSpec("setting", .settingName, "the setting to change"),
            ArgumentSpec("value", .settingValue, "its new value (show it when omitted)", .optional),
        ],
        examples: [
            Example("set units aviation", "nautical miles, feet and knots"),
            Example("set output json", "results as JSON documents"),
            Example("set color never", "no colours"),
        ]
    ) { args, shell in
        guard let name = args.get("setting", as: String.self) else { return .none }
        guard let value = args.get("value", as: String.self) else {
            return .message("\(name) = \(shell.setting(name))")
        }
        do {
            try shell.session.settings.set(name, value)
        } catch let error as ValueError {
            throw ShellError.usage(error.message)
        }
        shell.overrides[name] = nil
        return .message("\(name) = \(shell.setting(name))")
    }

    static let settings = CommandSpec(
        "settings", category: .session,
        abstract: "List all settings with their values",
        subcommands: [reset],
        examples: [Example("settings", "every setting, its value and what it means")]
    ) { _, shell in try list(shell) }

    static let reset = CommandSpec(
        "reset", category: .session,
        abstract: "Reset one setting, or all, to the default",
        arguments: [ArgumentSpec("setting", .settingName, "the setting to reset (all when omitted)", .optional)],
        examples: [Example("settings reset units", "back to metric"), Example("settings reset", "every setting to its default")]
    ) { args, shell in
        let name = args.get("setting", as: String.self)
        shell.session.settings.reset(name)
        if let name { shell.overrides[name] = nil } else { shell.overrides = [:] }
        return .message(name.map { "\($0) = \(shell.setting($0))" } ?? "all settings reset to their defaults")
    }

    static func list(_ shell: Shell) throws -> Output {
        let rows = SettingSpec.all.map { spec in
            [Cell(spec.name), Cell(shell.setting(spec.name), style: .accent), Cell(spec.values.joined(separator: "|")), Cell(spec.summary)]
        }
        return .table(
            Table(
                key: "settings",
                columns: [
                    Column("name", "Setting"), Column("value", "Value"), Column("values", "Choices"), Column("summary", "Meaning"),
                ], rows: rows))
    }
}
