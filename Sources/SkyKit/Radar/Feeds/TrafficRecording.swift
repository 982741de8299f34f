import FoundationEssentials
import Glibc

/// skyshell's recording format: JSON Lines. The first line names the format and the source,
/// each further line is one snapshot:
///
///     {"skyshell_recording":1,"source":"OpenSky","started":1733000000}
///     {"time":1733000000,"aircraft":[{"icao24":"3c6444","callsign":"DLH4AB","lat":48.9,"lon":2.5,
///      "baro_alt_m":3048,"geo_alt_m":3100,"on_ground":false,"speed_ms":180.5,"track":271.2,
///      "vrate_ms":-5.2,"category":"large","type":"A320","registration":"D-AIZZ","squawk":"1000",
///      "operator":"Lufthansa"}]}
///
/// Unknown fields are left out; snapshots are in time order. A recording cut short by a crash
/// loses at most its last, unfinished line.
public enum TrafficRecording {
    public static let version = 1

    public static func headerLine(source: String, started: Double) -> String {
        JSONWriter.compact(.object([("skyshell_recording", .int(version)), ("source", .string(source)), ("started", .number(started))]))
    }

    public static func line(_ snapshot: TrafficSnapshot) -> String {
        JSONWriter.compact(.object([("time", .number(snapshot.time)), ("aircraft", .list(snapshot.aircraft.map(datum)))]))
    }

    static func datum(_ a: AircraftState) -> Datum {
        var fields: [(String, Datum)] = [("icao24", .string(a.icao24))]
        func add(_ key: String, _ value: Datum?) { if let value { fields.append((key, value)) } }
        add("callsign", a.callsign.map(Datum.string))
        fields.append(("lat", .number(a.coordinate.latitude)))
        fields.append(("lon", .number(a.coordinate.longitude)))
        add("baro_alt_m", a.baroAltitude.map { .rounded($0.meters, 1) })
        add("geo_alt_m", a.geoAltitude.map { .rounded($0.meters, 1) })
        add("qnh_hpa", a.qnh.map { .rounded($0, 1) })
        fields.append(("on_ground", .bool(a.onGround)))
        add("speed_ms", a.groundSpeed.map { .rounded($0.metersPerSecond, 2) })
        add("track", a.track.map { .rounded($0, 2) })
        add("vrate_ms", a.verticalRate.map { .rounded($0, 2) })
        add("category", a.category.map { .string($0.rawValue) })
        add("type", a.typeDesignator.map(Datum.string))
        add("registration", a.registration.map(Datum.string))
        add("squawk", a.squawk.map(Datum.string))
        add("operator", a.operatorName.map(Datum.string))
        return .object(fields)
    }

    /// The bytes of a recording file; the error that says why there are none.
    public static func bytes(of path: String) throws(FeedError) -> [UInt8] {
        do {
            return try FileBytes.read(path)
        } catch {
            throw FeedError(.data, error == .missing ? "no such file: \(path)" : "\(path) cannot be read")
        }
    }

    /// The snapshots of a recording, in time order; the source it names.
    public static func read(_ bytes: [UInt8]) throws(FeedError) -> (source: String, snapshots: [TrafficSnapshot]) {
        var snapshots: [TrafficSnapshot] = []
        let source = try scan(bytes) {
            snapshots.append($0)
            return true
        }
        return (source, snapshots.sorted { $0.time < $1.time })
    }

    /// Each snapshot of a recording in the file's order, given one at a time and not kept (a
    /// day of a busy receiver is a million positions); the source it names. `body` returning
    /// false stops the reading.
    @discardableResult
    public static func scan(_ bytes: [UInt8], _ body: (TrafficSnapshot) -> Bool = { _ in true }) throws(FeedError) -> String {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first, let header = try? JSONParser.parse(Array(first)),
            header["skyshell_recording"]?.double == Double(version)
        else {
            throw FeedError(.data, "not a skyshell recording (the first line should be {\"skyshell_recording\":1,…})")
        }
        if let started = header["started"]?.double, UnixTime.checked(started) == nil {
            throw FeedError(.data, "the recording starts at \(UnixTime.describe(started)), not a time between 1900 and 2200")
        }
        var any = false
        for (n, raw) in lines.enumerated().dropFirst() {
            let line = n + 1
            let datum: Datum
            do {
                datum = try JSONParser.parse(Array(raw))
            } catch {
                // A last line cut short by a crash is dropped; elsewhere it is an error.
                if line == lines.count { break }
                throw FeedError(.data, "line \(line) of the recording is not JSON (\(error))")
            }
            guard let raw = datum["time"]?.double, let list = datum["aircraft"]?.list else {
                throw FeedError(.data, "line \(line) of the recording has no time or aircraft")
            }
            guard let time = UnixTime.checked(raw) else {
                throw FeedError(.data, "line \(line) of the recording has the time \(UnixTime.describe(raw)), not a time between 1900 and 2200")
            }
            any = true
            if !body(TrafficSnapshot(time: time, aircraft: list.compactMap(state))) { break }
        }
        guard any else { throw FeedError(.data, "the recording holds no snapshots") }
        return header["source"]?.string ?? "recording"
    }

    static func state(_ a: Datum) -> AircraftState? {
        guard let icao = a["icao24"]?.string, let lat = a["lat"]?.double, let lon = a["lon"]?.double,
            let coordinate = Coordinate(latitude: lat, longitude: lon)
        else { return nil }
        return AircraftState(
            icao24: icao, callsign: a["callsign"]?.string, coordinate: coordinate,
            baroAltitude: a["baro_alt_m"]?.double.map { Height(meters: $0) },
            geoAltitude: a["geo_alt_m"]?.double.map { Height(meters: $0) },
            onGround: a["on_ground"]?.bool ?? false,
            groundSpeed: a["speed_ms"]?.double.map { Speed(metersPerSecond: $0) },
            track: a["track"]?.double, verticalRate: a["vrate_ms"]?.double,
            category: a["category"]?.string.flatMap(AircraftCategory.init(rawValue:)),
            typeDesignator: a["type"]?.string, registration: a["registration"]?.string, squawk: a["squawk"]?.string,
            qnh: a["qnh_hpa"]?.double, operatorName: a["operator"]?.string)
    }
}
