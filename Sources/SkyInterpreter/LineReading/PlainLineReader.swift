import CTerminal
import Glibc

/// Reads lines from a file descriptor with plain reads: scripts, pipes and non-terminals.
/// Lines longer than `maxLineBytes` are skipped whole and reported, never buffered in full. A
/// NUL byte means the input is not a text script (`run /dev/zero`, a binary): the line holding
/// it is an error and reading stops there.
public final class PlainLineReader: LineReader {
    /// The longest line accepted, in bytes.
    public static let maxLineBytes = 65_536

    let fd: Int32
    let closeOnEnd: Bool
    /// Where the prompt goes when one is wanted (nil: never prompt).
    let promptSink: OutputSink?
    var buffer: [UInt8] = []
    var start = 0
    var atEOF = false
    /// True once the input proved not to be text or could not be read: nothing more is read.
    var stopped = false
    public private(set) var lineNumber = 0
    /// Flushed before every read that may block, so output shows before the next input is
    /// awaited (a script typed at a terminal, a pipe fed by another program).
    public var flushBeforeRead: OutputSink?

    public init(fd: Int32, closeOnEnd: Bool = false, promptSink: OutputSink? = nil) {
        self.fd = fd
        self.closeOnEnd = closeOnEnd
        self.promptSink = promptSink
    }

    /// A reader over text already in memory (`-c` commands).
    public convenience init(text: String) {
        self.init(fd: -1)
        buffer = Array(text.utf8)
        atEOF = true
    }

    deinit { if closeOnEnd, fd >= 0 { close(fd) } }

    public func readLine(prompt: String) -> LineEvent {
        if let promptSink, !prompt.isEmpty {
            promptSink.write(prompt)
            promptSink.flush()
        }
        var discarding = false
        var searchFrom = start
        if stopped { return .end }
        while true {
            if let newline = buffer[searchFrom...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let line = buffer[start..<end]
                if line.contains(0) { lineNumber += 1; return notText() }
                start = newline + 1
                lineNumber += 1
                if discarding { return tooLong() }
                return LineCheck.text(line)
            }
            if buffer[searchFrom...].contains(0) { lineNumber += 1; return notText() }
            if buffer.count - start > Self.maxLineBytes {
                discarding = true
                start = buffer.count
            }
            searchFrom = buffer.count
            if atEOF {
                guard start < buffer.count || discarding else { return .end }
                let line = buffer[start...]
                start = buffer.count
                lineNumber += 1
                return discarding ? tooLong() : LineCheck.text(line)
            }
            switch fill() {
            case .interrupted: return .interrupted
            case .failed(let reason):
                stopped = true
                return .failed("cannot read: \(reason)")
            case .ok: break
            }
            searchFrom = min(searchFrom, buffer.count)
            if start > 0 {
                buffer.removeFirst(start)
                searchFrom -= start
                start = 0
            }
        }
    }

    /// The line holds a NUL byte: the input is not a text script, and nothing more is read.
    func notText() -> LineEvent {
        stopped = true
        buffer = []
        start = 0
        return .invalid("a NUL byte: this is not a text script")
    }

    func tooLong() -> LineEvent {
        .invalid("line is longer than \(PlainLineReader.maxLineBytes) bytes")
    }

    enum Fill { case ok, interrupted, failed(String) }

    func fill() -> Fill {
        guard fd >= 0 else { atEOF = true; return .ok }
        flushBeforeRead?.flush()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = chunk.withUnsafeMutableBytes { sky_read_interruptible(fd, $0.baseAddress, UInt($0.count)) }
        if n == -2 { return .interrupted }
        if n < 0 { return .failed(String(cString: strerror(errno))) }
        if n == 0 { atEOF = true } else { buffer += chunk[..<Int(n)] }
        return .ok
    }
}
