import Foundation
import Synchronization

/// UTC offsets of IANA time zones. Read from the system's compiled tz database (the TZif files
/// of RFC 8536 under /usr/share/zoneinfo) when it has the zone and the moment is covered by its
/// transitions or a fixed rule; otherwise from Foundation's TimeZone (ICU's copy of the same
/// database), which costs a few hundred microseconds to open the first time.
public enum ZoneOffsets {
    /// Where the compiled zone files are.
    public static let systemDirectory = "/usr/share/zoneinfo"

    /// Zones opened once per process (an import asks for the same few thousands of times).
    static let opened = Mutex<[String: Zone?]>([:])

    /// Seconds east of UTC in `zone` at `seconds` since 1970; nil for an unknown zone.
    public static func seconds(zone: String, at seconds: Double) -> Int? {
        guard let opened = self.zone(zone) else { return nil }
        if let file = opened.file, let offset = file.offset(at: seconds) { return offset }
        guard let foundation = opened.foundation else { return nil }
        return foundation.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
    }

    static func zone(_ identifier: String) -> Zone? {
        if let found = opened.withLock({ $0[identifier] }) { return found }
        let made = Zone(identifier: identifier, directory: systemDirectory)
        opened.withLock { $0[identifier] = made }
        return made
    }

    /// A zone as the system's file gives it, with Foundation's behind it for what the file
    /// leaves to a daylight-saving rule (or when there is no file).
    final class Zone: Sendable {
        let file: ZoneFile?
        private let lazyFoundation: Once<TimeZone?>

        init?(identifier: String, directory: String) {
            file = ZoneFile.isPlausibleName(identifier) ? ZoneFile(path: directory + "/" + identifier) : nil
            lazyFoundation = Once { TimeZone(identifier: identifier) }
            if file == nil && foundation == nil { return nil }
        }

        var foundation: TimeZone? { lazyFoundation.value }
    }
}

/// One compiled zone file (RFC 8536, version 2 or later: 64-bit transition times): the offset
/// at each transition, and a fixed offset after the last one when its rule has no daylight
/// saving. Anything malformed makes no file, never a wrong answer.
public struct ZoneFile: Sendable {
    /// Transition moments (seconds since 1970), ascending.
    public let transitions: [Int64]
    /// The offset (seconds east of UTC) from each transition on.
    let offsets: [Int32]
    /// The offset before the first transition (time type 0).
    let initial: Int32
    /// The offset after the last transition when the file's rule is a fixed one; nil when the
    /// rule has daylight saving (left to Foundation) or is missing.
    let after: Int32?

    /// The longest zone file accepted (the largest in the database are a few kilobytes).
    static let maximumBytes = 65_536

    /// True for names like `Europe/Berlin` or `Etc/GMT+5`: no empty, `.` or `..` part, only
    /// letters, digits and `/_+-`, so a name never reaches outside the zone directory.
    public static func isPlausibleName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 64 else { return false }
        let allowed = name.utf8.allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2F || byte == 0x5F || byte == 0x2B || byte == 0x2D
        }
        return allowed && name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty }
    }

    init?(path: String) {
        guard case .contents(let bytes) = StoredFile.read(path, maxBytes: Self.maximumBytes) else { return nil }
        self.init(bytes: bytes)
    }

    /// Parses a zone file's bytes; nil unless they are a complete version 2+ file.
    public init?(bytes: [UInt8]) {
        var reader = Reader(bytes: bytes)
        // The version 1 header and block, skipped: the 64-bit block follows it.
        guard let first = reader.header(), let v1Size = first.blockSize(timeBytes: 4), reader.skip(v1Size),
            first.version >= 0x32, let header = reader.header(), let size = header.blockSize(timeBytes: 8),
            bytes.count - reader.offset >= size, header.typeCount > 0
        else { return nil }
        var transitions: [Int64] = []
        transitions.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount { transitions.append(reader.int64()) }
        let typeIndices = (0..<header.timeCount).map { _ in Int(reader.byte()) }
        var typeOffsets: [Int32] = []
        for _ in 0..<header.typeCount {
            typeOffsets.append(reader.int32())
            _ = reader.skip(2)  // is-DST flag, abbreviation index
        }
        guard typeIndices.allSatisfy({ $0 < typeOffsets.count }),
            zip(transitions, transitions.dropFirst()).allSatisfy({ $0 < $1 }),
            // Within a day and two hours of UTC (never `abs`: a hostile -2³¹ would trap).
            typeOffsets.allSatisfy({ (-26 * 3600...26 * 3600).contains($0) })
        else { return nil }
        _ = reader.skip(size - header.timeCount * 9 - header.typeCount * 6)
        self.transitions = transitions
        offsets = typeIndices.map { typeOffsets[$0] }
        initial = typeOffsets[0]
        after = Self.fixedOffset(footer: reader.footer())
    }

    /// The offset at `seconds`, or nil when the file's daylight-saving rule decides it.
    public func offset(at seconds: Double) -> Int? {
        guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
        let t = Int64(seconds.rounded(.down))
        guard let last = transitions.last else { return after.map(Int.init) }
        if t == last { return Int(offsets[offsets.count - 1]) }
        if t > last { return after.map(Int.init) }
        // From the last transition at or before t; before the first, the initial offset.
        guard let index = PartitionPoint.last(in: transitions.count, where: { transitions[$0] <= t }) else { return Int(initial) }
        return Int(offsets[index])
    }

    /// The offset a POSIX TZ string without daylight saving gives (`JST-9`, `<+0330>-3:30`,
    /// `UTC0`); nil for any other string. The sign is POSIX's: hours west of UTC.
    public static func fixedOffset(footer: String?) -> Int32? {
        guard var rest = footer?[...], !rest.isEmpty else { return nil }
        if rest.first == "<" {
            guard let close = rest.firstIndex(of: ">") else { return nil }
            rest = rest[rest.index(after: close)...]
        } else {
            let name = rest.prefix { $0.isLetter }
            guard name.count >= 3 else { return nil }
            rest = rest.dropFirst(name.count)
        }
        var sign: Int32 = 1
        if rest.first == "+" || rest.first == "-" {
            sign = rest.first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        let values = parts.compactMap { Int32($0) }
        guard values.count == parts.count, values[0] <= 24, values.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        let west = values[0] * 3600 + (values.count > 1 ? values[1] * 60 : 0) + (values.count > 2 ? values[2] : 0)
        return -sign * west
    }

    /// Big-endian reads over the file's bytes; reads past the end give zeros (the sizes are
    /// checked before the data is read).
    struct Reader {
        let bytes: [UInt8]
        var offset = 0

        struct Header {
            var version: UInt8
            var utCount, standardCount, leapCount, timeCount, typeCount, charCount: Int

            func blockSize(timeBytes: Int) -> Int? {
                let counts = [utCount, standardCount, leapCount, timeCount, typeCount, charCount]
                guard counts.allSatisfy({ (0...100_000).contains($0) }) else { return nil }
                return timeCount * (timeBytes + 1) + typeCount * 6 + charCount + leapCount * (timeBytes + 4) + standardCount + utCount
            }
        }

        mutating func header() -> Header? {
            guard bytes.count - offset >= 44, Array(bytes[offset..<offset + 4]) == Array("TZif".utf8) else { return nil }
            let version = bytes[offset + 4]
            offset += 20
            let counts = (0..<6).map { _ in Int(int32()) }
            return Header(
                version: version, utCount: counts[0], standardCount: counts[1], leapCount: counts[2],
                timeCount: counts[3], typeCount: counts[4], charCount: counts[5])
        }

        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, bytes.count - offset >= count else { return false }
            offset += count
            return true
        }

        mutating func byte() -> UInt8 {
            defer { offset += 1 }
            return offset < bytes.count ? bytes[offset] : 0
        }

        mutating func int32() -> Int32 {
            var value: UInt32 = 0
            for _ in 0..<4 { value = value << 8 | UInt32(byte()) }
            return Int32(bitPattern: value)
        }

        mutating func int64() -> Int64 {
            var value: UInt64 = 0
            for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
            return Int64(bitPattern: value)
        }

        /// The TZ string between the newlines after the 64-bit block.
        mutating func footer() -> String? {
            guard offset < bytes.count, bytes[offset] == 0x0A else { return nil }
            let body = bytes[(offset + 1)...]
            guard let end = body.firstIndex(of: 0x0A) else { return nil }
            return String(decoding: body[..<end], as: UTF8.self)
        }
    }
}
