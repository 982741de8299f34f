import SkyKit

/// Where skyshell keeps its files: `$SKYSHELL_HOME` for everything when set, else the XDG
/// directories (`~/.config/skyshell`, `~/.local/state/skyshell`, `~/.local/share/skyshell`).
public struct Paths: Sendable, Equatable {
    /// Settings and user-provided definitions (badges).
    public var config: String
    /// Session state and history.
    public var state: String
    /// Logbooks, terrain tiles, element sets.
    public var data: String

    public init(config: String, state: String, data: String) {
        self.config = config
        self.state = state
        self.data = data
    }

    /// The directories for an environment; nil when neither SKYSHELL_HOME nor HOME is set.
    public static func resolve(_ env: [String: String]) -> Paths? {
        if let home = env["SKYSHELL_HOME"], !home.isEmpty {
            return Paths(config: home, state: home, data: home)
        }
        func xdg(_ variable: String, _ fallback: String) -> String? {
            if let dir = env[variable], dir.hasPrefix("/") { return dir + "/skyshell" }
            guard let home = env["HOME"], !home.isEmpty else { return nil }
            return home + "/" + fallback + "/skyshell"
        }
        guard let config = xdg("XDG_CONFIG_HOME", ".config"),
            let state = xdg("XDG_STATE_HOME", ".local/state"),
            let data = xdg("XDG_DATA_HOME", ".local/share")
        else { return nil }
        return Paths(config: config, state: state, data: data)
    }

    public var historyFile: String { state + "/history" }
    public var sessionFile: String { state + "/session.json" }
    public var settingsFile: String { config + "/settings.json" }
    public var logbookFile: String { data + "/logbook.sqlite" }
    public var elementFile: String { data + "/iss.tle" }
    public var badgeFile: String { config + "/badges.toml" }
    public var credentialsFile: String { config + "/opensky-credentials.json" }
    public var terrainDirectory: String { data + "/terrain" }
    /// The lock taken while the session, settings or history are rewritten.
    public var lockFile: String { state + "/.lock" }

    /// Skyshell's own files, which no command writes over (even with --force): the logbook
    /// database and its journal files, the session, settings, history, element set, badges,
    /// credentials and lock, and the tiles of the terrain folder.
    public var ownFiles: ProtectedFiles {
        ProtectedFiles(
            files: [
                logbookFile, logbookFile + "-wal", logbookFile + "-shm", logbookFile + "-journal", sessionFile, settingsFile,
                historyFile, elementFile, badgeFile, credentialsFile, lockFile,
            ],
            directories: [terrainDirectory])
    }

    /// The folders skyshell keeps private (mode 0700).
    public var directories: [String] { Array(Set([config, state, data])).sorted() }
}
