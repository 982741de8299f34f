/// The rules for a flight's text fields, whatever path the flight comes by (typed at the
/// prompt, asked in the form, read from a file): one rule each, here.
public enum FlightText {
    /// A flight number as people write it, read into its parts: `LX 14`, `LX14`, `LX0014`,
    /// `B6-907`, `T3-7107`, `BAW2490`, `LH400A`, or the digits alone (`14`, `0012`) beside an
    /// airline. The designator is IATA's two characters (at least one a letter: B6, 9W) or
    /// ICAO's three letters; the number has 1 to 4 digits (IATA's rule), perhaps one letter after.
    public struct FlightNumber: Equatable, Sendable {
        /// The airline designator as written (upper case); nil for digits alone.
        public var designator: String?
        public var number: Int
        /// An operational suffix letter (LH400A).
        public var suffix: String

        /// Reads `text`; nil when it is not a flight number.
        public init?(_ text: String) {
            var chars = Array(text.trimmedWhitespace.uppercased())
            func isLetter(_ c: Character) -> Bool { c.isASCII && c.isLetter }
            func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
            var designator: String?
            if chars.count >= 4, chars[0..<3].allSatisfy(isLetter), isDigit(chars[3]) || chars[3] == " " || chars[3] == "-" {
                designator = String(chars[0..<3])
            } else if chars.count >= 3, chars[0..<2].allSatisfy({ isLetter($0) || isDigit($0) }), chars[0..<2].contains(where: isLetter) {
                designator = String(chars[0..<2])
            }
            if let designator {
                chars.removeFirst(designator.count)
                // One space or hyphen may part the designator from the number (B6-907, LX 14).
                if let first = chars.first, first == " " || first == "-" { chars.removeFirst() }
            }
            let digits = chars.prefix(while: isDigit)
            let rest = chars.dropFirst(digits.count)
            guard (1...4).contains(digits.count), rest.count <= 1, rest.allSatisfy(isLetter), let number = Int(String(digits)) else { return nil }
            self.designator = designator
            self.number = number
            self.suffix = String(rest)
        }

        /// The stored form with this designator: no space, no leading zeros (LX14).
        public func stored(_ designator: String) -> String { designator + String(number) + suffix }

        /// The stored form with the designator written, else the airline's (IATA, else ICAO);
        /// nil for digits without an airline.
        public func stored(airline: Airline?) -> String? {
            guard let designator = designator ?? [airline?.iata, airline?.icao].compactMap({ $0 }).first(where: { !$0.isEmpty }) else { return nil }
            return stored(designator)
        }
    }

    /// The flight number as stored, or nil when `text` is not one with its airline designator:
    /// `LX 14`, `LX0014` and `lx14` are all LX14.
    public static func flightNumber(_ text: String) -> String? {
        guard let parts = FlightNumber(text), let designator = parts.designator else { return nil }
        return parts.stored(designator)
    }

    /// A flight number as people and files write it — whole (`UA155`, `B6 907`), or the digits
    /// alone beside an airline (OpenFlights' `2192`, Flighty's `709`, `flight add … airline LX
    /// number 14`): digits get the airline's designator (IATA, else ICAO). Nil when it is
    /// neither, or digits without an airline.
    public static func flightNumber(_ text: String, airline: Airline?) -> String? {
        FlightNumber(text)?.stored(airline: airline)
    }

    /// True for a flight number a logbook may hold: one in the stored form, or one an earlier
    /// version stored under its looser rule (3 to 8 letters and digits ending in a digit, or a
    /// digit and a letter), so that such a flight can still be edited.
    public static func isStoredFlightNumber(_ text: String) -> Bool {
        if flightNumber(text) == text { return true }
        let bytes = Array(text.utf8)
        guard (3...8).contains(bytes.count), bytes.allSatisfy({ isDigit($0) || ($0 >= 65 && $0 <= 90) }) else { return false }
        return isDigit(bytes[bytes.count - 1]) || isDigit(bytes[bytes.count - 2])
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
