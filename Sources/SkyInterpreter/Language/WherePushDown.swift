import SkyKit

/// Conditions over the rows a command makes from values it holds, planned once against the
/// columns it declares (the very kinds the `where` stage would see) and asked of a row before
/// it is made: only the cells the conditions read are made for the question, so a row they
/// drop is never made whole. The radar filter and a pushed `where` are both one.
final class RowTest {
    /// The columns the conditions read.
    let reads: [Int]
    private let tests: [Condition.Test]
    /// A row of placeholders in which only the read columns are filled.
    private var partial: [Cell]

    /// The test of `expressions` (all must hold) over the table `key` of `columns`; the error
    /// of the first that names no column of them or compares what cannot be compared.
    init(_ expressions: [Expression], key: String, columns: [Column], reader: ScalarReader) throws(ValueError) {
        let shape = QueryTable(Table(key: key, columns: columns, rows: []))
        var tests: [Condition.Test] = []
        var reads: Set<Int> = []
        for expression in expressions {
            tests.append(try Condition(table: shape, reader: reader).plan(expression))
            reads.formUnion(expression.words.compactMap { shape.index($0) })
        }
        self.tests = tests
        self.reads = reads.sorted()
        partial = Array(repeating: Cell(.null), count: columns.count)
    }

    /// True when every condition holds for the row whose cell in column `i` is `cell(i)`
    /// (asked only for the columns the conditions read).
    func keeps(_ cell: (Int) -> Cell) -> Bool {
        for i in reads { partial[i] = cell(i) }
        return tests.allSatisfy { $0(partial) == true }
    }
}

/// The `where` stages right after a command that makes its rows one at a time from values it
/// already holds (`radar list`: one row per aircraft), done by the command itself as a
/// `RowTest`: the rows kept are the ones the stages would keep, and the pipeline skips them.
/// A `sort … | first N` right after them may be done by the command too (`flights`): it then
/// ranks what it holds (a flight) by the key cells alone and makes rows of the N best only.
final class WherePushDown {
    /// A pushed `sort … | first N`: its order and N.
    typealias Best = (order: RowOrder, keep: Int)

    /// How many `where` stages after the head it stands for.
    let stages: Int
    let test: RowTest?
    /// The `sort … | first N` after the `where` stages, over the columns' declared kinds.
    let best: Best?
    /// Set when the command has done the `where` stages, and also the sort and first.
    private(set) var taken = false
    private(set) var ranked = false

    private init(stages: Int, test: RowTest?, best: Best?) {
        self.stages = stages
        self.test = test
        self.best = best
    }

    /// The stages the command did, for the pipeline to skip.
    var done: Int { taken ? stages + (ranked ? 2 : 0) : 0 }

    /// The leading `where` stages of `stages` over a table of `columns` and the `sort … |
    /// first N` after them, or nil when there are none or one cannot be planned (the stages then
    /// run, and that one reports its error). The sort is planned only on columns of a declared
    /// kind (a stage would learn the others' from the first row).
    static func plan(_ stages: [PipelineStage], key: String, columns: [Column], reader: ScalarReader) -> WherePushDown? {
        var expressions: [Expression] = []
        for stage in stages {
            guard let expression = stage.expression else { break }
            expressions.append(expression)
        }
        var test: RowTest?
        if !expressions.isEmpty {
            guard let planned = try? RowTest(expressions, key: key, columns: columns, reader: reader) else { return nil }
            test = planned
        }
        var best: Best?
        let n = expressions.count
        let declared = QueryTable.declaredKinds(columns)
        if n + 1 < stages.count, case .sort(let request)? = stages[n].read, let keep = Stages.firstCount(stages[n + 1]),
            let order = try? RowOrder(request, over: QueryTable(Table(key: key, columns: columns, rows: []))),
            order.keys.allSatisfy({ declared[$0.column] != nil })
        {
            best = (order, keep)
        }
        guard test != nil || best != nil else { return nil }
        return WherePushDown(stages: n, test: test, best: best)
    }

    /// Marks the `where` stages as done by the command, which then asks `test` of each row.
    func take() -> RowTest? {
        taken = true
        return test
    }

    /// Marks the `where` stages and the `sort … | first N` as done by the command, which then
    /// asks `test` of each row and keeps the `best.keep` first of those it keeps in `best.order`.
    func takeRanked() -> (test: RowTest?, best: Best?) {
        taken = true
        ranked = best != nil
        return (test, best)
    }
}

extension Expression {
    /// Every bare word of the expression (the columns it may name among them).
    var words: [String] {
        switch self {
        case .word(let w): [w]
        case .quoted: []
        case .not(let x): x.words
        case .and(let a, let b), .or(let a, let b), .compare(_, let a, let b), .match(let a, let b, _, _): a.words + b.words
        case .member(let a, let items, _): a.words + items.flatMap(\.words)
        }
    }
}
