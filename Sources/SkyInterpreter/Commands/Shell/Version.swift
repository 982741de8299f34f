import CEditline
import CSQLite

/// `version`: skyshell and the libraries it runs on.
enum VersionCommand {
    static let spec = CommandSpec(
        "version", category: .shell,
        abstract: "Show the versions of skyshell and its libraries",
        examples: [Example("version", "skyshell, SQLite and libedit versions")]
    ) { _, _ in
        .card(
            Card(
                title: "skyshell \(SkyshellMain.version)",
                fields: [
                    Field("skyshell", "skyshell", Cell(SkyshellMain.version)),
                    Field("sqlite", "SQLite", Cell(String(cString: sqlite3_libversion()))),
                    Field("libedit", "libedit", Cell("\(LIBEDIT_MAJOR).\(LIBEDIT_MINOR)")),
                ]))
    }
}
