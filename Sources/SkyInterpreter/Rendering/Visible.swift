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

    /// True when `text` holds a byte that may start a character `escape` changes (a quick scan
    /// of the UTF-8: most text has none and is written untouched).
    static func needsWork(_ text: String) -> Bool {
        for b in text.utf8 {
            switch b {
            case 0x09, 0x0A: continue
            case 0x00..<0x20, 0x7F, 0xC2, 0xD8, 0xE2: return true
            default: continue
            }
        }
        return false
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
