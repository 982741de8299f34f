extension OpenSkyDecoder {
    /// How a run of state rows ended: the list closed, or the next row starts at the stop or
    /// past it.
    enum RunEnd { case closed, reached, passed }

    /// Reads state rows from the start of one (`p.i`) until the list closes (`p.i` past its
    /// `]`) or the row after a comma starts at or past `stop`.
    static func readRows(
        _ p: inout JSONParser, _ buffer: UnsafeBufferPointer<UInt8>, until stop: Int, into aircraft: inout [AircraftState]
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

    /// Reads the states list from its first row to past its `]`. A large list is cut into parts
    /// where a row seems to start (`],[`), read by the processor's cores at the same time. A
    /// guess can be wrong — those bytes may be inside a string — so parts are taken in order
    /// and one counts only if the part before it ended exactly where it starts; from the first
    /// that does not, the rest is read in one piece. The rows and the first error are the same
    /// as reading it all in one piece (`OpenSkyFastPathTests`).
    static func readStates(
        _ p: inout JSONParser, _ buffer: UnsafeBufferPointer<UInt8>, partBytes: Int, into aircraft: inout [AircraftState]
    ) throws {
        let starts = partStarts(buffer, from: p.i, every: partBytes)
        guard starts.count > 1 else {
            _ = try readRows(&p, buffer, until: .max, into: &aircraft)
            return
        }
        let base = p
        let parts = Parallel.map(starts.count) { k -> (rows: [AircraftState], end: Result<RunEnd, any Error>, parser: JSONParser) in
            var q = base
            q.i = starts[k]
            var rows: [AircraftState] = []
            rows.reserveCapacity(min(partBytes, buffer.count) / 120)
            do {
                let end = try readRows(&q, buffer, until: k + 1 < starts.count ? starts[k + 1] : .max, into: &rows)
                return (rows, .success(end), q)
            } catch {
                return (rows, .failure(error), q)
            }
        }
        var expected = p.i
        for (k, part) in parts.enumerated() where starts[k] == expected {
            aircraft.append(contentsOf: part.rows)
            switch part.end {
            case .failure(let error): throw error
            case .success(.closed):
                p = part.parser
                return
            case .success(.reached), .success(.passed): expected = part.parser.i
            }
        }
        p.i = expected
        _ = try readRows(&p, buffer, until: .max, into: &aircraft)
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
