import SkyKit

/// The stages of a pipeline (`flights | where … | sort … | first 10`): each takes what the
/// stage before it made and the words written after its name.
enum Stages {
    /// Runs the stage written `name words…` on `input`.
    static func run(_ name: String, _ words: [Token], _ input: PipeValue, _ shell: Shell) throws -> PipeValue {
        try step(PipelineStage([Token(name)] + words, shell.registry), .value(input), shell).value()
    }

    /// The stage `parsed` on what the stage before it made. Rows still coming stay a stream
    /// through the stages that look at one row at a time; a held table stays held (each
    /// stage's rows are there at once, for explain).
    static func step(_ parsed: PipelineStage, _ input: Flow, _ shell: Shell) throws -> Flow {
        let operation = try parsed.operation.get()
        switch operation {
        case .describe: return .value(.table(Describe.columns(of: input)))
        case .count:
            let n: Int
            switch input {
            case .rows(let stream): n = try stream.count()
            case .value(.table(let t)): n = t.rows.count
            case .value(.list(let cells, _, _)): n = cells.count
            case .value(.value): n = 1
            }
            return .value(countValue(n))
        default: break
        }
        // A list (or the one value `get` gave for one row) through first, last, skip, uniq, sort.
        if case .value(let value) = input, let (cells, kind, key) = value.cells, let listed = try listStage(operation, cells, kind, shell) {
            return .value(.list(listed, kind, key: key))
        }
        let stream: RowStream
        switch input {
        case .rows(let rows): stream = rows
        case .value(.table(let t)): stream = RowStream(t)
        case .value(let other): throw ShellError.usage("\(parsed.declaration?.name ?? parsed.name) needs a table, but the stage before it made \(other.what)")
        }
        let reader = ScalarReader(catalog: shell.catalog)
        if operation.isRowAtATime {
            let next = try stream.through(operation, reader)
            if case .value = input { return .value(.table(try next.collected())) }
            return .rows(next)
        }
        switch operation {
        case .group(let request): return .value(.table(try Grouping.group(stream, request, reader)))
        case .sort(let request): return .value(.table(try sorted(stream, request, reader)))
        case .last(let n):
            var table = try stream.collected()
            table.rows = Array(table.rows.suffix(n))
            return .value(.table(table))
        case .get(let name):
            let table = try stream.collected()
            let i = try table.column(name)
            let key = table.columns[i].key
            if table.rows.count == 1 { return .value(.value(table.rows[0][i], table.kinds[i], key: key)) }
            return .value(.list(table.rows.map { $0[i] }, table.kinds[i], key: key))
        default: throw ShellError.usage("\(parsed.name) ends a pipeline: nothing can follow it")
        }
    }

    /// `first`, `last`, `skip`, `uniq` and `sort [desc]` over a list (`get to | first 3`): its
    /// values so chosen or ordered; nil for the stages that need a table.
    static func listStage(_ operation: StageOperation, _ cells: [Cell], _ kind: ColumnKind, _ shell: Shell) throws -> [Cell]? {
        switch operation {
        case .first(let n): return Array(cells.prefix(n))
        case .last(let n): return Array(cells.suffix(n))
        case .skip(let n): return Array(cells.dropFirst(n))
        case .uniq(let names):
            if let name = names.first { throw ShellError.usage("uniq takes nothing after it, but got '\(name)'") }
            let reader = ScalarReader(catalog: shell.catalog)
            var seen: Set<Scalar> = []
            return cells.filter { seen.insert(reader.read($0.datum, kind)).inserted }
        case .sort(let request):
            guard let descending = request.listDescending else {
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

    /// N of a `first N` (up to 1,000) that follows a sort, or nil.
    static func firstCount(_ stage: PipelineStage) -> Int? {
        guard case .first(let n)? = stage.read, n <= 1_000 else { return nil }
        return n
    }

    /// The stream's rows in the order of `sort COL [desc|asc], COL [desc]…` (`RowOrder`), or
    /// only the first `keep` of them (a `sort … | first N` over rows still coming: only N rows
    /// are held at any time).
    /// What a `count` stage gives for `n` rows.
    static func countValue(_ n: Int) -> PipeValue { .value(Cell(.int(n), text: String(n)), .integer, key: "count") }

    static func sorted(_ stream: RowStream, _ request: SortRequest, _ reader: ScalarReader, keep: Int? = nil) throws -> QueryTable {
        var table = stream.shape
        var ranking = Ranking<[Cell]>(try RowOrder(request, over: table), keep: keep)
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
