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
}
