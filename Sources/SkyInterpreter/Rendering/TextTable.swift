extension TextRenderer {
    /// A table as aligned columns under a bold header: each shown cell's text is made and
    /// measured once, kept as bytes, and the lines are laid out in one byte buffer.
    func render(_ table: Table, into out: inout String) {
        if let display = table.display {
            for line in display { out += styled(line) + "\n" }
            return
        }
        if let title = table.title { out += ANSI.paint(title, .accent, options) + "\n" }
        if table.rows.isEmpty {
            // A title already says what is missing ("No airport matches …"); said once.
            if table.title == nil { out += ANSI.paint("(none)", .dim, options) + "\n" }
            return
        }
        var kept = table.columns.indices.filter { !table.columns[$0].dataOnly }
        let missing = Cell(.null)
        var (widths, texts) = measured(table, kept)
        // Too wide for the terminal: the columns that may give way are left out first.
        if options.wrap, let narrower = left(table, kept, widths) {
            kept = narrower
            (widths, texts) = measured(table, kept)
        }
        let columns = kept.map { table.columns[$0] }
        // At a terminal a table never wraps: its widest text columns give way, their cells cut with "…".
        let natural = widths
        if options.wrap { widths = fitted(widths, columns) }
        /// The text of column `n` cut to its width and padded (the last left-aligned column is not).
        func fit(_ text: String, _ width: Int, _ n: Int) -> String {
            var shown = text, used = width
            if widths[n] < natural[n], width > widths[n] {
                shown = cut(text, to: widths[n])
                used = displayWidth(shown)
            }
            let spaces = String(repeating: " ", count: max(0, widths[n] - used))
            if columns[n].alignment == .right { return spaces + shown }
            return n + 1 < columns.count ? shown + spaces : shown
        }
        var header = ""
        for (n, column) in columns.enumerated() {
            header += (n > 0 ? "  " : "") + fit(column.title, displayWidth(column.title), n)
        }
        out += ANSI.paint(header.trimmingTrailingSpaces, .bold, options) + "\n"
        var bytes: [UInt8] = []
        bytes.reserveCapacity(texts.bytes.count + table.rows.count * (widths.reduce(0, +) + 2 * kept.count))
        for (r, row) in table.rows.enumerated() {
            let start = bytes.count
            for (n, i) in kept.enumerated() {
                if n > 0 { bytes.append(contentsOf: [0x20, 0x20]) }
                let cell = r * kept.count + n, width = texts.width(cell)
                let style = i < row.count ? row[i].style : missing.style
                if options.color, style != .plain {
                    // A coloured cell is painted whole.
                    bytes.append(contentsOf: ANSI.paint(fit(texts.text(cell), width, n), style, options).utf8)
                } else if widths[n] < natural[n], width > widths[n] {
                    bytes.append(contentsOf: fit(texts.text(cell), width, n).utf8)
                } else {
                    // A plain cell that fits: its bytes and the padding, straight into the line.
                    let right = columns[n].alignment == .right
                    if right { bytes.append(spaces: widths[n] - width) }
                    texts.copy(cell, into: &bytes)
                    if !right, n + 1 < columns.count { bytes.append(spaces: widths[n] - width) }
                }
            }
            if !options.color { while bytes.count > start, bytes.last == 0x20 { bytes.removeLast() } }
            bytes.append(0x0A)
        }
        out += String(decoding: bytes, as: UTF8.self)
    }
}

extension TextRenderer {
    /// The widths of the columns `kept` (title or widest cell) and their cells' texts.
    func measured(_ table: Table, _ kept: [Int]) -> ([Int], CellTexts) {
        let missing = Cell(.null)
        var widths = kept.map { displayWidth(table.columns[$0].title) }
        var texts = CellTexts(cells: table.rows.count * kept.count)
        for row in table.rows {
            for (n, i) in kept.enumerated() {
                widths[n] = max(widths[n], texts.append(i < row.count ? row[i] : missing))
            }
        }
        return (widths, texts)
    }

    /// The columns left when `kept` at `widths` is wider than the terminal: those with a drop
    /// rank go, highest first, until the rest fit (or none is left to go); nil when none goes.
    func left(_ table: Table, _ kept: [Int], _ widths: [Int]) -> [Int]? {
        var shown = Array(zip(kept, widths))
        func total() -> Int { shown.reduce(0) { $0 + $1.1 } + 2 * max(0, shown.count - 1) }
        guard total() > options.columns else { return nil }
        let order = shown.filter { table.columns[$0.0].dropRank != nil }.sorted { table.columns[$0.0].dropRank! > table.columns[$1.0].dropRank! }
        for (column, _) in order where total() > options.columns { shown.removeAll { $0.0 == column } }
        return shown.count == kept.count ? nil : shown.map(\.0)
    }
}

/// The visible text of a table's cells, made once: their bytes one after another in one
/// buffer, and for each cell where its bytes are and how many columns it takes.
struct CellTexts {
    private(set) var bytes: [UInt8] = []
    private var spans: [(end: UInt32, width: UInt32)] = []

    init(cells: Int) {
        spans.reserveCapacity(cells)
        bytes.reserveCapacity(cells * 8)
    }

    /// Adds the next cell's text, made visible (`Visible`), and returns its width. The text is
    /// written straight into the buffer; most cells (`simpleWidth`) stay as they are.
    mutating func append(_ cell: Cell) -> Int {
        let start = bytes.count
        cell.writeText(to: &bytes)
        let width: Int
        if let simple = simpleWidth(bytes[start...]) {
            width = simple
        } else {
            let shown = Visible.text(String(decoding: bytes[start...], as: UTF8.self))
            bytes.replaceSubrange(start..., with: shown.utf8)
            width = displayWidth(shown)
        }
        spans.append((UInt32(bytes.count), UInt32(width)))
        return width
    }

    func width(_ cell: Int) -> Int { Int(spans[cell].width) }

    private func range(_ cell: Int) -> Range<Int> { (cell == 0 ? 0 : Int(spans[cell - 1].end))..<Int(spans[cell].end) }

    /// The text of `cell` as a string (to cut or paint it).
    func text(_ cell: Int) -> String { String(decoding: bytes[range(cell)], as: UTF8.self) }

    /// Appends the bytes of `cell` to `line`.
    func copy(_ cell: Int, into line: inout [UInt8]) { line.append(contentsOf: bytes[range(cell)]) }
}

extension Array where Element == UInt8 {
    /// Appends `n` spaces (none when `n` is not positive).
    mutating func append(spaces n: Int) {
        guard n > 0 else { return }
        append(contentsOf: repeatElement(0x20, count: n))
    }
}
