import CSkyData

/// Read-only access to the embedded catalog file: named sections of fixed-size little-endian
/// records, string references into one shared UTF-8 section, and sorted index arrays.
/// Nothing is parsed at start-up; records are decoded when asked for.
struct BinaryCatalog: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    private var sections: [String: Range<Int>] = [:]
    private(set) var strings: Range<Int> = 0..<0

    /// The catalog linked into the binary.
    static let embedded: BinaryCatalog = {
        var length: UInt = 0
        let start = sky_data_catalog(&length)
        return BinaryCatalog(UnsafeRawBufferPointer(start: start, count: Int(length)))!
    }()

    /// Reads the section table; nil when the bytes are not a catalog.
    init?(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        guard bytes.count >= 16, String(decoding: bytes[0..<8], as: UTF8.self) == "SKYCAT01" else { return nil }
        let count = Int(bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self).littleEndian)
        for i in 0..<count {
            let entry = 16 + 16 * i
            let name = ascii(entry, 8)
            let offset = Int(u32(entry + 8)), length = Int(u32(entry + 12))
            guard offset + length <= bytes.count else { return nil }
            sections[name] = offset..<(offset + length)
        }
        guard let s = sections["strings"] else { return nil }
        strings = s
    }

    /// A 64-bit digest of the bytes in `range`, read eight at a time (FNV-1a's step on each
    /// little-endian word, then on the bytes left over): each step is a bijection of the
    /// digest, so a change to any one word changes it. It tells one catalogue from another,
    /// not a forgery.
    func digest(_ range: Range<Int>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let prime: UInt64 = 0x0000_0100_0000_01b3
        var o = range.lowerBound
        while o + 8 <= range.upperBound {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: o, as: UInt64.self).littleEndian) &* prime
            o += 8
        }
        while o < range.upperBound {
            hash = (hash ^ UInt64(bytes[o])) &* prime
            o += 1
        }
        return hash
    }

    /// The byte range of a section (empty when missing).
    func section(_ name: String) -> Range<Int> { sections[name] ?? 0..<0 }

    @inline(__always) func u8(_ o: Int) -> UInt8 { bytes[o] }
    @inline(__always) func u16(_ o: Int) -> UInt16 { bytes.loadUnaligned(fromByteOffset: o, as: UInt16.self).littleEndian }
    @inline(__always) func i16(_ o: Int) -> Int16 { bytes.loadUnaligned(fromByteOffset: o, as: Int16.self).littleEndian }
    @inline(__always) func u32(_ o: Int) -> UInt32 { bytes.loadUnaligned(fromByteOffset: o, as: UInt32.self).littleEndian }
    @inline(__always) func i32(_ o: Int) -> Int32 { bytes.loadUnaligned(fromByteOffset: o, as: Int32.self).littleEndian }

    /// A fixed-width ASCII code, without its padding zeros.
    func ascii(_ o: Int, _ width: Int) -> String {
        var end = o
        while end < o + width, bytes[end] != 0 { end += 1 }
        return String(decoding: bytes[o..<end], as: UTF8.self)
    }

    /// True when the fixed-width code at `o` starts with the ASCII bytes of `prefix`.
    func code(at o: Int, width: Int, hasPrefix prefix: [UInt8]) -> Bool {
        guard prefix.count <= width else { return false }
        for (k, b) in prefix.enumerated() where bytes[o + k] != b { return false }
        return true
    }

    /// The string a 6-byte reference (u32 offset, u16 length) at `o` points to.
    func string(_ o: Int) -> String {
        let (start, length) = stringRange(o)
        return String(decoding: bytes[start..<(start + length)], as: UTF8.self)
    }

    /// The parts of the referenced string between `separator`s, empty parts left out (read
    /// from the bytes: completion decodes hundreds of records a keystroke).
    func strings(_ o: Int, separatedBy separator: [UInt8]) -> [String] {
        let (start, length) = stringRange(o)
        let end = start + length
        var parts: [String] = []
        var from = start, i = start
        while i < end {
            if i + separator.count <= end, bytes[i] == separator[0], separator.indices.allSatisfy({ bytes[i + $0] == separator[$0] }) {
                if i > from { parts.append(String(decoding: bytes[from..<i], as: UTF8.self)) }
                i += separator.count
                from = i
            } else {
                i += 1
            }
        }
        if end > from { parts.append(String(decoding: bytes[from..<end], as: UTF8.self)) }
        return parts
    }

    /// Where the referenced string's bytes are.
    @inline(__always) func stringRange(_ o: Int) -> (Int, Int) {
        (strings.lowerBound + Int(u32(o)), Int(u16(o + 4)))
    }

    /// Binary search in a section of u16 record indices sorted by a code; returns the index of
    /// the record whose code equals `key`, or nil.
    func lookup(_ indexSection: String, key: [UInt8], codeOf: (Int) -> Int, width: Int) -> Int? {
        let range = section(indexSection)
        func record(_ k: Int) -> Int { Int(u16(range.lowerBound + 2 * k)) }
        return PartitionPoint.exact(in: range.count / 2) { compareCode(codeOf(record($0)), width: width, key) }.map(record)
    }

    /// The positions in a sorted code index whose codes start with `prefix` (two binary
    /// searches; each entry is a u16 record index).
    func prefixRange(_ indexSection: String, prefix: [UInt8], codeOf: (Int) -> Int, width: Int) -> (start: Int, count: Int) {
        let range = section(indexSection)
        let n = range.count / 2
        func code(_ k: Int) -> Int { codeOf(Int(u16(range.lowerBound + 2 * k))) }
        func lowerBound(_ isBefore: (Int) -> Bool) -> Int { PartitionPoint.first(in: n, where: isBefore) }
        let first = lowerBound { compareCode(code($0), width: width, prefix) < 0 }
        let end = lowerBound { k in
            let o = code(k)
            for (i, b) in prefix.enumerated() where i < width {
                if bytes[o + i] != b { return bytes[o + i] < b }
            }
            return true
        }
        return (first, max(0, end - first))
    }

    /// The record indices of `count` sorted-index entries from `start`, smallest (best ranked)
    /// first, at most `limit`.
    func bestRecords(_ indexSection: String, start: Int, count: Int, limit: Int, total: Int) -> [Int] {
        let base = section(indexSection).lowerBound
        return Self.best((0..<count).lazy.map { Int(self.u16(base + 2 * (start + $0))) }, count: count, limit: limit, total: total)
    }

    /// The `limit` smallest of `count` distinct record indices below `total`: sorting for
    /// small sets, a bitmap scan for large ones.
    static func best<S: Sequence>(_ records: S, count: Int, limit: Int, total: Int) -> [Int] where S.Element == Int {
        if count <= 512 {
            return Array(records.sorted().prefix(limit))
        }
        var marks = [Bool](repeating: false, count: total)
        for r in records { marks[r] = true }
        var result: [Int] = []
        for r in 0..<total where marks[r] {
            result.append(r)
            if result.count == limit { break }
        }
        return result
    }

    /// Compares a zero-padded code with a key like strcmp.
    func compareCode(_ o: Int, width: Int, _ key: [UInt8]) -> Int {
        for k in 0..<width {
            let a = Int(bytes[o + k]), b = k < key.count ? Int(key[k]) : 0
            if a != b { return a < b ? -1 : 1 }
        }
        return key.count > width ? -1 : 0
    }

    // MARK: - Word indexes

    /// Record indices whose indexed words start with `prefix` (folded), in record order.
    func wordMatches(_ indexSection: String, prefix: [UInt8], total: Int) -> [Int] {
        let range = section(indexSection)
        let count = range.count / 8
        func word(_ i: Int) -> UnsafeRawBufferPointer.SubSequence {
            let e = range.lowerBound + 8 * i
            let start = strings.lowerBound + Int(u32(e))
            return bytes[start..<(start + Int(u8(e + 4)))]
        }
        // First entry whose word is >= prefix.
        let lo = PartitionPoint.first(in: count) { word($0).lexicographicallyPrecedes(prefix) }
        var end = lo
        while end < count, word(end).starts(with: prefix) { end += 1 }
        var marks = [Bool](repeating: false, count: total)
        for i in lo..<end { marks[Int(u16(range.lowerBound + 8 * i + 6))] = true }
        var result: [Int] = []
        for r in 0..<total where marks[r] { result.append(r) }
        return result
    }

    /// Record indices whose indexed words match every word of `query` by prefix.
    func allWordsMatch(_ indexSection: String, _ query: [String], total: Int) -> [Int] {
        var current: [Int]?
        for word in query {
            let matches = wordMatches(indexSection, prefix: Array(word.utf8), total: total)
            if let previous = current {
                let set = Set(matches)
                current = previous.filter { set.contains($0) }
            } else {
                current = matches
            }
            if current?.isEmpty == true { return [] }
        }
        return current ?? []
    }
}
