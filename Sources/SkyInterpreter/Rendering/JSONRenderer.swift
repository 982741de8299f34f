import SkyKit

/// Builds the one JSON document of a command: card fields at the top level (or under the
/// card's key), tables as arrays of row objects under their key, messages and notes as text.
enum JSONRenderer {
    static func document(_ output: Output) -> Datum {
        var fields: [(String, Datum)] = []
        var messages: [String] = []
        var notes: [String] = []
        for block in output.blocks {
            switch block {
            case .message(let text, _): messages.append(text)
            case .note(let text): notes.append(text)
            case .card(let card):
                let object = card.fields.map { ($0.key, $0.cell.datum) }
                if let key = card.key { fields.append((key, .object(object))) } else { fields += object }
            case .table(let table) where table.values != nil:
                let data = table.rows.map { $0.first?.datum ?? .null }
                fields.append((table.key, table.values == .one ? data.first ?? .null : .list(data)))
            case .table(let table): fields.append((table.key, rows(table)))
            case .sideBySide(let tables): fields += tables.map { ($0.key, rows($0)) }
            case .data(let key, let datum): fields.append((key, datum))
            case .art, .drawing, .stream: break
            }
        }
        if messages.count == 1 { fields.append(("message", .string(messages[0]))) }
        if messages.count > 1 { fields.append(("messages", .list(messages.map(Datum.string)))) }
        if !notes.isEmpty { fields.append(("notes", .list(notes.map(Datum.string)))) }
        return .object(fields)
    }

    static func rows(_ table: Table) -> Datum {
        .list(
            table.rows.map { row in
                .object(zip(table.columns, row).filter { !$0.0.textOnly }.map { ($0.key, $1.datum) })
            })
    }
}
