/// Long lines of prose wrapped at word boundaries to the terminal's width, never inside a
/// word: a continuation lines up under the text it continues — after the line's indent, or
/// after a label and its gap ("  --format <format>  the file's format…").
enum WordWrap {
    /// `line` as lines of at most `width` columns (a single word longer than that stays whole).
    static func wrap(_ line: StyledLine, width: Int) -> [StyledLine] {
        var cells: [(Character, Style)] = []
        for span in line { for c in span.text { cells.append((c, span.style)) } }
        let widths = cells.map { displayWidth(String($0.0)) }
        guard widths.reduce(0, +) > width, width >= 20 else { return [line] }
        let indent = hangingIndent(cells.map(\.0), width: width)
        var lines: [StyledLine] = []
        var start = 0
        var first = true
        while start < cells.count {
            let room = first ? width : width - indent
            // The furthest break (a space) that keeps the piece within the room.
            var used = 0, end = start, lastSpace: Int?
            while end < cells.count, used + widths[end] <= room {
                if cells[end].0 == " " { lastSpace = end }
                used += widths[end]
                end += 1
            }
            if end < cells.count {
                if let space = lastSpace, space > start {
                    end = space
                } else {
                    // One word wider than the room: kept whole, up to the next space.
                    while end < cells.count, cells[end].0 != " " { end += 1 }
                }
            }
            var piece = Array(cells[start..<end])
            while piece.last?.0 == " " { piece.removeLast() }
            if !first { piece = Array(repeating: (" ", Style.plain), count: indent) + piece }
            lines.append(spans(piece))
            start = end
            while start < cells.count, cells[start].0 == " " { start += 1 }
            first = false
        }
        return lines
    }

    /// Where continuation lines start: after the leading spaces, or after the first gap of two
    /// or more spaces that follows some text, when that is within the first half of the width.
    static func hangingIndent(_ characters: [Character], width: Int) -> Int {
        let leading = characters.prefix { $0 == " " }.count
        var i = leading
        while i < characters.count, characters[i] != " " || (i + 1 < characters.count && characters[i + 1] != " ") { i += 1 }
        var gapEnd = i
        while gapEnd < characters.count, characters[gapEnd] == " " { gapEnd += 1 }
        if gapEnd < characters.count, gapEnd - i >= 2, gapEnd <= width / 2 { return gapEnd }
        return min(leading, width / 2)
    }

    /// Characters with their styles, back as spans.
    static func spans(_ cells: [(Character, Style)]) -> StyledLine {
        var line: StyledLine = []
        for (c, style) in cells {
            if let last = line.last, last.style == style {
                line[line.count - 1].text.append(c)
            } else {
                line.append(Span(String(c), style))
            }
        }
        return line
    }
}
