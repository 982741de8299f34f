import FoundationEssentials
import Glibc
import SkyKit

/// Number and quantity formatting for people, independent of the C locale.
public enum Format {
    /// The first of `forms` (longest first) that fits in `columns`, else the last: a heading
    /// that stays one line at a narrow terminal.
    public static func fitting(_ forms: [String], _ columns: Int) -> String {
        forms.first { displayWidth($0) <= columns } ?? forms[forms.count - 1]
    }

    /// The width a heading may take: the terminal's when text wraps there, else any.
    static func headingWidth(_ options: RenderOptions) -> Int { options.wrap ? options.columns : .max }

    /// `value` with exactly `decimals` decimals: `fixed(3.14159, 2)` = "3.14".
    public static func fixed(_ value: Double, _ decimals: Int) -> String {
        digits(value, decimals, grouping: false)
    }

    /// `value` with exactly `decimals` decimals and its sign, `+` too: `signed(0.25, 2)` = "+0.25".
    public static func signed(_ value: Double, _ decimals: Int) -> String {
        let text = fixed(value, decimals)
        return text.hasPrefix("-") ? text : "+" + text
    }

    /// `value` with thousands separators: `grouped(30000)` = "30,000".
    public static func grouped(_ value: Double, _ decimals: Int = 0) -> String {
        digits(value, decimals, grouping: true)
    }

    static func digits(_ value: Double, _ decimals: Int, grouping: Bool) -> String {
        written { digits(value, decimals, grouping: grouping, to: &$0) }
    }

    static func digits<Sink: TextSink>(_ value: Double, _ decimals: Int, grouping: Bool, to out: inout Sink) {
        DigitGroups.withFixed(value, decimals: decimals, grouping: grouping) { out.write(utf8: $0) }
    }

    /// The text a `…(to:)` function writes, as a string.
    static func written(_ write: (inout String) -> Void) -> String {
        var text = ""
        write(&text)
        return text
    }

    /// A number with as many decimals as it needs, up to `maxDecimals`: 1.5, 2, 0.125.
    public static func trimmed(_ value: Double, maxDecimals: Int = 3) -> String {
        var text = fixed(value, maxDecimals)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    // MARK: - Quantities in the session's unit system

    /// The unit ground distances are shown in.
    public static func distanceUnit(_ units: UnitSystem) -> LengthUnit {
        switch units {
        case .metric: .kilometers
        case .imperial: .statuteMiles
        case .aviation: .nauticalMiles
        }
    }

    /// The unit heights are shown in.
    public static func heightUnit(_ units: UnitSystem) -> LengthUnit {
        units == .metric ? .meters : .feet
    }

    /// The unit speeds are shown in.
    public static func speedUnit(_ units: UnitSystem) -> SpeedUnit {
        switch units {
        case .metric: .kilometersPerHour
        case .imperial: .milesPerHour
        case .aviation: .knots
        }
    }

    /// "1,234.5 km"
    public static func distance(_ d: Distance, _ units: UnitSystem, decimals: Int = 1) -> String {
        distance(d, in: distanceUnit(units), decimals: decimals)
    }

    public static func distance(_ d: Distance, in unit: LengthUnit, decimals: Int = 1) -> String {
        written { distance(d, in: unit, decimals: decimals, to: &$0) }
    }

    static func distance<Sink: TextSink>(_ d: Distance, in unit: LengthUnit, decimals: Int = 1, to out: inout Sink) {
        digits(d.value(in: unit), decimals, grouping: true, to: &out)
        out.write(" ")
        out.write(unit.symbol)
    }

    /// "30,000 ft"
    public static func height(_ h: Height, _ units: UnitSystem) -> String {
        height(h, in: heightUnit(units))
    }

    public static func height(_ h: Height, in unit: LengthUnit) -> String {
        written { height(h, in: unit, to: &$0) }
    }

    static func height<Sink: TextSink>(_ h: Height, in unit: LengthUnit, to out: inout Sink) {
        distance(Distance(meters: h.meters), in: unit, decimals: 0, to: &out)
    }

    /// "450 kt"
    public static func speed(_ s: Speed, _ units: UnitSystem) -> String {
        written { speed(s, units, to: &$0) }
    }

    static func speed<Sink: TextSink>(_ s: Speed, _ units: UnitSystem, to out: inout Sink) {
        let unit = speedUnit(units)
        digits(s.value(in: unit), 0, grouping: true, to: &out)
        out.write(" ")
        out.write(unit.rawValue)
    }

    /// "270°"
    public static func degrees(_ a: Angle, decimals: Int = 0) -> String {
        written { degrees(a, decimals: decimals, to: &$0) }
    }

    static func degrees<Sink: TextSink>(_ a: Angle, decimals: Int = 0, to out: inout Sink) {
        digits(a.degrees, decimals, grouping: false, to: &out)
        out.write("°")
    }

    /// "067° ENE": whole degrees in three digits, rounded as printf's %.0f rounds (halves to
    /// even; 360 is 000), and the compass point.
    public static func compassBearing(_ a: Angle) -> String {
        written { compassBearing(a, to: &$0) }
    }

    static func compassBearing<Sink: TextSink>(_ a: Angle, to out: inout Sink) {
        let b = a.normalizedBearing
        let whole = Int(b.degrees.rounded(.toNearestOrEven)) % 360
        if whole < 100 { out.write(whole < 10 ? "00" : "0") }
        digits(Double(whole), 0, grouping: false, to: &out)
        out.write("° ")
        out.write(CompassPoint(bearing: b).rawValue)
    }

    /// "270° (W)"
    /// "78.5° (ENE)"; in a column, `decimals` fixes the digits so every row has the same
    /// ("288°" beside "231°", never beside "231.4°").
    public static func bearing(_ a: Angle, decimals: Int? = nil) -> String {
        let b = a.normalizedBearing
        let shown = b.degrees.rounded() == 360 ? 0 : b.degrees
        let digits = decimals.map { d in (shown * pow(10, Double(d))).rounded() / pow(10, Double(d)) == 360 ? fixed(0, d) : fixed(shown, d) }
        return (digits ?? trimmed(shown, maxDecimals: 1)) + "° (" + CompassPoint(bearing: b).rawValue + ")"
    }

    /// "1 fix", "3 fixes", "1,204 flights": a count with its noun, plural unless one (`plural`
    /// when adding "s" is wrong).
    public static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        grouped(Double(n)) + " " + (n == 1 ? singular : plural ?? singular + "s")
    }

    /// "United Airlines'", "Air France's".
    public static func possessive(_ name: String) -> String { name.hasSuffix("s") ? name + "'" : name + "'s" }
}
