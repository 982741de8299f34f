import SkyKit
import Testing

@testable import SkyInterpreter

/// The order of a `sort` stage and the few best items of it: the best N held as they come are
/// the first N of the whole sort, ties keep their order, and a ranking stopped by Ctrl-C gives
/// nothing rather than a part.
@Suite("Row order")
struct RowOrderTests {
    static let table = QueryTable(
        Table(key: "t", columns: [Column("n", "N", kind: .integer), Column("name", "Name", kind: .text), Column("x", "X", kind: .number)], rows: []))

    /// The items 0..<count with a key of (name, x): few names (many ties), x empty at times.
    static func keyed(_ count: Int) -> [(item: Int, key: [Scalar])] {
        (0..<count).map { i in (i, [.text(["b", "a", "c"][i % 3]), i % 5 == 0 ? .null : .number(Double((i * 7919) % 101))]) }
    }

    @Test(arguments: [1, 3, 10, 50, 200])
    func theBestHeldAsTheyComeAreTheFirstOfTheWholeSort(_ keep: Int) throws {
        let words = try #require(try Lexer().commands(in: "sort name, x desc").first)
        let order = try RowOrder(SortRequest(Array(words.dropFirst())), over: Self.table)
        #expect(order.keys.map(\.column) == [1, 2] && order.keys.map(\.descending) == [false, true])
        var best = Ranking<Int>(order, keep: keep)
        var whole = Ranking<Int>(order)
        for (item, key) in Self.keyed(120) {
            best.add(key, item)
            whole.add(key, item)
        }
        #expect(best.items == Array(whole.items.prefix(keep)))
        // The whole sort, by an independent stable sort of the same keys: names up, x down
        // with empty last (nothing sorts first, so last when descending), ties in arrival order.
        let expected = Self.keyed(120).enumerated().sorted { a, b in
            let (ka, kb) = (a.element.key, b.element.key)
            if ka[0] != kb[0] { return Scalar.order(ka[0], kb[0]) < 0 }
            if ka[1] != kb[1] { return Scalar.order(ka[1], kb[1]) > 0 }
            return a.offset < b.offset
        }.map(\.element.item)
        #expect(whole.items == expected)
    }

    @Test func aRankingStoppedByCtrlCGivesNothingAndSaysSo() throws {
        let order = try RowOrder(SortRequest([Token("n")]), over: Self.table)
        var asked = 0
        let stopped = RankedItems(
            AnyIterator((0..<20_000).makeIterator()), Ranking(order, keep: 5),
            stopped: {
                asked += 1; return asked == 2
            }
        ) { [.number(Double(-$0))] }
        #expect(stopped.next() == nil && stopped.interrupted)
        // Asked every 4,096 items: stopped at the second time, after 8,192 of them.
        #expect(asked == 2)
        let whole = RankedItems(AnyIterator((0..<20_000).makeIterator()), Ranking(order, keep: 3), stopped: { false }) { [.number(Double(-$0))] }
        #expect(Array(AnyIterator(whole)) == [19_999, 19_998, 19_997] && !whole.interrupted)
    }

    @Test func aSortOfAColumnTheTableLacksIsAnErrorWithItsColumns() {
        let misspelt = #expect(throws: ValueError.self) { try RowOrder(SortRequest([Token("nmae")]), over: Self.table) }
        #expect(misspelt?.message == "unknown column 'nmae' — did you mean 'name'? (columns of t: n, name, x)")
        #expect(throws: ShellError.self) { try RowOrder(SortRequest([]), over: Self.table) }
    }
}
