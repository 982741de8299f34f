import Foundation

/// Loads and saves the session state and settings of interactive sessions as JSON files,
/// written atomically (temporary file, then rename) with mode 0600.
public struct SessionStore: Sendable {
    public let paths: Paths
    public init(paths: Paths) { self.paths = paths }

    /// The stored session and settings; defaults for whatever is missing or unreadable. The
    /// second value describes a file that could not be read (the file is left untouched).
    public func load() -> (Session, String?) {
        var session = Session()
        var problem: String?
        if let data = FileManager.default.contents(atPath: paths.sessionFile) {
            if let stored = try? JSONDecoder().decode(Session.self, from: data) {
                session = stored
            } else {
                problem = "\(paths.sessionFile) is not a readable session file; starting from defaults"
            }
        }
        if let data = FileManager.default.contents(atPath: paths.settingsFile) {
            if let settings = try? JSONDecoder().decode(Settings.self, from: data) {
                session.settings = settings
            } else {
                problem = "\(paths.settingsFile) is not a readable settings file; using default settings"
            }
        }
        return (session, problem)
    }

    /// Writes both files; throws an I/O error message on failure.
    public func save(_ session: Session) throws(ShellError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try write(encoder.encode(session), to: paths.sessionFile)
            try write(encoder.encode(session.settings), to: paths.settingsFile)
        } catch let error as ShellError {
            throw error
        } catch {
            throw ShellError(.io, "cannot save the session: \(error.localizedDescription)")
        }
    }

    func write(_ data: Data, to path: String) throws(ShellError) {
        let dir = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw ShellError(.io, "cannot create \(dir): \(error.localizedDescription)")
        }
        let temp = path + ".tmp"
        guard FileManager.default.createFile(atPath: temp, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw ShellError(.io, "cannot write \(temp)")
        }
        guard rename(temp, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw ShellError(.io, "cannot write \(path): \(reason)")
        }
    }
}
