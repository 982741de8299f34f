import FoundationEssentials
import Glibc

/// The CCSDS Orbit Mean-Elements Message as CelesTrak and Space-Track publish it for SGP4: one
/// set's fields by their keyword (`OBJECT_NAME`, `NORAD_CAT_ID`, `EPOCH`, `MEAN_MOTION`, …),
/// however the file spelled them (JSON numbers or strings, CSV cells, XML elements).
public enum OMM {
    /// The keywords an element set cannot do without.
    static let required = ["EPOCH", "MEAN_MOTION", "ECCENTRICITY", "INCLINATION", "RA_OF_ASC_NODE", "ARG_OF_PERICENTER", "MEAN_ANOMALY", "NORAD_CAT_ID"]

    /// The element set of one message's fields. Space-Track's `TLE_LINE1`/`TLE_LINE2` (with
    /// `TLE_LINE0` as the name) are read as the TLE they are when present.
    public static func elementSet(_ fields: [String: String]) throws(TLEError) -> TLE {
        func text(_ key: String) -> String? {
            fields[key].map { $0.trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
        }
        // What the catalogue keeps must read back as what was loaded: text with a control
        // character in it (a line break splits a set) is refused, never stored.
        for key in ["OBJECT_NAME", "TLE_LINE0", "TLE_LINE1", "TLE_LINE2", "OBJECT_ID", "CLASSIFICATION_TYPE"] { try storable(key, text(key)) }
        if let l1 = text("TLE_LINE1"), let l2 = text("TLE_LINE2") {
            return try TLE.parse(line1: l1, line2: l2, name: text("TLE_LINE0") ?? text("OBJECT_NAME"))
        }
        if let missing = required.first(where: { text($0) == nil }) {
            throw TLEError(line: 0, column: 0, message: "\(missing) is missing")
        }
        func number(_ key: String, in range: ClosedRange<Double>? = nil, default value: Double? = nil) throws(TLEError) -> Double {
            guard let t = text(key) else {
                if let value { return value }
                throw TLEError(line: 0, column: 0, message: "\(key) is missing")
            }
            guard let v = NumberParser.parse(t) else { throw TLEError(line: 0, column: 0, message: "\(key) '\(t)' is not a number") }
            if let range, !range.contains(v) {
                throw TLEError(
                    line: 0, column: 0, message: "\(key) \(t) is outside \(JSONWriter.number(range.lowerBound))–\(JSONWriter.number(range.upperBound))")
            }
            return v
        }
        func integer(_ key: String, in range: ClosedRange<Int>, default value: Int) throws(TLEError) -> Int {
            guard let t = text(key) else { return value }
            guard let v = NumberParser.integer(t, in: range) else {
                throw TLEError(line: 0, column: 0, message: "\(key) '\(t)' is not a whole number in \(range.lowerBound)–\(range.upperBound)")
            }
            return v
        }
        let epochText = text("EPOCH") ?? ""
        guard let epoch = isoEpoch(epochText) else {
            throw TLEError(line: 0, column: 0, message: "EPOCH '\(epochText)' is not a UTC time like 2020-10-13T04:52:48.472320 between 1957 and 2056")
        }
        let catalogNumber = try integer("NORAD_CAT_ID", in: 0...999_999_999, default: 0)
        var classification: Character = "U"
        if let given = text("CLASSIFICATION_TYPE") {
            guard given.count == 1, let c = given.first, c.isASCII, c.isLetter else {
                throw TLEError(line: 0, column: 0, message: "CLASSIFICATION_TYPE '\(given)' is not one letter (U, C or S)")
            }
            classification = c
        }
        let values = (
            inclination: try number("INCLINATION", in: 0...180), node: try number("RA_OF_ASC_NODE", in: 0...360),
            eccentricity: try number("ECCENTRICITY", in: 0...0.9999999), perigee: try number("ARG_OF_PERICENTER", in: 0...360),
            anomaly: try number("MEAN_ANOMALY", in: 0...360), meanMotion: try number("MEAN_MOTION", in: 0.0001...99),
            bstar: try number("BSTAR", default: 0), ndot: try number("MEAN_MOTION_DOT", default: 0), nddot: try number("MEAN_MOTION_DDOT", default: 0),
            elset: try integer("ELEMENT_SET_NO", in: 0...9999, default: 999), revolution: try integer("REV_AT_EPOCH", in: 0...99_999_999, default: 0)
        )
        let designator = try text("OBJECT_ID").map(designatorOfObjectID) ?? ""
        let lines: (String, String)
        do throws(TLEWriteError) {
            lines = try TLE.lines(
                satelliteNumber: catalogNumber, classification: classification, internationalDesignator: designator, epochYear: epoch.year % 100,
                epochDay: epoch.day, meanMotionDot: values.ndot, meanMotionDotDot: values.nddot, bstar: values.bstar, elementSetNumber: values.elset,
                inclination: values.inclination, rightAscension: values.node, eccentricity: values.eccentricity, argumentOfPerigee: values.perigee,
                meanAnomaly: values.anomaly, meanMotion: values.meanMotion, revolutionNumber: values.revolution)
        } catch {
            throw TLEError(line: 0, column: 0, message: error.message)
        }
        return TLE(
            name: text("OBJECT_NAME"), satelliteNumber: catalogNumber, classification: classification, internationalDesignator: designator,
            epochYear: epoch.year % 100, epochDay: epoch.day, meanMotionDot: values.ndot, meanMotionDotDot: values.nddot, bstar: values.bstar,
            elementSetNumber: values.elset, inclination: values.inclination, rightAscension: values.node, eccentricity: values.eccentricity,
            argumentOfPerigee: values.perigee, meanAnomaly: values.anomaly, meanMotion: values.meanMotion, revolutionNumber: values.revolution,
            line1: lines.0, line2: lines.1)
    }

    /// "1998-067A" → "98067A", as the TLE's columns 10–17 hold it; an ID the eight columns
    /// cannot hold, or with a space or a character other than ASCII, is refused (never cut).
    static func designatorOfObjectID(_ id: String) throws(TLEError) -> String {
        let parts = id.split(separator: "-")
        let designator = parts.count == 2 && parts[0].count == 4 && parts[0].allSatisfy(\.isNumber) ? String(parts[0].suffix(2) + parts[1]) : id
        guard designator.utf8.count <= 8, designator.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw TLEError(line: 0, column: 0, message: "OBJECT_ID '\(id)' is not an international designator a TLE can hold (like 1998-067A)")
        }
        return designator
    }

    /// Refuses text with a control character (C0, DEL, C1, or a Unicode line or paragraph
    /// separator): the catalogue keeps sets as lines, and such a set would not read back.
    static func storable(_ key: String, _ value: String?) throws(TLEError) {
        guard let value,
            let bad = value.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}" })
        else { return }
        let code = String(bad.value, radix: 16, uppercase: true)
        throw TLEError(line: 0, column: 0, message: "\(key) holds the control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)")
    }

    /// An ISO 8601 time (`2020-10-13T04:52:48.472320`, UTC unless it says `Z` or an offset; read
    /// by the project's one ISO parser) as the year and the day of the year with its fraction
    /// (1.0 is 1 January, 0h), for the years a TLE epoch can hold.
    static func isoEpoch(_ text: String) -> (year: Int, day: Double)? {
        guard text.contains("T"), let seconds = CivilTime.parse(text), UnixTime.checked(seconds) != nil else { return nil }
        let year = CivilTime(seconds).date.year
        guard (1957...2056).contains(year), let january = FlightDate(year: year, month: 1, day: 1) else { return nil }
        return (year, (seconds - Double(january.daysSinceEpoch) * 86_400) / 86_400 + 1)
    }
}
