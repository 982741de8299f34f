import Glibc

/// Temporary files of writers that were killed before they finished: recognised by their
/// name (`AtomicFile.temporaryName`), removed once the process that wrote them is gone.
extension AtomicFile {
    /// The process that wrote a temporary file named `name`, when it is one.
    static func temporaryOwner(_ name: String) -> pid_t? {
        guard name.hasPrefix("."), let marker = name.lastRange(of: ".skyshell-") else { return nil }
        let parts = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }), let pid = pid_t(parts[0]), pid > 0
        else { return nil }
        return pid
    }

    /// Removes the temporary files in `folder` left by processes that are gone (a tile fetch
    /// killed while writing leaves 26 MB otherwise); a live process's are kept, and so is
    /// anything not a regular file of this user. Returns how many it removed.
    @discardableResult
    public static func removeStaleTemporaries(in folder: String) -> Int {
        var removed = 0
        for name in PathText.entries(of: folder) {
            guard let pid = temporaryOwner(name), kill(pid, 0) != 0, errno == ESRCH else { continue }
            var info = stat()
            guard lstat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid() else { continue }
            if unlink(folder + "/" + name) == 0 { removed += 1 }
        }
        return removed
    }
}

extension PathText {
    /// The names in a folder (without `.` and `..`); none when it cannot be read.
    public static func entries(of folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
