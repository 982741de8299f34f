import FoundationEssentials
import Glibc

/// Why a two-line element set could not be read: the line and column, and what was wrong.
public struct TLEError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String
    public var description: String { "TLE line \(line), column \(column): \(message)" }
}

/// A NORAD two-line element set (with its optional name line), as CelesTrak and Space-Track
/// publish them. Angles are in degrees, the mean motion in revolutions per day, as written.
public struct TLE: Sendable, Equatable {
    public var name: String?
    /// The catalogue number (Alpha-5 numbers such as A0001 count on from 100000).
    public var satelliteNumber: Int
    public var classification: Character
    public var internationalDesignator: String
    /// Epoch: two-digit year (57–99 → 19xx, else 20xx) and day of the year with its fraction.
    public var epochYear: Int
    public var epochDay: Double
    /// First derivative of the mean motion / 2 (rev/day²) and second / 6 (rev/day³).
    public var meanMotionDot: Double
    public var meanMotionDotDot: Double
    /// The SGP4 drag term, per Earth radius.
    public var bstar: Double
    public var elementSetNumber: Int
    public var inclination: Double
    public var rightAscension: Double
    public var eccentricity: Double
    public var argumentOfPerigee: Double
    public var meanAnomaly: Double
    public var meanMotion: Double
    public var revolutionNumber: Int
    public var line1: String
    public var line2: String

    /// The epoch as a Julian date (UTC).
    public var epochJulianDate: Double {
        let year = epochYear < 57 ? 2000 + epochYear : 1900 + epochYear
        return JulianDate.of(year: year, month: 1, day: 1) + epochDay - 1
    }

    /// The epoch as a date.
    public var epoch: Date { JulianDate.date(epochJulianDate) }

    /// Its name, or "satellite 25544" for a set without one.
    public var displayName: String { name ?? "satellite \(satelliteNumber)" }
    /// The same at the head of a card or a sentence: "Satellite 25544" without a name.
    public var title: String { name ?? "Satellite \(satelliteNumber)" }

    /// Reads a TLE from text: two lines, or three with a name first; lines may carry trailing
    /// text after column 69 (as verification files do). `checksums` checks the column-69 digit.
    public static func parse(_ text: String, checksums: Bool = true) throws(TLEError) -> TLE {
        let lines = text.split(whereSeparator: \.isNewline).map { String($0) }.filter { !$0.trimmingWhitespace().isEmpty }
        guard let first = lines.firstIndex(where: { $0.hasPrefix("1 ") }) else { throw TLEError(line: 1, column: 1, message: "no line starting with '1 '") }
        guard first + 1 < lines.count, lines[first + 1].hasPrefix("2 ") else {
            throw TLEError(line: first + 2, column: 1, message: "the second line must start with '2 '")
        }
        return try parse(line1: lines[first], line2: lines[first + 1], name: first > 0 ? lines[first - 1] : nil, checksums: checksums)
    }

    public static func parse(line1: String, line2: String, name: String? = nil, checksums: Bool = true) throws(TLEError) -> TLE {
        let l1 = Array(line1.utf8), l2 = Array(line2.utf8)
        for (n, l) in [(1, l1), (2, l2)] {
            guard l.count >= 68 else { throw TLEError(line: n, column: l.count + 1, message: "the line is \(l.count) characters long; a TLE line has 69") }
            if let bad = l.prefix(69).firstIndex(where: { $0 < 0x20 || $0 > 0x7E }) {
                throw TLEError(line: n, column: bad + 1, message: "unexpected character")
            }
        }
        if checksums {
            for (n, l) in [(1, l1), (2, l2)] {
                guard l.count >= 69 else { throw TLEError(line: n, column: 69, message: "the checksum digit is missing") }
                let sum = checksum(l)
                guard l[68] >= 0x30, l[68] <= 0x39, Int(l[68] - 0x30) == sum else {
                    throw TLEError(line: n, column: 69, message: "checksum \(Character(Unicode.Scalar(l[68]))) does not match the line (\(sum))")
                }
            }
        }
        func field(_ l: [UInt8], _ from: Int, _ to: Int) -> String {
            String(decoding: l[(from - 1)..<min(to, l.count)], as: UTF8.self).trimmingWhitespace()
        }
        func number(_ n: Int, _ l: [UInt8], _ from: Int, _ to: Int, _ what: String, blankIsZero: Bool = false) throws(TLEError) -> Double {
            let text = field(l, from, to)
            if text.isEmpty, blankIsZero { return 0 }
            guard let v = NumberParser.parse(text) else {
                throw TLEError(line: n, column: from, message: "\(what) '\(text)' is not a number")
            }
            return v
        }
        /// "12345-6" means 0.12345e-6 (an assumed leading decimal point).
        func exponential(_ n: Int, _ l: [UInt8], _ from: Int, _ to: Int, _ what: String) throws(TLEError) -> Double {
            var text = field(l, from, to).replacingAll(" ", with: "")
            if text.isEmpty { return 0 }
            var sign = 1.0
            if text.hasPrefix("-") { sign = -1; text.removeFirst() } else if text.hasPrefix("+") { text.removeFirst() }
            guard let cut = text.lastIndex(where: { $0 == "-" || $0 == "+" }), cut != text.startIndex,
                text[..<cut].allSatisfy({ $0.isASCII && $0.isNumber }), NumberParser.integer(text[cut...], in: -99...99) != nil,
                // Read as the decimal it spells (0.16179e-3), so it is the double nearest to that
                // number and prints as written: 0.00016179, not 0.16179 × 10⁻³ rounded twice.
                let value = NumberParser.parse("0." + text[..<cut] + "e" + text[cut...])
            else {
                if text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let plain = NumberParser.parse("0." + text) { return sign * plain }
                throw TLEError(line: n, column: from, message: "\(what) '\(field(l, from, to))' is not a number like 12345-6")
            }
            return sign * value
        }
        guard l1[0] == UInt8(ascii: "1") else { throw TLEError(line: 1, column: 1, message: "the first line must start with 1") }
        guard l2[0] == UInt8(ascii: "2") else { throw TLEError(line: 2, column: 1, message: "the second line must start with 2") }
        let number1 = try satelliteNumber(field(l1, 3, 7), line: 1)
        let number2 = try satelliteNumber(field(l2, 3, 7), line: 2)
        guard number1 == number2 else { throw TLEError(line: 2, column: 3, message: "satellite \(field(l2, 3, 7)) does not match line 1's \(field(l1, 3, 7))") }
        let epochText = field(l1, 19, 32)
        guard epochText.count >= 3, let epochYear = NumberParser.integer(epochText.prefix(2), in: 0...99),
            let epochDay = NumberParser.parse(epochText.dropFirst(2))
        else {
            throw TLEError(line: 1, column: 19, message: "the epoch '\(epochText)' is not YYDDD.DDDDDDDD")
        }
        let ecc = field(l2, 27, 33)
        guard !ecc.isEmpty, ecc.allSatisfy(\.isNumber), let e = Double("0." + ecc) else {
            throw TLEError(line: 2, column: 27, message: "the eccentricity '\(ecc)' is not 7 digits")
        }
        let tle = TLE(
            name: name.flatMap(nameOfLine), satelliteNumber: number1, classification: Character(Unicode.Scalar(l1[7])),
            internationalDesignator: field(l1, 10, 17), epochYear: epochYear, epochDay: epochDay,
            meanMotionDot: try number(1, l1, 34, 43, "the mean motion derivative"),
            meanMotionDotDot: try exponential(1, l1, 45, 52, "the second derivative"),
            bstar: try exponential(1, l1, 54, 61, "B*"),
            elementSetNumber: Int(field(l1, 65, 68)) ?? 0,
            inclination: try number(2, l2, 9, 16, "the inclination"),
            rightAscension: try number(2, l2, 18, 25, "the right ascension"),
            eccentricity: e,
            argumentOfPerigee: try number(2, l2, 35, 42, "the argument of perigee"),
            meanAnomaly: try number(2, l2, 44, 51, "the mean anomaly"),
            meanMotion: try number(2, l2, 53, 63, "the mean motion"),
            revolutionNumber: Int(field(l2, 64, 68)) ?? 0,
            line1: String(decoding: l1.prefix(69), as: UTF8.self), line2: String(decoding: l2.prefix(69), as: UTF8.self))
        guard (0...180).contains(tle.inclination) else { throw TLEError(line: 2, column: 9, message: "inclination \(tle.inclination)° is outside 0–180°") }
        guard tle.meanMotion > 0 else { throw TLEError(line: 2, column: 53, message: "the mean motion must be positive") }
        guard tle.epochDay >= 1, tle.epochDay < 367 else { throw TLEError(line: 1, column: 21, message: "day of the year \(tle.epochDay) is outside 1–366") }
        return tle
    }

    /// The name a name line gives: without the spaces it is padded with and the `0 ` of the
    /// 3LE form; nil when nothing is left.
    static func nameOfLine(_ line: String) -> String? {
        var name = line.trimmingWhitespace()
        if name.hasPrefix("0 ") { name = name.dropFirst(2).trimmingWhitespace() }
        return name.isEmpty ? nil : name
    }

    /// A catalogue number: five digits, or Alpha-5 (a letter other than I and O, then four
    /// digits: A0000 = 100000).
    static func satelliteNumber(_ text: String, line: Int) throws(TLEError) -> Int {
        if let n = Int(text), n >= 0 { return n }
        let u = Array(text.utf8)
        guard u.count == 5, let letter = u.first, letter >= UInt8(ascii: "A"), letter <= UInt8(ascii: "Z"),
            letter != UInt8(ascii: "I"), letter != UInt8(ascii: "O"), let rest = Int(String(decoding: u[1...], as: UTF8.self))
        else {
            throw TLEError(line: line, column: 3, message: "satellite number '\(text)' is neither 5 digits nor Alpha-5 (A0001)")
        }
        var value = Int(letter - UInt8(ascii: "A")) + 10
        if letter > UInt8(ascii: "I") { value -= 1 }
        if letter > UInt8(ascii: "O") { value -= 1 }
        return value * 10_000 + rest
    }
}

/// Julian dates (days since noon UTC, 4713 BC): conversions used by the orbit code.
public enum JulianDate {
    /// The Julian date of 0h UTC on a Gregorian calendar date.
    public static func of(year: Int, month: Int, day: Int) -> Double {
        367.0 * Double(year) - Double((7 * (year + (month + 9) / 12)) / 4) + Double(275 * month / 9) + Double(day) + 1_721_013.5
    }

    public static func of(_ date: Date) -> Double { date.timeIntervalSince1970 / 86_400 + 2_440_587.5 }
    public static func date(_ jd: Double) -> Date { Date(timeIntervalSince1970: (jd - 2_440_587.5) * 86_400) }
}

extension TLE {
    /// The ISS's catalogue number (known without reading the built-in set).
    public static let issNumber = 25544

    /// The element set built into skyshell: the ISS (ZARYA), epoch 2025-11-09.
    public static let builtInISS: TLE = {
        // The embedded text is checked by the tests; it cannot fail to parse.
        (try? TLE.parse(String(decoding: PackageResources.iss_tle, as: UTF8.self)))!
    }()
}
