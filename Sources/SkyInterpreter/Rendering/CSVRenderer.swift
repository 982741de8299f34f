import SkyKit

/// Renders results as CSV (RFC 4180) through SkyKit's `CSVWriter` (numbers as they are, text
/// guarded against spreadsheet formulas): each table with a header of column keys, card fields
/// as a `field,value` table, tables separated by a blank line. Messages, notes and explanations
/// are prose, not rows: `Renderer.write` sends them to standard error.
enum CSVRenderer {
    static func render(_ output: Output) -> String { tables(split(output).tables).joined(separator: "\n") }

    /// The blocks that become CSV tables, and the prose.
    static func split(_ output: Output) -> (tables: Output, prose: Output) {
        var tables = Output(), prose = Output()
        for block in output.blocks {
            switch block {
            case .table, .sideBySide, .card: tables.append(block)
            case .message, .note, .art: prose.append(block)
            case .drawing, .data, .stream: break
            }
        }
        return (tables, prose)
    }

    /// Each table's CSV text (header and rows).
    static func tables(_ output: Output) -> [String] {
        var parts: [String] = []
        for block in output.blocks {
            switch block {
            case .table(let table): parts.append(csv(table))
            case .sideBySide(let tables): parts += tables.map(csv)
            case .card(let card):
                var text = line(["field", "value"])
                for field in card.fields { text += CSVWriter.row([.text(field.key), cell(field.cell.datum)]) }
                parts.append(text)
            default: break
            }
        }
        return parts
    }

    static func csv(_ table: Table) -> String {
        let kept = table.columns.indices.filter { !table.columns[$0].textOnly }
        var text = line(kept.map { table.columns[$0].key })
        for row in table.rows { text += data(kept.map { $0 < row.count ? row[$0].datum : .null }) }
        return text
    }

    /// A row of text (headers, messages).
    static func line(_ values: [String]) -> String { CSVWriter.row(values) }

    /// A row of values: numbers as they are, everything else as guarded text.
    static func data(_ values: [Datum]) -> String { CSVWriter.row(values.map(cell)) }

    static func cell(_ datum: Datum) -> CSVWriter.Field {
        switch datum {
        case .int, .number: .number(datum.plainText)
        default: .text(datum.plainText)
        }
    }
}
