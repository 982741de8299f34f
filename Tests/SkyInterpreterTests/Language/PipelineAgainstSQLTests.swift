import CSQLite
import SkyKit
import Testing

@testable import SkyInterpreter

/// Random tables and random `where`/`sort` stages, each answer compared with the same question
/// put as SQL to SQLite (an independent computation of SQL's three-valued logic and order).
@Suite("Pipelines against SQL")
struct PipelineAgainstSQLTests {
    struct Generator {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
    }

    static let texts = ["UA", "LH", "BA", "AF"]

    /// A random condition over columns a, b (numbers, a may be missing) and t (text, may be
    /// missing), as the pipeline writes it and as SQL does.
    static func condition(_ g: inout Generator, depth: Int = 0) -> (String, String) {
        let pick = depth > 2 ? g.next(5) : g.next(8)
        let ops = ["==", "!=", "<", "<=", ">", ">="]
        switch pick {
        case 0, 1:
            let column = pick == 0 ? "a" : "b", op = ops[g.next(6)], n = g.next(20) - 5
            return ("\(column) \(op) \(n)", "\(column) \(op == "==" ? "=" : op) \(n)")
        case 2:
            let op = g.next(2) == 0 ? "==" : "!=", t = texts[g.next(4)]
            return ("t \(op) \(t)", "t \(op == "==" ? "=" : "!=") '\(t)'")
        case 3:
            let negated = g.next(2) == 0
            return ("a \(negated ? "!=" : "==") null", "a IS \(negated ? "NOT " : "")NULL")
        case 4:
            let list = (0..<(1 + g.next(3))).map { _ in texts[g.next(4)] }
            return ("t in [\(list.joined(separator: ", "))]", "t IN (\(list.map { "'\($0)'" }.joined(separator: ", ")))")
        case 5:
            let x = condition(&g, depth: depth + 1)
            return ("not (\(x.0))", "NOT (\(x.1))")
        default:
            let (x, y) = (condition(&g, depth: depth + 1), condition(&g, depth: depth + 1))
            let word = pick == 6 ? "and" : "or"
            return ("(\(x.0)) \(word) (\(y.0))", "(\(x.1)) \(word.uppercased()) (\(y.1))")
        }
    }

    @Test func thousandRandomPipelinesAgreeWithSQLite() throws {
        let shell = makeShell()
        var g = Generator(state: 20_261_202)
        var database: OpaquePointer?
        #expect(sqlite3_open(":memory:", &database) == SQLITE_OK)
        defer { sqlite3_close(database) }
        for round in 0..<1000 {
            var rows: [[Cell]] = []
            var inserts: [String] = []
            for id in 0..<g.next(25) {
                let a: Int? = g.next(4) == 0 ? nil : g.next(20) - 5
                let b = g.next(20) - 5
                let t: String? = g.next(5) == 0 ? nil : Self.texts[g.next(4)]
                rows.append([Cell(.int(id)), Cell(a.map { .int($0) } ?? .null), Cell(.number(Double(b))), Cell(t.map(Datum.string) ?? .null)])
                inserts.append("(\(id), \(a.map(String.init) ?? "NULL"), \(b), \(t.map { "'\($0)'" } ?? "NULL"))")
            }
            let table = Table(
                key: "t", columns: [Column("id", "#"), Column("a", "A", kind: .integer), Column("b", "B", kind: .number), Column("t", "T", kind: .text)],
                rows: rows)
            let (expression, sql) = Self.condition(&g)
            let descending = g.next(2) == 0
            let words = try #require(try Lexer().commands(in: "where " + expression).first)
            let sortWords = try #require(try Lexer().commands(in: "sort a \(descending ? "desc" : ""), id").first)
            var value = try Stages.run("where", Array(words.dropFirst()), .table(QueryTable(table)), shell)
            value = try Stages.run("sort", Array(sortWords.dropFirst()), value, shell)
            guard case .table(let result) = value else { Issue.record("no table"); return }
            let mine = result.rows.map { $0[0].datum.plainText }

            sqlite3_exec(database, "DROP TABLE IF EXISTS t; CREATE TABLE t (id INTEGER, a INTEGER, b REAL, t TEXT);", nil, nil, nil)
            if !inserts.isEmpty { sqlite3_exec(database, "INSERT INTO t VALUES " + inserts.joined(separator: ", "), nil, nil, nil) }
            var statement: OpaquePointer?
            let query = "SELECT id FROM t WHERE \(sql) ORDER BY a \(descending ? "DESC" : "ASC"), id"
            #expect(sqlite3_prepare_v2(database, query, -1, &statement, nil) == SQLITE_OK, "\(query)")
            var theirs: [String] = []
            while sqlite3_step(statement) == SQLITE_ROW { theirs.append(String(sqlite3_column_int64(statement, 0))) }
            sqlite3_finalize(statement)
            #expect(mine == theirs, "round \(round): where \(expression) | sort a\(descending ? " desc" : ""), id — SQL: \(query)")
        }
    }

    @Test func groupAgreesWithSQLiteGroupBy() throws {
        let shell = makeShell()
        var g = Generator(state: 7)
        var database: OpaquePointer?
        #expect(sqlite3_open(":memory:", &database) == SQLITE_OK)
        defer { sqlite3_close(database) }
        for round in 0..<200 {
            var rows: [[Cell]] = []
            var inserts: [String] = []
            for id in 0..<(1 + g.next(30)) {
                let t = Self.texts[g.next(4)], b = g.next(100)
                rows.append([Cell(.int(id)), Cell(.string(t)), Cell(.int(b))])
                inserts.append("(\(id), '\(t)', \(b))")
            }
            let table = Table(key: "t", columns: [Column("id", "#"), Column("t", "T", kind: .text), Column("b", "B", kind: .integer)], rows: rows)
            let words = try #require(try Lexer().commands(in: "group t with count, sum b, min b, max b").first)
            guard case .table(let result) = try Stages.run("group", Array(words.dropFirst()), .table(QueryTable(table)), shell) else { return }
            let mine = result.rows.map { $0.map(\.datum.plainText).joined(separator: "|") }
            sqlite3_exec(database, "DROP TABLE IF EXISTS t; CREATE TABLE t (id INTEGER, t TEXT, b INTEGER);", nil, nil, nil)
            sqlite3_exec(database, "INSERT INTO t VALUES " + inserts.joined(separator: ", "), nil, nil, nil)
            var statement: OpaquePointer?
            sqlite3_prepare_v2(database, "SELECT t, count(*), sum(b), min(b), max(b) FROM t GROUP BY t ORDER BY t", -1, &statement, nil)
            var theirs: [String] = []
            while sqlite3_step(statement) == SQLITE_ROW {
                theirs.append((0..<5).map { String(cString: sqlite3_column_text(statement, Int32($0))) }.joined(separator: "|"))
            }
            sqlite3_finalize(statement)
            #expect(mine == theirs, "round \(round)")
        }
    }
}
