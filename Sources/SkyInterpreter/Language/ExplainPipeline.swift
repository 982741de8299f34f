import SkyKit

/// `explain command | stage…`: the pipeline run a stage at a time, saying what each stage was
/// given, what it let through and why — for `where`, how many rows each part of the condition
/// held for, was false for, or could not judge (a missing value).
extension Shell {
    func explainPipeline(_ words: [Token]) throws -> Output {
        guard Shell.isPipeline(words), words.first?.isPipe == false else {
            throw ShellError.usage("explain a pipeline: explain flights | where … | sort …")
        }
        var lines: [StyledLine] = [[Span("Pipeline: " + Visible.text(Shell.written(words)), .accent)], []]
        var number = 0
        let result = try evaluatePipeline(words) { part, stage, given, made in
            number += 1
            let step = "\(number). \(Visible.text(Shell.written(part)))"
            guard let given else {
                lines.append([Span(step + " made \(made?.what ?? "nothing")" + (made.map(Shell.columnsNote) ?? ""))])
                return
            }
            guard let made else {
                lines.append([Span(step + ": would write \(given.what) to a file (explain writes nothing)")])
                return
            }
            lines.append([Span(step + ": " + Shell.effect(stage?.declaration?.stage, given, made))])
            if let expression = stage?.expression, case .table(let table) = given {
                lines += try self.clauses(expression, table).map { [Span("     " + $0, .dim)] }
            }
        }
        lines.append([])
        lines.append([Span("Result: \(result.what)", .bold)])
        return Output([.art(lines)])
    }

    /// For each part of a `where` joined by `and`: on how many rows it held, was false, or was unknown.
    private func clauses(_ expression: Expression, _ table: QueryTable) throws -> [String] {
        let condition = Condition(table: table, reader: ScalarReader(catalog: catalog))
        return try expression.conjuncts.map { part in
            let test = try condition.plan(part)
            var (yes, no, unknown) = (0, 0, 0)
            for row in table.rows {
                switch test(row) {
                case .some(true): yes += 1
                case .some(false): no += 1
                case .none: unknown += 1
                }
            }
            let judged = "true for \(yes), false for \(no)" + (unknown > 0 ? ", unknown for \(unknown) (no value to compare)" : "")
            return "· " + Visible.text(part.written) + ": " + judged
        }
    }

    /// What a stage did, in words: as its declaration says, else "kept K of N rows".
    static func effect(_ traits: StageTraits?, _ before: PipeValue, _ after: PipeValue) -> String {
        guard case .table(let input) = before else { return "made \(after.what)" }
        let n = input.rows.count
        guard case .table(let output) = after else { return "made \(after.what) from \(Format.count(n, "row"))" }
        return traits?.effect?(n, output) ?? "kept \(output.rows.count) of \(Format.count(n, "row"))"
    }

    static func columnsNote(_ value: PipeValue) -> String {
        guard case .table(let t) = value else { return "" }
        let names = t.columns.map(QueryTable.shownName)
        return " (columns: " + names.prefix(8).joined(separator: ", ") + (names.count > 8 ? ", … \(names.count) in all" : "") + ")"
    }

    /// Words written back as one line.
    static func written(_ words: [Token]) -> String { words.map { $0.isQuoted ? "'\($0.text)'" : $0.text }.joined(separator: " ") }
}

extension Expression {
    /// The parts joined by a top-level `and`.
    var conjuncts: [Expression] {
        if case .and(let a, let b) = self { return a.conjuncts + b.conjuncts }
        return [self]
    }

    /// The expression written back.
    var written: String {
        switch self {
        case .word(let w): w
        case .quoted(let q): "'\(q)'"
        case .not(let x): "not " + x.grouped
        case .and(let a, let b): a.grouped + " and " + b.grouped
        case .or(let a, let b): a.grouped + " or " + b.grouped
        case .compare(let op, let a, let b): a.written + " " + op.rawValue + " " + b.written
        case .member(let a, let items, let negated): a.written + (negated ? " not in [" : " in [") + items.map(\.written).joined(separator: ", ") + "]"
        case .match(let a, let b, let glob, let negated): a.written + (glob ? (negated ? " not like " : " like ") : (negated ? " !~ " : " =~ ")) + b.written
        }
    }

    private var grouped: String {
        switch self {
        case .and, .or: "(" + written + ")"
        default: written
        }
    }
}
