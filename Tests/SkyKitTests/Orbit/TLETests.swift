import Foundation
import Testing

@testable import SkyKit

/// Reading two-line element sets: fields, checksums, Alpha-5 numbers, the epoch and errors that
/// name the line and column.
@Suite("TLE parsing")
struct TLETests {
    static let iss = """
        ISS (ZARYA)
        1 25544U 98067A   25313.96830531  .00008626  00000+0  16179-3 0  9997
        2 25544  51.6342 304.7042 0004075  52.7615 307.3745 15.49490024537771
        """

    @Test func readsEveryFieldOfTheISS() throws {
        let t = try TLE.parse(Self.iss)
        #expect(t.name == "ISS (ZARYA)" && t.satelliteNumber == 25544 && t.classification == "U" && t.internationalDesignator == "98067A")
        #expect(t.epochYear == 25 && abs(t.epochDay - 313.96830531) < 1e-12)
        #expect(abs(t.meanMotionDot - 0.00008626) < 1e-15 && t.meanMotionDotDot == 0 && abs(t.bstar - 0.16179e-3) < 1e-15)
        #expect(t.inclination == 51.6342 && t.rightAscension == 304.7042 && abs(t.eccentricity - 0.0004075) < 1e-15)
        #expect(t.argumentOfPerigee == 52.7615 && t.meanAnomaly == 307.3745 && t.meanMotion == 15.49490024 && t.revolutionNumber == 53777)
        // 2025 day 313.968… = 9 November 2025, 23:14:21 UTC.
        let c = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: t.epoch)
        #expect(c.year == 2025 && c.month == 11 && c.day == 9 && c.hour == 23 && c.minute == 14 && c.second == 21)
    }

    @Test func theISSNumberIsTheBuiltInSetsAndItsOrbitSizeFollowsKepler() {
        #expect(TLE.builtInISS.satelliteNumber == TLE.issNumber)
        // 15.4949 rev/day: a = 6,796.4 km; perigee 415.5 km and apogee 421.0 km above 6,378.135 km.
        let t = TLE.builtInISS
        #expect(abs(t.semiMajorAxis - 6_796.36) < 0.01 && abs(t.perigeeHeight - 415.45) < 0.01 && abs(t.apogeeHeight - 420.99) < 0.01)
        #expect(abs(t.apogeeHeight - t.perigeeHeight - 2 * t.semiMajorAxis * t.eccentricity) < 1e-9)
        #expect(abs(Kepler.meanMotion(height: t.semiMajorAxis - 6_378.135) - t.meanMotion) < 1e-9)
    }

    @Test func aWrongChecksumNamesTheLineAndColumn() {
        let bad = Self.iss.replacingOccurrences(of: "0  9997", with: "0  9996")
        #expect(throws: TLEError(line: 1, column: 69, message: "checksum 6 does not match the line (7)")) { try TLE.parse(bad) }
        #expect((try? TLE.parse(bad, checksums: false)) != nil)
    }

    @Test func alpha5NumbersCountOnFrom100000() throws {
        #expect(try TLE.satelliteNumber("A0000", line: 1) == 100_000)
        #expect(try TLE.satelliteNumber("H9999", line: 1) == 179_999)
        #expect(try TLE.satelliteNumber("J0001", line: 1) == 180_001)  // I is skipped
        #expect(try TLE.satelliteNumber("P0000", line: 1) == 230_000)  // and O
        #expect(try TLE.satelliteNumber("Z9999", line: 1) == 339_999)
        #expect(throws: TLEError.self) { try TLE.satelliteNumber("I0001", line: 1) }
        #expect(throws: TLEError.self) { try TLE.satelliteNumber("O0001", line: 1) }
    }

    @Test func badFieldsAreNamedWithTheirColumn() {
        let lines = Self.iss.split(separator: "\n").map(String.init)
        func line2(_ replace: (inout [Character]) -> Void) -> String {
            var c = Array(lines[2]); replace(&c); return String(c)
        }
        #expect(throws: TLEError(line: 2, column: 27, message: "the eccentricity '00x4075' is not 7 digits")) {
            try TLE.parse(line1: lines[1], line2: line2 { $0[28] = "x" }, checksums: false)
        }
        #expect(throws: TLEError(line: 2, column: 9, message: "the inclination '51.6a42' is not a number")) {
            try TLE.parse(line1: lines[1], line2: line2 { $0[13] = "a" }, checksums: false)
        }
        #expect(throws: TLEError(line: 2, column: 3, message: "satellite 25545 does not match line 1's 25544")) {
            try TLE.parse(line1: lines[1], line2: line2 { $0[6] = "5" }, checksums: false)
        }
        #expect(throws: TLEError(line: 1, column: 31, message: "the line is 30 characters long; a TLE line has 69")) {
            try TLE.parse(line1: String(lines[1].prefix(30)), line2: lines[2])
        }
        #expect(throws: TLEError(line: 1, column: 1, message: "no line starting with '1 '")) { try TLE.parse("hello\nworld") }
    }
}
