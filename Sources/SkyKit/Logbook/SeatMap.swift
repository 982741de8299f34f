/// Where a lettered seat usually is. Narrow-bodies seat six abreast (ABC DEF): A and F are
/// windows, B and E middles, C and D aisles. Wide-bodies (heavy or super wake category) seat
/// ten abreast (ABC DEFG HJK): A and K windows, B, E, F and J middles, C, D, G and H aisles.
public enum SeatMap {
    public static func position(letter: String, wideBody: Bool) -> SeatPosition? {
        let narrow: [String: SeatPosition] = ["A": .window, "B": .middle, "C": .aisle, "D": .aisle, "E": .middle, "F": .window]
        let wide: [String: SeatPosition] = [
            "A": .window, "B": .middle, "C": .aisle, "D": .aisle, "E": .middle, "F": .middle,
            "G": .aisle, "H": .aisle, "J": .middle, "K": .window,
        ]
        return (wideBody ? wide : narrow)[letter.uppercased()]
    }

    /// Splits "23A" into row 23 and letter A; "A" is a letter alone, "23" a row alone. Nil for
    /// anything else, a row of more than nine digits included (never a seat without its row).
    public static func parse(_ seat: String) -> (row: Int?, letter: String?)? {
        let digits = seat.prefix { $0.isASCII && $0.isNumber }
        let rest = seat.dropFirst(digits.count)
        guard digits.count <= 9, rest.count <= 1, rest.allSatisfy({ $0.isASCII && $0.isLetter }), !(digits.isEmpty && rest.isEmpty) else { return nil }
        return (digits.isEmpty ? nil : Int(digits), rest.isEmpty ? nil : rest.uppercased())
    }
}
