import SkyKit

/// `group COL… with count, sum COL, avg COL, min COL, max COL`: one row per distinct set of
/// keys, sorted by the keys, with the aggregates after them.
enum Grouping {
    enum Aggregate: String {
        case count, sum, avg, min, max
    }

    static func group(_ table: QueryTable, _ words: [Token], _ reader: ScalarReader) throws -> QueryTable {
        let parts = words.flatMap { $0.text.split(separator: ",").map(String.init) }
        let with = parts.firstIndex { $0.lowercased() == "with" } ?? parts.count
        let keys = try parts[..<with].map { try table.column($0) }
        guard !keys.isEmpty else { throw ShellError.usage("group needs a column to group by (usage: group COLUMN… with count, sum COLUMN…)") }
        var aggregates: [(Aggregate, Int?)] = []
        var rest = parts[min(with + 1, parts.count)...].makeIterator()
        while let word = rest.next() {
            guard let aggregate = Aggregate(rawValue: word.lowercased()) else {
                throw ShellError.usage("'\(word)' is not an aggregate — use count, sum COLUMN, avg COLUMN, min COLUMN or max COLUMN")
            }
            if aggregate == .count {
                aggregates.append((.count, nil))
                continue
            }
            guard let name = rest.next() else { throw ShellError.usage("\(aggregate.rawValue) needs a column (\(aggregate.rawValue) distance)") }
            let i = try table.column(name)
            if aggregate == .sum || aggregate == .avg, !table.kinds[i].isNumeric {
                throw ShellError.usage("\(aggregate.rawValue) needs a column of numbers, but \(name) is \(table.kinds[i].description)")
            }
            aggregates.append((aggregate, i))
        }
        if aggregates.isEmpty { aggregates = [(.count, nil)] }

        var order: [[Scalar]] = []
        var members: [[Scalar]: [[Cell]]] = [:]
        for row in table.rows {
            let key = keys.map { reader.read(row[$0].datum, table.kinds[$0]) }
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(row)
        }
        order.sort { a, b in
            for (x, y) in zip(a, b) {
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
            out.columns.append(Column(name, name.replacingOccurrences(of: "_", with: " ").capitalizedFirst, .right))
            out.kinds.append(i.map { aggregate == .count ? .integer : table.kinds[$0] } ?? .integer)
        }
        out.rows = order.map { key in
            let rows = members[key]!
            return keys.map { rows[0][$0] } + aggregates.map { aggregate, i in cell(aggregate, i, rows, table, reader) }
        }
        for (n, i) in keys.enumerated() where table.columns[i].dataOnly { out.formatCells(n) }
        for (n, (aggregate, i)) in aggregates.enumerated() where aggregate == .min || aggregate == .max {
            if let i, table.columns[i].dataOnly { out.formatCells(keys.count + n) }
        }
        return out
    }

    static func cell(_ aggregate: Aggregate, _ column: Int?, _ rows: [[Cell]], _ table: QueryTable, _ reader: ScalarReader) -> Cell {
        guard let i = column else { return Cell(.int(rows.count), text: Format.grouped(Double(rows.count))) }
        let kind = table.kinds[i]
        switch aggregate {
        case .count: return Cell(.int(rows.count))
        case .min, .max:
            let present = rows.filter { reader.read($0[i].datum, kind) != .null }
            let best = present.min { a, b in
                let o = Scalar.order(reader.read(a[i].datum, kind), reader.read(b[i].datum, kind))
                return aggregate == .min ? o < 0 : o > 0
            }
            return best?[i] ?? Cell(.null, text: "—")
        case .sum, .avg:
            let values = rows.compactMap { row -> Double? in
                switch row[i].datum {
                case .int(let n): Double(n)
                case .number(let d): d
                default: nil
                }
            }
            guard !values.isEmpty else { return Cell(.null, text: "—") }
            let sum = values.reduce(0, +)
            let value = aggregate == .sum ? sum : sum / Double(values.count)
            let whole = kind == .integer && aggregate == .sum
            return Cell(whole ? .int(Int(value)) : Datum.rounded(value, 3), text: shown(value, kind, whole: whole))
        }
    }

    /// A number of a column of `kind` as people read it: "4,161.9 km".
    static func shown(_ value: Double, _ kind: ColumnKind, whole: Bool = false) -> String {
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
