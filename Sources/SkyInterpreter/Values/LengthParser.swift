import SkyKit

/// Lengths with units: `33ft`, `10m`, `350km`, `5nm`, `12mi`, and flight levels `FL350`.
/// A bare number takes the caller's default unit.
enum LengthParser {
    static let unitNames: [String: LengthUnit] = [
        "m": .meters, "meter": .meters, "meters": .meters, "metre": .meters, "metres": .meters,
        "km": .kilometers, "kilometer": .kilometers, "kilometers": .kilometers,
        "kilometre": .kilometers, "kilometres": .kilometers,
        "ft": .feet, "feet": .feet, "foot": .feet, "'": .feet,
        "nm": .nauticalMiles, "nmi": .nauticalMiles, "nauticalmile": .nauticalMiles,
        "nauticalmiles": .nauticalMiles,
        "mi": .statuteMiles, "mile": .statuteMiles, "miles": .statuteMiles, "sm": .statuteMiles,
    ]

    /// The value in metres, or a message saying what a length looks like.
    static func meters(_ text: String, defaultUnit: LengthUnit, what: String) throws(ValueError) -> Double {
        let lower = text.lowercased()
        if lower.hasPrefix("fl"), let level = NumberParser.integer(lower.dropFirst(2), in: 0...999) {
            return Height.flightLevel(Double(level)).meters
        }
        guard let (value, unitText) = NumberParser.splitUnit(lower) else {
            throw ValueError("'\(text)' is not \(what) — use a number with a unit: 350km, 12mi, 5nm, 300m, 1000ft, FL350")
        }
        if unitText.isEmpty { return value * defaultUnit.meters }
        guard let unit = unitNames[String(unitText)] else {
            throw ValueError("'\(unitText)' is not a unit of length in '\(text)' — use m, km, ft, nm or mi")
        }
        return value * unit.meters
    }
}
