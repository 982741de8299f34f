import Foundation
import SkyTestSupport
import Testing

@testable import SkyKit

/// The OpenSky decoder's shortcuts against plain reading: rows read straight from the bytes
/// against the same document parsed whole by `JSONParser` and read by the documented field
/// rules; a large list read in parts by several cores against the same list read in one
/// piece, rows and errors alike, on documents whose strings hold what looks like a row boundary.
@Suite("OpenSky decoding shortcuts")
struct OpenSkyFastPathTests {
    /// What the documentation of OpenSky's states says each row gives, from the parsed value.
    static func expected(_ document: [UInt8]) throws -> [AircraftState] {
        let parsed = try JSONParser.parse(document)
        return (parsed["states"]?.list ?? []).compactMap { row -> AircraftState? in
            let v = row.list ?? []
            func at(_ k: Int) -> Datum? { k < v.count ? v[k] : nil }
            guard let icao = at(0)?.string, !icao.isEmpty, let lon = at(5)?.double, let lat = at(6)?.double,
                let coordinate = Coordinate(latitude: lat, longitude: lon)
            else { return nil }
            let callsign = at(1)?.string?.trimmedSpaces
            return AircraftState(
                icao24: icao.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) ? icao.lowercased() : icao,
                callsign: callsign?.isEmpty == false ? callsign : nil, coordinate: coordinate,
                baroAltitude: at(7)?.double.map { Height(meters: $0) }, geoAltitude: at(13)?.double.map { Height(meters: $0) },
                onGround: at(8)?.bool ?? false, groundSpeed: at(9)?.double.map { Speed(metersPerSecond: $0) }, track: at(10)?.double,
                verticalRate: at(11)?.double, category: at(17)?.integer.flatMap(AircraftCategory.init(openSky:)), squawk: at(14)?.string)
        }
    }

    /// Values of every JSON shape a field can hold, the odd ones included.
    static func value(_ rng: inout SplitMix64, field: Int) -> String {
        let numbers = [
            "0", "-0", "7", "-12", "49.0128", "-0.0", "2.5e1", "1E-2", "-3.25e+2", "11277.600000000002", "-1.1995500000000003",
            "123456789012345678", "1234567890123456789", "98765432109876543210", "0.1234567890123456789012345", "180", "359.99",
            "1733000000", "6", "3.0", "100000000", "12345678.9", "0.000001",
        ]
        let strings = [
            #""3c6444""#, #""3C64AB""#, #""DLH4AB  ""#, #"" \tBAW1 ""#, #""""#, #""   ""#, #""Fran\u00e7e""#, #""esc \"q\" \\ \/""#,
            "\"é ünïcode\"", #""],[\"x""#, #""a],[b""#, #""1000""#, #""\n""#,
        ]
        let others = ["true", "false", "null", "[]", "[1,[2,{}]]", #"{"a":"],["}"#, "{}"]
        switch rng.next(10) {
        case 0...4: return numbers[rng.next(numbers.count)]
        case 5...7: return strings[rng.next(strings.count)]
        default:
            // Positions, mostly sensible so that most rows give an aircraft.
            if field == 5 || field == 6, rng.next(2) == 0 { return String(Double(rng.next(1_000_000)) / 20_000 - 25) }
            return others[rng.next(others.count)]
        }
    }

    static func row(_ rng: inout SplitMix64) -> String {
        let spaces = ["", "", "", " ", "\n", "\t ", "\r\n"]
        func space() -> String { spaces[rng.next(spaces.count)] }
        let count = rng.next(8) == 0 ? rng.next(6) : 17 + rng.next(4)
        var fields: [String] = []
        for k in 0..<count {
            if k == 0, rng.next(4) != 0 { fields.append("\"" + String(format: "%06x", rng.next(0xFFFFFF)) + "\""); continue }
            if k == 5 || k == 6, rng.next(3) != 0 { fields.append(String(Double(rng.next(1_000_000)) / 20_000 - 25)); continue }
            fields.append(value(&rng, field: k))
        }
        return "[" + space() + fields.map { $0 + space() }.joined(separator: "," + space()) + "]"
    }

    static func document(rows: Int, seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        let text = #"{"time":1733000000,"states":["# + (0..<rows).map { _ in row(&rng) }.joined(separator: ",") + "]}"
        return Array(text.utf8)
    }

    @Test func rowsReadFromTheBytesMatchTheParsedDocument() throws {
        for seed in 1...40 as ClosedRange<UInt64> {
            let document = Self.document(rows: 300, seed: seed)
            let expected = try Self.expected(document)
            let decoded = try OpenSkyDecoder.stream(document, partBytes: .max).aircraft
            #expect(decoded.count == expected.count, "seed \(seed)")
            for (a, b) in zip(decoded, expected) where a != b {
                Issue.record("seed \(seed): \(a) is not \(b)")
                break
            }
        }
    }

    @Test func aPlainRowIsReadFromTheBytes() throws {
        // A row of numbers, plain strings and literals is read without the parser's fallback:
        // the shortcut is what the benchmark measures, not a path never taken.
        var aircraft: [AircraftState] = []
        let row = Array(
            #"["4b1814","SWR12  ","Switzerland",1733000000,1733000000,8.5492,47.4582,10972.8,false,231.55,92.4,-0.33,null,11277.600000000002,"1000",false,0,4]"#
                .utf8)
        let end = row.withUnsafeBufferPointer { OpenSkyDecoder.plainRow($0, from: 0, into: &aircraft) }
        #expect(end == row.count && aircraft.count == 1)
        #expect(aircraft.first?.callsign == "SWR12" && aircraft.first?.category == .large)
        #expect(aircraft.first?.geoAltitude?.meters == 11277.600000000002)
        // An escape sends it to the parser.
        let escaped = Array(#"["4b1814","SW\u0052","CH",1,1,8.5,47.4]"#.utf8)
        #expect(escaped.withUnsafeBufferPointer { OpenSkyDecoder.plainRow($0, from: 0, into: &aircraft) } == nil)
        #expect(aircraft.count == 1)
    }

    /// The same rows, or the same first error, whether a list is read in one piece or in parts.
    func samePartsAndWhole(_ document: [UInt8], _ label: String) {
        func outcome(_ partBytes: Int) -> String {
            do {
                let snapshot = try OpenSkyDecoder.stream(document, partBytes: partBytes)
                return "\(snapshot.time) \(snapshot.aircraft)"
            } catch {
                return "error: \(error)"
            }
        }
        let whole = outcome(.max)
        for parts in [97, 400, 2_000] {
            let inParts = outcome(parts)
            #expect(inParts == whole, "\(label), parts of \(parts) bytes: \(inParts.prefix(200)) / \(whole.prefix(200))")
        }
    }

    @Test func aListReadInPartsGivesTheRowsOfOnePiece() throws {
        for seed in 41...60 as ClosedRange<UInt64> {
            let document = Self.document(rows: 400, seed: seed)
            #expect(document.withUnsafeBufferPointer { OpenSkyDecoder.partStarts($0, from: 29, every: 400) }.count > 10)
            samePartsAndWhole(document, "seed \(seed)")
        }
    }

    @Test func aDamagedListReadInPartsFailsAsOnePieceDoes() throws {
        let document = Self.document(rows: 300, seed: 99)
        var rng = SplitMix64(seed: 100)
        for _ in 0..<60 {
            let cut = rng.next(document.count)
            samePartsAndWhole(Array(document.prefix(cut)), "cut at \(cut)")
            var damaged = document
            damaged[cut] = [UInt8(ascii: "\""), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: "["), 0x01, UInt8(ascii: "x")][rng.next(6)]
            samePartsAndWhole(damaged, "byte \(cut) changed")
        }
    }

    /// A field the decoder does not keep is only checked: where its number ends, or that it is
    /// none, must be what the parser finds, for valid numbers and broken ones alike.
    @Test func aSkippedNumberEndsWhereTheParserEndsIt() {
        func parserEnd(_ bytes: [UInt8]) -> Int? {
            var p = JSONParser(bytes: bytes)
            return (try? p.number()).map { _ in p.i }
        }
        var texts = ["0", "-0", "01", "-", "1.", ".5", "1e", "1e+", "1E5", "-0.5e-3", "12x", "1.2.3", "--1", "0x10", "00", "1733000000", "7,"]
        // And random texts of number characters.
        var rng = SplitMix64(seed: 4_242)
        let alphabet = Array("0123456789-+.eE ,]")
        for _ in 0..<20_000 {
            texts.append(String((0..<(1 + rng.next(9))).map { k in k == 0 ? Array("-0123456789")[rng.next(11)] : alphabet[rng.next(alphabet.count)] }))
        }
        for text in texts {
            let bytes = Array(text.utf8)
            let skipped = bytes.withUnsafeBufferPointer { JSONParser.numberEnd($0, from: 0) }
            #expect(skipped == parserEnd(bytes), "\(text)")
        }
    }
}
