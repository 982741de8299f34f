import FoundationEssentials
import Glibc
import SkyKit

/// Loads and saves the session state and settings of interactive sessions as JSON files.
///
/// A saved file is outside input: every value is checked on load, and one that breaks a rule
/// takes its default with a warning naming it. A file that is not JSON is moved aside
/// (`session.json.corrupt-20261130T180000Z`) and said once; a file that cannot be read is never
/// written over. Several shells may share a home: a save takes the lock, reads what is on disk
/// now and writes back only the keys this shell changed (top-level keys of the session, single
/// settings), through a temporary file and a rename, mode 0600.
public final class SessionStore {
    public let paths: Paths
    /// The files this process must not write (they could not be read).
    private var untouchable: Set<String> = []
    /// Each file's keys as last loaded or saved: what this shell's changes are measured from.
    private var baseline: [String: [(String, Datum)]] = [:]

    public init(paths: Paths) { self.paths = paths }

    // MARK: - Loading

    /// The stored session and settings (defaults for what is missing or bad) and a line for
    /// each problem found.
    public func load() -> (Session, [String]) {
        var problems: [String] = []
        let sessionObject = read(paths.sessionFile, what: "session file", problems: &problems)
        let settingsObject = read(paths.settingsFile, what: "settings file", problems: &problems)
        baseline[paths.sessionFile] = SessionStore.overlay(sessionObject ?? [], on: SessionStore.keys(Session()))
        if let settingsObject { baseline[paths.settingsFile] = settingsObject }
        let (session, found) = SessionStore.session(from: sessionObject, settings: settingsObject)
        return (session, problems + found.map { "\(PathText.base($0.file == .session ? paths.sessionFile : paths.settingsFile)): \($0.text)" })
    }

    /// Which stored file a problem is in.
    public enum StoredFileName: Sendable { case session, settings }

    /// The session held by a session file's and a settings file's objects: every value checked,
    /// each bad one at its default with a problem naming it. Pure (the fuzz target of saved
    /// sessions).
    public static func session(from object: [(String, Datum)]?, settings: [(String, Datum)]?) -> (Session, [(file: StoredFileName, text: String)]) {
        var problems: [(file: StoredFileName, text: String)] = []
        var session = Session()
        if let object {
            let found = DecodingProblems()
            let decoder = JSONDecoder()
            decoder.userInfo[DecodingProblems.key] = found
            if let stored = try? decoder.decode(Session.self, from: Data(JSONWriter.compact(.object(object)).utf8)) { session = stored }
            let reset = session.repair()
            problems += (found.items + reset).map { (.session, $0) }
        }
        for (name, value) in settings ?? [] {
            guard let text = value.string else {
                problems.append((.settings, "\(name) is \(JSONWriter.compact(value).prefix(40)), not text; using the default"))
                continue
            }
            do {
                try session.settings.set(name, text)
            } catch {
                problems.append((.settings, "\(error.message); using the default"))
            }
        }
        return (session, problems)
    }

    /// The object in a stored file, or nil when it is missing, unreadable (then never written
    /// over) or not a JSON object (then moved aside).
    func read(_ path: String, what: String, problems: inout [String]) -> [(String, Datum)]? {
        switch StoredFile.read(path) {
        case .missing:
            return nil
        case .unreadable(let reason):
            untouchable.insert(path)
            problems.append("cannot read \(path) (\(reason)); using defaults, and it will not be written over")
            return nil
        case .contents(let bytes):
            do {
                if case .object(let pairs) = try JSONParser.parse(bytes) { return pairs }
                problems.append(moveAside(path, what: what, reason: "it is JSON but not an object"))
            } catch {
                problems.append(moveAside(path, what: what, reason: "\(error)"))
            }
            return nil
        }
    }

    /// Renames a damaged file out of the way; the message says where it went.
    func moveAside(_ path: String, what: String, reason: String) -> String {
        let aside = path + ".corrupt-" + CivilTime(Date().timeIntervalSince1970).stamp
        guard rename(path, aside) == 0 else {
            untouchable.insert(path)
            return "\(path) is not a readable \(what) (\(reason)) and cannot be moved aside (\(String(cString: strerror(errno)))); it will not be written over"
        }
        return "\(path) is not a readable \(what) (\(reason)); moved it to \(PathText.base(aside)) and started from defaults"
    }

    // MARK: - Saving

    /// A session as the keys of its file.
    public static func keys(_ session: Session) -> [(String, Datum)] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(session), case .object(let pairs)? = try? JSONParser.parse([UInt8](data)) else { return [] }
        return pairs
    }

    /// `base` with the keys of `object` put over it.
    static func overlay(_ object: [(String, Datum)], on base: [(String, Datum)]) -> [(String, Datum)] {
        base.filter { key, _ in !object.contains { $0.0 == key } } + object
    }

    /// The keys of each file this skyshell knows; others (from a newer skyshell, or added by
    /// hand) are left as they are.
    static let sessionKeys = ["observer", "heading", "headingIsSet", "los", "logbook", "radar"]

    /// Writes what changed since the last load or save; returns lines to show (a file moved
    /// aside or left alone meanwhile).
    public func save(_ session: Session) throws(ShellError) -> [String] {
        let sessionKeys = SessionStore.keys(session)
        guard !sessionKeys.isEmpty else { throw ShellError(.internal, "cannot encode the session") }
        let settingKeys = session.settings.customized.map { ($0.0, Datum.string($0.1)) }
        for directory in Set([paths.state, paths.config]) {
            do { _ = try PrivateDirectory.ensure(directory) } catch { throw ShellError(.io, "cannot save the session: \(error.message)") }
        }
        let lock: FileLock
        do { lock = try FileLock(paths.lockFile) } catch { throw ShellError(.io, "cannot save the session: \(error.message)") }
        defer { lock.unlock() }
        var notes: [String] = []
        try merge(sessionKeys, into: paths.sessionFile, known: SessionStore.sessionKeys, what: "session file", notes: &notes)
        try merge(settingKeys, into: paths.settingsFile, known: SettingSpec.all.map(\.name), what: "settings file", notes: &notes)
        return notes
    }

    /// Writes the keys of `current` that differ from the baseline into the file as it is now;
    /// a file that does not exist (yet, or any more) gets every key.
    func merge(_ current: [(String, Datum)], into path: String, known: [String], what: String, notes: inout [String]) throws(ShellError) {
        guard !untouchable.contains(path) else { return }
        let base = baseline[path] ?? (path == paths.sessionFile ? SessionStore.keys(Session()) : [])
        func value(_ key: String, in pairs: [(String, Datum)]) -> Datum? { pairs.first { $0.0 == key }?.1 }
        let changed = known.filter { value($0, in: current) != value($0, in: base) }
        let exists = access(path, F_OK) == 0
        guard !changed.isEmpty || !exists else { return }
        // A file damaged meanwhile is moved aside and written anew whole.
        var disk = exists ? (read(path, what: what, problems: &notes) ?? current) : current
        guard !untouchable.contains(path) else { return }
        for key in changed {
            disk.removeAll { $0.0 == key }
            if let v = value(key, in: current) { disk.append((key, v)) }
        }
        do {
            try AtomicFile.write(JSONWriter.write(.object(disk)) + "\n", to: path, .private)
        } catch {
            throw ShellError(.io, "cannot save the session: \(error.message)")
        }
        baseline[path] = current
    }
}
