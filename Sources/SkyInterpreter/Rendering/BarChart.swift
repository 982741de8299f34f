/// Horizontal bars drawn with Unicode block characters (eighths of a cell).
public enum BarChart {
    static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// A bar `value / maximum` of `width` cells long.
    public static func bar(_ value: Double, maximum: Double, width: Int = 20) -> String {
        guard maximum > 0, value > 0 else { return "" }
        let units = max(1, Int((value / maximum * Double(width * 8)).rounded()))
        return String(repeating: "█", count: units / 8) + eighths[units % 8]
    }
}
