/// Strict decimal numbers, as users type them and as outside text (files, feeds, headers, the
/// environment) spells them: `12`, `-3.5`, `.5`, `1e3`. Rejects NaN, infinities, hex (`0x10`,
/// which `Double(String)` would read as 16), thousands separators and magnitudes beyond 1e15.
/// Every number read from text goes through here.
public enum NumberParser {
    /// The number spelled by the whole of `text`, or nil.
    public static func parse<S: StringProtocol>(_ text: S) -> Double? {
        guard !text.isEmpty, text.utf8.count <= 40 else { return nil }
        var sawDigit = false, sawDot = false, sawExp = false, expDigit = false
        var previous: UInt8 = 0
        for (n, b) in text.utf8.enumerated() {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if sawExp { expDigit = true } else { sawDigit = true }
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard n == 0 || previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E") else { return nil }
            case UInt8(ascii: "."):
                guard !sawDot, !sawExp else { return nil }
                sawDot = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard sawDigit, !sawExp else { return nil }
                sawExp = true
            default:
                return nil
            }
            previous = b
        }
        guard sawDigit, !sawExp || expDigit, let value = Double(String(text)), value.isFinite,
            abs(value) <= 1e15
        else { return nil }
        return value
    }

    /// Splits `text` into a leading number and the rest: `"350km"` → (350, "km").
    public static func splitUnit<S: StringProtocol>(_ text: S) -> (Double, Substring)? {
        let s = Substring(text)
        var end = s.startIndex
        var previous: Character = " "
        for c in s {
            let isNumberChar = c.isASCII && (c.isNumber || c == "." || ((c == "-" || c == "+") && (end == s.startIndex || previous == "e" || previous == "E")))
            let isExponent =
                (c == "e" || c == "E") && end != s.startIndex && previous.isNumber
                && s[s.index(after: end)...].first.map { $0.isNumber || $0 == "-" || $0 == "+" } == true
            guard isNumberChar || isExponent else { break }
            previous = c
            end = s.index(after: end)
        }
        guard end != s.startIndex, let value = parse(s[..<end]) else { return nil }
        return (value, s[end...])
    }

    /// Parses a whole number in `range`.
    public static func integer<S: StringProtocol>(_ text: S, in range: ClosedRange<Int>) -> Int? {
        // Plain digits (nearly every whole number read) need no Double; anything else is read
        // by `parse`, which gives these the same value.
        var plain = 0, digits = 0
        for b in text.utf8 {
            guard b >= 48, b <= 57, digits < 15 else {
                digits = -1
                break
            }
            plain = plain * 10 + Int(b - 48)
            digits += 1
        }
        if digits > 0 { return range.contains(plain) ? plain : nil }
        guard let value = parse(text), value == value.rounded(), value >= Double(range.lowerBound),
            value <= Double(range.upperBound)
        else { return nil }
        return Int(value)
    }
}
