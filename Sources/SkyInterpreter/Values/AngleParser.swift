import SkyKit

/// Angles: `270`, `270deg`, `270°`, `-12.5`, and the 16 compass points `N`, `NE`, `ENE`…
/// also spelled out (`east`, `north-east`, `east-north-east`).
enum AngleParser {
    /// Compass points by every accepted spelling, in lower case.
    static let points: [String: CompassPoint] = {
        var table: [String: CompassPoint] = [:]
        for point in CompassPoint.allCases {
            table[point.rawValue.lowercased()] = point
            table[point.words] = point
            table[point.words.filter { $0 != "-" }] = point
            if point.rawValue.count == 2 {  // "northeast" is also "north-east"
                table[String(point.words.prefix(5)) + "-" + String(point.words.dropFirst(5))] = point
            }
        }
        return table
    }()

    static func parse(_ text: String) throws(ValueError) -> Angle {
        if let value = NumberParser.parse(text) { return try checked(value, text) }
        let lower = text.lowercased()
        if let point = points[lower] { return point.bearing }
        for suffix in ["°", "deg", "degrees", "degree", "d"] where lower.hasSuffix(suffix) {
            if let value = NumberParser.parse(lower.dropLast(suffix.count)) { return try checked(value, text) }
        }
        throw ValueError("'\(text)' is not an angle — use degrees (270, 270deg) or a compass point (N, NE, ENE…)")
    }

    static func checked(_ value: Double, _ text: String) throws(ValueError) -> Angle {
        guard abs(value) <= 1e6 else { throw ValueError("'\(text)' is too large for an angle") }
        return Angle(degrees: value)
    }
}
