import Glibc

/// Reading one of skyshell's own files (session, settings, history, element sets, zone files)
/// or a file to import, without ever blocking on a FIFO or reading a device.
public enum StoredFile {
    public enum Read { case missing, unreadable(String), contents([UInt8]) }

    /// Reads a file of at most `maxBytes` (a session or settings file holds far less than 1 MB).
    public static func read(_ path: String, maxBytes: Int = 1 << 20) -> Read {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .unreadable(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .unreadable("not a regular file") }
        guard Int(info.st_size) <= maxBytes else {
            return .unreadable(
                "it is \(DigitGroups.grouped(UInt64(info.st_size))) bytes, more than the \(DigitGroups.grouped(UInt64(maxBytes / 1024))) KB such a "
                    + "file may hold"
            )
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { return .unreadable(String(cString: strerror(errno))) }
            if n == 0 { break }
            count += n
        }
        bytes.removeLast(bytes.count - count)  // in place: a large file is not copied again
        return .contents(bytes)
    }
}
