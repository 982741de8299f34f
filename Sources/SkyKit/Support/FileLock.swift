import Glibc

/// An advisory lock (flock) on a lock file, held while a file that several skyshells share —
/// the session, the settings, the history — is read, changed and written back.
public final class FileLock {
    private var fd: Int32

    /// Takes the lock on `path` (created with mode 0600, never through a symbolic link),
    /// waiting up to `timeout` seconds for another process to let go of it.
    public init(_ path: String, timeout: Double = 10) throws(FileWriteError) {
        fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileWriteError(.io, "cannot open the lock file \(path): \(String(cString: strerror(errno)))") }
        var waited = 0.0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, waited < timeout else {
                close(fd)
                fd = -1
                throw FileWriteError(.io, "another skyshell has held \(path) for \(Int(timeout)) s; try again")
            }
            usleep(10_000)
            waited += 0.01
        }
    }

    /// Lets go of the lock (also when the value is released).
    public func unlock() {
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }

    deinit { unlock() }
}
