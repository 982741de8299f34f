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
final class WherePushDown {
    /// How many stages after the head it stands for.
    let stages: Int
    let test: RowTest
    /// Set when the command has done the stages.
    private(set) var taken = false

    private init(stages: Int, test: RowTest) {
        self.stages = stages
        self.test = test
    }

    /// The leading `where` stages of `stages` over a table of `columns`, or nil when there are
    /// none or one cannot be planned (the stages then run, and that one reports its error).
    static func plan(_ stages: [[Token]], key: String, columns: [Column], reader: ScalarReader) -> WherePushDown? {
        var expressions: [Expression] = []
        for stage in stages {
            guard stage.first?.text.lowercased() == "where" else { break }
            var parser = ExpressionParser(Array(stage.dropFirst()))
            guard let expression = try? parser.parse() else { return nil }
            expressions.append(expression)
        }
        guard !expressions.isEmpty, let test = try? RowTest(expressions, key: key, columns: columns, reader: reader) else { return nil }
        return WherePushDown(stages: expressions.count, test: test)
    }

    /// Marks the stages as done by the command, which then asks `test` of each row.
    func take() -> RowTest {
        taken = true
        return test
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
