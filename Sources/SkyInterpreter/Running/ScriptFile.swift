import Glibc

/// Opens script files for reading, with the errors people need: missing, a directory,
/// unreadable, empty.
public enum ScriptFile {
    /// A line reader over the file at `path`.
    public static func open(_ path: String) throws(ShellError) -> PlainLineReader {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw ShellError(.noInput, "cannot open '\(path)': \(String(cString: strerror(errno)))")
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            throw ShellError(.noInput, "'\(path)' is a directory, not a script")
        }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw ShellError(.noInput, "cannot open '\(path)': \(String(cString: strerror(errno)))")
        }
        if info.st_mode & S_IFMT == S_IFREG, info.st_size == 0 {
            close(fd)
            throw ShellError(.data, "'\(path)' is empty — a script needs at least one line")
        }
        return PlainLineReader(fd: fd, closeOnEnd: true)
    }
}
