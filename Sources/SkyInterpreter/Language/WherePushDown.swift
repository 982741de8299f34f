import SkyKit

/// The `where` stages right after a command that makes its rows one at a time from values it
/// already holds (`radar list`: one row per aircraft), done by the command itself: the
/// conditions are planned once against the columns the command declares (the very kinds the
/// stage would see), and each row is first tested with only the cells they read, so a row they
/// drop is never made whole, held or passed on. The rows kept are the ones the stages would keep.
final class WherePushDown {
    /// How many stages after the head it stands for.
    let stages: Int
    /// The columns the conditions read.
    let reads: [Int]
    private let tests: [Condition.Test]
    /// A row of placeholders in which only the read columns are filled.
    private var partial: [Cell]
    /// Set when the command has done the stages (the pipeline then skips them).
    private(set) var taken = false

    private init(stages: Int, reads: [Int], tests: [Condition.Test], width: Int) {
        self.stages = stages
        self.reads = reads
        self.tests = tests
        partial = Array(repeating: Cell(.null), count: width)
    }

    /// The leading `where` stages of `stages` over a table of `columns`, or nil when there are
    /// none or one cannot be planned (the stage then runs, and reports its own error).
    static func plan(_ stages: [[Token]], columns: [Column], reader: ScalarReader) -> WherePushDown? {
        let shape = QueryTable(Table(key: "", columns: columns, rows: []))
        var tests: [Condition.Test] = []
        var reads: Set<Int> = []
        for stage in stages {
            guard stage.first?.text.lowercased() == "where" else { break }
            var parser = ExpressionParser(Array(stage.dropFirst()))
            guard let expression = try? parser.parse(), let test = try? Condition(table: shape, reader: reader).plan(expression) else { break }
            tests.append(test)
            reads.formUnion(expression.words.compactMap { shape.index($0) })
        }
        guard !tests.isEmpty else { return nil }
        return WherePushDown(stages: tests.count, reads: reads.sorted(), tests: tests, width: columns.count)
    }

    /// Marks the stages as done by the command; it then offers each row to `keeps`.
    func take() -> WherePushDown {
        taken = true
        return self
    }

    /// True when every condition holds for the row whose cell in column `i` is `cell(i)`
    /// (asked only for the columns the conditions read).
    func keeps(_ cell: (Int) -> Cell) -> Bool {
        for i in reads { partial[i] = cell(i) }
        return tests.allSatisfy { $0(partial) == true }
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
