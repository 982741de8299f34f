import SkyKit

/// The order of `sort COL [desc|asc], COL [desc]…` over a table's columns: SQL's order
/// (nothing sorts first), ties in the order the rows came.
struct RowOrder {
    /// The columns sorted on, in their order, and whether each goes from the greatest.
    let keys: [(column: Int, descending: Bool)]
    /// The kind each key column's values are read as.
    let kinds: [ColumnKind]

    /// The order a `sort` stage asks of `table`; the error of a column it lacks.
    init(_ request: SortRequest, over table: QueryTable) throws {
        guard !request.keys.isEmpty else { throw ShellError.usage("sort needs a column (usage: sort COLUMN [desc], …)") }
        var keys: [(column: Int, descending: Bool)] = []
        for key in request.keys { keys.append((try table.column(key.name), key.descending)) }
        self.keys = keys
        kinds = keys.map { table.kinds[$0.column] }
    }

    /// The sort key of the row whose cell in column `i` is `cell(i)` (asked only for the key columns).
    func key(_ reader: ScalarReader, _ cell: (Int) -> Cell) -> [Scalar] {
        keys.indices.map { reader.read(cell(keys[$0].column).datum, kinds[$0]) }
    }

    /// True when the row of key `a` goes before that of `b` (the two keys of this order).
    func before(_ a: [Scalar], _ b: [Scalar]) -> Bool? {
        for (k, key) in keys.enumerated() {
            let order = Scalar.order(a[k], b[k])
            if order != 0 { return key.descending ? order > 0 : order < 0 }
        }
        return nil
    }
}

/// Items put in a `RowOrder` as they come: all of them, or only the best `keep` so far (a
/// `sort … | first N` over rows still coming holds N rows at any time).
struct Ranking<Item> {
    let order: RowOrder
    let keep: Int?
    private var held: [(n: Int, key: [Scalar], item: Item)] = []
    private var count = 0

    init(_ order: RowOrder, keep: Int? = nil) {
        self.order = order
        self.keep = keep
    }

    private func before(_ a: (n: Int, key: [Scalar], item: Item), _ b: (n: Int, key: [Scalar], item: Item)) -> Bool {
        order.before(a.key, b.key) ?? (a.n < b.n)
    }

    /// Puts `item`, whose sort key is `key`, in its place.
    mutating func add(_ key: [Scalar], _ item: Item) {
        let n = count
        count += 1
        guard let keep else {
            held.append((n, key, item))
            return
        }
        // A row goes in where it belongs among the best so far, and the last goes out (one
        // that comes after the last of a full set, as most do, is not held even for a moment).
        if held.count == keep, let last = held.last, !(order.before(key, last.key) ?? false) { return }
        let entry = (n: n, key: key, item: item)
        var low = 0
        var high = held.count
        while low < high {
            let mid = (low + high) / 2
            if before(held[mid], entry) { low = mid + 1 } else { high = mid }
        }
        held.insert(entry, at: low)
        if held.count > keep { held.removeLast() }
    }

    /// The items held, in order.
    var items: [Item] {
        keep == nil ? held.sorted(by: before).map(\.item) : held.map(\.item)
    }
}

/// The items of a stream that a `Ranking` keeps, in order, ranked when the first is asked
/// for (a command's rows are made as they are read). Ctrl-C while it ranks — `stopped` is asked
/// every 4,096 items, by default whether one came since it was made — leaves it empty and
/// `interrupted` set, never with a part ranked as if whole.
final class RankedItems<Item>: IteratorProtocol {
    private var source: AnyIterator<Item>?
    private var ranking: Ranking<Item>
    private let key: (Item) -> [Scalar]
    private let stopped: () -> Bool
    private var ranked: IndexingIterator<[Item]>?
    private(set) var interrupted = false

    init(_ items: AnyIterator<Item>, _ ranking: Ranking<Item>, stopped: (() -> Bool)? = nil, key: @escaping (Item) -> [Scalar]) {
        source = items
        self.ranking = ranking
        self.key = key
        let seen = Interrupt.seen
        self.stopped = stopped ?? { Interrupt.seen != seen }
    }

    func next() -> Item? {
        if ranked == nil, let source {
            var read = 0
            while let item = source.next() {
                read += 1
                if read % 4096 == 0, stopped() {
                    interrupted = true
                    break
                }
                ranking.add(key(item), item)
            }
            ranked = (interrupted ? [] : ranking.items).makeIterator()
            self.source = nil
        }
        return ranked?.next()
    }
}
