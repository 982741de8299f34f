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
        var row = 0, digits = 0
        var letter: UInt8?
        for b in seat.utf8 {
            if b >= 48, b <= 57, letter == nil {
                digits += 1
                guard digits <= 9 else { return nil }
                row = row * 10 + Int(b - 48)
            } else if letter == nil, (b >= 65 && b <= 90) || (b >= 97 && b <= 122) {
                letter = b & 0xDF
            } else {
                return nil
            }
        }
        guard digits > 0 || letter != nil else { return nil }
        return (digits > 0 ? row : nil, letter.map { String(UnicodeScalar($0)) })
    }
}
