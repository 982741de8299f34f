/// ANSI escape sequences for styles.
enum ANSI {
    static let reset = "\u{1B}[0m"

    /// The SGR sequence that starts `style`, or "" for plain text.
    static func start(_ style: Style, accent: Int) -> String {
        switch style {
        case .plain: ""
        case .bold: "\u{1B}[1m"
        case .dim: "\u{1B}[2m"
        case .accent: "\u{1B}[38;5;\(accent)m"
        case .error, .bad: "\u{1B}[31m"
        case .warning: "\u{1B}[33m"
        case .good: "\u{1B}[32m"
        case .color(let n): "\u{1B}[38;5;\(n)m"
        }
    }

    /// `text` made visible (see `Visible`) and wrapped in the codes for `style` when colour is
    /// on. Every piece of text the text renderer writes goes through here.
    static func paint(_ text: String, _ style: Style, _ options: RenderOptions) -> String {
        let shown = Visible.text(text)
        guard options.color, style != .plain, !shown.isEmpty else { return shown }
        return start(style, accent: options.accent) + shown + reset
    }
}

/// Terminal column width of text as written: combining marks take none, East Asian wide
/// characters and most emoji take two, a character `Visible` escapes takes its visible form.
public func displayWidth<S: StringProtocol>(_ text: S) -> Int {
    let printable: (UInt8) -> Bool = { $0 >= 0x20 && $0 < 0x7F }
    if text.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(printable) }) ?? text.utf8.allSatisfy(printable) { return text.utf8.count }
    var width = 0
    for scalar in text.unicodeScalars {
        let v = scalar.value
        if v == 0x0A || v == 0x09 { continue }
        if let shown = Visible.escape(v) { width += shown.utf8.count; continue }
        if v < 0x300 { width += 1; continue }
        if (0x300...0x36F).contains(v) || (0x200B...0x200F).contains(v) || v == 0xFE0F { continue }
        if (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFF60).contains(v) || (0x1F300...0x1FAFF).contains(v)
        {
            width += 2
        } else {
            width += 1
        }
    }
    return width
}

/// The width of UTF-8 text that `Visible` leaves as it is and whose every character is quick
/// to judge one column wide: printable ASCII, U+00A0–U+02FF ("°", "é") and U+2010–U+2027
/// (dashes, quotes, "…"). Nil for anything else, which then takes the general way
/// (`Visible.text`, `displayWidth`); where both answer they agree.
func simpleWidth(_ bytes: ArraySlice<UInt8>) -> Int? {
    var width = 0, i = bytes.startIndex
    while i < bytes.endIndex {
        let b = bytes[i]
        if b < 0x80 {
            guard b >= 0x20, b != 0x7F else { return nil }
            i += 1
        } else if b >= 0xC2, b <= 0xCB, i + 1 < bytes.endIndex {
            guard b != 0xC2 || bytes[i + 1] >= 0xA0 else { return nil }
            i += 2
        } else if b == 0xE2, i + 2 < bytes.endIndex, bytes[i + 1] == 0x80, (0x90...0xA7).contains(bytes[i + 2]) {
            i += 3
        } else {
            return nil
        }
        width += 1
    }
    return width
}

/// Runs of 0 to 64 spaces, for padding without making a string each time.
private let blankRuns = (0...64).map { String(repeating: " ", count: $0) }

/// Appends `n` spaces to `line` (none when `n` is not positive).
func appendSpaces(_ n: Int, to line: inout String) {
    var left = n
    while left > 0 {
        let k = min(left, 64)
        line += blankRuns[k]
        left -= k
    }
}

/// `text` cut to `width` columns with an ellipsis when it is wider: its longest start that
/// leaves a column for "…".
func cut(_ text: String, to width: Int) -> String {
    guard displayWidth(text) > width else { return text }
    var t = text
    while displayWidth(t) > width - 1, !t.isEmpty { t.removeLast() }
    return t + "…"
}

/// `text` padded with spaces to `width` columns, on the right (left-aligned) or left.
func pad(_ text: String, to width: Int, right: Bool = false) -> String {
    let missing = width - displayWidth(text)
    guard missing > 0 else { return text }
    let spaces = String(repeating: " ", count: missing)
    return right ? spaces + text : text + spaces
}
