import FoundationEssentials
import Glibc
import Synchronization

/// UTC offsets of IANA time zones, read from the system's compiled tz database (the TZif files
/// of RFC 8536 under /usr/share/zoneinfo): the transitions the file lists, and after the last
/// of them the POSIX rule at its end (`PosixZoneRule`). A zone the system does not have, or a
/// file that cannot be read whole, has no offset: it is never guessed.
public enum ZoneOffsets {
    /// Where the compiled zone files are.
    public static let systemDirectory = "/usr/share/zoneinfo"

    /// Zones opened once per process (an import asks for the same few thousands of times).
    static let opened = Mutex<[String: ZoneFile?]>([:])

    /// Seconds east of UTC in `zone` at `seconds` since 1970; nil for an unknown zone. A zone is
    /// a name of the database (`Europe/Paris`) or, as the `TZ` variable may be, a POSIX rule
    /// (`CET-1CEST,M3.5.0,M10.5.0/3`).
    public static func seconds(zone: String, at seconds: Double) -> Int? {
        if let file = self.zone(zone) { return file.offset(at: seconds) }
        guard seconds.isFinite, abs(seconds) < 1e15, let rule = PosixZoneRule(zone) else { return nil }
        return Int(rule.offset(at: Int64(seconds.rounded(.down))))
    }

    static func zone(_ identifier: String) -> ZoneFile? {
        if let found = opened.withLock({ $0[identifier] }) { return found }
        let made = ZoneFile.isPlausibleName(identifier) ? ZoneFile(path: systemDirectory + "/" + identifier) : nil
        opened.withLock { $0[identifier] = made }
        return made
    }

    /// The name of this computer's zone as the C library finds it (`tz` is the `TZ` variable): `TZ` (`Europe/Paris`,
    /// `:Europe/Paris`, a path into the zone folder, or a POSIX rule; empty is UTC), else the
    /// zone `/etc/localtime` links to or `/etc/timezone` names, else that file itself (known
    /// as `localtime`), else UTC.
    public static func localName(tz: String?) -> String {
        let key = tz.map { "=" + $0 } ?? ""
        if let found = localNames.withLock({ $0[key] }) { return found }
        let name = findLocalName(tz: tz)
        localNames.withLock { $0[key] = name }
        return name
    }

    /// The local zones found, by the `TZ` they were found for.
    static let localNames = Mutex<[String: String]>([:])

    static func findLocalName(tz: String?) -> String {
        if let tz {
            var name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            if name.isEmpty { return "UTC" }
            if name.hasPrefix(systemDirectory + "/") { name = String(name.dropFirst(systemDirectory.count + 1)) }
            if zone(name) != nil || PosixZoneRule(name) != nil { return name }
            return "UTC"
        }
        if let target = PathText.linkTarget("/etc/localtime"), let marker = target.lastRange(of: "zoneinfo/") {
            let name = String(target[marker.upperBound...])
            if zone(name) != nil { return name }
        }
        if case .contents(let bytes) = StoredFile.read("/etc/timezone", maxBytes: 256) {
            let name = String(decoding: bytes, as: UTF8.self).trimmingWhitespaceAndNewlines()
            if zone(name) != nil { return name }
        }
        if let file = ZoneFile(path: "/etc/localtime") {
            opened.withLock { $0["localtime"] = file }
            return "localtime"
        }
        return "UTC"
    }
}

/// One compiled zone file (RFC 8536, version 2 or later: 64-bit transition times): the offset
/// at each transition, and the POSIX rule that holds after the last one. Anything malformed
/// makes no file, never a wrong answer.
public struct ZoneFile: Sendable {
    /// Transition moments (seconds since 1970), ascending.
    public let transitions: [Int64]
    /// The offset (seconds east of UTC) from each transition on.
    let offsets: [Int32]
    /// The offset before the first transition (time type 0).
    let initial: Int32
    /// The rule after the last transition; nil when the file has none it can read.
    public let rule: PosixZoneRule?

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
        rule = reader.footer().flatMap(PosixZoneRule.init)
    }

    /// The offset at `seconds`, or nil after the last transition of a file without a rule.
    public func offset(at seconds: Double) -> Int? {
        guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
        let t = Int64(seconds.rounded(.down))
        // No transitions: the rule, else time type 0; on or after the last: the rule (RFC 8536 §3.2).
        guard let last = transitions.last else { return Int(rule?.offset(at: t) ?? initial) }
        if t == last { return Int(offsets[offsets.count - 1]) }
        if t > last { return rule.map { Int($0.offset(at: t)) } }
        // From the last transition at or before t; before the first, the initial offset.
        guard let index = PartitionPoint.last(in: transitions.count, where: { transitions[$0] <= t }) else { return Int(initial) }
        return Int(offsets[index])
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
