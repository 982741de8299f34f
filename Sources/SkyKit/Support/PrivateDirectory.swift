import Glibc

/// Skyshell's own folders (data, state, settings): created with mode 0700, and an existing one
/// that others can read is made private — what is in them (logbooks, history, the session) is
/// nobody else's business.
public enum PrivateDirectory {
    /// Creates `path` (and missing parents) or tightens it; returns the mode an existing folder
    /// had when it was changed (nil when nothing was). Throws a message when the folder cannot
    /// be made.
    @discardableResult
    public static func ensure(_ path: String) throws(FileWriteError) -> mode_t? {
        var info = stat()
        if stat(path, &info) != 0 {
            try make(path)
            return nil
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw FileWriteError(.notRegular, "'\(path)' is not a folder")
        }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 != 0, info.st_uid == geteuid(), chmod(path, mode & 0o700) == 0 else { return nil }
        return mode
    }

    /// mkdir -p, the last folder 0700.
    static func make(_ path: String) throws(FileWriteError) {
        let parent = PathText.parent(path)
        var info = stat()
        if parent != path, parent != ".", parent != "/", stat(parent, &info) != 0 {
            try makeParent(parent)
        }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw FileWriteError(.io, "cannot create the folder \(path): \(String(cString: strerror(errno)))")
        }
        _ = chmod(path, 0o700)
    }

    /// Parents are made with the usual mode (0777 less the umask), as mkdir -p does.
    static func makeParent(_ path: String) throws(FileWriteError) {
        let parent = PathText.parent(path)
        var info = stat()
        if parent != path, parent != ".", parent != "/", stat(parent, &info) != 0 { try makeParent(parent) }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
            throw FileWriteError(.io, "cannot create the folder \(path): \(String(cString: strerror(errno)))")
        }
    }
}
