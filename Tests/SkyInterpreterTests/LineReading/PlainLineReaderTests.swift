import Foundation
import Testing

@testable import SkyInterpreter

@Suite("Plain line reader")
struct PlainLineReaderTests {
    /// A reader over a pipe holding `bytes`.
    func reader(_ bytes: [UInt8]) -> PlainLineReader {
        var fds: [Int32] = [0, 0]
        pipe(&fds)
        let writer = fds[1]
        let payload = bytes
        let thread = Thread {
            payload.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = write(writer, raw.baseAddress! + offset, raw.count - offset)
                    if n <= 0 { break }
                    offset += n
                }
            }
            close(writer)
        }
        thread.start()
        return PlainLineReader(fd: fds[0], closeOnEnd: true)
    }

    func events(_ bytes: [UInt8]) -> [LineEvent] {
        let r = reader(bytes)
        var list: [LineEvent] = []
        while true {
            let e = r.readLine(prompt: "")
            list.append(e)
            if e == .end { return list }
        }
    }

    @Test func linesWithAndWithoutAFinalNewline() {
        #expect(events(Array("a\nb\r\n\nc".utf8)) == [.line("a"), .line("b"), .line(""), .line("c"), .end])
        #expect(events([]) == [.end])
    }

    @Test func invalidUTF8IsReportedWithItsColumn() {
        #expect(events([0x61, 0x62, 0xFF, 0x0A, 0x6F, 0x6B]) == [.invalid("invalid UTF-8 byte 0xFF at column 3"), .line("ok"), .end])
        #expect(events([0xC3]) == [.invalid("invalid UTF-8 byte 0xC3 at column 1 (truncated sequence)"), .end])
        #expect(events([0xED, 0xA0, 0x80]) == [.invalid("invalid UTF-8 sequence at column 1"), .end])
    }

    @Test func controlCharactersOtherThanTabAreRejected() {
        #expect(events(Array("a\tb\n".utf8)) == [.line("a\tb"), .end])
        #expect(events([0x61, 0x07, 0x0A]) == [.invalid("control character 0x07 at column 2"), .end])
        #expect(events([0x61, 0x7F]) == [.invalid("control character 0x7F at column 2"), .end])
        #expect(events([0xC2, 0x85]) == [.invalid("control character U+0085 at column 1"), .end])
    }

    @Test func aOneMegabyteLineIsSkippedWholeAndReadingGoesOn() {
        var bytes = [UInt8](repeating: 0x61, count: 1 << 20)
        bytes += Array("\nnext\n".utf8)
        #expect(events(bytes) == [.invalid("line is longer than 65536 bytes"), .line("next"), .end])
    }

    @Test func lineNumbersCount() {
        let r = reader(Array("a\nb\n".utf8))
        _ = r.readLine(prompt: "")
        _ = r.readLine(prompt: "")
        #expect(r.lineNumber == 2)
    }

    @Test func textReaderForCommandStrings() {
        let r = PlainLineReader(text: "echo a; echo b")
        #expect(r.readLine(prompt: "") == .line("echo a; echo b"))
        #expect(r.readLine(prompt: "") == .end)
    }
}
