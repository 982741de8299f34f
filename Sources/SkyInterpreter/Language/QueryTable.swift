import SkyKit

/// A table as a pipeline works on it: its columns with their kinds, and its rows.
struct QueryTable {
    var key: String
    var title: String?
    var columns: [Column]
    var kinds: [ColumnKind]
    var rows: [[Cell]]

    init(key: String, title: String?, columns: [Column], kinds: [ColumnKind], rows: [[Cell]]) {
        self.key = key
        self.title = title
        self.columns = columns
        self.kinds = kinds
        self.rows = rows
    }

    /// A table's columns with their kinds: declared where the column was made, or else the
    /// kind of the column's first value (text when it has none).
    init(_ table: Table) {
        var kinds = QueryTable.declaredKinds(table.columns)
        for row in table.rows where kinds.contains(nil) { QueryTable.learnKinds(&kinds, from: row) }
        self.init(key: table.key, title: table.title, columns: table.columns, kinds: kinds.map { $0 ?? .text }, rows: table.rows)
    }

    /// Each column's kind when it is declared; nil: its values tell.
    static func declaredKinds(_ columns: [Column]) -> [ColumnKind?] {
        columns.map(\.kind)
    }

    /// Gives the columns without a kind yet the kind of their value in `row`, if it has one.
    static func learnKinds(_ kinds: inout [ColumnKind?], from row: [Cell]) {
        for i in kinds.indices where kinds[i] == nil && i < row.count { kinds[i] = ColumnKind.of(datum: row[i].datum) }
    }

    /// The table to render: the drawing a command may have had is gone with its rows.
    var table: Table {
        Table(key: key, title: title, columns: columns, rows: rows)
    }

    /// The names a column answers to: its key, the key without its unit (`distance` for
    /// `distance_km`), its aliases and its title.
    static func names(_ column: Column) -> [String] {
        var names = [column.key] + column.aliases
        if let cut = column.key.lastIndex(of: "_"), ColumnKind.unitSuffixes.contains(String(column.key[column.key.index(after: cut)...])) {
            names.append(String(column.key[..<cut]))
        }
        let title = column.title.lowercased().replacingAll(" ", with: "_")
        if !title.isEmpty, title.allSatisfy({ $0.isLetter || $0 == "_" }) { names.append(title) }
        return names
    }

    /// Column `i` made visible in text, with a title when it had none (a column JSON alone had).
    func revealed(_ i: Int) -> Column {
        var c = columns[i]
        c.dataOnly = false
        if c.title.isEmpty { c.title = QueryTable.shownName(c).replacingAll("_", with: " ").capitalizedFirst }
        if kinds[i].isNumeric { c.alignment = .right }
        return c
    }

    /// Gives the cells of column `i` that show their raw data the text people read (units, groups).
    mutating func formatCells(_ i: Int) {
        for r in rows.indices { rows[r][i] = QueryTable.formatted(rows[r][i], kinds[i]) }
    }

    /// A cell of a column of `kind` that shows its raw data with the text people read (units,
    /// groups); other cells as they are.
    static func formatted(_ cell: Cell, _ kind: ColumnKind) -> Cell {
        guard kind.isNumeric, kind.dimension != .plain, cell.text == cell.datum.plainText else { return cell }
        var out = cell
        switch cell.datum {
        case .int(let n): out.text = Grouping.shown(Double(n), kind)
        case .number(let d): out.text = Grouping.shown(d, kind)
        case .null: out.text = "—"
        default: break
        }
        return out
    }

    /// The name a column is shown by in messages (its key without the unit).
    static func shownName(_ column: Column) -> String { names(column).count > 1 ? names(column)[1] : column.key }

    /// The index of the column called `name`, or nil.
    func index(_ name: String) -> Int? {
        let lower = name.lowercased()
        if let exact = columns.firstIndex(where: { $0.key == lower }) { return exact }
        return columns.firstIndex { QueryTable.names($0).contains(lower) }
    }

    /// The index of the column called `name`, or an error with "did you mean" and the columns.
    func column(_ name: String) throws(ValueError) -> Int {
        if let i = index(name) { return i }
        throw ValueError("unknown column '\(name)'" + suggestion(name, among: columns.map(QueryTable.shownName)) + columnList)
    }

    /// " (columns of flights: id, airline, …)".
    var columnList: String { " (columns of \(key): \(columns.map(QueryTable.shownName).joined(separator: ", ")))" }
}

/// What one stage of a pipeline hands the next.
enum PipeValue {
    case table(QueryTable)
    /// One value (`count`, `get` on one row), under a key for JSON.
    case value(Cell, ColumnKind, key: String)
    /// One column's values (`get` on several rows).
    case list([Cell], ColumnKind, key: String)

    /// What it is, for messages.
    var what: String {
        switch self {
        case .table(let t): "a table of \(Format.count(t.rows.count, "row"))"
        case .value: "one value"
        case .list(let cells, _, _): "a list of \(Format.count(cells.count, "value"))"
        }
    }

    /// The values of a list or of one value, with their kind and key; nil for a table.
    var cells: (cells: [Cell], kind: ColumnKind, key: String)? {
        switch self {
        case .table: nil
        case .value(let cell, let kind, let key): ([cell], kind, key)
        case .list(let cells, let kind, let key): (cells, kind, key)
        }
    }

    /// The output that shows it in every format.
    var output: Output {
        switch self {
        case .table(let t): return .table(t.table)
        // The values as people read them in text; JSON gets them under the key, CSV as a column.
        case .value(let cell, _, let key): return PipeValue.values(.one, [cell], key)
        case .list(let cells, _, let key): return PipeValue.values(.list, cells, key)
        }
    }

    static func values(_ shape: Table.Values, _ cells: [Cell], _ key: String) -> Output {
        var table = Table(key: key, columns: [Column(key, key)], rows: cells.map { [$0] })
        table.display = cells.map { [Span($0.text)] }
        table.values = shape
        return .table(table)
    }

    /// The words it stands for when a variable holding it is expanded.
    func words() throws(ValueError) -> [String] {
        switch self {
        case .value(let cell, let kind, _): return [kind.word(cell.datum)]
        case .list(let cells, let kind, _): return cells.map { kind.word($0.datum) }
        case .table(let t):
            throw ValueError("it holds a table of \(Format.count(t.rows.count, "row")): pipe it (| get COLUMN) or use $NAME.COLUMN on one row")
        }
    }
}
