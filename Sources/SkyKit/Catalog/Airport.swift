import FoundationEssentials
import Glibc

/// An airport of the catalog (airportsdata, with OurAirports runways and names).
public struct Airport: Hashable, Sendable {
    /// Position in the catalog, which is ordered by importance (routes, then runway length).
    public var rank: Int
    public var icao: String
    public var iata: String?
    public var name: String
    public var city: String
    /// State, province or other first-level region, when known.
    public var region: String
    /// ISO 3166-2 region code such as US-CA, when known.
    public var regionCode: String?
    public var countryCode: String
    public var countryName: String
    public var coordinate: Coordinate
    public var elevation: Height?
    /// IANA time zone name.
    public var timeZone: String
    public var runwayCount: Int
    public var longestRunway: Distance?
    /// Runway surfaces, longest runway's first ("asphalt, grass").
    public var surfaces: String
    /// Airline routes starting or ending here in the OpenFlights route table.
    public var routeCount: Int

    /// The airport as a place for geometry commands.
    public var place: Place {
        Place(coordinate: coordinate, name: icao, elevation: elevation, airportCode: icao)
    }

    /// "San Francisco International Airport (KSFO/SFO)"
    public var title: String { name + " (" + icao + (iata.map { "/" + $0 } ?? "") + ")" }
}

extension Catalog {
    static let airportRecordSize = 56

    /// The airport at a catalog position.
    public func airport(at index: Int) -> Airport {
        let o = airportOffset(index)
        let iata = data.ascii(o + 4, 3)
        let elevation = data.i16(o + 36)
        let longest = Int(data.u16(o + 42))
        let country = data.ascii(o + 26, 2)
        let regionCode = data.string(o + 50)
        return Airport(
            rank: index, icao: data.ascii(o, 4), iata: iata.isEmpty ? nil : iata,
            name: data.string(o + 8), city: data.string(o + 14), region: data.string(o + 20),
            regionCode: regionCode.isEmpty ? nil : regionCode, countryCode: country,
            countryName: countryName(country) ?? country,
            coordinate: airportCoordinate(at: index),
            elevation: elevation == Int16.min ? nil : Height(Double(elevation), .feet),
            timeZone: timeZoneName(Int(data.u16(o + 38))), runwayCount: Int(data.u8(o + 7)),
            longestRunway: longest > 0 ? Distance(Double(longest), .feet) : nil, surfaces: data.string(o + 44),
            routeCount: Int(data.u16(o + 40)))
    }

    /// Where the record of airport `index` starts.
    @inline(__always) func airportOffset(_ index: Int) -> Int { airportsBase + index * Catalog.airportRecordSize }

    /// The airport with this ICAO code.
    public func airport(icao: String) -> Airport? { airportIndex(icao: icao).map(airport(at:)) }

    /// Where the airport with this ICAO code is, read without the rest of its record (a route
    /// length needs no names).
    public func coordinate(icao: String) -> Coordinate? { airportIndex(icao: icao).map(airportCoordinate(at:)) }

    /// The position of the airport with this ICAO code (any case), or nil.
    func airportIndex(icao: String) -> Int? {
        data.lookup("apicao", key: Array(icao.uppercased().utf8), codeOf: { airportOffset($0) }, width: 4)
    }

    /// The airport with this OpenFlights id (an export's From_OID and To_OID), for the airports
    /// OpenFlights' route data names with their ids.
    public func airport(openFlightsID id: Int) -> Airport? {
        let range = data.section("apoid")
        func key(_ k: Int) -> Int { Int(data.u16(range.lowerBound + k * 4)) }
        guard let k = PartitionPoint.exact(in: range.count / 4, order: { key($0) < id ? -1 : key($0) == id ? 0 : 1 }) else { return nil }
        return airport(at: Int(data.u16(range.lowerBound + k * 4 + 2)))
    }

    /// The OpenFlights id of the airport at `index`, when OpenFlights' route data names it.
    public func openFlightsID(ofAirportAt index: Int) -> Int? {
        airportOpenFlightsIDs.withLock { table in
            if table == nil {
                let range = data.section("apoid")
                var ids: [Int: Int] = [:]
                for entry in stride(from: range.lowerBound, to: range.upperBound, by: 4) {
                    ids[Int(data.u16(entry + 2))] = Int(data.u16(entry))
                }
                table = ids
            }
            return table?[index]
        }
    }

    /// The airport with this IATA code.
    public func airport(iata: String) -> Airport? {
        data.lookup("apiata", key: Array(iata.uppercased().utf8), codeOf: { airportOffset($0) + 4 }, width: 3).map(airport(at:))
    }

    /// The airport with this ICAO (4 characters) or IATA (3 letters) code.
    public func airport(code: String) -> Airport? {
        switch code.count {
        case 4: airport(icao: code)
        case 3: airport(iata: code) ?? airport(icao: code)
        default: nil
        }
    }

    /// Airports whose name or city words start with every word of `text`, or whose code is
    /// `text`, most important first. `typing` (a search) also takes a last word of one letter
    /// as the start of a word; a name being resolved never rests on one letter.
    public func searchAirports(_ text: String, limit: Int = 20, typing: Bool = true) -> [Airport] {
        var found: [Int] = []
        if let byCode = airport(code: text.trimmingSpaces) { found.append(byCode.rank) }
        let words = TextFolding.words(text, keepLast: typing, stopWords: TextFolding.airportStopWords)
        if !words.isEmpty {
            for index in data.allWordsMatch("apwords", words, total: airportCount) where !found.contains(index) { found.append(index) }
        }
        return found.prefix(limit).map(airport(at:))
    }

    /// Airports whose ICAO or IATA code starts with `prefix` (any case), most important first.
    public func airports(withCodePrefix prefix: String, limit: Int) -> [Airport] {
        airportIndices(codePrefix: prefix, limit: limit).map(airport(at:))
    }

    /// Catalog positions of airports whose ICAO or IATA code starts with `prefix`, best first.
    public func airportIndices(codePrefix prefix: String, limit: Int) -> [Int] {
        let key = Array(prefix.uppercased().utf8)
        guard !key.isEmpty, key.count <= 4 else { return [] }
        let icao = data.prefixRange("apicao", prefix: key, codeOf: { airportOffset($0) }, width: 4)
        var records = data.bestRecords("apicao", start: icao.start, count: icao.count, limit: limit, total: airportCount)
        if key.count <= 3 {
            let iata = data.prefixRange("apiata", prefix: key, codeOf: { airportOffset($0) + 4 }, width: 3)
            records += data.bestRecords("apiata", start: iata.start, count: iata.count, limit: limit, total: airportCount)
            records = Array(Set(records)).sorted()
        }
        return Array(records.prefix(limit))
    }

    /// Catalog positions of airports whose name or city words start with `prefix`, best first.
    public func airportIndices(wordPrefix prefix: String, limit: Int) -> [Int] {
        let words = TextFolding.words(prefix, keepLast: true, stopWords: TextFolding.airportStopWords)
        guard !words.isEmpty else { return [] }
        return Array(data.allWordsMatch("apwords", words, total: airportCount).prefix(limit))
    }

    /// ICAO code, IATA code, name and city of an airport, without decoding the rest.
    public func airportSummary(at index: Int) -> (icao: String, iata: String?, name: String, city: String) {
        let o = airportOffset(index)
        let iata = data.ascii(o + 4, 3)
        return (data.ascii(o, 4), iata.isEmpty ? nil : iata, data.string(o + 8), data.string(o + 14))
    }

    /// The position of the airport at a catalog position, without decoding the rest.
    public func airportCoordinate(at index: Int) -> Coordinate {
        let o = airportOffset(index)
        return Coordinate(validLatitude: Double(data.i32(o + 28)) / 1e6, longitude: Double(data.i32(o + 32)) / 1e6)
    }

    /// The airport a point lies on, when one does: the nearest whose reference point is within
    /// half its longest runway (1 km at least) — a person standing at an airport's coordinates
    /// stands at about its elevation.
    public func airport(standingAt point: Coordinate) -> Airport? {
        airports(near: point, within: Distance(3, .kilometers), limit: 5).first { found in
            found.distance.meters <= max(1_000, (found.airport.longestRunway?.meters ?? 0) / 2)
        }?.airport
    }

    /// Airports within `radius` of `center`, nearest first, with their distance and bearing.
    public func airports(near center: Coordinate, within radius: Distance, limit: Int) -> [(airport: Airport, distance: Distance, bearing: Angle)] {
        // A generous latitude/longitude box first, then exact geodesics for what is inside it.
        let dLat = radius.meters / 110_000 + 0.01
        let cosLat = max(0.01, cos(center.latitude * .pi / 180))
        let dLon = min(180, radius.meters / (111_000 * cosLat) + 0.01)
        var hits: [(Int, Double, Double)] = []
        let byLatitude = airportsByLatitude.value
        for k in byLatitude.band(center.latitude - dLat, center.latitude + dLat) {
            let index = Int(byLatitude.indices[k])
            let o = airportOffset(index)
            let lat = Double(data.i32(o + 28)) / 1e6
            let lon = Double(data.i32(o + 32)) / 1e6
            var dl = abs(lon - center.longitude)
            if dl > 180 { dl = 360 - dl }
            guard dl <= dLon else { continue }
            let g = Geodesic.wgs84.inverse(lat1: center.latitude, lon1: center.longitude, lat2: lat, lon2: lon)
            if g.distance.meters <= radius.meters { hits.append((index, g.distance.meters, g.initialAzimuth.degrees)) }
        }
        hits.sort { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        return hits.prefix(limit).map { (airport(at: $0.0), Distance(meters: $0.1), Angle(degrees: $0.2).normalizedBearing) }
    }

    /// Airports whose name or city has a word starting with `prefix`, most important first.
    public func airports(withWordPrefix prefix: String, limit: Int) -> [Airport] {
        airportIndices(wordPrefix: prefix, limit: limit).map(airport(at:))
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

/// The airports' record positions in order of latitude (microdegrees beside them), for
/// searches near a point.
struct AirportLatitudes: Sendable {
    let latitudes: [Int32]
    let indices: [Int32]

    init(_ data: BinaryCatalog, base: Int, count: Int) {
        let pairs = (0..<count).map { (data.i32(base + $0 * Catalog.airportRecordSize + 28), Int32($0)) }.sorted { $0 < $1 }
        latitudes = pairs.map(\.0)
        indices = pairs.map(\.1)
    }

    /// The positions in `latitudes` of the airports between two latitudes (degrees).
    func band(_ south: Double, _ north: Double) -> Range<Int> {
        let low = Int32(clamping: Int((south * 1e6).rounded(.down))), high = Int32(clamping: Int((north * 1e6).rounded(.up)))
        let from = PartitionPoint.first(in: latitudes.count) { latitudes[$0] < low }
        let to = PartitionPoint.first(in: latitudes.count) { latitudes[$0] <= high }
        return from..<max(from, to)
    }
}
