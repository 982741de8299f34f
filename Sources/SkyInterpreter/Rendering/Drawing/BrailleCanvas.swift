/// A drawing surface of braille dots: each character cell holds 2×4 dots. Layers are drawn in
/// order (a later layer replaces earlier ones in the cells it touches); text marks go on top.
public struct BrailleCanvas {
    public let columns: Int
    public let rows: Int
    public var width: Int { columns * 2 }
    public var height: Int { rows * 4 }

    struct Layer {
        var style: Style
        var cells: [UInt8]
    }
    var layers: [Layer] = []
    var marks: [Int: (Character, Style)] = [:]

    public init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
    }

    /// Starts a new layer; later dots go into it.
    public mutating func beginLayer(_ style: Style) {
        layers.append(Layer(style: style, cells: [UInt8](repeating: 0, count: columns * rows)))
    }

    static let bits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    /// Sets (or toggles) the dot at `x`, `y` in the current layer; outside the canvas is ignored.
    public mutating func dot(_ x: Int, _ y: Int, toggle: Bool = false) {
        guard x >= 0, y >= 0, x < width, y < height, !layers.isEmpty else { return }
        let cell = (y / 4) * columns + x / 2
        let bit = BrailleCanvas.bits[x % 2][y % 4]
        if toggle { layers[layers.count - 1].cells[cell] ^= bit } else { layers[layers.count - 1].cells[cell] |= bit }
    }

    /// Toggles a run of dots on one row (scanline fills).
    public mutating func toggleSpan(y: Int, from x0: Int, to x1: Int) {
        let lo = max(0, x0), hi = min(width - 1, x1)
        guard y >= 0, y < height, lo <= hi else { return }
        for x in lo...hi { dot(x, y, toggle: true) }
    }

    /// A straight line of dots (Bresenham).
    public mutating func line(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
        // Lines far outside the canvas are skipped rather than walked.
        guard max(x0, x1) >= -width, min(x0, x1) <= 2 * width, max(y0, y1) >= -height, min(y0, y1) <= 2 * height else { return }
        var x = x0, y = y0
        let dx = abs(x1 - x0), dy = -abs(y1 - y0)
        let sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1
        var err = dx + dy
        while true {
            dot(x, y)
            if x == x1 && y == y1 { break }
            let e2 = 2 * err
            if e2 >= dy { err += dy; x += sx }
            if e2 <= dx { err += dx; y += sy }
        }
    }

    /// Puts a character in the cell holding dot (`x`, `y`), over every layer.
    public mutating func mark(_ x: Int, _ y: Int, _ character: Character, _ style: Style) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        marks[(y / 4) * columns + x / 2] = (character, style)
    }

    /// Writes `text` from the cell at column `column`, row `row`, if those cells hold no mark.
    @discardableResult
    public mutating func label(column: Int, row: Int, _ text: String, _ style: Style) -> Bool {
        let chars = Array(text)
        guard row >= 0, row < rows, column >= 0, column + chars.count <= columns else { return false }
        for k in 0..<chars.count where marks[row * columns + column + k] != nil { return false }
        for (k, c) in chars.enumerated() { marks[row * columns + column + k] = (c, style) }
        return true
    }

    /// The drawing as styled lines.
    public func lines() -> [StyledLine] {
        var result: [StyledLine] = []
        for row in 0..<rows {
            var line: StyledLine = []
            for column in 0..<columns {
                let cell = row * columns + column
                var character: Character = " "
                var style = Style.plain
                if let (c, s) = marks[cell] {
                    character = c
                    style = s
                } else if let top = layers.lastIndex(where: { $0.cells[cell] != 0 }) {
                    character = Character(Unicode.Scalar(0x2800 + UInt32(layers[top].cells[cell]))!)
                    style = layers[top].style
                }
                if let last = line.last, last.style == style {
                    line[line.count - 1].text.append(character)
                } else {
                    line.append(Span(String(character), style))
                }
            }
            if let last = line.last, last.style == .plain {
                var text = last.text
                while text.last == " " { text.removeLast() }
                line[line.count - 1].text = text
            }
            result.append(line)
        }
        return result
    }
}
