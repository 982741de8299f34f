import SkyKit
import Testing

@testable import SkyInterpreter

/// A command's streamed listing through the stages: row stages take one row at a time, a
/// `first N` stops the reading, a listing is read once, and the answers are those of the same
/// stages over the table held whole.
@Suite("Row streams")
struct RowStreamTests {
    /// A listing of `count` rows (id, a = id mod 10, t) that counts the rows asked of it and,
    /// like an SQLite query stepped past its end, starts over when asked again.
    final class Listing {
        var pulled = 0
        let count: Int
        let firstNulls: Int
        init(_ count: Int, firstNulls: Int = 0) {
            self.count = count
            self.firstNulls = firstNulls
        }

        func table() -> StreamedTable {
            var next = 0
            let rows = AnyIterator<[Cell]> { [self] in
                guard next < count else {
                    next = 0
                    return nil
                }
                defer { next += 1 }
                pulled += 1
                let x: Datum = next < firstNulls ? .null : .int(next % 7)
                return [Cell(.int(next)), Cell(.int(next % 10)), Cell(.string(["UA", "LH", "BA"][next % 3])), Cell(x)]
            }
            return StreamedTable(
                key: "t", columns: [Column("id", "#", kind: .integer), Column("a", "A", kind: .integer), Column("t", "T", kind: .text), Column("x", "X")],
                widths: [4, 4, 4, 4], rows: rows, empty: "none")
        }
    }

    static func run(_ stages: [String], _ input: Stages.Flow, _ shell: Shell) throws -> PipeValue {
        var flow = input
        for text in stages {
            let words = try #require(try Lexer().commands(in: text).first)
            flow = try Stages.step(PipelineStage(words, shell.registry), flow, shell)
        }
        return try flow.value()
    }

    static func rows(_ value: PipeValue) -> [String] {
        guard case .table(let t) = value else { return ["not a table: \(value.what)"] }
        return t.rows.map { $0.map(\.datum.plainText).joined(separator: "|") }
    }

    @Test func aFirstStopsTheReadingOnceItHasItsRows() throws {
        let shell = makeShell()
        let listing = Listing(100_000)
        let value = try Self.run(["where a == 4", "first 3"], .rows(RowStream(listing.table())), shell)
        #expect(Self.rows(value).map { $0.split(separator: "|")[0] } == ["4", "14", "24"])
        // Rows 0…24 were read to find three with a == 4; none after.
        #expect(listing.pulled == 25)
    }

    @Test func aListingIsReadOnceEvenWhenAskedAgainAfterItsEnd() throws {
        let shell = makeShell()
        let listing = Listing(5_000)
        guard case .value(let cell, _, _) = try Self.run(["where t == UA", "count"], .rows(RowStream(listing.table())), shell) else {
            Issue.record("count made no value")
            return
        }
        #expect(cell.datum == .int(1_667))
        #expect(listing.pulled == 5_000)
    }

    @Test func aColumnWithoutAKindTakesItsFirstValuesAfterReadingAheadOnlyToIt() throws {
        let shell = makeShell()
        let listing = Listing(1_000, firstNulls: 3)
        let stream = RowStream(listing.table())
        #expect(stream.shape.kinds[3] == .integer)
        #expect(listing.pulled == 4)
        // The rows read ahead are not lost: x > 5 holds for x = 6 at ids 6, 13, 20, ….
        let value = try Self.run(["where x > 5", "first 2"], .rows(stream), shell)
        #expect(Self.rows(value).map { $0.split(separator: "|")[0] } == ["6", "13"])
    }

    @Test func everyStageGivesTheSameAnswerStreamedAsHeld() throws {
        let shell = makeShell()
        let pipelines = [
            ["where a > 3 and t != LH", "select id, t", "skip 5", "first 40"], ["uniq t, a"], ["reject x", "last 3"],
            ["group t with count, sum a, avg a, min x, max x"], ["where x == null or a < 2", "group a, t with count, max id"],
            ["sort x desc, id", "first 7"], ["where t == BA", "get id"],
        ]
        for stages in pipelines {
            let streamed = try Self.run(stages, .rows(RowStream(Listing(3_000, firstNulls: 10).table())), shell)
            let held = try Self.run(stages, .value(.table(try RowStream(Listing(3_000, firstNulls: 10).table()).collected())), shell)
            #expect(Self.rows(streamed) == Self.rows(held), "\(stages.joined(separator: " | "))")
            if case .list(let a, _, _) = streamed, case .list(let b, _, _) = held { #expect(a == b) }
        }
    }

    /// `sort … | first N` over rows still coming keeps only the N best: the same rows, in the
    /// same order (ties in their first order, missing values first), as the whole sort's first N.
    @Test func aSortBeforeAFirstHoldsOnlyItsRowsAndAgreesWithTheWholeSort() throws {
        let shell = makeShell()
        let reader = ScalarReader(catalog: shell.catalog)
        for sort in ["x desc", "a, x desc", "t desc, a", "x"] {
            let words = try #require(try Lexer().commands(in: "sort " + sort).first).dropFirst()
            let whole = try Stages.sorted(RowStream(Listing(3_000, firstNulls: 50).table()), SortRequest(Array(words)), reader)
            for keep in [0, 1, 7, 60, 1_000] {
                let best = try Stages.sorted(RowStream(Listing(3_000, firstNulls: 50).table()), SortRequest(Array(words)), reader, keep: keep)
                #expect(best.rows == Array(whole.rows.prefix(keep)), "sort \(sort) | first \(keep)")
            }
        }
    }
}
