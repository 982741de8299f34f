import SkyKit

/// The stages of a pipeline (`flights | where … | sort … | first 10`): each takes what the
/// stage before it made and the words written after its name.
enum Stages {
    /// Runs the stage called `name` on `input`.
    static func run(_ name: String, _ words: [Token], _ input: PipeValue, _ shell: Shell) throws -> PipeValue {
        try step(PipelineStage([Token(name)] + words), .value(input), shell).value()
    }

    /// The stage `parsed` on what the stage before it made. Rows still coming stay a stream
    /// through the stages that look at one row at a time; a held table stays held (each
    /// stage's rows are there at once, for explain).
    static func step(_ parsed: PipelineStage, _ input: Flow, _ shell: Shell) throws -> Flow {
        let (name, words) = (parsed.name, parsed.words)
        // The stage's declaration says it is one; its name (not an alias) says what runs.
        guard let stage = shell.registry.stage(name)?.name else {
            let names = shell.registry.stageNames
            throw ShellError.usage("unknown stage '\(name)'" + suggestion(name, among: names) + " (stages: \(names.joined(separator: ", ")))")
        }
        if stage == "describe" {
            try noWords(stage, words)
            return .value(.table(Describe.columns(of: input)))
        }
        if stage == "count" {
            try noWords(stage, words)
            let n: Int
            switch input {
            case .rows(let stream): n = try stream.count()
            case .value(.table(let t)): n = t.rows.count
            case .value(.list(let cells, _, _)): n = cells.count
            case .value(.value): n = 1
            }
            return .value(.value(Cell(.int(n), text: String(n)), .integer, key: "count"))
        }
        // A list (or the one value `get` gave for one row) through first, last, skip, uniq, sort.
        if case .value(let value) = input, let (cells, kind, key) = value.cells, let listed = try listStage(stage, words, cells, kind, shell) {
            return .value(.list(listed, kind, key: key))
        }
        let stream: RowStream
        switch input {
        case .rows(let rows): stream = rows
        case .value(.table(let t)): stream = RowStream(t)
        case .value(let other): throw ShellError.usage("\(stage) needs a table, but the stage before it made \(other.what)")
        }
        let reader = ScalarReader(catalog: shell.catalog)
        if let next = try stream.through(stage, parsed, reader) {
            if case .value = input { return .value(.table(try next.collected())) }
            return .rows(next)
        }
        if stage == "group" { return .value(.table(try Grouping.group(stream, words, reader))) }
        if stage == "sort" { return .value(.table(try sorted(stream, words, reader))) }
        var table = try stream.collected()
        switch stage {
        case "last": table.rows = Array(table.rows.suffix(try count(stage, words)))
        case "get":
            let names = try columnNames(stage, words)
            guard names.count == 1 else { throw ShellError.usage("get takes one column (usage: get COLUMN)") }
            let i = try table.column(names[0])
            let key = table.columns[i].key
            if table.rows.count == 1 { return .value(.value(table.rows[0][i], table.kinds[i], key: key)) }
            return .value(.list(table.rows.map { $0[i] }, table.kinds[i], key: key))
        default: throw ShellError.usage("\(stage) ends a pipeline: nothing can follow it")
        }
        return .value(.table(table))
    }

    /// `first`, `last`, `skip`, `uniq` and `sort [desc]` over a list (`get to | first 3`): its
    /// values so chosen or ordered; nil for the stages that need a table.
    static func listStage(_ stage: String, _ words: [Token], _ cells: [Cell], _ kind: ColumnKind, _ shell: Shell) throws -> [Cell]? {
        switch stage {
        case "first": return Array(cells.prefix(try count(stage, words)))
        case "last": return Array(cells.suffix(try count(stage, words)))
        case "skip": return Array(cells.dropFirst(try count(stage, words)))
        case "uniq":
            try noWords(stage, words)
            let reader = ScalarReader(catalog: shell.catalog)
            var seen: Set<Scalar> = []
            return cells.filter { seen.insert(reader.read($0.datum, kind)).inserted }
        case "sort":
            let descending = words.count == 1 && words[0].text.lowercased() == "desc"
            guard words.isEmpty || descending else {
                throw ShellError.usage("sort of a list takes no column, only desc (usage: … | get COLUMN | sort [desc])")
            }
            let reader = ScalarReader(catalog: shell.catalog)
            let keyed = cells.map { ($0, reader.read($0.datum, kind)) }
            return keyed.enumerated().sorted { a, b in
                let o = Scalar.order(a.element.1, b.element.1)
                return o == 0 ? a.offset < b.offset : (o < 0) != descending
            }.map(\.element.0)
        default: return nil
        }
    }

    /// What goes from one stage to the next: rows still coming, or a value made.
    enum Flow {
        case rows(RowStream)
        case value(PipeValue)

        /// The value, with any rows still coming read in.
        func value() throws -> PipeValue {
            switch self {
            case .rows(let stream): .table(try stream.collected())
            case .value(let v): v
            }
        }

        /// The columns of the table it is or will be; nil for a list or a value.
        var columns: [Column]? {
            switch self {
            case .rows(let stream): stream.shape.columns
            case .value(.table(let t)): t.columns
            case .value: nil
            }
        }

        /// The same without the command's title, which described its own rows ("Airports
        /// within 50 km"), not a stage's.
        var untitled: Flow {
            switch self {
            case .rows(var stream):
                stream.shape.title = nil
                return .rows(stream)
            case .value(.table(var t)):
                t.title = nil
                return .value(.table(t))
            case .value: return self
            }
        }
    }

    static func noWords(_ stage: String, _ words: [Token]) throws(ShellError) {
        if let word = words.first { throw ShellError.usage("\(stage) takes nothing after it, but got '\(word.text)'") }
    }

    /// Column names given with spaces or commas between them.
    static func columnNames(_ stage: String, _ words: [Token], allowEmpty: Bool = false) throws(ShellError) -> [String] {
        let names = words.flatMap { $0.text.split(separator: ",").map(String.init) }
        if names.isEmpty, !allowEmpty { throw ShellError.usage("\(stage) needs one or more columns (usage: \(stage) COLUMN…)") }
        return names
    }

    /// N of a stage written `first N` (or `first`: 1) up to 1,000, or nil.
    static func firstCount(_ stage: [Token]) -> Int? {
        guard stage.first?.text.lowercased() == "first", let n = try? count("first", Array(stage.dropFirst())), n <= 1_000 else { return nil }
        return n
    }

    static func count(_ stage: String, _ words: [Token]) throws(ShellError) -> Int {
        guard let word = words.first else { return 1 }
        guard words.count == 1, let n = NumberParser.integer(word.text, in: 0...Int(Int32.max)) else {
            throw ShellError.usage("\(stage) takes a count of rows, e.g. \(stage) 10 (got '\(words.map(\.text).joined(separator: " "))')")
        }
        return n
    }

    /// The stream's rows in the order of `sort COL [desc|asc], COL [desc]…` (`RowOrder`), or
    /// only the first `keep` of them (a `sort … | first N` over rows still coming: only N rows
    /// are held at any time).
    static func sorted(_ stream: RowStream, _ words: [Token], _ reader: ScalarReader, keep: Int? = nil) throws -> QueryTable {
        var table = stream.shape
        var ranking = Ranking<[Cell]>(try RowOrder(words, over: table), keep: keep)
        while let row = stream.rows.next() { ranking.add(ranking.order.key(reader) { row[$0] }, row) }
        try stream.source?.finish()
        table.rows = ranking.items
        return table
    }
}

extension String {
    /// The text with its first letter in capitals.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
