import Glibc

/// A buffered writer to a file descriptor. Remembers the first write failure instead of
/// throwing, so a command's output is either written or reported once as an I/O error. Text
/// goes through `Visible` on the way: no control sequence from outside reaches the terminal.
public final class OutputSink {
    public let fd: Int32
    private var buffer: [UInt8] = []
    /// The first write error, as a message.
    public private(set) var failure: String?
    /// Flush after every write (interactive sessions).
    public var autoFlush = false
    /// Where the run's machine output stands: a JSON array opened by the first document of
    /// `json-array`, and how many CSV tables were written (the next one starts after a blank line).
    var arrayOpen = false
    var csvTables = 0

    /// Everything written, when the sink keeps output in memory (tests, lesson checks).
    public private(set) var captured = ""
    private let capturing: Bool

    public init(fd: Int32) {
        self.fd = fd
        capturing = false
        buffer.reserveCapacity(1 << 16)
    }

    /// A sink that keeps output in memory (`captured`) instead of writing it.
    public init() {
        fd = -1
        capturing = true
    }

    /// Writes text, with every character that could act on a terminal shown visibly (see
    /// `Visible`): this is where outside strings meet standard output and standard error.
    public func write(_ text: String) { append(Visible.text(text)) }

    /// Writes text whose escape sequences skyshell made on purpose.
    func write(_ text: TerminalText) { append(text.raw) }

    private func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if autoFlush || buffer.count >= 1 << 16 { flush() }
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        if capturing {
            captured += String(decoding: buffer, as: UTF8.self)
            return
        }
        var offset = 0
        while offset < buffer.count {
            let n = buffer.withUnsafeBytes { raw in
                Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                failure = String(cString: strerror(errno))
                return
            }
            offset += n
        }
    }
}
