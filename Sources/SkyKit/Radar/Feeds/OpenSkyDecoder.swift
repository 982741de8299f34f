/// Reads OpenSky's `GET /api/states/all` response: `{"time": …, "states": [[…], …] | null}`,
/// each state a list read by position (0 icao24, 1 callsign, 5 longitude, 6 latitude,
/// 7 barometric altitude m, 8 on ground, 9 velocity m/s, 10 true track, 11 vertical rate m/s,
/// 13 geometric altitude m, 14 squawk, 17 category with extended=1). Rows may be shorter or
/// longer; states without a position are left out.
public enum OpenSkyDecoder {
    public static func decode(_ bytes: [UInt8]) throws(FeedError) -> TrafficSnapshot {
        do {
            return try stream(bytes)
        } catch let error as JSONParseError {
            throw FeedError(.data, "OpenSky sent something that is not JSON (\(error))")
        } catch let error as FeedError {
            throw error
        } catch {
            throw FeedError(.data, "\(error)")
        }
    }

    /// Reads the document in one pass, state by state, without building it as a whole (a
    /// states/all answer for the world holds over 10,000 rows).
    static func stream(_ bytes: [UInt8]) throws -> TrafficSnapshot {
        var p = JSONParser(bytes: bytes)
        p.skipSpace()
        guard p.i < bytes.count else { throw p.error("the document is empty") }
        guard bytes[p.i] == UInt8(ascii: "{") else {
            _ = try p.value()
            throw FeedError(.data, "OpenSky's answer is not a states object")
        }
        try p.enter()
        var time: Double?
        var aircraft: [AircraftState] = []
        // A state row takes 120 to 200 bytes; reserving avoids copying the list as it grows.
        aircraft.reserveCapacity(bytes.count / 150)
        var first = true
        while true {
            guard p.i < bytes.count else { throw p.error("the document ends inside an object") }
            if bytes[p.i] == UInt8(ascii: "}"), first { p.i += 1; break }
            first = false
            guard bytes[p.i] == UInt8(ascii: "\"") else { throw p.error("expected a key in quotes") }
            let key = try p.string()
            p.skipSpace()
            guard p.i < bytes.count, bytes[p.i] == UInt8(ascii: ":") else { throw p.error("expected : after a key") }
            p.i += 1
            p.skipSpace()
            if key == "states", p.i < bytes.count, bytes[p.i] == UInt8(ascii: "[") {
                try p.enter()
                if p.i < bytes.count, bytes[p.i] == UInt8(ascii: "]") {
                    p.i += 1
                    p.depth -= 1
                } else {
                    while true {
                        guard p.i < bytes.count else { throw p.error("the document ends inside a list") }
                        guard bytes[p.i] == UInt8(ascii: "[") else {
                            _ = try p.value()
                            throw FeedError(.data, "OpenSky's states are not lists")
                        }
                        // One state at a time: only its own fields are held.
                        if let state = try row(&p) { aircraft.append(state) }
                        p.skipSpace()
                        guard p.i < bytes.count else { throw p.error("the document ends inside a list") }
                        if bytes[p.i] == UInt8(ascii: ",") { p.i += 1; p.skipSpace(); continue }
                        guard bytes[p.i] == UInt8(ascii: "]") else { throw p.error("expected , or ] in a list") }
                        p.i += 1
                        p.depth -= 1
                        break
                    }
                }
            } else {
                let value = try p.value()
                switch key {
                case "time": time = value.double
                case "states":
                    guard value == .null else { throw FeedError(.data, "OpenSky's states are not a list") }
                default: break
                }
            }
            p.skipSpace()
            guard p.i < bytes.count else { throw p.error("the document ends inside an object") }
            if bytes[p.i] == UInt8(ascii: ",") { p.i += 1; p.skipSpace(); continue }
            guard bytes[p.i] == UInt8(ascii: "}") else { throw p.error("expected , or } in an object") }
            p.i += 1
            break
        }
        p.skipSpace()
        guard p.i == bytes.count else { throw p.error("unexpected text after the document") }
        guard let time else { throw FeedError(.data, "OpenSky's answer has no time") }
        guard UnixTime.checked(time) != nil else {
            throw FeedError(.data, "OpenSky's time \(UnixTime.describe(time)) is not a time between 1900 and 2200")
        }
        return TrafficSnapshot(time: time, aircraft: aircraft)
    }

    /// Reads one state row straight into its fields by position, building no value for the
    /// fields it does not use (strings among them are only scanned).
    static func row(_ p: inout JSONParser) throws -> AircraftState? {
        try p.enter()
        if p.i < p.bytes.count, p.bytes[p.i] == UInt8(ascii: "]") {
            p.i += 1
            p.depth -= 1
            return nil
        }
        var icao: String?, callsign: String?, squawk: String?
        var longitude: Double?, latitude: Double?, baro: Double?, speed: Double?, track: Double?, rate: Double?, geometric: Double?
        var onGround = false
        var category: Int?
        var index = 0
        while true {
            switch index {
            case 0: icao = try p.value().string
            case 1: callsign = try p.value().string
            case 5: longitude = try p.value().double
            case 6: latitude = try p.value().double
            case 7: baro = try p.value().double
            case 8: onGround = try p.value().bool ?? false
            case 9: speed = try p.value().double
            case 10: track = try p.value().double
            case 11: rate = try p.value().double
            case 13: geometric = try p.value().double
            case 14: squawk = try p.value().string
            case 17: category = try p.value().integer
            default: try p.skipValue()
            }
            index += 1
            p.skipSpace()
            guard p.i < p.bytes.count else { throw p.error("the document ends inside a list") }
            if p.bytes[p.i] == UInt8(ascii: ",") { p.i += 1; p.skipSpace(); continue }
            guard p.bytes[p.i] == UInt8(ascii: "]") else { throw p.error("expected , or ] in a list") }
            p.i += 1
            p.depth -= 1
            break
        }
        guard let icao, !icao.isEmpty, let longitude, let latitude, let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        else { return nil }
        let trimmed = callsign?.trimmedSpaces
        return AircraftState(
            icao24: icao.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) ? icao.lowercased() : icao,
            callsign: trimmed?.isEmpty == false ? trimmed : nil,
            coordinate: coordinate,
            baroAltitude: baro.map { Height(meters: $0) },
            geoAltitude: geometric.map { Height(meters: $0) },
            onGround: onGround,
            groundSpeed: speed.map { Speed(metersPerSecond: $0) },
            track: track,
            verticalRate: rate,
            category: category.flatMap(AircraftCategory.init(openSky:)),
            squawk: squawk)
    }
}
