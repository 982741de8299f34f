import SkyKit

/// What one pipeline stage does, read from its words once, before the command at the head
/// runs: a mistake in any stage is said before any row is made. Columns stay names until
/// the stage meets its table, which only running shows.
enum StageOperation {
    /// `where CONDITION`.
    case filter(Expression)
    /// `select COL…` or `reject COL…`: the columns kept, or those left out.
    case columns([String], keep: Bool)
    case first(Int)
    case last(Int)
    case skip(Int)
    /// `uniq [COL…]`: repeats of those columns (of every column when none) left out.
    case uniq([String])
    case count
    case describe
    case sort(SortRequest)
    case group(GroupRequest)
    /// `get COL`.
    case get(String)
    /// `save FILE [--force]`.
    case save(path: String, force: Bool)

    /// Whether the stage takes one row at a time (a stream stays a stream through it).
    var isRowAtATime: Bool {
        switch self {
        case .filter, .columns, .first, .skip, .uniq: true
        default: false
        }
    }
}

/// `sort COL [desc|asc], COL [desc]…` as written: the names and their directions.
struct SortRequest: Equatable {
    struct Key: Equatable {
        var name: String
        var descending: Bool
    }
    var keys: [Key]

    /// `desc` or `asc` after a column (or its comma) turns that column; any other word is a column.
    init(_ words: [Token]) {
        keys = []
        for word in words {
            for part in word.text.split(separator: ",") {
                let text = String(part)
                if ["desc", "asc"].contains(text.lowercased()), let last = keys.popLast() {
                    keys.append(Key(name: last.name, descending: text.lowercased() == "desc"))
                } else {
                    keys.append(Key(name: text, descending: false))
                }
            }
        }
    }

    /// Whether a list (`get to | sort [desc]`) is sorted from the greatest; nil when the words
    /// name columns, which a list has none of.
    var listDescending: Bool? {
        if keys.isEmpty { return false }
        if keys.count == 1, ["desc", "asc"].contains(keys[0].name.lowercased()) { return keys[0].name.lowercased() == "desc" }
        return nil
    }
}

/// `group KEY… with count, sum COL, avg COL, min COL, max COL` as written.
struct GroupRequest: Equatable {
    var keys: [String]
    var aggregates: [Aggregate]

    struct Aggregate: Equatable {
        var function: Grouping.Aggregate
        /// The column added up; nil for `count`.
        var column: String?
    }
}

/// How each stage's declaration reads its words (`StageTraits.read`).
extension StageOperation {
    static func readWhere(_ words: [Token]) throws(ShellError) -> StageOperation {
        var parser = ExpressionParser(words)
        do {
            return .filter(try parser.parse())
        } catch {
            throw ShellError.usage(error.message)
        }
    }

    static func readSelect(_ words: [Token]) throws(ShellError) -> StageOperation { .columns(try columnNames("select", words), keep: true) }
    static func readReject(_ words: [Token]) throws(ShellError) -> StageOperation { .columns(try columnNames("reject", words), keep: false) }
    static func readFirst(_ words: [Token]) throws(ShellError) -> StageOperation { .first(try count("first", words)) }
    static func readLast(_ words: [Token]) throws(ShellError) -> StageOperation { .last(try count("last", words)) }
    static func readSkip(_ words: [Token]) throws(ShellError) -> StageOperation { .skip(try count("skip", words)) }
    static func readUniq(_ words: [Token]) throws(ShellError) -> StageOperation { .uniq(try columnNames("uniq", words, allowEmpty: true)) }

    static func readCount(_ words: [Token]) throws(ShellError) -> StageOperation {
        try noWords("count", words)
        return .count
    }

    static func readDescribe(_ words: [Token]) throws(ShellError) -> StageOperation {
        try noWords("describe", words)
        return .describe
    }

    static func readGet(_ words: [Token]) throws(ShellError) -> StageOperation {
        let names = try columnNames("get", words)
        guard names.count == 1 else { throw ShellError.usage("get takes one column (usage: get COLUMN)") }
        return .get(names[0])
    }

    static func readSave(_ words: [Token]) throws(ShellError) -> StageOperation {
        let paths = words.filter { $0.keyword != "--force" }
        guard paths.count == 1 else { throw ShellError.usage("save takes one file name (usage: save FILE [--force])") }
        return .save(path: paths[0].text, force: words.contains { $0.keyword == "--force" })
    }

    static func readSort(_ words: [Token]) throws(ShellError) -> StageOperation { .sort(SortRequest(words)) }

    static func readGroup(_ words: [Token]) throws(ShellError) -> StageOperation {
        let parts = words.flatMap { $0.text.split(separator: ",").map(String.init) }
        let with = parts.firstIndex { $0.lowercased() == "with" } ?? parts.count
        var aggregates: [GroupRequest.Aggregate] = []
        var rest = parts[min(with + 1, parts.count)...].makeIterator()
        while let word = rest.next() {
            guard let function = Grouping.Aggregate(rawValue: word.lowercased()) else {
                throw ShellError.usage("'\(word)' is not an aggregate — use count, sum COLUMN, avg COLUMN, min COLUMN or max COLUMN")
            }
            if function == .count {
                aggregates.append(GroupRequest.Aggregate(function: .count, column: nil))
                continue
            }
            guard let name = rest.next() else { throw ShellError.usage("\(function.rawValue) needs a column (\(function.rawValue) distance)") }
            aggregates.append(GroupRequest.Aggregate(function: function, column: name))
        }
        if aggregates.isEmpty { aggregates = [GroupRequest.Aggregate(function: .count, column: nil)] }
        // No key (`group with sum distance`): one group of every row.
        return .group(GroupRequest(keys: Array(parts[..<with]), aggregates: aggregates))
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

    /// N of `first N` (1 when no number is given).
    static func count(_ stage: String, _ words: [Token]) throws(ShellError) -> Int {
        guard let word = words.first else { return 1 }
        guard words.count == 1, let n = NumberParser.integer(word.text, in: 0...Int(Int32.max)) else {
            throw ShellError.usage("\(stage) takes a count of rows, e.g. \(stage) 10 (got '\(words.map(\.text).joined(separator: " "))')")
        }
        return n
    }
}
