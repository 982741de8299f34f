import SkyKit

/// The stages of a pipeline (`flights | where … | sort … | first 10`): each takes what the
/// stage before it made and the words written after its name.
enum Stages {
    /// Runs the stage called `name` on `input`.
    static func run(_ name: String, _ words: [Token], _ input: PipeValue, _ shell: Shell) throws -> PipeValue {
        let stage = name.lowercased()
        if stage == "count" {
            try noWords(stage, words)
            let n: Int
            switch input {
            case .table(let t): n = t.rows.count
            case .list(let cells, _, _): n = cells.count
            case .value: n = 1
            }
            return .value(Cell(.int(n), text: String(n)), .integer, key: "count")
        }
        guard case .table(var table) = input else {
            throw ShellError.usage("\(stage) needs a table, but the stage before it made \(input.what)")
        }
        let reader = ScalarReader(catalog: shell.catalog)
        switch stage {
        case "where":
            var parser = ExpressionParser(words)
            let test = try Condition(table: table, reader: reader).plan(try parser.parse())
            table.rows = table.rows.filter { test($0) == true }
        case "sort": try sort(&table, words, reader)
        case "select", "reject":
            let picked = try columnNames(stage, words).map { try table.column($0) }
            var keep = stage == "select" ? picked : table.columns.indices.filter { !picked.contains($0) }
            if stage == "select" { keep = keep.reduce(into: []) { if !$0.contains($1) { $0.append($1) } } }
            // A column JSON alone had is shown once selected; reject leaves the rest as they were.
            let shown = keep.map { stage == "select" && table.columns[$0].dataOnly }
            table.columns = keep.map { stage == "select" ? table.revealed($0) : table.columns[$0] }
            table.kinds = keep.map { table.kinds[$0] }
            table.rows = table.rows.map { row in keep.map { row[$0] } }
            for (i, hidden) in shown.enumerated() where hidden { table.formatCells(i) }
        case "first", "last", "skip":
            let n = try count(stage, words)
            switch stage {
            case "first": table.rows = Array(table.rows.prefix(n))
            case "last": table.rows = Array(table.rows.suffix(n))
            default: table.rows = Array(table.rows.dropFirst(n))
            }
        case "uniq":
            let picked = try columnNames(stage, words, allowEmpty: true).map { try table.column($0) }
            let by = picked.isEmpty ? Array(table.columns.indices) : picked
            var seen: Set<[Scalar]> = []
            table.rows = table.rows.filter { row in seen.insert(by.map { reader.read(row[$0].datum, table.kinds[$0]) }).inserted }
        case "group": table = try Grouping.group(table, words, reader)
        case "get":
            let names = try columnNames(stage, words)
            guard names.count == 1 else { throw ShellError.usage("get takes one column (usage: get COLUMN)") }
            let i = try table.column(names[0])
            let key = table.columns[i].key
            if table.rows.count == 1 { return .value(table.rows[0][i], table.kinds[i], key: key) }
            return .list(table.rows.map { $0[i] }, table.kinds[i], key: key)
        default:
            throw ShellError.usage("unknown stage '\(name)'" + suggestion(name, among: names) + " (stages: \(names.joined(separator: ", ")))")
        }
        return .table(table)
    }

    /// Every stage's name, in help's order.
    static let names = ["where", "sort", "select", "reject", "first", "last", "skip", "count", "uniq", "group", "get", "save"]
    /// The stages whose words name columns (completion offers the table's).
    static let namingColumns: Set<String> = ["where", "sort", "select", "reject", "uniq", "group", "get"]

    static func noWords(_ stage: String, _ words: [Token]) throws(ShellError) {
        if let word = words.first { throw ShellError.usage("\(stage) takes nothing after it, but got '\(word.text)'") }
    }

    /// Column names given with spaces or commas between them.
    static func columnNames(_ stage: String, _ words: [Token], allowEmpty: Bool = false) throws(ShellError) -> [String] {
        let names = words.flatMap { $0.text.split(separator: ",").map(String.init) }
        if names.isEmpty, !allowEmpty { throw ShellError.usage("\(stage) needs one or more columns (usage: \(stage) COLUMN…)") }
        return names
    }

    static func count(_ stage: String, _ words: [Token]) throws(ShellError) -> Int {
        guard let word = words.first else { return 1 }
        guard words.count == 1, let n = NumberParser.integer(word.text, in: 0...Int(Int32.max)) else {
            throw ShellError.usage("\(stage) takes a count of rows, e.g. \(stage) 10 (got '\(words.map(\.text).joined(separator: " "))')")
        }
        return n
    }

    /// `sort COL [desc|asc], COL [desc]…`; SQL's order: nothing sorts first, ties keep their order.
    static func sort(_ table: inout QueryTable, _ words: [Token], _ reader: ScalarReader) throws {
        var keys: [(Int, Bool)] = []
        for word in words {
            for (n, part) in word.text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
                let text = String(part)
                if text.isEmpty { continue }
                if ["desc", "asc"].contains(text.lowercased()), n == 0 || !keys.isEmpty, let last = keys.popLast() {
                    keys.append((last.0, text.lowercased() == "desc"))
                } else {
                    keys.append((try table.column(text), false))
                }
            }
        }
        guard !keys.isEmpty else { throw ShellError.usage("sort needs a column (usage: sort COLUMN [desc], …)") }
        let kinds = table.kinds
        let decorated = table.rows.enumerated().map { n, row in (n, keys.map { reader.read(row[$0.0].datum, kinds[$0.0]) }, row) }
        let sorted = decorated.sorted { a, b in
            for (k, key) in keys.enumerated() {
                let order = Scalar.order(a.1[k], b.1[k])
                if order != 0 { return key.1 ? order > 0 : order < 0 }
            }
            return a.0 < b.0
        }
        table.rows = sorted.map(\.2)
    }
}

extension String {
    /// The text with its first letter in capitals.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
