/// Docs/skyshell.1: the manual page, generated from the flag and command declarations.
enum ManPage {
    /// Escapes text for roff: backslashes, leading dots and quotes, hyphens in words.
    static func roff(_ text: String) -> String {
        var out = text.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    static func generate(_ registry: CommandRegistry) -> String {
        var m = """
            .\\" Generated from the declarations by Scripts/generate-docs; do not edit.
            .TH SKYSHELL 1 "" "skyshell \(SkyshellMain.version)" "User Commands"
            .SH NAME
            skyshell \\- an interactive shell for aviation data
            .SH SYNOPSIS
            .B skyshell
            [\\fIoptions\\fR]
            .br
            .B skyshell
            [\\fIoptions\\fR] \\fIFILE.sky\\fR [\\fIargs\\fR ...]
            .br
            .B skyshell
            [\\fIoptions\\fR] \\fB\\-c\\fR \\fIcommands\\fR [\\fIargs\\fR ...]
            .SH DESCRIPTION
            skyshell is a command interpreter for aviation data. At a terminal it reads commands with
            line editing, history and tab completion; otherwise it runs a script of commands, one per
            line or separated by semicolons. A session keeps the observer's position and heading, the
            line\\-of\\-sight origin, the active logbook and the settings. Services: a radar of nearby
            aircraft (embedded recordings, OpenSky, a local ADS\\-B receiver), a logbook of flights in
            SQLite with statistics and badges, line of sight and viewsheds over SRTM terrain, live
            tracking of JSON position feeds and the ISS predicted with SGP4, over an embedded catalog
            of airports, airlines and aircraft types. It works offline; only live feeds use the network.
            .PP
            Inside skyshell, \\fBhelp\\fR lists the commands and \\fBhelp\\fR \\fIcommand\\fR explains one.
            .SH OPTIONS

            """
        for flag in GlobalFlag.all {
            m += ".TP\n"
            var head = (flag.short.map { "\\fB\\-\($0)\\fR, " } ?? "") + "\\fB\\-\\-\(roff(flag.long))\\fR"
            if let value = flag.value { head += " \\fI\(roff(value))\\fR" }
            m += head + "\n" + roff(flag.help) + "\n"
        }
        m += ".SH COMMANDS\n"
        for category in CommandCategory.allCases {
            let commands = registry.commands.filter { $0.category == category }
            guard !commands.isEmpty else { continue }
            m += ".SS \(roff(category.rawValue))\n"
            for command in commands {
                m += ".TP\n\\fB\(roff(command.name))\\fR\n\(roff(command.abstract))\n"
                for sub in command.subcommands {
                    m += ".RS\n.TP\n\\fB\(roff(command.name)) \(roff(sub.name))\\fR\n\(roff(sub.abstract))\n.RE\n"
                }
            }
        }
        m += """
            .SH FILES
            .TP
            \\fI~/.config/skyshell/\\fR
            settings (\\fBset\\fR) and \\fIbadges.toml\\fR, \\fIopensky\\-credentials.json\\fR
            .TP
            \\fI~/.local/state/skyshell/\\fR
            the saved session and the line history
            .TP
            \\fI~/.local/share/skyshell/\\fR
            logbooks (SQLite), terrain tiles (\\fIterrain/\\fR), the element set in use (\\fIiss.tle\\fR)
            .SH ENVIRONMENT
            .TP
            .B SKYSHELL_HOME
            keep every file under this directory instead of the three above
            .TP
            .B NO_COLOR
            when set, no colours (unless \\fB\\-\\-color always\\fR)
            .TP
            .B OPENSKY_CLIENT_ID\\fR, \\fBOPENSKY_CLIENT_SECRET
            OpenSky Network API credentials for \\fBradar source opensky\\fR
            .TP
            .B SKYSHELL_HTTP_TIMEOUT
            the most seconds one request may take, from the start to the last byte (0.1 to 3600; default
            15, 660 for a SkyQuant server)
            .TP
            .B COLUMNS\\fR, \\fBLINES
            the width and height to draw for when output is not a terminal
            .SH EXIT STATUS
            0 success; 64 usage error on the command line; 65 a command or its data was wrong; 66 an
            input file is missing; 69 a service (network feed, server) is unavailable; 70 internal
            error; 73 an output file exists (without \\fB\\-\\-force\\fR), is not a regular file, or is one of
            skyshell's own; 74 input/output error; 130 interrupted (Ctrl\\-C); 129 and 143 ended by
            SIGHUP and SIGTERM. Scripts stop at the first error unless \\fB\\-\\-keep\\-going\\fR is given,
            and exit with its status.
            .SH EXAMPLES

            """
        let showcase = ["observer", "radar", "spot", "flight", "stats", "los", "iss"]
        for name in showcase {
            guard let command = registry.commands.first(where: { $0.name == name }) else { continue }
            for example in command.examples.prefix(1) {
                m += ".TP\n.B skyshell \\-c '\(roff(example.command))'\n\(roff(example.explanation))\n"
            }
        }
        m += ".SH SEE ALSO\n.BR sqlite3 (1)\n"
        return m
    }
}

/// Completion scripts for the `skyshell` program's own flags, for bash, zsh and fish,
/// generated from `GlobalFlag.all`.
enum CompletionScripts {
    static func bash() -> String {
        var s = """
            # bash completion for skyshell — generated by Scripts/generate-docs; do not edit.
            # Source it, or install it as /usr/share/bash-completion/completions/skyshell.
            _skyshell() {
                local cur prev
                cur="${COMP_WORDS[COMP_CWORD]}"
                prev="${COMP_WORDS[COMP_CWORD-1]}"
                case "$prev" in

            """
        for flag in GlobalFlag.all where flag.value != nil {
            let names = ([flag.short.map { "-\($0)" }, "--\(flag.long)"].compactMap { $0 }).joined(separator: "|")
            if flag.choices.isEmpty {
                s += "        \(names)) return ;;\n"
            } else {
                s += "        \(names)) COMPREPLY=($(compgen -W \"\(flag.choices.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
            }
        }
        let all = GlobalFlag.all.flatMap { [$0.short.map { "-\($0)" }, "--\($0.long)"].compactMap { $0 } }
        s += """
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "\(all.joined(separator: " "))" -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -X '!*.sky' -- "$cur") $(compgen -d -- "$cur"))
                fi
            }
            complete -o filenames -F _skyshell skyshell

            """
        return s
    }

    static func zsh() -> String {
        var s = """
            #compdef skyshell
            # zsh completion for skyshell — generated by Scripts/generate-docs; do not edit.
            # Put it in a directory of $fpath as _skyshell.
            _arguments -s \\

            """
        func quoted(_ text: String) -> String {
            text.replacingAll("'", with: "'\\''").replacingAll("[", with: "\\[").replacingAll("]", with: "\\]")
                .replacingAll(":", with: "\\:")
        }
        for flag in GlobalFlag.all {
            let action = flag.value.map { v in flag.choices.isEmpty ? ":\(v): " : ":\(v):(\(flag.choices.joined(separator: " ")))" } ?? ""
            if let short = flag.short {
                s += "  '(-\(short) --\(flag.long))'{-\(short),--\(flag.long)}'[\(quoted(flag.help))]\(action)' \\\n"
            } else {
                s += "  '--\(flag.long)[\(quoted(flag.help))]\(action)' \\\n"
            }
        }
        s += "  '1:script:_files -g \"*.sky\"' \\\n  '*::argument:_files'\n"
        return s
    }

    static func fish() -> String {
        var s = "# fish completion for skyshell — generated by Scripts/generate-docs; do not edit.\n"
        s += "# Install as ~/.config/fish/completions/skyshell.fish.\n"
        s += "complete -c skyshell -k -a '(__fish_complete_suffix .sky)'\n"
        for flag in GlobalFlag.all {
            var line = "complete -c skyshell"
            if let short = flag.short { line += " -s \(short)" }
            line += " -l \(flag.long)"
            if flag.value != nil { line += flag.choices.isEmpty ? " -r" : " -x -a '\(flag.choices.joined(separator: " "))'" }
            line += " -d '\(flag.help.replacingAll("'", with: "\\'"))'"
            s += line + "\n"
        }
        return s
    }
}
