import FoundationEssentials
import Glibc

/// A whole file read straight into an array of bytes (no intermediate `Data` copy: a day's
/// recording is 140 MB), or why it could not be.
public enum FileBytes {
    /// Why a file gave no bytes.
    public enum Failure: Error, Equatable {
        case missing
        case unreadable
    }

    public static func read(_ path: String) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw errno == ENOENT ? .missing : .unreadable }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw .unreadable }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        let ok = bytes.withUnsafeMutableBytes { buffer -> Bool in
            while done < buffer.count {
                let n = Glibc.read(fd, buffer.baseAddress! + done, buffer.count - done)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return n == 0 }
                done += n
            }
            return true
        }
        guard ok else { throw .unreadable }
        // A file that shrank while it was read gives what it had.
        if done < bytes.count { bytes.removeLast(bytes.count - done) }
        return bytes
    }
}
