import SkyKit

/// `describe` (also `columns`): what the stage before it made, one row per column — the name
/// a stage calls it by, what its values are, their unit, its title and its other names — so
/// `where`, `sort` and `select` can be written without reading the JSON.
enum Describe {
    /// The table's columns, or the one kind of a list or value.
    static func columns(of input: Stages.Flow) -> QueryTable {
        switch input {
        case .rows(let stream): return columns(stream.shape)
        case .value(.table(let table)): return columns(table)
        case .value(let value):
            let (_, kind, key) = value.cells!
            return table([row(QueryTable.shownName(Column(key, "")), kind, title: "", others: [], shown: true)])
        }
    }

    /// One row per column of `shape`, in its order.
    static func columns(_ shape: QueryTable) -> QueryTable {
        let rows = zip(shape.columns, shape.kinds).map { column, kind in
            let name = QueryTable.shownName(column)
            let others = QueryTable.names(column).filter { $0 != name && $0 != column.title.lowercased() }
            return row(name, kind, title: column.title, others: others, shown: !column.dataOnly)
        }
        return table(rows)
    }

    /// Each declared column's name and what it holds ("length in km"), for help.
    static func declared(_ columns: [Column]) -> [(name: String, about: String)] {
        zip(columns, QueryTable.declaredKinds(columns)).map { column, kind in
            let kind = kind ?? .text
            return (QueryTable.shownName(column), kind.name + (kind.wordUnit.map { " in " + $0 } ?? "") + (column.dataOnly ? " (JSON only)" : ""))
        }
    }

    private static func row(_ name: String, _ kind: ColumnKind, title: String, others: [String], shown: Bool) -> [Cell] {
        [
            Cell(name), Cell(kind.name), kind.wordUnit.map { Cell($0) } ?? Cell(.null, text: "—"),
            shown ? Cell(title.isEmpty ? name : title) : Cell(.null, text: "(JSON only)"),
            others.isEmpty ? Cell(.null, text: "") : Cell(others.joined(separator: ", ")),
        ]
    }

    private static func table(_ rows: [[Cell]]) -> QueryTable {
        let columns = [Column("column", "Column"), Column("kind", "Kind"), Column("unit", "Unit"), Column("title", "Title"), Column("also", "Also")]
        return QueryTable(
            key: "columns", title: nil, columns: columns, kinds: Array(repeating: .text, count: columns.count), rows: rows)
    }
}
