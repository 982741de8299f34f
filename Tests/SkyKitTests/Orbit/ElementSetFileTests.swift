import Foundation
import SkyTestSupport
import Testing

@testable import SkyKit

/// Reading element sets in every published format: TLE/3LE, OMM JSON (CelesTrak and
/// Space-Track), OMM CSV and OMM XML; OMM and TLE give the same SGP4 states, and those agree
/// with python-sgp4's reading of the same OMM files.
@Suite("Element-set files")
struct ElementSetFileTests {
    static func read(_ name: String) throws -> ElementSetFile {
        try ElementSetFile.read(Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.directory + "/orbit/elements/" + name))))
    }

    @Test func threeLineTextWithCRLFPaddedNamesAndABadSet() throws {
        let file = try Self.read("mixed.3le")
        #expect(file.format == .tle)
        #expect(file.sets.map(\.name) == ["ISS (ZARYA)", "HST", nil])
        #expect(file.sets.map(\.satelliteNumber) == [25544, 20580, 5])
        #expect(file.problems.count == 1)
        #expect(file.problems.first?.place == "line 9" && file.problems.first?.message.contains("checksum 1 does not match") == true)
    }

    @Test func ommJSONCSVAndXMLGiveTheTLEsLines() throws {
        let vanguard = try #require(try Self.read("mixed.3le").sets.last)
        for name in ["vanguard-celestrak.json", "vanguard-iss.csv", "vanguard.xml"] {
            let file = try Self.read(name)
            #expect(file.problems.isEmpty, "\(name): \(file.problems)")
            let set = try #require(file.sets.first)
            #expect(set.name == "VANGUARD 1" && set.satelliteNumber == 5 && set.internationalDesignator == "58002B")
            // The lines written for an OMM set are the TLE's (python-sgp4's exporter writes the same),
            // but for the sign of a zero second derivative (00000-0 or 00000+0: both are written)
            // and so the checksum.
            func masked(_ l: String) -> String { String(l.prefix(44)) + String(l.dropFirst(52).prefix(16)) }
            #expect(masked(set.line1) == masked(vanguard.line1) && set.line2 == vanguard.line2, "\(name): \(set.line1)")
            #expect(abs(set.epochDay - 287.20333880) < 1e-9 && set.epochYear == 20)
            #expect(set.bstar == -2.2483e-5 && set.meanMotionDot == -1.6e-7)
        }
        #expect(try Self.read("vanguard.xml").sets.map(\.name) == ["VANGUARD 1", "HST & co"])
        #expect(try Self.read("vanguard-iss.csv").format == .ommCSV)
    }

    @Test func ommAndTLEGiveTheSameSGP4States() throws {
        let tles = try Self.read("mixed.3le").sets
        let omms = try Self.read("vanguard-iss.csv").sets + (try Self.read("vanguard.xml").sets)
        var worst = 0.0
        defer { print("OMM vs TLE: worst \(worst * 1000) m") }
        for omm in omms {
            let tle = try #require(tles.first { $0.satelliteNumber == omm.satelliteNumber })
            let a = try SGP4(omm), b = try SGP4(tle)
            for minutes in [0.0, 720, 2880] {
                let sa = try a.propagate(minutes: minutes), sb = try b.propagate(minutes: minutes)
                let d = ((sa.position - sb.position) * (sa.position - sb.position)).sum().squareRoot()
                worst = max(worst, d)
                // The same elements (the OMM epochs here are the TLE's to the microsecond).
                #expect(d < 1e-6, "\(omm.name ?? ""): \(d * 1000) m apart after \(minutes) min")
            }
        }
    }

    @Test func statesAgreeWithPythonSGP4ReadingTheSameOMM() throws {
        let rows = try Fixtures.csv("orbit/elements/omm-states.csv").dropFirst()
        #expect(rows.count == 16)
        var worst = 0.0
        for row in rows {
            let set = try #require(try Self.read(row[0]).sets.first { String($0.satelliteNumber) == row[1] })
            let state = try SGP4(set).propagate(minutes: Double(row[2])!)
            let expected = SIMD3(Double(row[3])!, Double(row[4])!, Double(row[5])!)
            let d = ((state.position - expected) * (state.position - expected)).sum().squareRoot()
            worst = max(worst, d)
            let v = SIMD3(Double(row[6])!, Double(row[7])!, Double(row[8])!)
            #expect(((state.velocity - v) * (state.velocity - v)).sum().squareRoot() < 1e-8)
        }
        print("OMM states vs python-sgp4: worst \(worst * 1e6) mm")
        #expect(worst < 1e-6, "worst \(worst * 1e6) mm")
    }

    @Test func spaceTrackStringsAndTLELines() throws {
        let file = try Self.read("spacetrack.json")
        #expect(file.sets.map(\.satelliteNumber) == [25544, 5])
        #expect(file.sets.first?.name == "ISS (ZARYA)" && file.sets.first?.line1 == TLE.builtInISS.line1)
        #expect(
            file.problems == [
                ElementSetProblem(
                    place: "item 3", message: "BROKEN: EPOCH '2025-13-40T00:00:00' is not a UTC time like 2020-10-13T04:52:48.472320 between 1957 and 2056")
            ])
    }

    @Test func hostileAndEmptyFilesSayWhy() throws {
        #expect(throws: TLEError.self) { try ElementSetFile.read([0xFF, 0xFE]) }
        #expect(throws: TLEError.self) { try ElementSetFile.read(Array("[{\"OBJECT_NAME\": ".utf8)) }
        #expect(throws: TLEError.self) { try ElementSetFile.read(Array("<ndm><omm></omm></ndm>".utf8)) }
        // A closing tag without a name (found by fuzzing: it once crashed the reader).
        #expect(throws: TLEError.self) { try ElementSetFile.read(Array("<ndm></><segment></></segment".utf8)) }
        let empty = try ElementSetFile.read(Array("hello\nworld\n".utf8))
        #expect(empty.sets.isEmpty && empty.problems.count == 1)
        // Numbers pass the one checked conversion: hex, NaN and out-of-range values are refused.
        let bad = try ElementSetFile.read(
            Array(
                ("[{\"NORAD_CAT_ID\":1,\"EPOCH\":\"2025-01-01T00:00:00\",\"MEAN_MOTION\":\"0x10\",\"ECCENTRICITY\":0.1,\"INCLINATION\":200"
                    + ",\"RA_OF_ASC_NODE\":0,\"ARG_OF_PERICENTER\":0,\"MEAN_ANOMALY\":0}]").utf8))
        #expect(bad.problems.first?.message.contains("INCLINATION 200 is outside 0–180") == true)
        // A name full of control characters is kept as text (made visible where it is written), cut at 50.
        let long = try ElementSetFile.read(
            Array(("\u{1B}[31m" + String(repeating: "X", count: 100) + "\n" + TLE.builtInISS.line1 + "\n" + TLE.builtInISS.line2).utf8))
        #expect(long.sets.first?.name?.count == 50)
    }

    /// What the catalogue keeps reads back as what was loaded: OMM sets with a line break or
    /// ESC in CLASSIFICATION_TYPE, OBJECT_ID, OBJECT_NAME or TLE_LINE0 are refused with the
    /// field named (they used to load as "1 new", then vanish or rename a set when read again),
    /// and every set that is accepted — names starting `1 ` or `0 `, ESC in a 3LE name — is the
    /// same set after the catalogue's text is read back.
    @Test func whatTheCatalogueKeepsReadsBackAsWhatWasLoaded() throws {
        func omm(_ number: Int, _ extra: String) -> String {
            #"{"NORAD_CAT_ID":\#(number),"EPOCH":"2025-01-01T00:00:00","MEAN_MOTION":15.5,"ECCENTRICITY":0.0004,"INCLINATION":51.6,"#
                + #""RA_OF_ASC_NODE":10,"ARG_OF_PERICENTER":20,"MEAN_ANOMALY":30\#(extra)}"#
        }
        let hostile: [(String, String)] = [
            (#","CLASSIFICATION_TYPE":"\n""#, "CLASSIFICATION_TYPE"), (#","CLASSIFICATION_TYPE":"\u001b""#, "CLASSIFICATION_TYPE"),
            (#","CLASSIFICATION_TYPE":"7""#, "CLASSIFICATION_TYPE"), (#","OBJECT_ID":"1998-067A\n2 9""#, "OBJECT_ID"),
            (#","OBJECT_ID":"\u001b[31m""#, "OBJECT_ID"), (#","OBJECT_ID":"1998-067ABCDEF""#, "OBJECT_ID"),
            (#","OBJECT_NAME":"EVIL\nISS (ZARYA)""#, "OBJECT_NAME"), (#","OBJECT_NAME":"RED\u001b[31m""#, "OBJECT_NAME"),
            (#","OBJECT_NAME":"A\u2028B""#, "OBJECT_NAME"), (#","OBJECT_NAME":"X\r""#, "OBJECT_NAME"),
        ]
        let refused = try ElementSetFile.read(Array(("[" + hostile.enumerated().map { omm(100 + $0.offset, $0.element.0) }.joined(separator: ",") + "]").utf8))
        #expect(refused.sets.isEmpty, "\(refused.sets.map(\.name))")
        #expect(refused.problems.count == hostile.count)
        for (problem, (_, field)) in zip(refused.problems, hostile) { #expect(problem.message.contains(field), "\(problem.message)") }

        let fine = [
            omm(1, #","OBJECT_NAME":"1 NOT A LINE","OBJECT_ID":"2025-001A","CLASSIFICATION_TYPE":"C""#),
            omm(2, #","OBJECT_NAME":"0 ZERO""#), omm(3, #","OBJECT_NAME":"2 TWO","OBJECT_ID":"UNKNOWN""#), omm(4, ""),
        ]
        var loaded = try ElementSetFile.read(Array(("[" + fine.joined(separator: ",") + "]").utf8)).sets
        loaded += try ElementSetFile.read(Array(("\u{1B}[31mRED\n" + TLE.builtInISS.line1 + "\n" + TLE.builtInISS.line2).utf8)).sets
        #expect(loaded.count == 5)
        let catalogue = SatelliteCatalog(loaded)
        let back = try ElementSetFile.read(Array(catalogue.text.utf8))
        #expect(back.problems.isEmpty && back.sets == catalogue.sets, "\(back.sets.map(\.name)) \(back.problems)")
        #expect(back.sets.map(\.name) == ["1 NOT A LINE", "0 ZERO", "2 TWO", nil, "\u{1B}[31mRED"])
        #expect(back.sets[0].classification == "C" && back.sets[0].internationalDesignator == "25001A")
    }

    @Test func tleLinesAreWrittenInTheirColumns() throws {
        #expect(try TLE.exponent(0.00016179) == " 16179-3")
        #expect(try TLE.exponent(-2.2483e-5) == "-22483-4")
        #expect(try TLE.exponent(0) == " 00000+0")
        #expect(try TLE.exponent(0.999999) == " 10000+1")
        #expect(try TLE.alpha5(100_000) == "A0000" && TLE.alpha5(339_999) == "Z9999" && TLE.alpha5(25544) == "25544" && TLE.alpha5(5) == "00005")
        #expect(throws: TLEWriteError.self) { try TLE.alpha5(340_000) }
        for n in [100_000, 181_234, 339_999] { #expect(try TLE.satelliteNumber(TLE.alpha5(n), line: 1) == n) }
        let iss = TLE.builtInISS
        let lines = try TLE.lines(
            satelliteNumber: iss.satelliteNumber, classification: "U", internationalDesignator: iss.internationalDesignator, epochYear: iss.epochYear,
            epochDay: iss.epochDay, meanMotionDot: iss.meanMotionDot, meanMotionDotDot: 0, bstar: iss.bstar, elementSetNumber: 999,
            inclination: iss.inclination, rightAscension: iss.rightAscension, eccentricity: iss.eccentricity, argumentOfPerigee: iss.argumentOfPerigee,
            meanAnomaly: iss.meanAnomaly, meanMotion: iss.meanMotion, revolutionNumber: iss.revolutionNumber)
        #expect(lines.0 == iss.line1 && lines.1 == iss.line2)
    }
}
