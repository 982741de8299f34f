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

    /// Every file skyshell keeps in its folders, by what it is. The code writes them only
    /// through `path(_:)`, and `ownFiles` lists every case: a file it keeps is protected by
    /// being one.
    public enum OwnFile: String, CaseIterable, Sendable {
        case history, session, settings, logbook, station, aircraftDatabase, catalogue, weather, badges, credentials, lock, startup
    }

    /// Where `file` is kept.
    public func path(_ file: OwnFile) -> String {
        switch file {
        case .history: state + "/history"
        case .session: state + "/session.json"
        case .settings: config + "/settings.json"
        case .logbook: data + "/logbook.sqlite"
        // What the receiver heard (a readsb source), aircraft by aircraft.
        case .station: data + "/station.sqlite"
        // The aircraft database `radar aircraft-db` made from the user's file.
        case .aircraftDatabase: data + "/aircraft-db.bin"
        // The element sets `sat load` and `sat fetch` keep.
        case .catalogue: data + "/satellites.tle"
        // The METARs and TAFs fetched, with their times (`metar`, `taf`).
        case .weather: data + "/weather.json"
        case .badges: config + "/badges.toml"
        case .credentials: config + "/opensky-credentials.json"
        // The commands interactive shells run at start (`def`s, `let`s).
        case .startup: config + "/startup.sky"
        // Taken while the session, settings or history are rewritten.
        case .lock: state + "/.lock"
        }
    }

    public var historyFile: String { path(.history) }
    public var sessionFile: String { path(.session) }
    public var settingsFile: String { path(.settings) }
    public var logbookFile: String { path(.logbook) }
    public var terrainDirectory: String { data + "/terrain" }
    public var lockFile: String { path(.lock) }

    /// Skyshell's own files, which no command writes over (even with --force): every `OwnFile`,
    /// the databases' journal files beside them, and the tiles of the terrain folder.
    public var ownFiles: ProtectedFiles {
        let files = OwnFile.allCases.map(path)
        let journals = [logbookFile, path(.station)].flatMap { db in ["-wal", "-shm", "-journal"].map { db + $0 } }
        return ProtectedFiles(files: files + journals, directories: [terrainDirectory])
    }

    /// The folders skyshell keeps private (mode 0700).
    public var directories: [String] { Array(Set([config, state, data])).sorted() }
}
