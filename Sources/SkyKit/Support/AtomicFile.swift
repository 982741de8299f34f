import Glibc

/// Why a file was not written.
public struct FileWriteError: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The file exists and replacing it was not asked for.
        case exists
        /// The path names a directory, a FIFO, a device or a socket.
        case notRegular
        /// The path is one of skyshell's own files.
        case protected
        /// The system refused (no such folder, no permission, disk full…).
        case io
    }

    public var kind: Kind
    public var message: String
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

/// Skyshell's own files (logbook database, session, history, settings…) and folders whose
/// files are its own (terrain tiles): no command writes over them, even with --force.
public struct ProtectedFiles: Sendable, Equatable {
    public var files: [String]
    public var directories: [String]
    public init(files: [String] = [], directories: [String] = []) {
        self.files = files
        self.directories = directories
    }

    /// True when `path` (resolved through symbolic links) is one of the files, or in one of the
    /// folders; `info` is the file's status when it exists (a hard link is caught by inode).
    func protects(_ path: String, info: stat?) -> Bool {
        let target = PathText.canonical(path)
        for file in files {
            if PathText.canonical(file) == target { return true }
            var own = stat()
            if let info, stat(file, &own) == 0, own.st_dev == info.st_dev, own.st_ino == info.st_ino { return true }
        }
        let folder = PathText.parent(target)
        return directories.contains { PathText.canonical($0) == folder }
    }
}

/// A file written whole or not at all: the bytes go to a temporary file in the same folder,
/// which is synced and then renamed (or linked, when nothing may be replaced) over the name.
/// A reader never sees half a file, a failure or a kill leaves the old file as it was, and a
/// symbolic link at the name of a private file is replaced, never followed.
///
/// For a file the user names (`.user`): an existing file is replaced only when asked
/// (`replace`, a command's --force) and keeps its mode; a directory, FIFO, device or socket is
/// refused without being opened; skyshell's own files are refused even with --force. A private
/// file (`.private`) of skyshell's own folders is created with mode 0600.
public final class AtomicFile {
    public enum Kind: Sendable, Equatable {
        case user(replace: Bool)
        /// A file the user names that holds their own data (a logbook export, their routes):
        /// created with mode 0600 whatever the umask; a file it replaces keeps its mode.
        case personal(replace: Bool)
        case `private`

        /// Whether an existing file may be replaced, for a file the user names; nil for
        /// skyshell's own.
        var replaces: Bool? {
            switch self {
            case .user(let replace), .personal(let replace): replace
            case .private: nil
            }
        }

        /// Created with mode 0600 (skyshell's own files and the user's personal data).
        var isPrivateWhenNew: Bool {
            if case .user = self { return false }
            return true
        }
    }

    /// The name being written (a symbolic link the user named is resolved to its target).
    public let path: String
    let temporary: String
    let kind: Kind
    /// True when the name existed as a regular file before the write.
    let replacing: Bool
    var fd: Int32
    var finished = false

    /// Writes `bytes` to `path` at once.
    public static func write(_ bytes: some Collection<UInt8>, to path: String, _ kind: Kind, protected: ProtectedFiles = ProtectedFiles())
        throws(FileWriteError)
    {
        let file = try AtomicFile(path, kind, protected: protected)
        do {
            try file.write(bytes)
            try file.commit()
        } catch {
            file.abandon()
            throw error
        }
    }

    /// Writes `text` as UTF-8 to `path` at once.
    public static func write(_ text: String, to path: String, _ kind: Kind, protected: ProtectedFiles = ProtectedFiles()) throws(FileWriteError) {
        try write(Array(text.utf8), to: path, kind, protected: protected)
    }

    /// Checks the name and opens the temporary file; `write` fills it, `commit` puts it in place.
    public init(_ path: String, _ kind: Kind, protected: ProtectedFiles = ProtectedFiles()) throws(FileWriteError) {
        self.kind = kind
        var resolved = path
        var existing: stat?
        var link = stat()
        if lstat(path, &link) == 0 {
            var info = link
            if link.st_mode & S_IFMT == S_IFLNK {
                if case .private = kind {
                    existing = nil  // replaced by the rename, never followed
                } else {
                    guard stat(path, &info) == 0 else {
                        throw FileWriteError(.notRegular, "'\(path)' is a symbolic link to a missing file")
                    }
                    resolved = PathText.canonical(path)
                    existing = info
                }
            } else {
                existing = info
            }
            if let info = existing, info.st_mode & S_IFMT != S_IFREG {
                throw FileWriteError(.notRegular, "'\(path)' is \(AtomicFile.describe(info.st_mode)), not a regular file: skyshell writes only regular files")
            }
        } else if errno != ENOENT {
            throw FileWriteError(.io, "cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
        if let replace = kind.replaces {
            if protected.protects(resolved, info: existing) {
                throw FileWriteError(.protected, "'\(path)' is one of skyshell's own files; choose another name")
            }
            if existing != nil, !replace {
                throw FileWriteError(.exists, "'\(path)' exists; add --force to replace it")
            }
        }
        self.path = resolved
        replacing = existing != nil
        let folder = PathText.parent(resolved)
        var made = ""
        var opened: Int32 = -1
        for attempt in 0..<100 {
            made = folder + "/" + Self.temporaryName(for: PathText.base(resolved), attempt: attempt)
            let mode: mode_t = kind.isPrivateWhenNew ? 0o600 : 0o666
            opened = open(made, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if opened >= 0 || errno != EEXIST { break }
        }
        guard opened >= 0 else { throw FileWriteError(.io, "cannot write '\(path)': \(String(cString: strerror(errno)))") }
        if let info = existing, kind != .private { _ = fchmod(opened, info.st_mode & 0o7777) }
        if kind == .private || (existing == nil && kind.isPrivateWhenNew) { _ = fchmod(opened, 0o600) }
        temporary = made
        fd = opened
    }

    deinit { if !finished { abandon() } }

    /// Appends bytes to the temporary file.
    public func write(_ bytes: some Collection<UInt8>) throws(FileWriteError) {
        let data = Array(bytes)
        var offset = 0
        while offset < data.count {
            let n = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileWriteError(.io, "cannot write '\(path)': \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }

    /// Appends text as UTF-8.
    public func write(_ text: String) throws(FileWriteError) { try write(Array(text.utf8)) }

    /// Syncs the temporary file and puts it in place of the name.
    public func commit() throws(FileWriteError) {
        defer { finished = true }
        guard fsync(fd) == 0 || errno == EINVAL else { return try fail() }
        close(fd)
        fd = -1
        let mayReplace: Bool
        switch kind {
        case .private: mayReplace = true
        case .user(let replace), .personal(let replace): mayReplace = replace && replacing
        }
        if mayReplace {
            guard rename(temporary, path) == 0 else { return try fail() }
        } else if link(temporary, path) == 0 {
            unlink(temporary)
        } else if errno == EEXIST {
            unlink(temporary)
            throw FileWriteError(.exists, "'\(path)' appeared while it was being written; add --force to replace it")
        } else {
            // A file system without hard links: the name was free a moment ago.
            var info = stat()
            guard lstat(path, &info) != 0, rename(temporary, path) == 0 else { return try fail() }
        }
        let folder = open(PathText.parent(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
        }
    }

    /// Removes the temporary file; the name is left as it was.
    public func abandon() {
        finished = true
        if fd >= 0 { close(fd) }
        fd = -1
        unlink(temporary)
    }

    func fail() throws(FileWriteError) {
        let reason = String(cString: strerror(errno))
        abandon()
        throw FileWriteError(.io, "cannot write '\(path)': \(reason)")
    }

    /// The name of a temporary file for `base`: hidden, with the writing process's id.
    static func temporaryName(for base: String, attempt: Int) -> String { "." + base + ".skyshell-\(getpid())-\(attempt)" }

    static func describe(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }
}

/// Path helpers that need no Foundation.
public enum PathText {
    /// The folder part of a path ("." for a bare name).
    public static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last part of a path.
    public static func base(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The extension of the path's last part, without its dot ("" when it has none; a name
    /// that only starts with a dot, such as ".profile", has none).
    public static func pathExtension(_ path: String) -> String {
        let name = base(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// Whether `path` names a folder (following symbolic links): nil when nothing is there.
    public static func isDirectory(_ path: String) -> Bool? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT == S_IFDIR
    }

    /// What the symbolic link at `path` points to, as written in the link; nil when it is not one.
    public static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count)
        guard count > 0, count < buffer.count else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The path with symbolic links and `..` resolved as far as it exists: the real folder
    /// and, for a name that does not exist yet, the name itself.
    public static func canonical(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let folder = parent(path)
        guard let real = realpath(folder, nil) else { return path }
        defer { free(real) }
        let dir = String(cString: real)
        return (dir == "/" ? "" : dir) + "/" + base(path)
    }
}
