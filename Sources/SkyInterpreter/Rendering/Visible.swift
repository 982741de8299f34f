/// Text on its way to a terminal, with every character that could act on the terminal shown
/// instead: C0 controls but tab and line feed (a carriage return only before a line feed), DEL,
/// the C1 controls, and the Unicode bidirectional controls that reorder what is shown. Strings
/// from outside — feeds, imported files, element-set names, server errors, history — reach
/// standard output and standard error only through `OutputSink`, which applies this to all of
/// them, so no command can forget it.
///
/// The visible form is `\xHH` for a code point below U+0100 and `\u{HHHH}` above: an ESC reads
/// `\x1b`, a right-to-left override `\u{202e}`.
public enum Visible {
    /// The visible form of the scalar `value`, or nil when it may be written as it is. A
    /// carriage return is escaped here; `text` lets one through before a line feed.
    public static func escape(_ value: UInt32) -> String? {
        switch value {
        case 0x09, 0x0A: return nil
        case 0x00..<0x20, 0x7F..<0xA0: return "\\x" + hex(value, digits: 2)
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return "\\u{" + hex(value, digits: 4) + "}"
        default: return nil
        }
    }

    /// `text` with every character that could act on a terminal shown visibly.
    public static func text(_ text: String) -> String {
        guard needsWork(text) else { return text }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            if scalar.value == 0x0D, i + 1 < scalars.count, scalars[i + 1].value == 0x0A {
                out.append(scalar)
            } else if let shown = escape(scalar.value) {
                out.append(contentsOf: shown.unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// True when `text` holds a character `escape` changes, found in its UTF-8 without decoding
    /// it: a C0 control but tab and line feed, DEL, a C1 control (C2 80–9F), U+061C (D8 9C),
    /// U+200E/F (E2 80 8E–8F), U+202A–202E (E2 80 AA–AE) or U+2066–2069 (E2 81 A6–A9). Most
    /// text has none and is written untouched; an arrow or a degree sign is no reason to look.
    static func needsWork(_ text: String) -> Bool {
        var utf8 = text
        return utf8.withUTF8 { bytes in
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                switch b {
                case 0x09, 0x0A: break
                case 0x00..<0x20, 0x7F: return true
                case 0xC2: if i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) { return true }
                case 0xD8: if i + 1 < bytes.count, bytes[i + 1] == 0x9C { return true }
                case 0xE2:
                    guard i + 2 < bytes.count else { break }
                    let (b1, b2) = (bytes[i + 1], bytes[i + 2])
                    if b1 == 0x80, b2 == 0x8E || b2 == 0x8F || (0xAA...0xAE).contains(b2) { return true }
                    if b1 == 0x81, (0xA6...0xA9).contains(b2) { return true }
                default: break
                }
                i += 1
            }
            return false
        }
    }

    /// True when `text` holds nothing `escape` would change (a line feed and a tab are fine).
    public static func isClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains { escape($0.value) != nil }
    }

    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

/// Text ready for the terminal. Escape sequences (colours, the live screen, the progress line)
/// get in only through `control` or a renderer's output, whose every piece of text went
/// through `ANSI.paint` and so through `Visible`; anything else is made visible on the way in.
struct TerminalText {
    private(set) var raw: String

    /// Outside text, made visible.
    init(_ text: String) { raw = Visible.text(text) }

    private init(raw: String) { self.raw = raw }

    /// Escape sequences skyshell writes on purpose.
    static func control(_ sequence: String) -> TerminalText { TerminalText(raw: sequence) }

    /// What a renderer produced: its text pieces were made visible as they were painted.
    static func rendered(_ text: String) -> TerminalText { TerminalText(raw: text) }

    static func + (a: TerminalText, b: TerminalText) -> TerminalText { TerminalText(raw: a.raw + b.raw) }
}
