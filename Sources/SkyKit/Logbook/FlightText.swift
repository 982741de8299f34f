/// The rules for a flight's text fields, whatever path the flight comes by (typed at the
/// prompt, asked in the form, read from a file): one rule each, here.
public enum FlightText {
    /// The flight number as stored (upper case), or nil when `text` is not one: the airline's
    /// code and digits, perhaps a letter after them (UA155, BAW2490, LH400A); 3 to 8 ASCII
    /// letters and digits.
    public static func flightNumber(_ text: String) -> String? {
        let w = text.uppercased()
        guard (3...8).contains(w.utf8.count), w.utf8.allSatisfy({ isDigit($0) || ($0 >= 65 && $0 <= 90) }) else { return nil }
        let bytes = Array(w.utf8)
        guard isDigit(bytes[bytes.count - 1]) || isDigit(bytes[bytes.count - 2]) else { return nil }
        return w
    }

    /// A flight number as files write it — whole (UA155), or the digits alone beside an
    /// airline column (OpenFlights' `2192`, Flighty's `709`): the digits get the airline's
    /// designator (IATA, else ICAO) and lose leading zeros (Southwest's `0012` is WN12). Nil
    /// when it is neither, or digits without an airline.
    public static func flightNumber(_ text: String, airline: Airline?) -> String? {
        let w = text.uppercased()
        let digits = w.prefix { $0.isASCII && $0.isNumber }
        let suffix = w.dropFirst(digits.count)
        guard !digits.isEmpty else { return flightNumber(w) }
        guard digits.count <= 5, suffix.count <= 1, suffix.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        guard let designator = [airline?.iata, airline?.icao].compactMap({ $0 }).first(where: { !$0.isEmpty }) else { return nil }
        let trimmed = digits.drop { $0 == "0" }
        return flightNumber(designator + (trimmed.isEmpty ? "0" : trimmed) + suffix)
    }

    /// A seat letter as stored (one letter, upper case), or nil.
    public static func seatLetter(_ text: String) -> String? {
        func stored(_ s: String) -> Bool { s.utf8.count == 1 && (65...90).contains(s.utf8.first!) }
        // Files mostly write the letter as stored.
        if stored(text) { return text }
        let upper = text.uppercased()
        return stored(upper) ? upper : nil
    }

    /// False when no byte can start a control character (C1 ones are C2 80–9F), the case of
    /// nearly all text; true sends the text to `controlCharacter`.
    public static func mayHoldControlCharacter(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Eight bytes at a time: a byte below 0x20, or equal to 0x7F or 0xC2, sets its high bit
        // in `hits` (the usual SWAR tests for "less than" and "equal to zero").
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        if let base = bytes.baseAddress {
            while i + 8 <= bytes.count {
                let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let below = (w &- ones &* 0x20) & ~w
                let del = w ^ (ones &* 0x7F), c2 = w ^ (ones &* 0xC2)
                let hits = below | ((del &- ones) & ~del) | ((c2 &- ones) & ~c2)
                if hits & highs != 0 { return true }
                i += 8
            }
        }
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x20 || b == 0x7F || b == 0xC2 { return true }
            i += 1
        }
        return false
    }

    /// A description of the first control character in `text` ("U+001B at character 4"), or
    /// nil when there is none. Notes may hold tabs and line feeds (`multiline`); other fields
    /// hold none.
    public static func controlCharacter(in text: String, multiline: Bool = false) -> String? {
        // Most fields hold no byte that could start a control character (C1 ones are C2 80–9F).
        var contiguous = text  // withUTF8 needs a var; a native string is not copied
        guard contiguous.withUTF8(mayHoldControlCharacter) else { return nil }
        for (n, scalar) in text.unicodeScalars.enumerated() {
            let v = scalar.value
            if multiline, v == 0x09 || v == 0x0A { continue }
            if v < 0x20 || (0x7F..<0xA0).contains(v) {
                let hex = String(v, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: 4 - hex.count) + hex + " at character \(n + 1)"
            }
        }
        return nil
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
}
