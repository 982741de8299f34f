/// What reading one line produced.
public enum LineEvent: Equatable, Sendable {
    case line(String)
    /// Ctrl-C at the prompt: the line was discarded.
    case interrupted
    /// A line that cannot be used (bad UTF-8, control characters, too long), with the reason.
    case invalid(String)
    /// Reading failed (an I/O error); nothing more can be read.
    case failed(String)
    /// No more input (Ctrl-D on an empty line, end of file).
    case end
}

/// A source of command lines: the libedit editor at a terminal, or plain reads otherwise.
/// The interpreter never depends on which one it gets.
public protocol LineReader: AnyObject {
    /// Reads the next line, showing `prompt` when the reader is interactive.
    func readLine(prompt: String) -> LineEvent
    /// The 1-based number of the last line read.
    var lineNumber: Int { get }
}

/// Checks a line's bytes: valid UTF-8 and no control characters other than tab.
enum LineCheck {
    static func text(_ bytes: ArraySlice<UInt8>) -> LineEvent {
        var i = bytes.startIndex
        var column = 1
        while i < bytes.endIndex {
            let b = bytes[i]
            let length: Int
            switch b {
            case 0x00..<0x80: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return .invalid("invalid UTF-8 byte 0x\(hex(b)) at column \(column)")
            }
            guard i + length <= bytes.endIndex else {
                return .invalid("invalid UTF-8 byte 0x\(hex(b)) at column \(column) (truncated sequence)")
            }
            if length > 1 {
                for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 {
                    return .invalid("invalid UTF-8 byte 0x\(hex(bytes[i + k])) at column \(column)")
                }
                let b1 = bytes[i + 1]
                if (b == 0xE0 && b1 < 0xA0) || (b == 0xED && b1 >= 0xA0) || (b == 0xF0 && b1 < 0x90) || (b == 0xF4 && b1 >= 0x90) {
                    return .invalid("invalid UTF-8 sequence at column \(column)")
                }
                if b == 0xC2, b1 < 0xA0 {
                    return .invalid("control character U+00\(hex(b1)) at column \(column)")
                }
            } else if (b < 0x20 && b != 0x09) || b == 0x7F {
                return .invalid("control character 0x\(hex(b)) at column \(column)")
            }
            i += length
            column += 1
        }
        return .line(String(decoding: bytes, as: UTF8.self))
    }

    static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String(digits[Int(b >> 4)]) + String(digits[Int(b & 15)])
    }
}
