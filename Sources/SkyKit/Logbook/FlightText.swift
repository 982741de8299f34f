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
        let w = text.uppercased()
        guard w.utf8.count == 1, let b = w.utf8.first, b >= 65, b <= 90 else { return nil }
        return w
    }

    /// A description of the first control character in `text` ("U+001B at character 4"), or
    /// nil when there is none. Notes may hold tabs and line feeds (`multiline`); other fields
    /// hold none.
    public static func controlCharacter(in text: String, multiline: Bool = false) -> String? {
        // Most fields hold no byte that could start a control character (C1 ones are C2 80–9F).
        var contiguous = text  // withUTF8 needs a var; a native string is not copied
        guard contiguous.withUTF8({ $0.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 } }) else { return nil }
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
