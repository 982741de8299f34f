/// Renders results as aligned text for people.
struct TextRenderer {
    let options: RenderOptions

    func render(_ output: Output) -> String {
        var out = ""
        for block in output.blocks {
            switch block {
            case .message(let text, let style):
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) { out += prose([Span(String(line), style)]) }
            case .note(let text):
                out += prose([Span("note: " + text, .dim)])
            case .card(let card):
                render(card, into: &out)
            case .table(let table):
                render(table, into: &out)
            case .art(let lines):
                for line in lines { out += prose(line) }
            case .drawing(let drawing):
                guard options.columns >= drawing.minimumColumns, options.rows >= drawing.minimumRows else {
                    out +=
                        ANSI.paint(
                            "(the terminal is too small for \(drawing.name): it needs at least \(drawing.minimumColumns) columns and "
                                + "\(drawing.minimumRows) rows)",
                            .dim, options) + "\n"
                    continue
                }
                for line in drawing.draw(options.columns, options.rows) { out += styled(line) + "\n" }
            case .data:
                break
            case .sideBySide(let tables):
                // Each table rendered once; then next to each other, or — too wide for the
                // terminal — one under the other.
                var lines: [[String]] = []
                var widths: [Int] = []
                for table in tables {
                    var text = ""
                    render(table, into: &text)
                    let split = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
                    lines.append(split)
                    widths.append(split.map { displayWidth(plainText($0)) }.max() ?? 0)
                }
                if options.wrap, widths.reduce(0, +) + 4 * max(0, widths.count - 1) > options.columns {
                    out += lines.map { $0.map { $0 + "\n" }.joined() }.joined(separator: "\n")
                    continue
                }
                let height = lines.map(\.count).max() ?? 0
                for row in 0..<height {
                    var line = ""
                    for (i, column) in lines.enumerated() {
                        let cell = row < column.count ? column[row] : ""
                        let last = i == lines.count - 1
                        line += last ? cell : cell + String(repeating: " ", count: widths[i] - displayWidth(plainText(cell)) + 4)
                    }
                    out += (options.color ? line : line.trimmingTrailingSpaces) + "\n"
                }
            case .stream:
                break  // written incrementally by Renderer.write
            }
        }
        return out
    }

    /// A line of prose, wrapped at word boundaries when the options ask for it.
    func prose(_ line: StyledLine) -> String {
        guard options.wrap else { return styled(line) + "\n" }
        return WordWrap.wrap(line, width: options.columns).map { styled($0) + "\n" }.joined()
    }

    /// Text without ANSI escape sequences, for measuring widths.
    func plainText(_ text: String) -> String {
        guard text.contains("\u{1B}") else { return text }
        var out = ""
        var inEscape = false
        for c in text.unicodeScalars {
            if inEscape { if c == "m" { inEscape = false }; continue }
            if c == "\u{1B}" { inEscape = true; continue }
            out.unicodeScalars.append(c)
        }
        return out
    }

    func styled(_ line: StyledLine) -> String {
        var s = ""
        for span in line { s += ANSI.paint(span.text, span.style, options) }
        return s
    }

    func render(_ card: Card, into out: inout String) {
        if let title = card.title { out += ANSI.paint(title, card.titleStyle, options) + "\n" }
        let shown = card.fields.filter { !$0.label.isEmpty }
        let width = shown.map { displayWidth($0.label) }.max() ?? 0
        let indent = card.title == nil ? "" : "  "
        for field in shown {
            let label = pad(field.label, to: width)
            guard field.cell.text.utf8.contains(10) else {
                out += indent + ANSI.paint(label, .dim, options) + "  " + ANSI.paint(field.cell.text, field.cell.style, options) + "\n"
                continue
            }
            let lines = field.cell.text.split(separator: "\n", omittingEmptySubsequences: false)
            out += indent + ANSI.paint(label, .dim, options) + "  " + ANSI.paint(String(lines.first ?? ""), field.cell.style, options) + "\n"
            for more in lines.dropFirst() {
                out += indent + String(repeating: " ", count: width + 2) + ANSI.paint(String(more), field.cell.style, options) + "\n"
            }
        }
    }

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
        // The columns text shows, and each shown cell's text and width, made once.
        let kept = table.columns.indices.filter { !table.columns[$0].dataOnly }
        let columns = kept.map { table.columns[$0] }
        let missing = Cell(.null)
        var widths = columns.map { displayWidth($0.title) }
        var texts: [[(text: String, width: Int)]] = []
        texts.reserveCapacity(table.rows.count)
        for row in table.rows {
            var shown: [(text: String, width: Int)] = []
            shown.reserveCapacity(kept.count)
            for (n, i) in kept.enumerated() {
                let text = i < row.count ? row[i].text : missing.text
                let width = displayWidth(text)
                widths[n] = max(widths[n], width)
                shown.append((text, width))
            }
            texts.append(shown)
        }
        // At a terminal a table never wraps: its widest text columns give way, their cells cut with "…".
        let natural = widths
        if options.wrap { widths = fitted(widths, columns) }
        /// Appends the text of column `n` cut to its width and padded (the last left-aligned
        /// column is not); made visible here when `visible` (a painted cell is made so by paint).
        func place(_ text: String, _ width: Int, _ n: Int, visible: Bool, into line: inout String) {
            var shown = text, used = width
            if widths[n] < natural[n], width > widths[n] {
                shown = cut(text, to: widths[n])
                used = displayWidth(shown)
            }
            let right = columns[n].alignment == .right
            if right { appendSpaces(widths[n] - used, to: &line) }
            line += visible ? Visible.text(shown) : shown
            if !right, n + 1 < columns.count { appendSpaces(widths[n] - used, to: &line) }
        }
        func fit(_ text: String, _ width: Int, _ n: Int) -> String {
            var padded = ""
            place(text, width, n, visible: false, into: &padded)
            return padded
        }
        var header = ""
        for (n, column) in columns.enumerated() {
            header += (n > 0 ? "  " : "") + fit(column.title, displayWidth(column.title), n)
        }
        out += ANSI.paint(header.trimmingTrailingSpaces, .bold, options) + "\n"
        var line = ""
        for (r, row) in table.rows.enumerated() {
            line.removeAll(keepingCapacity: true)
            for (n, i) in kept.enumerated() {
                if n > 0 { line += "  " }
                let (text, width) = texts[r][n]
                let style = i < row.count ? row[i].style : missing.style
                // A plain cell goes straight into the line; a coloured one is painted whole.
                if options.color, style != .plain {
                    line += ANSI.paint(fit(text, width, n), style, options)
                } else {
                    place(text, width, n, visible: true, into: &line)
                }
            }
            if !options.color { while line.utf8.last == 0x20 { line.removeLast() } }
            out += line
            out += "\n"
        }
    }

    /// Column widths that fit the terminal: the widest left-aligned (text) column shrinks first,
    /// none below 8 columns; numbers keep their width.
    func fitted(_ natural: [Int], _ columns: [Column]) -> [Int] {
        var widths = natural
        func total() -> Int { widths.reduce(0, +) + 2 * max(0, widths.count - 1) }
        while total() > options.columns {
            guard let widest = widths.indices.filter({ columns[$0].alignment == .left && widths[$0] > 8 }).max(by: { widths[$0] < widths[$1] }) else { break }
            widths[widest] -= 1
        }
        return widths
    }

    /// `text` cut to `width` columns, ending with "…" when it was longer.
}
