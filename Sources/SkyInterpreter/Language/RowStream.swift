import SkyKit

/// A table whose rows come one at a time: a command's listing on its way through the stages
/// that look at one row at a time (`where`, `select`, `reject`, `first`, `skip`, `uniq`) and
/// those that only add rows up (`count`, `group`). A long listing is held whole only when a
/// stage needs every row at once (`sort`, `last`, `get`, `save`, or the end of the pipeline),
/// and then only the rows that came through; a `first N` stops reading after N rows.
struct RowStream {
    /// The table's key, title, columns and kinds (its rows are in `rows`).
    var shape: QueryTable
    var rows: AnyIterator<[Cell]>
    /// The command listing that feeds it, told when the rows are done with.
    let source: StreamSource?

    /// The rows of a table already held.
    init(_ table: QueryTable) {
        var shape = table
        shape.rows = []
        self.shape = shape
        rows = AnyIterator(table.rows.makeIterator())
        source = nil
    }

    /// The rows of a command's streamed listing. A column without a declared kind takes the
    /// kind of its first value, as a held table's does: rows are read ahead until each such
    /// column has one (usually the first row).
    init(_ listing: StreamedTable) {
        let source = StreamSource(listing)
        var kinds = QueryTable.declaredKinds(listing.columns)
        var ahead: [[Cell]] = []
        while kinds.contains(nil), let row = source.next() {
            ahead.append(row)
            QueryTable.learnKinds(&kinds, from: row)
        }
        shape = QueryTable(key: listing.key, title: nil, columns: listing.columns, kinds: kinds.map { $0 ?? .text }, rows: [])
        var first = ahead.makeIterator()
        rows = AnyIterator { first.next() ?? source.next() }
        self.source = source
    }

    /// Every row, held: the table the next stage or the output gets.
    func collected() throws -> QueryTable {
        var table = shape
        table.rows = Array(rows)
        try source?.finish()
        return table
    }

    /// How many rows there are (the rows themselves are not kept).
    func count() throws -> Int {
        var n = 0
        while rows.next() != nil { n += 1 }
        try source?.finish()
        return n
    }

    /// The stream after the row-at-a-time stage `operation` (see `StageOperation.isRowAtATime`).
    func through(_ operation: StageOperation, _ reader: ScalarReader) throws -> RowStream {
        var out = self
        switch operation {
        case .filter(let condition):
            let test = try Condition(table: shape, reader: reader).plan(condition)
            let rows = self.rows
            out.rows = AnyIterator {
                while let row = rows.next() { if test(row) == true { return row } }
                return nil
            }
        case .columns(let names, let select):
            let picked = try names.map { try shape.column($0) }
            var keep = select ? picked : shape.columns.indices.filter { !picked.contains($0) }
            if select { keep = keep.reduce(into: []) { if !$0.contains($1) { $0.append($1) } } }
            // A column JSON alone had is shown once selected; reject leaves the rest as they were.
            let revealed = keep.map { select && shape.columns[$0].dataOnly }
            out.shape.columns = keep.map { select ? shape.revealed($0) : shape.columns[$0] }
            out.shape.kinds = keep.map { shape.kinds[$0] }
            let kinds = out.shape.kinds
            out.rows = rows.mapped { row in
                keep.enumerated().map { n, i in revealed[n] ? QueryTable.formatted(row[i], kinds[n]) : row[i] }
            }
        case .first(let n):
            var left = n
            let rows = self.rows
            out.rows = AnyIterator {
                guard left > 0 else { return nil }
                left -= 1
                return rows.next()
            }
        case .skip(let n):
            var skip = n
            let rows = self.rows
            out.rows = AnyIterator {
                while skip > 0, rows.next() != nil { skip -= 1 }
                return rows.next()
            }
        case .uniq(let names):
            let picked = try names.map { try shape.column($0) }
            let by = picked.isEmpty ? Array(shape.columns.indices) : picked
            let kinds = shape.kinds
            var seen: Set<[Scalar]> = []
            let rows = self.rows
            out.rows = AnyIterator {
                while let row = rows.next() {
                    if seen.insert(by.map { reader.read(row[$0].datum, kinds[$0]) }).inserted { return row }
                }
                return nil
            }
        default: throw ShellError(.internal, "a stage that needs every row was run one row at a time")
        }
        return out
    }
}

extension AnyIterator {
    /// The elements changed by `transform`, one at a time.
    func mapped<T>(_ transform: @escaping (Element) -> T) -> AnyIterator<T> {
        AnyIterator<T> { self.next().map(transform) }
    }
}

/// A command's streamed listing read for a pipeline: Ctrl-C is looked for every 4,096 rows
/// (the reading stops there), and the listing's own end — a failure of its query, or the
/// interruption — is told once the rows are done with.
final class StreamSource {
    private let listing: StreamedTable
    private let seen = Interrupt.seen
    private var read = 0
    private var interrupted = false
    /// Once a listing has ended it is never asked again (a query asked again starts over).
    private var ended = false

    init(_ listing: StreamedTable) { self.listing = listing }

    func next() -> [Cell]? {
        guard !ended else { return nil }
        read += 1
        if read % 4096 == 0, Interrupt.seen != seen {
            interrupted = true
            ended = true
            return nil
        }
        guard let row = listing.rows.next() else {
            ended = true
            return nil
        }
        return row
    }

    /// Throws the interruption or the listing's failure, if there was one.
    func finish() throws {
        if interrupted { throw ShellError.listingInterrupted }
        _ = try listing.finish()
    }
}

extension ShellError {
    /// A listing stopped by Ctrl-C before its rows were all read (none of them is shown).
    static var listingInterrupted: ShellError { ShellError(.interrupted, "interrupted — nothing was shown") }
}
