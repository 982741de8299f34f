extension OpenSkyDecoder {
    /// The fields of one state row the decoder keeps, as read.
    struct Fields {
        /// The address in lower case.
        var icao: String?
        var callsign: String?, squawk: String?
        var longitude: Double?, latitude: Double?, baro: Double?, speed: Double?, track: Double?, rate: Double?, geometric: Double?
        var onGround = false
        var category: Int?

        /// Whether the number at a row's `index` is one of the fields kept (5, 6, 7, 9, 10, 11,
        /// 13 and 17).
        @inline(__always) static func numberIsKept(at index: Int) -> Bool {
            index < 64 && (1 << index) & 0b10_0010_1110_1110_0000 != 0
        }

        /// Adds the aircraft the row describes, unless it has no address or no position. The
        /// strings are taken out of the fields (moved into the aircraft, not copied and the
        /// copies released later).
        @inline(__always) mutating func add(to aircraft: inout some ElementSink<AircraftState>) {
            guard let icao = icao.take(), !icao.isEmpty, let longitude, let latitude,
                let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            else { return }
            let callsign = callsign.take()
            aircraft.append(
                AircraftState(
                    icao24: icao,
                    callsign: callsign?.isEmpty == false ? callsign : nil,
                    coordinate: coordinate,
                    baroAltitude: baro.map { Height(meters: $0) },
                    geoAltitude: geometric.map { Height(meters: $0) },
                    onGround: onGround,
                    groundSpeed: speed.map { Speed(metersPerSecond: $0) },
                    track: track,
                    verticalRate: rate,
                    category: category.flatMap(AircraftCategory.init(openSky:)),
                    squawk: squawk.take()))
        }
    }

    /// Reads a state row made of plain values — numbers without an exponent, strings without
    /// escapes, true, false, null — straight from the bytes, adds its aircraft and gives where
    /// the row ends. Anything else (an escape, a nested value, text that is not JSON) gives nil
    /// having added nothing, and the row is read again by `row(_:into:)`, which builds values one
    /// by one and says what is wrong. Both
    /// give the same fields for the rows this one reads (`OpenSkyFastPathTests`).
    static func plainRow(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into aircraft: inout some ElementSink<AircraftState>) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count, base[start] == UInt8(ascii: "[") else { return nil }
        let count = bytes.count
        var i = start + 1
        func skipSpace() {
            while i < count, JSONParser.isSpace(base[i]) { i += 1 }
        }
        func matches(_ word: StaticString) -> Bool {
            let n = word.utf8CodeUnitCount
            guard i + n <= count else { return false }
            for k in 0..<n where base[i + k] != word.utf8Start[k] { return false }
            i += n
            return true
        }
        var f = Fields()
        skipSpace()
        if i < count, base[i] == UInt8(ascii: "]") { return i + 1 }
        var index = 0
        while i < count {
            switch base[i] {
            case UInt8(ascii: "\""):
                let first = i + 1
                guard let end = plainStringEnd(base, from: first, count: count) else { return nil }
                i = end + 1
                switch index {
                case 0:
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<end]), as: UTF8.self)
                    f.icao = bytes[first..<end].contains(where: { $0 &- 0x41 < 26 }) ? text.lowercased() : text
                case 1: f.callsign = String(decoding: UnsafeBufferPointer(rebasing: bytes[bytes.trimmingSpaces(first..<end)]), as: UTF8.self)
                case 14: f.squawk = String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<end]), as: UTF8.self)
                default: break
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                // A number the aircraft does not use (the times, the position source) is only
                // checked, not converted.
                guard Fields.numberIsKept(at: index) else {
                    guard let end = JSONParser.numberEnd(bytes, from: i) else { return nil }
                    i = end
                    break
                }
                guard let (value, end) = JSONParser.plainNumber(bytes, from: i) else { return nil }
                i = end
                switch index {
                case 5: f.longitude = value
                case 6: f.latitude = value
                case 7: f.baro = value
                case 9: f.speed = value
                case 10: f.track = value
                case 11: f.rate = value
                case 13: f.geometric = value
                case 17: f.category = Int(exactly: value)
                default: break
                }
            case UInt8(ascii: "t"):
                guard matches("true") else { return nil }
                if index == 8 { f.onGround = true }
            case UInt8(ascii: "f"):
                guard matches("false") else { return nil }
            case UInt8(ascii: "n"):
                guard matches("null") else { return nil }
            default:
                return nil
            }
            index &+= 1
            skipSpace()
            guard i < count else { return nil }
            if base[i] == UInt8(ascii: "]") {
                f.add(to: &aircraft)
                return i + 1
            }
            guard base[i] == UInt8(ascii: ",") else { return nil }
            i += 1
            skipSpace()
        }
        return nil
    }

    /// Where a string without escapes or control characters that starts at `start` (after its
    /// quote) ends: the index of its closing quote, or nil when a backslash or a control
    /// character comes first, or the bytes end. Eight bytes are tested at a time.
    @inline(__always)
    static func plainStringEnd(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int? {
        var i = start
        while i &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            // A byte's top bit is set in each test where the byte is a quote, a backslash (their
            // bytes zero after the "exclusive or") or below 0x20; a borrow can only flag bytes
            // above the first one flagged, so the lowest flag is exact. Bytes of 0x80 and above
            // are never flagged ("and not word").
            let quote = word ^ 0x2222_2222_2222_2222, backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
            let flags =
                ((quote &- 0x0101_0101_0101_0101) & ~quote | (backslash &- 0x0101_0101_0101_0101) & ~backslash
                    | (word &- 0x2020_2020_2020_2020) & ~word) & 0x8080_8080_8080_8080
            if flags != 0 {
                let k = i &+ flags.trailingZeroBitCount / 8
                return base[k] == UInt8(ascii: "\"") ? k : nil
            }
            i &+= 8
        }
        while i < count {
            let b = base[i]
            if b == UInt8(ascii: "\"") { return i }
            if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
            i &+= 1
        }
        return nil
    }
}
