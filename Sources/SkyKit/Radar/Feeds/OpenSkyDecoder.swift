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

    /// Reads the document state by state without building it as a whole (a states/all answer
    /// for the world holds over 10,000 rows); a large states list is read in parts of about
    /// `partBytes` on all cores (`readStates`).
    static func stream(_ bytes: [UInt8], partBytes: Int = OpenSkyDecoder.partBytes) throws -> TrafficSnapshot {
        try bytes.withUnsafeBufferPointer { buffer in try stream(bytes, buffer, partBytes: partBytes) }
    }

    static func stream(_ bytes: [UInt8], _ buffer: UnsafeBufferPointer<UInt8>, partBytes: Int) throws -> TrafficSnapshot {
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
                    let rows = try readStates(&p, buffer, partBytes: partBytes)
                    // A second "states" list (not OpenSky's, but JSON allows it) adds to the first.
                    if aircraft.isEmpty { aircraft = rows } else { aircraft += rows }
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
    /// fields it does not use (strings among them are only scanned), and adds its aircraft.
    static func row(_ p: inout JSONParser, into aircraft: inout some ElementSink<AircraftState>) throws {
        try p.enter()
        if p.i < p.bytes.count, p.bytes[p.i] == UInt8(ascii: "]") {
            p.i += 1
            p.depth -= 1
            return
        }
        var f = Fields()
        var index = 0
        while true {
            switch index {
            case 0: f.icao = try p.value().string.map { $0.utf8.contains(where: { $0 &- 0x41 < 26 }) ? $0.lowercased() : $0 }
            case 1: f.callsign = try p.value().string?.trimmedSpaces
            case 5: f.longitude = try p.value().double
            case 6: f.latitude = try p.value().double
            case 7: f.baro = try p.value().double
            case 8: f.onGround = try p.value().bool ?? false
            case 9: f.speed = try p.value().double
            case 10: f.track = try p.value().double
            case 11: f.rate = try p.value().double
            case 13: f.geometric = try p.value().double
            case 14: f.squawk = try p.value().string
            case 17: f.category = try p.value().integer
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
        f.add(to: &aircraft)
    }
}
