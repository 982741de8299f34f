/// Whole numbers with their digits in groups of three (12,345,678), for messages written
/// below the renderers as well as by them.
public enum DigitGroups {
    public static func grouped(_ n: UInt64) -> String {
        let text = String(n)
        guard text.count > 3 else { return text }
        var withCommas = ""
        for (i, c) in text.enumerated() {
            if i > 0, (text.count - i) % 3 == 0 { withCommas.append(",") }
            withCommas.append(c)
        }
        return withCommas
    }
}
