extension OpenSkyDecoder {
    /// How a run of state rows ended: the list closed, or the next row starts at the stop or
    /// past it.
    enum RunEnd { case closed, reached, passed }

    /// Reads state rows from the start of one (`p.i`) until the list closes (`p.i` past its
    /// `]`) or the row after a comma starts at or past `stop`.
    static func readRows(
        _ p: inout JSONParser, _ buffer: UnsafeBufferPointer<UInt8>, until stop: Int, into aircraft: inout ArrayRegion<AircraftState>
    ) throws -> RunEnd {
        let count = p.bytes.count
        while true {
            guard p.i < count else { throw p.error("the document ends inside a list") }
            guard p.bytes[p.i] == UInt8(ascii: "[") else {
                _ = try p.value()
                throw FeedError(.data, "OpenSky's states are not lists")
            }
            // One state at a time: only its own fields are held. A row of plain values is read
            // straight from the bytes; any other by the parser.
            if let end = plainRow(buffer, from: p.i, into: &aircraft) {
                p.i = end
            } else {
                try row(&p, into: &aircraft)
            }
            p.skipSpace()
            guard p.i < count else { throw p.error("the document ends inside a list") }
            if p.bytes[p.i] == UInt8(ascii: ",") {
                p.i += 1
                p.skipSpace()
                if p.i >= stop { return p.i == stop ? .reached : .passed }
                continue
            }
            guard p.bytes[p.i] == UInt8(ascii: "]") else { throw p.error("expected , or ] in a list") }
            p.i += 1
            p.depth -= 1
            return .closed
        }
    }

    /// The bytes of rows one core reads in a part of a large list (about 500 rows).
    static let partBytes = 80_000

    /// Reads the states list from its first row to past its `]`, into one array. A large list
    /// is cut into parts where a row seems to start (`],[`), read by the processor's cores at the
    /// same time. A guess can be wrong — those bytes may be inside a string — so parts are taken
    /// in order and one counts only if the part before it ended exactly where it starts; from
    /// the first that does not, the rest is read in one piece. The rows and the first error are
    /// the same as reading it all in one piece (`OpenSkyFastPathTests`).
    ///
    /// Each part writes its aircraft straight into the array, in a region with room for every
    /// row that can start in its bytes (each begins with "["); the regions are closed up in order
    /// afterwards (a move), so no aircraft is copied on the way.
    static func readStates(_ p: inout JSONParser, _ buffer: UnsafeBufferPointer<UInt8>, partBytes: Int) throws -> [AircraftState] {
        let starts = partStarts(buffer, from: p.i, every: partBytes)
        let limits = starts.indices.map { k in rowStarts(buffer, starts[k]..<(k + 1 < starts.count ? starts[k + 1] : buffer.count)) }
        let total = limits.reduce(0, +)
        // At least one slot, so the storage has an address even for a list without rows.
        return try [AircraftState](unsafeUninitializedCapacity: Swift.max(1, total)) { out, initialized in
            let base = Parallel.SharedPointer(base: out.baseAddress!)
            guard starts.count > 1 else {
                var region = ArrayRegion(base: base.base, capacity: total)
                defer { initialized = region.count }
                _ = try readRows(&p, buffer, until: .max, into: &region)
                return
            }
            let regions = ArrayRegion.regions(from: base.base, capacities: limits)
            let origin = p
            let parts = Parallel.map(starts.count) { k -> (region: ArrayRegion<AircraftState>, end: Result<RunEnd, any Error>, parser: JSONParser) in
                var q = origin
                q.i = starts[k]
                var region = regions[k]
                let end = Result { try readRows(&q, buffer, until: k + 1 < starts.count ? starts[k + 1] : .max, into: &region) }
                return (region, end, q)
            }
            var expected: Int? = p.i
            var failure: (any Error)?
            for (k, part) in parts.enumerated() {
                guard starts[k] == expected else {
                    part.region.discard()
                    continue
                }
                initialized += part.region.move(to: base.base + initialized)
                switch part.end {
                case .failure(let error):
                    failure = error
                    expected = nil
                case .success(.closed):
                    p = part.parser
                    expected = nil
                case .success(.reached), .success(.passed): expected = part.parser.i
                }
            }
            if let failure { throw failure }
            guard let expected else { return }
            // A guess was wrong: the rows from where the parts stopped agreeing, in one piece.
            p.i = expected
            var region = ArrayRegion(base: base.base + initialized, capacity: total - initialized)
            defer { initialized += region.count }
            _ = try readRows(&p, buffer, until: .max, into: &region)
        }
    }

    /// How many rows can start in `range` of the bytes: a bound for a part's region (every row
    /// begins with "[", and no two rows begin at the same byte).
    static func rowStarts(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        ByteCount.of(UInt8(ascii: "["), in: buffer, range)
    }

    /// Where the parts of a large list start: the first row, then every `partBytes` the next
    /// `]`, `,` and `[` (spaces allowed between them) that would begin a row.
    static func partStarts(_ buffer: UnsafeBufferPointer<UInt8>, from first: Int, every partBytes: Int) -> [Int] {
        var starts = [first]
        guard let base = buffer.baseAddress, partBytes > 0, partBytes <= (buffer.count - first) / 3 else { return starts }
        var i = first + partBytes
        while i < buffer.count - partBytes {
            guard base[i] == UInt8(ascii: "]") else {
                i += 1
                continue
            }
            var j = i + 1
            while j < buffer.count, JSONParser.isSpace(base[j]) { j += 1 }
            guard j < buffer.count, base[j] == UInt8(ascii: ",") else {
                i = j
                continue
            }
            j += 1
            while j < buffer.count, JSONParser.isSpace(base[j]) { j += 1 }
            guard j < buffer.count, base[j] == UInt8(ascii: "[") else {
                i = j
                continue
            }
            starts.append(j)
            i = j + partBytes
        }
        return starts
    }
}
