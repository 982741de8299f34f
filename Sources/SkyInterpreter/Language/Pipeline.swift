import SkyKit

/// `command | stage | stage…`, `let NAME = …` and `$NAME`: the language over commands. A
/// command's table goes through the stages in order; the last stage's result is shown in the
/// output format (text, JSON, CSV) or kept in a variable.
extension Shell {
    /// True when `words` hold a `|`.
    static func isPipeline(_ words: [Token]) -> Bool { words.contains { $0.isPipe } }

    /// Runs a pipeline or a `let`, or returns nil when `words` are a plain command.
    func runLanguage(_ words: [Token]) throws -> Output? {
        if words.first?.keyword?.lowercased() == "let" { return try runLet(Array(words.dropFirst())) }
        if words.first?.keyword?.lowercased() == "explain", Shell.isPipeline(words) { return try explainPipeline(Array(words.dropFirst())) }
        guard Shell.isPipeline(words) || isVariableHead(words) else { return nil }
        let value = try evaluatePipeline(words, shown: true)
        remember(value)
        return value.output
    }

    /// Told of each part of a pipeline as it runs: its words, what it was given (nil for the
    /// head) and what it made (nil for a `save`, which is then not written).
    typealias StageWatcher = (_ part: [Token], _ stage: PipelineStage?, _ given: PipeValue?, _ made: PipeValue?) throws -> Void

    /// The value of a pipeline (or of a variable alone); `shown` when it is only displayed (not
    /// kept), so that fields no stage names need not be computed. With `watch` (explain), each
    /// part is reported and nothing is written.
    func evaluatePipeline(_ words: [Token], shown: Bool = false, watch: StageWatcher? = nil) throws -> PipeValue {
        let parts = words.split(omittingEmptySubsequences: false) { $0.isPipe }
        guard let head = parts.first, !head.isEmpty else { throw ShellError.usage("a pipeline starts with a command: flights | where …") }
        if let empty = parts.dropFirst().firstIndex(where: \.isEmpty) {
            throw ShellError.usage(
                empty == parts.count - 1
                    ? "nothing follows the last '|' — name a stage (\(registry.stageNames.joined(separator: ", ")))" : "two '|' with no stage between them")
        }
        // Each stage read once by its declaration: the planners and the stages share what was
        // read, and a stage that does not read is said before the command makes any row.
        let parsed = parts.dropFirst().map { PipelineStage(Array($0), registry) }
        for stage in parsed { _ = try stage.operation.get() }
        var flow: Stages.Flow
        // The stages the logbook's query did in full (a group it counted).
        var skipped = 0
        let command = head.map(\.text).joined(separator: " ")
        if isVariableHead(Array(head)) {
            flow = .value(try variable(String(head[head.startIndex].text.dropFirst())))
        } else {
            // Headed by a command, for stages or for a value (let, for, a substitution): every column.
            let wasInPipeline = inPipeline
            inPipeline = true
            let resolved = registry.resolve(Array(head))
            let path = resolved?.path
            // Explained, every stage runs in memory, so each one's count is its own.
            let source = watch == nil ? resolved?.spec.rowSource : nil
            let query = source?.query
            if let query { queryPlan = query.plan(parsed, head.count == 1, catalog) }
            if let query, shown, renderOptions.format == .table, !parsed.contains(where: { if case .save? = $0.read { true } else { false } }) {
                queryPlan.fields = Shell.namedFields(parsed, among: query.fields)
            }
            if let shape = source?.table {
                wherePushDown = WherePushDown.plan(parsed, key: shape.key, columns: shape.columns, reader: ScalarReader(catalog: catalog))
            }
            let plan = queryPlan
            defer {
                inPipeline = wasInPipeline
                queryPlan = FlightPushDown()
                wherePushDown = nil
            }
            let output = try evaluate(Array(head))
            pendingNotes += output.blocks.compactMap { if case .note(let n) = $0 { return n } else { return nil } }
            flow = try Shell.flow(of: output, command: command)
            if let query, let group = plan.group, case .rows(let stream) = flow {
                flow = .value(.table(try query.groups(stream.shape, plan, context)))
                skipped = group.stage + 1
            }
            if let query, let stage = plan.counted, case .rows = flow, let n = try query.count(plan, context) {
                flow = .value(Stages.countValue(n))
                skipped = stage + 1
            }
            if let pushed = wherePushDown, pushed.taken {
                flow = flow.untitled
                skipped = max(skipped, pushed.done)
            }
            if let path, let columns = flow.columns { columnsSeen[path.joined(separator: " ")] = columns.map(QueryTable.shownName) }
        }
        if let watch {
            flow = .value(try flow.value())
            try watch(Array(head), nil, nil, try flow.value())
        }
        for (n, stage) in parsed.enumerated() where n >= skipped {
            if case .save(let path, let force)? = stage.read {
                guard n == parsed.count - 1 else { throw ShellError.usage("save ends a pipeline: nothing can follow it") }
                let value = try flow.value()
                if let watch { try watch(stage.tokens, stage, value, nil) } else { try save(value, to: path, force: force) }
                return value
            }
            let given = flow
            // `sort … | first N` over rows still coming holds only the N best.
            if case .sort(let request)? = stage.read, case .rows(let stream) = flow, n + 1 < parsed.count, let keep = Stages.firstCount(parsed[n + 1]) {
                flow = .value(.table(try Stages.sorted(stream, request, ScalarReader(catalog: catalog), keep: keep))).untitled
                skipped = n + 2
                continue
            }
            flow = try Stages.step(stage, flow, self).untitled
            if let watch { try watch(stage.tokens, stage, try given.value(), try flow.value()) }
        }
        return try flow.value()
    }

    /// The table (or value) a command's output holds, for the stage after it; a streamed
    /// listing stays a stream of rows.
    static func flow(of output: Output, command: String) throws -> Stages.Flow {
        let listings = output.blocks.compactMap { if case .stream(let s) = $0 { s } else { nil } }
        let others = output.blocks.contains {
            switch $0 {
            case .table, .sideBySide, .card: true
            default: false
            }
        }
        if listings.count == 1, !others { return .rows(RowStream(listings[0])) }
        return .value(try pipeValue(of: output, command: command))
    }

    /// The table (or value) a command's output holds, for the stage after it.
    static func pipeValue(of output: Output, command: String) throws -> PipeValue {
        var tables: [Table] = []
        var listings: [StreamedTable] = []
        var keys: [String] = []
        var cards: [Card] = []
        for block in output.blocks {
            switch block {
            case .table(let t):
                tables.append(t)
                keys.append(t.key)
            case .sideBySide(let ts):
                tables += ts
                keys += ts.map(\.key)
            case .stream(let s):
                listings.append(s)
                keys.append(s.key)
            case .card(let c): cards.append(c)
            default: break
            }
        }
        if keys.count > 1 {
            throw ShellError.usage("\(command) made \(keys.count) tables (\(keys.joined(separator: ", "))): a stage needs one — ask for one section")
        }
        if let table = tables.first { return .table(QueryTable(table)) }
        // A listing is read only now that it is the one table; Ctrl-C while it is read stops it cleanly.
        if let listing = listings.first { return .table(try RowStream(listing).collected()) }
        if cards.count == 1 {
            let fields = cards[0].fields.filter { !$0.key.isEmpty }
            let columns = fields.map { Column($0.key, $0.label, kind: $0.kind) }
            return .table(
                QueryTable(
                    Table(
                        key: cards[0].key ?? command.split(separator: " ").first.map(String.init) ?? "card", title: cards[0].title, columns: columns,
                        rows: [fields.map(\.cell)])))
        }
        let made =
            output.blocks.isEmpty
            ? "nothing"
            : output.blocks.contains { if case .drawing = $0 { true } else { false } } ? "a drawing" : cards.count > 1 ? "\(cards.count) cards" : "a message"
        throw ShellError.usage("\(command) made \(made), not a table: a stage needs a command that lists rows")
    }

    /// The fields of `keys` the stages' words name (by key or by the key without its unit).
    static func namedFields(_ stages: [PipelineStage], among keys: [String]) -> Set<String> {
        var words: Set<String> = []
        for token in stages.flatMap(\.tokens) {
            for case .word(let w) in ExpressionParser.split(token.text) { words.insert(w.lowercased()) }
        }
        return Set(keys.filter { key in !words.isDisjoint(with: QueryTable.names(Column(key, ""))) })
    }

    /// `save FILE [--force]`: the table in CSV or JSON (by the file's extension), under the
    /// same rules as every export (an existing file needs --force; skyshell's own files never).
    func save(_ value: PipeValue, to path: String, force: Bool) throws {
        let lower = path.lowercased()
        var options = renderOptions
        options.color = false
        if lower.hasSuffix(".csv") {
            options.format = .csv
        } else if lower.hasSuffix(".json") {
            options.format = .json
        } else {
            throw ShellError.usage("save writes .csv or .json files: end '\(Visible.text(path))' with one of them")
        }
        let file = try createUserFile(path, force: force)
        try finish(file, with: Renderer.render(value.output, options))
        // `-q` in a script: only errors and results; the file is the result.
        if quiet, mode == .batch { return }
        note("saved \(value.what) to \(Visible.text(String(path.split(separator: "/").last ?? Substring(path))))")
    }

    /// `let NAME = VALUE…` or `let NAME = command | stage…`.
    func runLet(_ words: [Token]) throws -> Output {
        guard words.count >= 2, let name = words[0].keyword, words[1].keyword == "=" else {
            throw ShellError.usage("usage: let NAME = VALUE, or let NAME = command | stage…")
        }
        guard Shell.isVariableName(name) else {
            throw ShellError.usage("'\(Visible.text(name))' is not a variable name: use letters, digits and _, starting with a letter")
        }
        guard !Shell.reservedVariables.contains(name) else { throw ShellError.usage("$\(name) is the shell's own: choose another name") }
        let rest = Array(words.dropFirst(2))
        let value: PipeValue
        if rest.isEmpty {
            throw ShellError.usage("let \(name) = needs a value")
        } else if Shell.isPipeline(rest) || isVariableHead(rest) || (rest[0].keyword.map { registry.command($0) != nil } ?? false) {
            value = try evaluatePipeline(rest)
        } else if rest.count == 1 {
            value = .value(Cell(rest[0].text), Shell.literalKind(rest[0]), key: name)
        } else {
            value = .list(rest.map { Cell($0.text) }, .text, key: name)
        }
        variables[name] = value
        arguments.variables[name] = Shell.lexValue(value)
        remember(value)
        return .none
    }

    static func literalKind(_ word: Token) -> ColumnKind {
        guard !word.isLiteral else { return .text }
        switch Literal.parse(word.text) {
        case .quantity(_, .plain): return .number
        case .date: return .date
        case .instant: return .instant
        case .clock: return .clock
        case .bool: return .boolean
        default: return .text
        }
    }

    /// The variables the shell sets itself: `$env.NAME`, `$_` (the last result), `$status` (the
    /// last command's exit status) and `$error` (the message a `catch` caught).
    static let reservedVariables: Set<String> = ["env", "_", "status", "error"]

    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    /// True for a pipeline head that is one `$NAME` of a shell variable.
    func isVariableHead(_ words: [Token]) -> Bool {
        guard let first = words.first, first.text.hasPrefix("$"), words.count == 1 || words[1].isPipe else { return false }
        return first.isVariableReference
    }

    /// The value of `$name`.
    func variable(_ name: String) throws -> PipeValue {
        guard let value = variables[name] else {
            throw ShellError.usage("$\(name) is not set" + suggestion(name, among: Array(variables.keys)) + " — let \(name) = … sets it")
        }
        return value
    }

    /// The column names of the table `head` makes: a variable's, or the head command's when it
    /// last headed a pipeline in this session (completion never runs a command).
    func columns(of head: [Token]) -> [String] {
        if let first = head.first, head.count == 1, first.text.hasPrefix("$"), case .table(let t) = variables[String(first.text.dropFirst())] {
            return t.columns.map(QueryTable.shownName)
        }
        guard let (spec, path, _) = registry.resolve(head) else { return [] }
        return columnsSeen[path.joined(separator: " ")] ?? spec.columns.map(QueryTable.shownName)
    }

    /// Keeps a result as `$_`.
    func remember(_ value: PipeValue) {
        variables["_"] = value
        arguments.variables["_"] = Shell.lexValue(value)
    }

    /// What `$NAME` and `$NAME.COLUMN` expand to in a command's words.
    static func lexValue(_ value: PipeValue) -> VariableWords {
        switch value {
        case .table(let t):
            var fields: [String: String] = [:]
            if t.rows.count == 1 {
                for (i, (column, cell)) in zip(t.columns, t.rows[0]).enumerated() {
                    let word = t.kinds[i].word(cell.datum)
                    for name in QueryTable.names(column) where fields[name] == nil { fields[name] = word }
                }
            }
            return VariableWords(words: nil, fields: fields, what: value.what)
        default:
            return VariableWords(words: (try? value.words()) ?? [], fields: [:], what: value.what)
        }
    }
}

/// What a shell variable gives the lexer: its words (nil for a table) and, for a one-row
/// table, the value of each column by name.
public struct VariableWords: Sendable, Equatable {
    public var words: [String]?
    public var fields: [String: String]
    public var what: String

    /// A variable the shell sets itself to one text (`$status`, `$error`; none: expands to nothing).
    static func text(_ text: String?) -> VariableWords { VariableWords(words: text.map { [$0] } ?? [], fields: [:], what: "one value") }
}
