import SkyKit

/// The alert settings' values: `off`, a distance (alert-distance) or an elevation angle
/// (alert-elevation), read here once for `set` and for `radar live`.
enum AlertLimits {
    /// A parsed value: nil when off; the problem with a value that is neither.
    struct Parsed<Value> {
        var value: Value?
        var problem: String?
    }

    static func distance(_ text: String) -> Parsed<Distance> {
        if text.lowercased() == "off" { return Parsed(value: nil, problem: nil) }
        do {
            let meters = try LengthParser.meters(text, defaultUnit: .kilometers, what: "a distance")
            guard meters > 0, meters <= 500_000 else { return Parsed(value: nil, problem: "'\(text)' is not a distance from just above 0 to 500 km") }
            return Parsed(value: Distance(meters: meters), problem: nil)
        } catch {
            return Parsed(value: nil, problem: "'\(text)' is neither off nor a distance (2km, 1nm)")
        }
    }

    /// `off` or a wind speed (`20kt`, `35km/h`; knots when bare), for the runway wind limits.
    static func speed(_ text: String) -> Parsed<Speed> {
        if text.lowercased() == "off" { return Parsed(value: nil, problem: nil) }
        guard let (value, unitText) = NumberParser.splitUnit(text.lowercased()), value > 0, value <= 100 || !unitText.isEmpty,
            let unit = unitText.isEmpty ? SpeedUnit.knots : Literal.speeds[String(unitText)]
        else { return Parsed(value: nil, problem: "'\(text)' is neither off nor a wind speed (20kt, 35km/h)") }
        let speed = Speed(value, unit)
        guard speed.knots <= 100 else { return Parsed(value: nil, problem: "'\(text)' is more wind than any runway limit (100 kt at most)") }
        return Parsed(value: speed, problem: nil)
    }

    static func elevation(_ text: String) -> Parsed<Angle> {
        if text.lowercased() == "off" { return Parsed(value: nil, problem: nil) }
        do {
            let angle = try AngleParser.parse(text)
            guard (0...90).contains(angle.degrees) else { return Parsed(value: nil, problem: "'\(text)' is not an elevation from 0° to 90°") }
            return Parsed(value: angle, problem: nil)
        } catch {
            return Parsed(value: nil, problem: "'\(text)' is neither off nor an elevation angle (60)")
        }
    }
}
