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

    /// Airline codes, shared ones among them (LH, JL and SQ are each held by several airlines),
    /// for conditions on an airline column; and the stored codes its cells hold.
    static let airlineCodes = ["LH", "JL", "SQ", "UA", "DLH", "GEC", "jl", "BAW"]
    static let storedAirlines: [String] = {
        let catalog = Catalog.embedded
        let shared = ["LH", "JL", "SQ", "UA"].flatMap { catalog.airlines(code: $0).map(\.storedCodeInCatalog) }
        return Array(Set(shared + ["BAW", "AFR"] + namedAirlines.compactMap { $0.spellings.sorted().first })).sorted()
    }()

    /// Airlines drawn at random from the whole catalog that their name names (no other airline
    /// has it), with the codes a logbook stores for each: conditions write them by name.
    static let namedAirlines: [(name: String, spellings: Set<String>)] = {
        let catalog = Catalog.embedded
        var g = Generator(state: 57)
        var found: [(String, Set<String>)] = []
        while found.count < 40 {
            let a = catalog.airline(at: g.next(catalog.airlineCount))
            guard a.name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " }), !a.name.isEmpty, !found.contains(where: { $0.0 == a.name }),
                (try? catalog.resolveAirline(a.name))?.rank == a.rank
            else { continue }
            found.append((a.name, Set(a.spellings.map { $0.uppercased() })))
        }
        return found
    }()

    /// Aircraft drawn from the whole catalog — families and types — with the designators a
    /// flight stored as each may carry: a family's variants, a type's families.
    static let aircraft: [(written: String, designators: Set<String>)] = {
        let catalog = Catalog.embedded
        var g = Generator(state: 58)
        var picks = catalog.aircraftFamilies.map { ($0.designator, $0) }
        for family in catalog.aircraftFamilies { picks.append((family.name, family)) }
        while picks.count < 60 {
            let t = catalog.aircraftType(at: g.next(catalog.aircraftCount))
            if !picks.contains(where: { $0.0 == t.designator }) { picks.append((t.designator, t)) }
        }
        return picks.map { written, t in
            var set: Set<String> = [t.designator]
            set.formUnion(t.variants)
            for family in catalog.aircraftFamilies where family.variants.contains(t.designator) { set.insert(family.designator) }
            return (written, set)
        }
    }()
    static let storedAircraft: [String] = Array(Set(aircraft.flatMap(\.designators))).sorted()

    /// Table `codes` (airline, code): each catalog airline's ICAO and IATA codes, read from
    /// its record, so that SQL finds the airlines a code names by a join of its own.
    static func airlineCodeTable(_ database: Database) {
        let catalog = Catalog.embedded
        var values: [String] = []
        for i in 0..<catalog.airlineCount {
            let a = catalog.airline(at: i)
            let stored = storedAirlines.contains(a.storedCodeInCatalog)
            for code in [a.icao, a.iata].compactMap({ $0 }) where stored || airlineCodes.contains(where: { $0.uppercased() == code }) {
                values.append("(\(i), '\(code)')")
            }
        }
        let sql = "CREATE TABLE codes (airline INTEGER, code TEXT); INSERT INTO codes VALUES " + values.joined(separator: ", ")
        sqlite3_exec(database.handle, sql, nil, nil, nil)
    }

    /// SQL's test that column l holds an airline `code` names: the code itself, or any code
    /// of an airline that holds it.
    static func sqlAirline(_ code: String) -> String {
        let c = code.uppercased()
        return "(l = '\(c)' OR l IN (SELECT b.code FROM codes a JOIN codes b ON a.airline = b.airline WHERE a.code = '\(c)'))"
    }

    /// One SQLite database in memory, for the answers the pipeline's are compared with.
    final class Database {
        var handle: OpaquePointer?
        init() { #expect(sqlite3_open(":memory:", &handle) == SQLITE_OK) }
        deinit { sqlite3_close(handle) }

        /// Makes table t anew with `schema` and `rows` (SQL value tuples).
        func load(_ schema: String, _ rows: [String]) {
            sqlite3_exec(handle, "DROP TABLE IF EXISTS t; CREATE TABLE t (\(schema));", nil, nil, nil)
            if !rows.isEmpty { sqlite3_exec(handle, "INSERT INTO t VALUES " + rows.joined(separator: ", "), nil, nil, nil) }
        }

        /// Each answer row of `query`, its `columns` columns as text joined by |.
        func rows(_ query: String, columns: Int) -> [String] {
            var statement: OpaquePointer?
            #expect(sqlite3_prepare_v2(handle, query, -1, &statement, nil) == SQLITE_OK, "\(query)")
            defer { sqlite3_finalize(statement) }
            var out: [String] = []
            while sqlite3_step(statement) == SQLITE_ROW {
                out.append((0..<columns).map { String(cString: sqlite3_column_text(statement, Int32($0))) }.joined(separator: "|"))
            }
            return out
        }
    }

    /// Runs the stage written `text` (`where a > 3`) on `input`, as a pipeline does, its
    /// variables expanded by the shell.
    static func stage(_ text: String, _ input: PipeValue, _ shell: Shell) throws -> QueryTable {
        let lexer = Lexer(arguments: shell.arguments)
        let words = try #require(try lexer.commands(in: text).first)
        guard case .table(let table) = try Stages.run(words[0].text, Array(words.dropFirst()), input, shell) else {
            throw ShellError.usage("\(text) made no table")
        }
        return table
    }

    /// A random condition over columns a, b (numbers, a may be missing) and t (text, may be
    /// missing), as the pipeline writes it and as SQL does.
    static func condition(_ g: inout Generator, shell: Shell, depth: Int = 0) -> (String, String) {
        let picks = [0, 1, 2, 3, 4, 8, 9, 10, 11, 12]
        let pick = depth > 2 ? picks[g.next(picks.count)] : g.next(13)
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
        case 8:
            let op = g.next(2) == 0 ? "==" : "!=", code = airlineCodes[g.next(airlineCodes.count)]
            return ("l \(op) \(code)", op == "==" ? sqlAirline(code) : "(CASE WHEN l IS NULL THEN NULL ELSE NOT \(sqlAirline(code)) END)")
        case 9:
            let list = (0..<(1 + g.next(3))).map { _ in airlineCodes[g.next(airlineCodes.count)] }
            let negated = g.next(2) == 0
            let any = "(" + list.map(sqlAirline).joined(separator: " OR ") + ")"
            return ("l \(negated ? "not in" : "in") [\(list.joined(separator: ", "))]", negated ? "(CASE WHEN l IS NULL THEN NULL ELSE NOT \(any) END)" : any)
        case 10:
            // An airline by its name, written as the table shows it, or through a variable.
            let op = g.next(2) == 0 ? "==" : "!=", named = namedAirlines[g.next(namedAirlines.count)]
            let written = g.next(2) == 0 ? "\"\(named.name)\"" : variable(named.name, &g, shell)
            let sql = "l IN (\(named.spellings.sorted().map { "'\($0)'" }.joined(separator: ", ")))"
            return ("l \(op) \(written)", op == "==" ? sql : "(CASE WHEN l IS NULL THEN NULL ELSE NOT \(sql) END)")
        case 11:
            // An aircraft type or family: a family matches its variants, a type its families.
            let op = g.next(2) == 0 ? "==" : "!=", pick = aircraft[g.next(aircraft.count)]
            let written = pick.written.contains(" ") ? "\"\(pick.written)\"" : pick.written
            let sql = "p IN (\(pick.designators.sorted().map { "'\($0)'" }.joined(separator: ", ")))"
            return ("p \(op) \(written)", op == "==" ? sql : "(CASE WHEN p IS NULL THEN NULL ELSE NOT \(sql) END)")
        case 12:
            // A shared code through a variable.
            let code = airlineCodes[g.next(airlineCodes.count)]
            return ("l == \(variable(code, &g, shell))", sqlAirline(code))
        case 5:
            let x = condition(&g, shell: shell, depth: depth + 1)
            return ("not (\(x.0))", "NOT (\(x.1))")
        default:
            let (x, y) = (condition(&g, shell: shell, depth: depth + 1), condition(&g, shell: shell, depth: depth + 1))
            let word = pick == 6 ? "and" : "or"
            return ("(\(x.0)) \(word) (\(y.0))", "(\(x.1)) \(word.uppercased()) (\(y.1))")
        }
    }

    /// `$vN`, a new variable set in `shell` to `value`.
    static func variable(_ value: String, _ g: inout Generator, _ shell: Shell) -> String {
        let name = "v\(g.next(1_000_000))"
        _ = shell.output("let \(name) = \"\(value)\"")
        return "$" + name
    }

    @Test func thousandRandomPipelinesAgreeWithSQLite() throws {
        let shell = makeShell()
        var g = Generator(state: 20_261_202)
        let database = Database()
        Self.airlineCodeTable(database)
        for round in 0..<1000 {
            var rows: [[Cell]] = []
            var inserts: [String] = []
            for id in 0..<g.next(25) {
                let a: Int? = g.next(4) == 0 ? nil : g.next(20) - 5
                let b = g.next(20) - 5
                let t: String? = g.next(5) == 0 ? nil : Self.texts[g.next(4)]
                let l: String? = g.next(6) == 0 ? nil : Self.storedAirlines[g.next(Self.storedAirlines.count)]
                let p: String? = g.next(6) == 0 ? nil : Self.storedAircraft[g.next(Self.storedAircraft.count)]
                rows.append([
                    Cell(.int(id)), Cell(a.map { .int($0) } ?? .null), Cell(.number(Double(b))), Cell(t.map(Datum.string) ?? .null),
                    Cell(l.map(Datum.string) ?? .null), Cell(p.map(Datum.string) ?? .null),
                ])
                let text = [t, l, p].map { $0.map { "'\($0)'" } ?? "NULL" }.joined(separator: ", ")
                inserts.append("(\(id), \(a.map(String.init) ?? "NULL"), \(b), \(text))")
            }
            let table = Table(
                key: "t",
                columns: [
                    Column("id", "#"), Column("a", "A", kind: .integer), Column("b", "B", kind: .number), Column("t", "T", kind: .text),
                    Column("l", "Airline", kind: .airline), Column("p", "Aircraft", kind: .aircraft),
                ],
                rows: rows)
            let (expression, sql) = Self.condition(&g, shell: shell)
            let descending = g.next(2) == 0
            let kept: QueryTable
            do { kept = try Self.stage("where " + expression, .table(QueryTable(table)), shell) } catch {
                Issue.record("round \(round): where \(expression): \(error)")
                continue
            }
            let result = try Self.stage("sort a \(descending ? "desc" : ""), id", .table(kept), shell)
            let mine = result.rows.map { $0[0].datum.plainText }

            database.load("id INTEGER, a INTEGER, b REAL, t TEXT, l TEXT, p TEXT", inserts)
            let query = "SELECT id FROM t WHERE \(sql) ORDER BY a \(descending ? "DESC" : "ASC"), id"
            let theirs = database.rows(query, columns: 1)
            #expect(mine == theirs, "round \(round): where \(expression) | sort a\(descending ? " desc" : ""), id — SQL: \(query)")
        }
    }

    @Test func groupAgreesWithSQLiteGroupBy() throws {
        let shell = makeShell()
        var g = Generator(state: 7)
        let database = Database()
        for round in 0..<200 {
            var rows: [[Cell]] = []
            var inserts: [String] = []
            for id in 0..<(1 + g.next(30)) {
                let t = Self.texts[g.next(4)], b = g.next(100)
                rows.append([Cell(.int(id)), Cell(.string(t)), Cell(.int(b))])
                inserts.append("(\(id), '\(t)', \(b))")
            }
            let table = Table(key: "t", columns: [Column("id", "#"), Column("t", "T", kind: .text), Column("b", "B", kind: .integer)], rows: rows)
            let result = try Self.stage("group t with count, sum b, min b, max b", .table(QueryTable(table)), shell)
            let mine = result.rows.map { $0.map(\.datum.plainText).joined(separator: "|") }
            database.load("id INTEGER, t TEXT, b INTEGER", inserts)
            let theirs = database.rows("SELECT t, count(*), sum(b), min(b), max(b) FROM t GROUP BY t ORDER BY t", columns: 5)
            #expect(mine == theirs, "round \(round)")
        }
    }
}
