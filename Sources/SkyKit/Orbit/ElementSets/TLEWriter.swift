import FoundationEssentials
import Glibc

/// Why an element set cannot be written as two TLE lines: a value the fixed columns cannot hold.
public struct TLEWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension TLE {
    /// The two lines of this element set in the fixed columns of the format, with their
    /// checksums: what an element set read from OMM becomes so that it can be shown and kept.
    public static func lines(
        satelliteNumber: Int, classification: Character, internationalDesignator: String, epochYear: Int, epochDay: Double,
        meanMotionDot: Double, meanMotionDotDot: Double, bstar: Double, elementSetNumber: Int, inclination: Double,
        rightAscension: Double, eccentricity: Double, argumentOfPerigee: Double, meanAnomaly: Double, meanMotion: Double,
        revolutionNumber: Int
    ) throws(TLEWriteError) -> (String, String) {
        let number = try alpha5(satelliteNumber)
        guard abs(meanMotionDot) < 1 else { throw TLEWriteError(message: "the mean motion derivative \(meanMotionDot) does not fit a TLE") }
        guard (0..<100).contains(meanMotion) else { throw TLEWriteError(message: "the mean motion \(meanMotion) does not fit a TLE") }
        let day = fixed(epochDay, width: 12, decimals: 8).replacingAll(" ", with: "0")
        let ndot = (meanMotionDot < 0 ? "-" : " ") + String(fixed(abs(meanMotionDot), width: 10, decimals: 8).drop { $0 == " " || $0 == "0" })
        var line1 =
            "1 \(number)\(classification) \(pad(internationalDesignator, 8)) \(two(epochYear))\(day) \(pad(ndot, 10, right: true)) "
            + "\(try exponent(meanMotionDotDot)) \(try exponent(bstar)) 0 \(pad(String(elementSetNumber % 10_000), 4, right: true))"
        let ecc = String(Int((eccentricity * 1e7).rounded()))
        guard ecc.count <= 7 else { throw TLEWriteError(message: "the eccentricity \(eccentricity) does not fit a TLE") }
        var line2 =
            "2 \(number) \(fixed(inclination, width: 8, decimals: 4)) \(fixed(rightAscension, width: 8, decimals: 4)) "
            + "\(String(repeating: "0", count: 7 - ecc.count) + ecc) \(fixed(argumentOfPerigee, width: 8, decimals: 4)) "
            + "\(fixed(meanAnomaly, width: 8, decimals: 4))"
            + " \(fixed(meanMotion, width: 11, decimals: 8))\(pad(String(revolutionNumber % 100_000), 5, right: true))"
        line1 += String(checksum(line1.utf8))
        line2 += String(checksum(line2.utf8))
        return (line1, line2)
    }

    /// The column-69 digit: the digits of the first 68 columns added up, each minus sign
    /// counting one, modulo 10.
    static func checksum<Bytes: Collection<UInt8>>(_ line: Bytes) -> Int {
        line.prefix(68).reduce(0) { acc, c in acc + (c >= 0x30 && c <= 0x39 ? Int(c - 0x30) : c == UInt8(ascii: "-") ? 1 : 0) } % 10
    }

    /// A catalogue number in five columns: digits up to 99999, Alpha-5 (A0000 = 100000, I and O
    /// skipped) up to 339999.
    static func alpha5(_ n: Int) throws(TLEWriteError) -> String {
        if (0..<100_000).contains(n) { return pad(String(n), 5, right: true).replacingAll(" ", with: "0") }
        guard n < 340_000 else { throw TLEWriteError(message: "catalogue number \(n) is beyond what a TLE can hold (339999)") }
        let letters = Array("ABCDEFGHJKLMNPQRSTUVWXYZ")
        let index = n / 10_000 - 10
        let rest = String(n % 10_000)
        return String(letters[index]) + String(repeating: "0", count: 4 - rest.count) + rest
    }

    /// "±NNNNN±E": a number as a five-digit mantissa with an assumed leading point and a
    /// one-digit power of ten (12345-6 is 0.12345e-6).
    static func exponent(_ value: Double) throws(TLEWriteError) -> String {
        guard value != 0 else { return " 00000+0" }
        var power = Int(floor(log10(abs(value)))) + 1
        var mantissa = Int((abs(value) / pow(10, Double(power)) * 100_000).rounded())
        if mantissa >= 100_000 {
            mantissa /= 10
            power += 1
        }
        guard (-9...9).contains(power) else { throw TLEWriteError(message: "\(value) is too small or too large for a TLE field") }
        let digits = String(mantissa)
        return (value < 0 ? "-" : " ") + String(repeating: "0", count: 5 - digits.count) + digits + (power < 0 ? "-" : "+") + String(abs(power))
    }

    static func fixed(_ value: Double, width: Int, decimals: Int) -> String {
        pad(DigitGroups.fixed(value, decimals: decimals), width, right: true)
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let t = String(text.prefix(width))
        let space = String(repeating: " ", count: width - t.count)
        return right ? space + t : t + space
    }
}
