/// Renders results as CSV (RFC 4180): each table with a header of column keys; card fields as
/// `field,value` rows; messages as a `message` column. Parts are separated by a blank line.
enum CSVRenderer {
    static func render(_ output: Output) -> String {
        var parts: [String] = []
        var messages: [String] = []
        for block in output.blocks {
            switch block {
            case .table(let table):
                parts.append(csv(table))
            case .sideBySide(let tables):
                parts += tables.map(csv)
            case .card(let card):
                var text = line(["field", "value"])
                for field in card.fields { text += line([field.key, field.cell.datum.plainText]) }
                parts.append(text)
            case .message(let text, _):
                messages.append(text)
            case .note, .art, .data, .stream:
                break
            }
        }
        if !messages.isEmpty {
            parts.append(line(["message"]) + messages.map { line([$0]) }.joined())
        }
        return parts.joined(separator: "\n")
    }

    static func csv(_ table: Table) -> String {
        let kept = table.columns.indices.filter { !table.columns[$0].textOnly }
        var text = line(kept.map { table.columns[$0].key })
        for row in table.rows { text += line(kept.map { $0 < row.count ? row[$0].datum.plainText : "" }) }
        return text
    }

    static func line(_ values: [String]) -> String {
        values.map(quote).joined(separator: ",") + "\r\n"
    }

    static func quote(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        var quoted = "\""
        for c in value { quoted += c == "\"" ? "\"\"" : String(c) }
        return quoted + "\""
    }
}
