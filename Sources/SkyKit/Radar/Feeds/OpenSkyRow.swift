extension OpenSkyDecoder {
    /// The fields of one state row the decoder keeps, as read.
    struct Fields {
        /// The address in lower case.
        var icao: String?
        var callsign: String?, squawk: String?
        var longitude: Double?, latitude: Double?, baro: Double?, speed: Double?, track: Double?, rate: Double?, geometric: Double?
        var onGround = false
        var category: Int?

        /// Adds the aircraft the row describes, unless it has no address or no position (built in
        /// place: an aircraft is large to copy).
        @inline(__always) func add(to aircraft: inout some ElementSink<AircraftState>) {
            guard let icao, !icao.isEmpty, let longitude, let latitude, let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            else { return }
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
                    squawk: squawk))
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
                var end = first
                while end < count, base[end] != UInt8(ascii: "\"") {
                    if base[end] == UInt8(ascii: "\\") || base[end] < 0x20 { return nil }
                    end += 1
                }
                guard end < count else { return nil }
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
            index += 1
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
}
