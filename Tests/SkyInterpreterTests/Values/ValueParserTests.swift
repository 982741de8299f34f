import Foundation
import SkyKit
import Testing

@testable import SkyInterpreter

@Suite("Value parsers")
struct ValueParserTests {
    @Test(arguments: [("12", 12.0), ("-3.5", -3.5), (".5", 0.5), ("1e3", 1000), ("2E-2", 0.02), ("+7", 7)])
    func numbersParse(_ text: String, _ value: Double) {
        #expect(NumberParser.parse(text) == value)
    }

    @Test(arguments: ["", "nan", "NaN", "inf", "-infinity", "0x10", "1,000", "1e", "1e999", "--1", "1.2.3", "e5", "1e16"])
    func badNumbersAreRejected(_ text: String) {
        #expect(NumberParser.parse(text) == nil)
    }

    @Test(arguments: [
        ("33ft", 10.0584), ("10m", 10), ("350km", 350_000), ("5nm", 9260), ("12mi", 19312.128),
        ("FL350", 10668), ("fl050", 1524), ("1.5KM", 1500), ("100", 30.48), ("2 ", -1),
    ])
    func lengthsParseWithUnits(_ text: String, _ meters: Double) throws {
        if meters < 0 {
            #expect(throws: ValueError.self) { try LengthParser.meters(text, defaultUnit: .feet, what: "a height") }
        } else {
            let parsed = try LengthParser.meters(text, defaultUnit: .feet, what: "a height")
            #expect(abs(parsed - meters) < 1e-9)
        }
    }

    @Test func lengthErrorsSayWhatIsExpected() {
        do {
            _ = try LengthParser.meters("12pc", defaultUnit: .kilometers, what: "a distance")
            Issue.record("no error")
        } catch {
            #expect(error.message == "'pc' is not a unit of length in '12pc' — use m, km, ft, nm or mi")
        }
    }

    @Test(arguments: [("270", 270.0), ("270deg", 270), ("45°", 45), ("-12.5", -12.5), ("N", 0), ("ene", 67.5), ("NNW", 337.5), ("SW", 225)])
    func anglesParse(_ text: String, _ degrees: Double) throws {
        #expect(try AngleParser.parse(text).degrees == degrees)
    }

    @Test(arguments: ["northish", "12x", "", "nan", "1e7"])
    func badAnglesAreRejected(_ text: String) {
        #expect(throws: ValueError.self) { try AngleParser.parse(text) }
    }

    @Test func coordinatePairsInEveryNotation() throws {
        let decimal = try CoordinateParser.pair("51.4775", "-0.4614")
        #expect(decimal.latitude == 51.4775 && decimal.longitude == -0.4614)
        let hemi = try CoordinateParser.pair("51.4775N", "0.4614W")
        #expect(hemi == decimal)
        let swapped = try CoordinateParser.pair("0.4614W", "51.4775N")
        #expect(swapped == decimal)
        let dms = try CoordinateParser.pair(#"51°28'39"N"#, #"0°27'41"W"#)
        #expect(abs(dms.latitude - (51 + 28.0 / 60 + 39.0 / 3600)) < 1e-12)
        #expect(abs(dms.longitude + (27.0 / 60 + 41.0 / 3600)) < 1e-12)
        let primes = try CoordinateParser.pair("33°56′33″S", "151°10′39″E")
        #expect(primes.latitude < -33.94 && primes.longitude > 151.17)
        let letters = try CoordinateParser.pair("51d28m39sN", "0d27m41sW")
        #expect(abs(letters.latitude - dms.latitude) < 1e-12)
        let minutes = try CoordinateParser.pair("51°28.65'N", "0°27.7'W")
        #expect(abs(minutes.latitude - 51.4775) < 1e-9)
        #expect(CoordinateParser.single("51.4775,-0.4614") == decimal)
    }

    @Test func coordinateErrors() {
        #expect(throws: ValueError("latitude 91 is out of range — it must be between -90 and 90")) { try CoordinateParser.pair("91", "0") }
        #expect(throws: ValueError("longitude 181 is out of range — it must be between -180 and 180")) { try CoordinateParser.pair("0", "181") }
        #expect(throws: ValueError.self) { try CoordinateParser.pair("51N", "10S") }
        #expect(throws: ValueError.self) { try CoordinateParser.pair("-51N", "10E") }
        #expect(throws: ValueError.self) { try CoordinateParser.pair("51°61'N", "10E") }
    }

    @Test func longitude180WrapsToMinus180() throws {
        #expect(try CoordinateParser.pair("0", "180").longitude == -180)
    }

    @Test func durations() throws {
        #expect(try TimeParser.duration("10s", defaultSeconds: 1) == 10)
        #expect(try TimeParser.duration("10min", defaultSeconds: 1) == 600)
        // m is metres wherever a length is written: as a duration it is an error, never minutes.
        #expect(throws: ValueError.self) { try TimeParser.duration("10m", defaultSeconds: 1) }
        #expect(throws: ValueError.self) { try TimeParser.instant("-10m", now: Date(timeIntervalSince1970: 0)) }
        #expect(try TimeParser.duration("1.5h", defaultSeconds: 1) == 5400)
        #expect(try TimeParser.duration("3d", defaultSeconds: 1) == 259_200)
        #expect(try TimeParser.duration("3", defaultSeconds: 86400) == 259_200)
        #expect(throws: ValueError.self) { try TimeParser.duration("-5s", defaultSeconds: 1) }
        #expect(throws: ValueError.self) { try TimeParser.duration("5 weeks", defaultSeconds: 1) }
    }

    @Test func instants() throws {
        let now = Date(timeIntervalSince1970: 1_762_776_000)  // 2025-11-10T12:00:00Z
        #expect(try TimeParser.instant("now", now: now) == now)
        #expect(try TimeParser.instant("-10min", now: now) == now.addingTimeInterval(-600))
        #expect(try TimeParser.instant("+2h", now: now) == now.addingTimeInterval(7200))
        #expect(try TimeParser.instant("13:05", now: now).timeIntervalSince1970 == 1_762_732_800 + 13 * 3600 + 300)
        #expect(try TimeParser.instant("2025-11-09", now: now).timeIntervalSince1970 == 1_762_646_400)
        #expect(try TimeParser.instant("2025-11-09T12:30Z", now: now).timeIntervalSince1970 == 1_762_646_400 + 45_000)
        #expect(try TimeParser.instant("2025-11-09T14:30:00+02:00", now: now).timeIntervalSince1970 == 1_762_646_400 + 45_000)
        #expect(try TimeParser.instant("2024-02-29", now: now).timeIntervalSince1970 == 1_709_164_800)
        #expect(throws: ValueError.self) { try TimeParser.instant("2025-02-30", now: now) }
        #expect(throws: ValueError.self) { try TimeParser.instant("2025-13-01", now: now) }
        #expect(throws: ValueError.self) { try TimeParser.instant("25:00", now: now) }
        #expect(throws: ValueError.self) { try TimeParser.instant("yesterday", now: now) }
    }
}
