import FoundationEssentials
import Glibc

/// A user's aircraft database — registration and type by ICAO address — for feeds that send
/// neither (OpenSky, most receivers). Read from the layouts receivers already use: tar1090-db's
/// `aircraft.csv` (plain or gzipped; readsb's `--db-file` reads the same file), and OpenSky's
/// `aircraftDatabase.csv`. Kept as a compact sorted file that is searched in place: 20 bytes an
/// aircraft (a million aircraft in 20 MB), nothing loaded at start-up.
public struct AircraftRegister: Sendable {
    /// One aircraft of the database.
    public struct Entry: Sendable, Equatable {
        public var address: UInt32
        public var registration: String?
        public var type: String?

        public init(address: UInt32, registration: String?, type: String?) {
            self.address = address
            self.registration = registration
            self.type = type
        }
    }

    /// What a database file was read as, and what was in it.
    public struct Reading: Sendable {
        public var layout: String
        public var entries: [Entry]
        /// Rows that were not an aircraft (a bad address, an empty row).
        public var skipped: Int
    }

    static let magic = Array("SKYACDB1".utf8)
    static let recordSize = 20
    static let registrationWidth = 12, typeWidth = 4

    /// The compact file's bytes.
    let bytes: [UInt8]
    public var count: Int { (bytes.count - 16) / AircraftRegister.recordSize }

    /// Opens a compact file written by `write`.
    public init(path: String) throws(FeedError) {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path) } catch { throw FeedError(.unavailable, "cannot read the aircraft database \(path)") }
        guard bytes.count >= 16, Array(bytes[0..<8]) == AircraftRegister.magic, (bytes.count - 16) % AircraftRegister.recordSize == 0 else {
            throw FeedError(.data, "\(path) is not skyshell's aircraft database (make it again with radar aircraft-db)")
        }
        self.bytes = bytes
    }

    /// The registration and type of the aircraft at `icao24`, when the database has it.
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

    func address(of k: Int) -> UInt32 {
        let o = 16 + k * AircraftRegister.recordSize
        return UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24
    }

    func entry(_ k: Int) -> Entry {
        let o = 16 + k * AircraftRegister.recordSize
        func text(_ from: Int, _ width: Int) -> String? {
            let field = bytes[(o + from)..<(o + from + width)].prefix { $0 != 0 }
            return field.isEmpty ? nil : String(decoding: field, as: UTF8.self)
        }
        return Entry(address: address(of: k), registration: text(4, AircraftRegister.registrationWidth), type: text(16, AircraftRegister.typeWidth))
    }

    /// The aircraft with what the feed left out filled in from the database (what the feed
    /// sends is kept), and how many were filled.
    public func fill(_ aircraft: [AircraftState]) -> (aircraft: [AircraftState], filled: Int) {
        var filled = 0
        let out = aircraft.map { a -> AircraftState in
            guard a.typeDesignator == nil || a.registration == nil, let e = lookup(a.icao24) else { return a }
            var b = a
            b.typeDesignator = a.typeDesignator ?? e.type
            b.registration = a.registration ?? e.registration
            if b.typeDesignator != a.typeDesignator || b.registration != a.registration { filled += 1 }
            return b
        }
        return (out, filled)
    }

    /// The compact file of `entries` (the last of a repeated address wins).
    public static func compact(_ entries: [Entry]) -> [UInt8] {
        var unique: [UInt32: Entry] = [:]
        for e in entries { unique[e.address] = e }
        let sorted = unique.values.sorted { $0.address < $1.address }
        var out = magic + withUnsafeBytes(of: UInt64(sorted.count).littleEndian, Array.init)
        out.reserveCapacity(16 + sorted.count * recordSize)
        for e in sorted {
            out += withUnsafeBytes(of: e.address.littleEndian, Array.init)
            out += padded(e.registration, registrationWidth) + padded(e.type, typeWidth)
        }
        return out
    }

    static func padded(_ text: String?, _ width: Int) -> [UInt8] {
        let bytes = Array((text ?? "").utf8.prefix(width))
        return bytes + [UInt8](repeating: 0, count: width - bytes.count)
    }
}
