import SkyKit

/// Files the shell writes, all through `AtomicFile`: the user's (refused when they exist
/// unless --force, never one of skyshell's own) and skyshell's private ones in folders kept at
/// mode 0700.
extension Shell {
    /// Skyshell's own files, which no command may replace.
    var ownFiles: ProtectedFiles { paths?.ownFiles ?? ProtectedFiles() }

    /// Starts a file the user named that is written piece by piece (`commit` puts it in place);
    /// a `personal` one (their flights, their routes) is created with mode 0600.
    func createUserFile(_ path: String, force: Bool, personal: Bool = false) throws(ShellError) -> AtomicFile {
        // `~/…` is in the home folder for every file a user names, as a path argument reads it.
        let target = try confined(PathCompletion.expand(path, home: environment["HOME"]))
        do {
            return try AtomicFile(target, personal ? .personal(replace: force) : .user(replace: force), protected: ownFiles)
        } catch {
            throw ShellError(error)
        }
    }

    /// Where a write to `path` goes: the path itself, or in a lesson's scratch shell the path
    /// inside its folder (a relative one is taken there), refused when it leads outside.
    func confined(_ path: String) throws(ShellError) -> String {
        guard let root = confinedTo else { return path }
        let inside = PathText.canonical(root)
        let target = PathText.canonical(path.hasPrefix("/") ? path : root + "/" + path)
        guard target.hasPrefix(inside + "/") else { throw outsideScratch("'\(Visible.text(path))'") }
        return target
    }

    /// The error for a write a lesson's scratch shell may not make.
    func outsideScratch(_ what: String) -> ShellError {
        ShellError(.cannotCreate, "a lesson writes only in its scratch folder: \(what) is outside it — nothing was written")
    }

    /// Puts a file started with `createUserFile` in place.
    func commit(_ file: AtomicFile) throws(ShellError) {
        do { try file.commit() } catch { throw ShellError(error) }
    }

    /// Fills a file started with `createUserFile` and puts it in place.
    func finish(_ file: AtomicFile, with text: String) throws(ShellError) {
        do {
            try file.write(text)
            try file.commit()
        } catch {
            throw ShellError(error)
        }
    }

    /// Writes one of skyshell's private files (mode 0600), making its folder first.
    func writePrivateFile(_ text: String, to path: String) throws(ShellError) { try writePrivateFile(Array(text.utf8), to: path) }

    /// Writes `bytes` to one of skyshell's own files, mode 0600, replacing it whole.
    func writePrivateFile(_ bytes: [UInt8], to path: String) throws(ShellError) {
        try ensurePrivateDirectory(PathText.parent(path))
        do {
            try AtomicFile.write(bytes, to: path, .private)
        } catch {
            throw ShellError(error)
        }
    }

    /// Makes one of skyshell's folders, or makes an existing one private, saying so once.
    func ensurePrivateDirectory(_ path: String) throws(ShellError) { try ensurePrivateDirectories([path]) }

    /// Makes skyshell's folders, or makes existing ones private, with one note for all those
    /// other users could open.
    func ensurePrivateDirectories(_ paths: [String]) throws(ShellError) {
        var opened: [String] = []
        for path in paths where !privateDirectoriesChecked.contains(path) {
            do {
                if try PrivateDirectory.ensure(path) != nil { opened.append(path) }
            } catch {
                throw ShellError(.io, error.message)
            }
            privateDirectoriesChecked.insert(path)
        }
        if !opened.isEmpty { notice(Self.privacyNote(opened)) }
    }

    /// What was done to folders others could open, in words.
    static func privacyNote(_ folders: [String]) -> String {
        let named = folders.count == 1 ? folders[0] : folders.dropLast().joined(separator: ", ") + " and " + folders[folders.count - 1]
        return "other users of this computer could open \(named), where skyshell keeps your history, session and logbook; "
            + (folders.count == 1 ? "it is" : "they are") + " now private to you"
    }
}
