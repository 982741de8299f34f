/// Reads a local ADS-B receiver's `aircraft.json` (readsb, dump1090-fa, tar1090:
/// `{"now": seconds, "aircraft": […]}`) or an aggregator's v2 answer (`{"now": milliseconds,
/// "ac": […]}`). Keys are left out when unknown; `alt_baro` may be "ground"; altitudes are in
/// feet, speeds in knots, rates in feet per minute. Positions older than a minute are dropped.
public enum ReadsbDecoder {
    public static let stalePosition = 60.0

    public static func decode(_ bytes: [UInt8]) throws(FeedError) -> TrafficSnapshot {
        let document: Datum
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw FeedError(.data, "the receiver sent something that is not JSON (\(error))")
        }
        let list: [Datum]
        let time: Double
        if let items = document["aircraft"]?.list {
            list = items
            time = try seconds(document["now"], perSecond: 1)
        } else if let items = document["ac"]?.list {
            list = items
            time = try seconds(document["now"], perSecond: 1000)
        } else if document["ac"] == .null, document["now"] != nil {
            list = []
            time = try seconds(document["now"], perSecond: 1000)
        } else {
            throw FeedError(.data, "not an aircraft.json document (no \"aircraft\" or \"ac\" list)")
        }
        guard UnixTime.checked(time) != nil else {
            throw FeedError(.data, "the receiver's clock says \(UnixTime.describe(time)) after 1970, not a time between 1900 and 2200")
        }
        // One aircraft per address, however its hex is written (abc123, ABC123): the entry with
        // the freshest position.
        var aircraft: [AircraftState] = []
        var ages: [Double] = []
        var index: [String: Int] = [:]
        aircraft.reserveCapacity(list.count)
        for item in list {
            guard let state = state(item) else { continue }
            let age = item["seen_pos"]?.double ?? 0
            if let k = index[state.icao24] {
                if age < ages[k] { (aircraft[k], ages[k]) = (state, age) }
                continue
            }
            index[state.icao24] = aircraft.count
            aircraft.append(state)
            ages.append(age)
        }
        return TrafficSnapshot(time: time, aircraft: aircraft)
    }

    /// The receiver's `now` in seconds: 0 when the file gives none (the reader's clock is
    /// used), an error when it is there but not a number.
    static func seconds(_ now: Datum?, perSecond: Double) throws(FeedError) -> Double {
        guard let now else { return 0 }
        guard let value = now.double else {
            throw FeedError(.data, "the receiver's \"now\" is \(JSONWriter.compact(now).prefix(40)), not a number of seconds")
        }
        return value / perSecond
    }

    static func state(_ a: Datum) -> AircraftState? {
        guard let hex = a["hex"]?.string, !hex.isEmpty,
            let lat = a["lat"]?.double, let lon = a["lon"]?.double,
            let coordinate = Coordinate(latitude: lat, longitude: lon)
        else { return nil }
        if let age = a["seen_pos"]?.double, age > stalePosition { return nil }
        let feet = LengthUnit.feet.meters
        var onGround = false
        var baro: Height?
        // dump1090-fa before 3.6 wrote `altitude`, `speed` and `vert_rate` where readsb and later
        // versions write `alt_baro`, `gs` and `baro_rate`.
        switch a["alt_baro"] ?? a["altitude"] {
        case .string(let s)? where s == "ground": onGround = true
        case let value?: baro = value.double.map { Height(meters: $0 * feet) }
        case nil: break
        }
        let callsign = a["flight"]?.string?.trimmedSpaces
        let rate = a["geom_rate"]?.double ?? a["baro_rate"]?.double ?? a["vert_rate"]?.double
        return AircraftState(
            icao24: hex.lowercased(),
            callsign: callsign?.isEmpty == false ? callsign : nil,
            coordinate: coordinate,
            baroAltitude: baro,
            geoAltitude: onGround ? nil : a["alt_geom"]?.double.map { Height(meters: $0 * feet) },
            onGround: onGround,
            groundSpeed: (a["gs"] ?? a["speed"])?.double.map { Speed($0, .knots) },
            track: a["track"]?.double,
            verticalRate: rate.map { $0 * feet / 60 },
            category: a["category"]?.string.flatMap { AircraftCategory(adsb: $0) },
            typeDesignator: a["t"]?.string,
            registration: a["r"]?.string,
            squawk: a["squawk"]?.string,
            qnh: a["nav_qnh"]?.double,
            operatorName: a["ownOp"]?.string)
    }
}
