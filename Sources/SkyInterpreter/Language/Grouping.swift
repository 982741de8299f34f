import SkyKit

/// `group COL… with count, sum COL, avg COL, min COL, max COL`: one row per distinct set of
/// keys, sorted by the keys as shown, with the aggregates after them; without a key, one row
/// over every row.
enum Grouping {
    enum Aggregate: String {
        case count, sum, avg, min, max
    }

    /// The groups of the stream's rows; only each group's running aggregates are kept, never
    /// its rows.
    static func group(_ stream: RowStream, _ request: GroupRequest, _ reader: ScalarReader) throws -> QueryTable {
        let out = try group(stream.shape, request, reader, rows: stream.rows.mapped { ($0, 1) })
        try stream.source?.finish()
        return out
    }

    /// The groups of rows of a table shaped `table`, each row standing for `weight` rows alike.
    static func group(_ table: QueryTable, _ request: GroupRequest, _ reader: ScalarReader, rows: AnyIterator<([Cell], Int)>) throws -> QueryTable {
        let keys = try request.keys.map { try table.column($0) }
        var aggregates: [(Aggregate, Int?)] = []
        for aggregate in request.aggregates {
            guard let name = aggregate.column else {
                aggregates.append((aggregate.function, nil))
                continue
            }
            let i = try table.column(name)
            if aggregate.function == .sum || aggregate.function == .avg, !table.kinds[i].isNumeric {
                throw ShellError.usage("\(aggregate.function.rawValue) needs a column of numbers, but \(name) is \(table.kinds[i].description)")
            }
            aggregates.append((aggregate.function, i))
        }

        // Each group's place in `found`, by its key values.
        var slots: [[Scalar]: Int] = [:]
        var found: [(key: [Scalar], cells: [Cell], totals: [Running])] = []
        let fresh = aggregates.map { Running($0.0, $0.1) }
        while let (row, weight) = rows.next() {
            let key = keys.map { reader.read(row[$0].datum, table.kinds[$0]) }
            let slot: Int
            if let known = slots[key] {
                slot = known
                // Rows alike in a key may spell it differently (UA, UAL): the group shows the
                // least spelling, whatever order the rows came in.
                for (n, i) in keys.enumerated() where row[i].datum != found[slot].cells[n].datum {
                    if row[i].datum.plainText < found[slot].cells[n].datum.plainText { found[slot].cells[n] = row[i] }
                }
            } else {
                slot = found.count
                slots[key] = slot
                found.append((key, keys.map { row[$0] }, fresh))
            }
            for n in fresh.indices { found[slot].totals[n].add(row, weight, table.kinds, reader) }
        }
        // Groups sort by their keys as shown: an airline, airport or aircraft by the name the
        // row shows (Aer Lingus before Delta, whatever their codes), the rest by value.
        let shownKeys = keys.map { [.airline, .airport, .aircraft].contains(table.kinds[$0]) }
        found.sort { a, b in
            for (n, (x, y)) in zip(a.key, b.key).enumerated() {
                if shownKeys[n], x != .null, y != .null {
                    let (p, q) = (a.cells[n].text.lowercased(), b.cells[n].text.lowercased())
                    if p != q { return p.utf8.lexicographicallyPrecedes(q.utf8) }
                }
                let o = Scalar.order(x, y)
                if o != 0 { return o < 0 }
            }
            return false
        }
        var out = table
        out.columns = keys.map { table.revealed($0) }
        out.kinds = keys.map { table.kinds[$0] }
        for (aggregate, i) in aggregates {
            let name = i.map { aggregate.rawValue + "_" + QueryTable.shownName(table.columns[$0]) } ?? "count"
            out.columns.append(Column(name, name.replacingAll("_", with: " ").capitalizedFirst, .right))
            out.kinds.append(i.map { aggregate == .count ? .integer : table.kinds[$0] } ?? .integer)
        }
        out.rows = found.map { group in group.cells + group.totals.map { $0.cell(table.kinds) } }
        for (n, i) in keys.enumerated() where table.columns[i].dataOnly { out.formatCells(n) }
        for (n, (aggregate, i)) in aggregates.enumerated() where aggregate == .min || aggregate == .max {
            if let i, table.columns[i].dataOnly { out.formatCells(keys.count + n) }
        }
        return out
    }

    /// One aggregate of one group, added up row by row.
    struct Running {
        let aggregate: Aggregate
        let column: Int?
        var rows = 0
        /// The sum of the column's numbers and how many there were (sum, avg).
        var sum = 0.0
        var values = 0
        /// The first row's cell with the least (min) or greatest (max) value, and that value.
        var best: (cell: Cell, value: Scalar)?

        init(_ aggregate: Aggregate, _ column: Int?) {
            self.aggregate = aggregate
            self.column = column
        }

        mutating func add(_ row: [Cell], _ weight: Int, _ kinds: [ColumnKind], _ reader: ScalarReader) {
            rows += weight
            guard let i = column else { return }
            switch aggregate {
            case .count: break
            case .min, .max:
                let value = reader.read(row[i].datum, kinds[i])
                guard value != .null else { return }
                if let best {
                    let o = Scalar.order(value, best.value)
                    guard aggregate == .min ? o < 0 : o > 0 else { return }
                }
                best = (row[i], value)
            case .sum, .avg:
                switch row[i].datum {
                case .int(let n): sum += Double(n) * Double(weight)
                case .number(let d): sum += d * Double(weight)
                default: return
                }
                values += weight
            }
        }

        /// The aggregate's cell.
        func cell(_ kinds: [ColumnKind]) -> Cell {
            guard let i = column else { return Cell(.int(rows), text: Format.grouped(Double(rows))) }
            let kind = kinds[i]
            switch aggregate {
            case .count: return Cell(.int(rows))
            case .min, .max: return best?.cell ?? Cell(.null, text: "—")
            case .sum, .avg:
                guard values > 0 else { return Cell(.null, text: "—") }
                let value = aggregate == .sum ? sum : sum / Double(values)
                let whole = kind == .integer && aggregate == .sum
                return Cell(whole ? .int(Int(value)) : Datum.rounded(value, 3), text: shown(value, kind, whole: whole))
            }
        }
    }

    /// A number of a column of `kind` as people read it: "4,161.9 km".
    static func shown(_ value: Double, _ kind: ColumnKind, whole: Bool = false) -> String {
        // A duration reads as everywhere else: "13 h 50 min", never "830.0 min".
        if case .duration(let seconds) = kind, value >= 0 { return TimeText.span(value * seconds) }
        let decimals = whole || kind == .integer ? 0 : value.magnitude < 100 ? 2 : 1
        return Format.grouped(value, decimals) + unitSymbol(kind)
    }

    static func unitSymbol(_ kind: ColumnKind) -> String {
        switch kind {
        case .length(let u), .height(let u): " " + u.symbol
        case .speed(let u): " " + u.rawValue
        case .angle: "°"
        case .duration(let s): " " + ColumnKind.durationSymbol(s)
        default: ""
        }
    }
}
