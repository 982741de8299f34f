import SkyKit

/// How a value becomes a word of a command when a variable holding it is expanded: a quantity
/// keeps its unit (`4161.9km`, `830min`, `35000ft`, `270°`), so `if $d > 2000nm`, `where` and
/// a command's arguments read it as what it is, never as a bare number in another unit.
extension ColumnKind {
    /// The unit written after a value of the kind, as the language reads it back; nil for
    /// kinds whose text says what they are (codes, dates, text, plain numbers).
    var wordUnit: String? {
        let symbol = String(Grouping.unitSymbol(self).drop { $0 == " " })
        return symbol.isEmpty ? nil : symbol
    }

    /// A cell's value as one word that keeps its kind.
    func word(_ datum: Datum) -> String {
        switch datum {
        case .int, .number:
            if let unit = wordUnit { return datum.plainText + unit }
            return datum.plainText
        default:
            return datum.plainText
        }
    }
}
