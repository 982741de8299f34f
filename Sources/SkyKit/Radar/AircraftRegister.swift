import FoundationEssentials
import Glibc

/// A user's aircraft database — registration, type and operator by ICAO address — for feeds
/// that send none of them (OpenSky, most receivers). Read from the layouts receivers already use:
/// tar1090-db's `aircraft.csv` (plain or gzipped; readsb's `--db-file` reads the same file), and
/// OpenSky's `aircraftDatabase.csv`. Kept as a compact sorted file that is searched in place:
/// 24 bytes an aircraft and each operator's name once (a million aircraft in about 25 MB),
/// nothing loaded at start-up. A file of the first layout (`SKYACDB1`, no operators) still opens.
public struct AircraftRegister: Sendable {
    /// One aircraft of the database.
    public struct Entry: Sendable, Equatable {
        public var address: UInt32
        public var registration: String?
        public var type: String?
        /// The owner or operator as registered (tar1090-db's `ownOp`, OpenSky's `operator`).
        public var operatorName: String?

        public init(address: UInt32, registration: String?, type: String?, operatorName: String? = nil) {
            self.address = address
            self.registration = registration
            self.type = type
            self.operatorName = operatorName
        }
    }

    /// What a database file was read as, and what was in it.
    public struct Reading: Sendable {
        public var layout: String
        public var entries: [Entry]
        /// Rows that were not an aircraft (a bad address, an empty row).
        public var skipped: Int
    }

    /// The layouts of the compact file: its magic, the size of a record, whether records carry
    /// an operator (an index into the names that follow the records).
    struct Layout {
        let magic: [UInt8], recordSize: Int, operators: Bool
        static let first = Layout(magic: Array("SKYACDB1".utf8), recordSize: 20, operators: false)
        static let current = Layout(magic: Array("SKYACDB2".utf8), recordSize: 24, operators: true)
    }
    static let registrationWidth = 12, typeWidth = 4
    static let noOperator = UInt32.max

    /// The compact file's bytes.
    let bytes: [UInt8]
    let layout: Layout
    public let count: Int
    /// Where each operator's name starts in `bytes`, and where the last ends.
    let names: [Int]

    /// Opens a compact file written by `compact`.
    public init(path: String) throws(FeedError) {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path) } catch { throw FeedError(.unavailable, "cannot read the aircraft database \(path)") }
        let invalid = FeedError(.data, "\(path) is not skyshell's aircraft database (make it again with radar aircraft-db)")
        guard bytes.count >= 16, let layout = [Layout.first, .current].first(where: { Array(bytes[0..<8]) == $0.magic }) else { throw invalid }
        let count = Int(clamping: AircraftRegister.word(bytes, 8, 8))
        guard count <= (bytes.count - 16) / layout.recordSize else { throw invalid }
        let recordsEnd = 16 + count * layout.recordSize
        var names: [Int] = []
        if layout.operators {
            // The names: how many, then where each starts (from the end of the table), then the text.
            guard bytes.count >= recordsEnd + 4 else { throw invalid }
            let n = Int(AircraftRegister.word(bytes, recordsEnd, 4))
            let text = recordsEnd + 4 + (n + 1) * 4
            guard n < bytes.count, text <= bytes.count else { throw invalid }
            names = (0...n).map { text + Int(AircraftRegister.word(bytes, recordsEnd + 4 + $0 * 4, 4)) }
            guard names.last == bytes.count, zip(names, names.dropFirst()).allSatisfy({ $0 <= $1 }) else { throw invalid }
        } else {
            guard recordsEnd == bytes.count else { throw invalid }
        }
        self.bytes = bytes
        self.layout = layout
        self.count = count
        self.names = names
    }

    /// The little-endian number of `width` bytes at `offset`.
    static func word(_ bytes: [UInt8], _ offset: Int, _ width: Int) -> UInt64 {
        (0..<width).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
    }

    /// The registration, type and operator of the aircraft at `icao24`, when the database has it.
    public func lookup(_ icao24: String) -> Entry? {
        guard icao24.utf8.count == 6, let wanted = UInt32(icao24, radix: 16) else { return nil }
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            let at = address(of: mid)
            if at == wanted { return entry(mid) }
            if at < wanted { low = mid + 1 } else { high = mid }
        }
        return nil
    }

    func address(of k: Int) -> UInt32 { UInt32(AircraftRegister.word(bytes, 16 + k * layout.recordSize, 4)) }

    func entry(_ k: Int) -> Entry {
        let o = 16 + k * layout.recordSize
        func text(_ from: Int, _ width: Int) -> String? {
            let field = bytes[(o + from)..<(o + from + width)].prefix { $0 != 0 }
            return field.isEmpty ? nil : String(decoding: field, as: UTF8.self)
        }
        var operatorName: String?
        if layout.operators {
            let n = Int(AircraftRegister.word(bytes, o + 20, 4))
            if n + 1 < names.count { operatorName = String(decoding: bytes[names[n]..<names[n + 1]], as: UTF8.self) }
        }
        return Entry(
            address: address(of: k), registration: text(4, AircraftRegister.registrationWidth), type: text(16, AircraftRegister.typeWidth),
            operatorName: operatorName)
    }

    /// The aircraft with what the feed left out filled in from the database (what the feed
    /// sends is kept), and how many were filled.
    public func fill(_ aircraft: [AircraftState]) -> (aircraft: [AircraftState], filled: Int) {
        var filled = 0
        let out = aircraft.map { a -> AircraftState in
            guard a.typeDesignator == nil || a.registration == nil || a.operatorName == nil, let e = lookup(a.icao24) else { return a }
            var b = a
            b.typeDesignator = a.typeDesignator ?? e.type
            b.registration = a.registration ?? e.registration
            b.operatorName = a.operatorName ?? e.operatorName
            if b != a { filled += 1 }
            return b
        }
        return (out, filled)
    }

    /// The compact file of `entries` (the last of a repeated address wins), each operator's
    /// name kept once.
    public static func compact(_ entries: [Entry]) -> [UInt8] {
        var unique: [UInt32: Entry] = [:]
        for e in entries { unique[e.address] = e }
        let sorted = unique.values.sorted { $0.address < $1.address }
        let layout = Layout.current
        var out = layout.magic + withUnsafeBytes(of: UInt64(sorted.count).littleEndian, Array.init)
        out.reserveCapacity(16 + sorted.count * layout.recordSize)
        var index: [String: UInt32] = [:], names: [String] = []
        for e in sorted {
            out += withUnsafeBytes(of: e.address.littleEndian, Array.init)
            out += padded(e.registration, registrationWidth) + padded(e.type, typeWidth)
            var n = noOperator
            if let name = e.operatorName {
                if let known = index[name] {
                    n = known
                } else {
                    n = UInt32(names.count)
                    index[name] = n
                    names.append(name)
                }
            }
            out += withUnsafeBytes(of: n.littleEndian, Array.init)
        }
        out += withUnsafeBytes(of: UInt32(names.count).littleEndian, Array.init)
        var offset: UInt32 = 0
        for name in names {
            out += withUnsafeBytes(of: offset.littleEndian, Array.init)
            offset += UInt32(name.utf8.count)
        }
        out += withUnsafeBytes(of: offset.littleEndian, Array.init)
        for name in names { out += Array(name.utf8) }
        return out
    }

    static func padded(_ text: String?, _ width: Int) -> [UInt8] {
        let bytes = Array((text ?? "").utf8.prefix(width))
        return bytes + [UInt8](repeating: 0, count: width - bytes.count)
    }
}
