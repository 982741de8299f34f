import SkyKit

/// A `where` condition made ready for one table: each column found once and each literal
/// read once in the unit of the column it is compared with. A test answers true, false or
/// nil (unknown: a value is missing), and `where` keeps the rows that answer true, as SQL does.
struct Condition {
    typealias Test = ([Cell]) -> Bool?

    let table: QueryTable
    let reader: ScalarReader

    private enum Side {
        case column(Int, ColumnKind)
        case literal(Literal, word: String?)
    }

    func plan(_ e: Expression) throws(ValueError) -> Test {
        switch e {
        case .not(let x):
            let t = try plan(x)
            return { row in t(row).map { !$0 } }
        case .and(let a, let b): return try join(a, b, decidedBy: false)
        case .or(let a, let b): return try join(a, b, decidedBy: true)
        case .word, .quoted:
            let (i, kind) = try column(e)
            guard kind == .boolean else {
                throw ValueError("\(name(i)) is \(kind.description), not true or false: compare it (\(name(i)) > …)")
            }
            return { row in if case .bool(let b) = reader.read(row[i].datum, kind) { return b } else { return nil } }
        case .compare(let op, let a, let b): return try compare(op, a, b)
        case .member(let a, let items, let negated):
            let (i, kind) = try column(a)
            var set: Set<Scalar> = []
            var codes: Set<String> = []
            for item in items {
                guard case .literal(let lit, let written) = try side(item) else {
                    throw ValueError("the list after in holds values, not columns")
                }
                set.insert(try lit.scalar(for: kind, column: name(i), written: written, reader: reader))
                if let named = try catalogCodes(kind, written ?? lit.bare.textValue) { codes.formUnion(named) }
            }
            if kind == .airline || kind == .aircraft {
                return { row in ScalarReader.code(row[i].datum, isOneOf: codes).map { $0 != negated } }
            }
            return { row in
                let v = reader.read(row[i].datum, kind)
                if v == .null { return nil }
                return set.contains(v) != negated
            }
        case .match(let a, let b, let glob, let negated):
            let (i, kind) = try column(a)
            guard case .literal(let lit, let word) = try side(b) else {
                throw ValueError("=~ and like match a column against text")
            }
            let pattern = (word ?? lit.bare.textValue).lowercased()
            let matches: (String) -> Bool = glob ? { Glob.matches(pattern, $0.lowercased()) } : { $0.lowercased().contains(pattern) }
            // An airport, airline or aircraft matches by its codes, name and city as well as
            // the cell's text (`to =~ London`, `to =~ LHR`, a family `like 'B73*'`).
            let catalogColumn = kind == .airport || kind == .airline || kind == .aircraft
            return { row in
                let cell = row[i]
                if cell.datum == .null { return nil }
                let found =
                    matches(cell.datum.plainText) || matches(cell.text)
                    || (catalogColumn && reader.matchTexts(cell.datum.plainText.uppercased(), kind).contains(where: matches))
                return found != negated
            }
        }
    }

    /// `and` (decided by a false side) or `or` (by a true one) in three-valued logic: unknown
    /// when neither side decides and one is unknown.
    private func join(_ a: Expression, _ b: Expression, decidedBy decisive: Bool) throws(ValueError) -> Test {
        let (x, y) = (try plan(a), try plan(b))
        return { row in
            let l = x(row)
            if l == decisive { return decisive }
            let r = y(row)
            if r == decisive { return decisive }
            return l == nil || r == nil ? nil : !decisive
        }
    }

    private func name(_ i: Int) -> String { QueryTable.shownName(table.columns[i]) }

    /// The codes a cell of an airline or aircraft column may hold for what `text` names; nil
    /// for the other kinds, which compare one value.
    private func catalogCodes(_ kind: ColumnKind, _ text: String) throws(ValueError) -> Set<String>? {
        switch kind {
        case .airline: try reader.airlineSpellings(named: text)
        case .aircraft: try reader.aircraftDesignators(named: text)
        default: nil
        }
    }

    /// The column a word names, or the unknown-column error.
    private func column(_ e: Expression) throws(ValueError) -> (Int, ColumnKind) {
        guard case .word(let w) = e else {
            if case .quoted(let q) = e { throw ValueError("'\(q)' is quoted text, not a column" + table.columnList) }
            throw ValueError("a condition cannot be compared here; put values or columns on each side")
        }
        let i = try table.column(w)
        return (i, table.kinds[i])
    }

    private func side(_ e: Expression) throws(ValueError) -> Side {
        switch e {
        case .word(let w):
            if let i = table.index(w) { return .column(i, table.kinds[i]) }
            return .literal(Literal.parse(w), word: w)
        case .quoted(let q): return .literal(.text(q), word: q)
        default:
            throw ValueError("a condition cannot be compared here; put values or columns on each side")
        }
    }

    private func compare(_ op: Expression.Comparison, _ a: Expression, _ b: Expression) throws(ValueError) -> Test {
        var (l, r) = (try side(a), try side(b))
        var op = op
        if case .literal = l, case .column = r {
            swap(&l, &r)
            op = op.flipped
        }
        switch (l, r) {
        case (.column(let i, let kind), .literal(let lit, let written)):
            if lit == .null {
                guard op == .eq || op == .ne else { throw ValueError("null can only be compared with == or !=") }
                return { row in (row[i].datum == .null) == (op == .eq) }
            }
            let value = try lit.scalar(for: kind, column: name(i), written: written, reader: reader)
            if op == .eq || op == .ne, let codes = try catalogCodes(kind, written ?? lit.bare.textValue) {
                // A code names every airline holding it, a family its variants: the cell is
                // any code of any of them.
                return { row in ScalarReader.code(row[i].datum, isOneOf: codes).map { $0 == (op == .eq) } }
            }
            if case .number(let target) = value {
                // A number against a number column: the cell's number read in place, scaled
                // as `reader.read` scales it; anything else goes the general way.
                let scale = kind.scale
                return { row in
                    let v: Double
                    switch row[i].datum {
                    case .number(let d): v = d * scale
                    case .int(let n): v = Double(n) * scale
                    case .null: return nil
                    case let other:
                        let read = reader.read(other, kind)
                        return read == .null ? nil : op.holds(Scalar.order(read, value))
                    }
                    return op.holds(Scalar.order(v, target))
                }
            }
            return { row in
                let v = reader.read(row[i].datum, kind)
                return v == .null ? nil : op.holds(Scalar.order(v, value))
            }
        case (.column(let i, let k), .column(let j, let m)):
            guard k == m || (k.dimension == m.dimension && k.dimension != .none) else {
                throw ValueError("\(name(i)) is \(k.description) and \(name(j)) is \(m.description): they cannot be compared")
            }
            return { row in
                let (x, y) = (reader.read(row[i].datum, k), reader.read(row[j].datum, m))
                return x == .null || y == .null ? nil : op.holds(Scalar.order(x, y))
            }
        case (.literal(_, let word), _):
            // Neither side names a column: the left word was meant as one.
            _ = try table.column(word ?? "")
            return { _ in nil }
        }
    }
}

extension Expression.Comparison {
    /// The same comparison with its sides swapped (`5 < x` is `x > 5`).
    var flipped: Self {
        switch self {
        case .lt: .gt
        case .le: .ge
        case .gt: .lt
        case .ge: .le
        default: self
        }
    }

    /// Whether the comparison holds for an order (-1, 0, 1).
    func holds(_ order: Int) -> Bool {
        switch self {
        case .eq: order == 0
        case .ne: order != 0
        case .lt: order < 0
        case .le: order <= 0
        case .gt: order > 0
        case .ge: order >= 0
        }
    }
}

extension Scalar {
    var textValue: String {
        switch self {
        case .null: ""
        case .bool(let b): b ? "true" : "false"
        case .number(let d): Format.trimmed(d)
        case .text(let s): s
        }
    }
}
