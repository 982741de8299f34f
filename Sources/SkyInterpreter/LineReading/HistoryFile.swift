import Glibc
import SkyKit

/// The history file that every interactive skyshell of a home shares. Each entered line is
/// appended under the lock (never the whole history rewritten, so two shells keep each other's
/// lines), through a descriptor that does not follow a symbolic link: a link at the history's
/// name is replaced by a file of skyshell's own, its target never written.
///
/// The format is libedit's (`_HiStOrY_V2_`, then one line per entry with spaces, backslashes
/// and control bytes written as `\ooo` octal), so older files load. An escape that would turn
/// into a control character (`\033`, an ESC) is kept as the text it is in the file; an entry
/// with raw control bytes or bad UTF-8 is dropped.
public final class HistoryFile {
    static let header = "_HiStOrY_V2_"
    let path: String
    let lockPath: String
    /// Entries kept; the file is cut back to this many when it holds twice as many.
    let limit: Int
    /// Entries the file is known to hold (to know when to cut it back).
    private var count = 0

    init(path: String, limit: Int = 1000) {
        self.path = path
        lockPath = PathText.parent(path) + "/.lock"
        self.limit = limit
    }

    // MARK: - Reading

    /// The last `limit` entries, oldest first.
    func load() -> [String] {
        guard case .contents(let bytes) = StoredFile.read(path, maxBytes: 16 << 20) else { return [] }
        let entries = HistoryFile.entries(bytes)
        count = entries.count
        return Array(entries.suffix(limit))
    }

    /// The entries in a history file's bytes.
    public static func entries(_ bytes: [UInt8]) -> [String] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
        if let first = lines.first, Array(first) == Array(header.utf8) { lines.removeFirst() }
        return lines.compactMap { decode(Array($0)) }
    }

    /// One line of the file as an entry, or nil when it holds raw control bytes or bad UTF-8.
    /// An escape that would give a control character stays as the text it is in the file.
    static func decode(_ line: [UInt8]) -> String? {
        guard !line.contains(where: { $0 < 0x20 || $0 == 0x7F }), let raw = String(validating: line, as: UTF8.self) else { return nil }
        var out: [UInt8] = []
        var i = 0
        func octal(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x37 }
        func control(_ c: UInt8) -> UInt8 { c == UInt8(ascii: "?") ? 0x7F : c & 0x1F }
        while i < line.count {
            guard line[i] == 0x5C, i + 1 < line.count else { out.append(line[i]); i += 1; continue }
            let next = line[i + 1]
            var decoded: UInt8
            var length: Int
            if octal(next) {
                var value = 0
                length = 1
                while length < 4, i + length < line.count, octal(line[i + length]) { value = value * 8 + Int(line[i + length] - 0x30); length += 1 }
                decoded = UInt8(truncatingIfNeeded: value)
            } else if next == UInt8(ascii: "^"), i + 2 < line.count {
                decoded = control(line[i + 2])
                length = 3
            } else if next == UInt8(ascii: "M"), i + 3 < line.count, line[i + 2] == UInt8(ascii: "-") || line[i + 2] == UInt8(ascii: "^") {
                decoded = (line[i + 2] == UInt8(ascii: "^") ? control(line[i + 3]) : line[i + 3]) | 0x80
                length = 4
            } else {
                let simple: [UInt8: UInt8] = [0x5C: 0x5C, UInt8(ascii: "s"): 0x20, UInt8(ascii: "t"): 0x09, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "E"): 0x1B]
                decoded = simple[next] ?? next
                length = 2
            }
            if decoded < 0x20 || decoded == 0x7F {
                out += line[i..<(i + length)]
            } else {
                out.append(decoded)
            }
            i += length
        }
        guard let decoded = String(validating: out, as: UTF8.self), Visible.isClean(decoded) else { return raw }
        return decoded
    }

    /// An entry as a line of the file: printable ASCII as it is, spaces, backslashes and
    /// control characters as `\ooo`, other text as UTF-8.
    static func encode(_ entry: String) -> String {
        var out = ""
        for scalar in entry.unicodeScalars {
            let v = scalar.value
            if (v > 0x20 && v < 0x7F && v != 0x5C) || (v >= 0xA0 && Visible.escape(v) == nil) {
                out.unicodeScalars.append(scalar)
            } else {
                for b in String(scalar).utf8 {
                    let digits = String(b, radix: 8)
                    out += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
                }
            }
        }
        return out
    }

    // MARK: - Writing

    /// Appends an entry under the lock; returns an error message when the file could not be
    /// written (the history still works for this session).
    @discardableResult
    func append(_ entry: String, keeping recent: [String]) -> String? {
        do {
            _ = try PrivateDirectory.ensure(PathText.parent(path))
            let lock = try FileLock(lockPath)
            defer { lock.unlock() }
            let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                // A symbolic link (or something else) at the name: replace it, never follow it.
                try rewrite(recent)
                return nil
            }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { try rewrite(recent); return nil }
            var text = HistoryFile.encode(entry) + "\n"
            if info.st_size == 0 { text = HistoryFile.header + "\n" + text }
            let bytes = Array(text.utf8)
            guard bytes.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress!, $0.count) }) == bytes.count else {
                return "cannot write the history \(path): \(String(cString: strerror(errno)))"
            }
            count += 1
            if count > 2 * limit { try cutBack() }
            return nil
        } catch {
            return error.message
        }
    }

    /// Empties the history file.
    func clear() -> String? {
        do {
            let lock = try FileLock(lockPath)
            defer { lock.unlock() }
            try rewrite([])
            return nil
        } catch {
            return error.message
        }
    }

    /// Writes the file anew with `entries` (under the lock).
    func rewrite(_ entries: [String]) throws(FileWriteError) {
        try AtomicFile.write(([HistoryFile.header] + entries.suffix(limit).map(HistoryFile.encode)).joined(separator: "\n") + "\n", to: path, .private)
        count = min(entries.count, limit)
    }

    /// Keeps the last `limit` entries of the file as it is now (other shells' lines included).
    func cutBack() throws(FileWriteError) {
        guard case .contents(let bytes) = StoredFile.read(path, maxBytes: 16 << 20) else { return }
        try rewrite(HistoryFile.entries(bytes))
    }
}
