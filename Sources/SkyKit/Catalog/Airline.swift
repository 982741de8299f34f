/// An airline of the catalog (OpenFlights), with hubs and fleet derived from its routes.
public struct Airline: Hashable, Sendable {
    /// Position in the catalog: active airlines first, then by number of routes.
    public var rank: Int
    public var name: String
    public var alias: String?
    public var iata: String?
    public var icao: String?
    public var callsign: String?
    public var country: String?
    public var isActive: Bool
    /// Its own (non-codeshare) routes in the OpenFlights route table.
    public var routeCount: Int
    /// Catalog positions of its hub airports, busiest first.
    public var hubIndices: [Int]
    /// Aircraft types (or families, for routes that name only the family) flown on its routes
    /// with how many routes use each, most used first: entries of `Catalog.aircraftEntry`.
    public var fleetIndices: [(type: Int, routes: Int)]
    /// The OpenFlights airline id (modulo 65536); 0 for an airline OpenFlights does not list.
    public var openFlightsID: Int

    public static func == (a: Airline, b: Airline) -> Bool { a.rank == b.rank }
    public func hash(into hasher: inout Hasher) { hasher.combine(rank) }

    /// The best code to show: IATA, else ICAO, else none.
    public var code: String? { iata ?? icao }

    /// "United Airlines (UA/UAL)"
    public var title: String {
        let codes = [iata, icao].compactMap { $0 }.joined(separator: "/")
        return codes.isEmpty ? name : "\(name) (\(codes))"
    }

    /// A stable brand colour for cards, derived from the codes (256-colour palette index).
    public var brandColor: Int {
        var hash: UInt32 = 2_166_136_261
        for b in (icao ?? iata ?? name).utf8 { hash = (hash ^ UInt32(b)) &* 16_777_619 }
        let palette = [33, 39, 45, 75, 81, 105, 111, 141, 147, 166, 172, 178, 184, 196, 202, 208, 214, 220, 34, 40, 46, 70, 76, 82, 162, 168, 198, 204]
        return palette[Int(hash % UInt32(palette.count))]
    }
}

extension Catalog {
    static let airlineRecordSize = 44

    @inline(__always) func airlineOffset(_ index: Int) -> Int { airlinesBase + index * Catalog.airlineRecordSize }

    /// The airline at a catalog position.
    public func airline(at index: Int) -> Airline {
        let o = airlineOffset(index)
        func optional(_ s: String) -> String? { s.isEmpty ? nil : s }
        let hubStart = Int(data.u32(o + 32)), hubCount = Int(data.u8(o + 36))
        let fleetStart = Int(data.u32(o + 37)), fleetCount = Int(data.u8(o + 41))
        return Airline(
            rank: index, name: data.string(o), alias: optional(data.string(o + 6)), iata: optional(data.ascii(o + 12, 2)),
            icao: optional(data.ascii(o + 14, 3)), callsign: optional(data.string(o + 18)), country: optional(data.string(o + 24)),
            isActive: data.u8(o + 17) != 0, routeCount: Int(data.u16(o + 30)),
            hubIndices: (0..<hubCount).map { listValue(hubStart + $0) },
            fleetIndices: (0..<fleetCount).map { (listValue(fleetStart + 2 * $0), listValue(fleetStart + 2 * $0 + 1)) },
            openFlightsID: Int(data.u16(o + 42)))
    }

    @inline(__always) func listValue(_ i: Int) -> Int { Int(data.u16(listsBase + 2 * i)) }

    /// Airlines with this code: ICAO (3 letters) or IATA (2 characters); active ones first.
    public func airlines(code: String) -> [Airline] {
        let key = Array(code.uppercased().utf8)
        let (section, offset, width) = key.count == 3 ? ("alicao", 14, 3) : ("aliata", 12, 2)
        guard key.count == width else { return [] }
        let range = data.prefixRange(section, prefix: key, codeOf: { airlineOffset($0) + offset }, width: width)
        return data.bestRecords(section, start: range.start, count: range.count, limit: range.count, total: airlineCount).map(airline(at:))
    }

    /// Every code a logbook may store for the airlines `code` names, sorted: the code itself
    /// (upper case) and the ICAO and IATA codes of each airline holding it. A code two airlines
    /// share names both (LH: Lufthansa's DLH and Lufthansa Cargo's GEC), as `SFO` names KSFO.
    public func airlineSpellings(code: String) -> [String] {
        var spellings: Set<String> = [code.uppercased()]
        for airline in airlines(code: code) { spellings.formUnion(airline.spellings) }
        return spellings.sorted()
    }

    /// Airlines whose name, alias or callsign words start with every word of `text`, or
    /// whose code is `text`, in catalog order. `typing` (a search) also takes a last word of
    /// one letter as the start of a word; a name being resolved never rests on one letter.
    public func searchAirlines(_ text: String, limit: Int = 20, typing: Bool = true) -> [Airline] {
        var found = airlines(code: text.trimmingSpaces).map(\.rank)
        let words = TextFolding.words(text, keepLast: typing)
        if !words.isEmpty {
            for index in data.allWordsMatch("alwords", words, total: airlineCount) where !found.contains(index) { found.append(index) }
        }
        return found.sorted().prefix(limit).map(airline(at:))
    }

    /// Airlines using the airport at `airportIndex` as a hub, in catalog order: a binary search
    /// in the (airport, airline) pairs of the `alhubs` section, not a pass over every airline.
    public func airlines(withHub airportIndex: Int) -> [Airline] {
        let range = data.section("alhubs")
        let count = range.count / 4
        func airport(_ k: Int) -> Int { Int(data.u16(range.lowerBound + 4 * k)) }
        var k = PartitionPoint.first(in: count) { airport($0) < airportIndex }
        var result: [Airline] = []
        while k < count, airport(k) == airportIndex {
            result.append(airline(at: Int(data.u16(range.lowerBound + 4 * k + 2))))
            k += 1
        }
        return result
    }

    /// Airlines whose ICAO or IATA code starts with `prefix`, in catalog order.
    public func airlines(withCodePrefix prefix: String, limit: Int) -> [Airline] {
        airlineIndices(codePrefix: prefix, limit: limit).map(airline(at:))
    }

    /// Catalog positions of airlines whose ICAO or IATA code starts with `prefix`.
    public func airlineIndices(codePrefix prefix: String, limit: Int) -> [Int] {
        let key = Array(prefix.uppercased().utf8)
        guard !key.isEmpty, key.count <= 3 else { return [] }
        let icao = data.prefixRange("alicao", prefix: key, codeOf: { airlineOffset($0) + 14 }, width: 3)
        var records = data.bestRecords("alicao", start: icao.start, count: icao.count, limit: limit, total: airlineCount)
        if key.count <= 2 {
            let iata = data.prefixRange("aliata", prefix: key, codeOf: { airlineOffset($0) + 12 }, width: 2)
            records = Array(Set(records + data.bestRecords("aliata", start: iata.start, count: iata.count, limit: limit, total: airlineCount))).sorted()
        }
        return Array(records.prefix(limit))
    }

    /// Catalog positions of airlines whose name, alias or callsign words start with every word
    /// of `text`.
    public func airlineIndices(matching text: String) -> [Int] {
        let words = TextFolding.words(text, keepLast: true)
        return words.isEmpty ? [] : data.allWordsMatch("alwords", words, total: airlineCount)
    }

    /// Whether the airline at `index` still flies.
    public func airlineIsActive(at index: Int) -> Bool { data.u8(airlineOffset(index) + 17) != 0 }

    /// Whether the airline's name, folded for search, begins with `folded` (already folded,
    /// single spaces). Reads the name's bytes in place for ASCII names.
    public func airlineName(at index: Int, hasFoldedPrefix folded: [UInt8]) -> Bool {
        let (start, length) = data.stringRange(airlineOffset(index))
        var k = 0, i = start
        var lastWasSpace = true  // leading separators fold away
        while k < folded.count {
            guard i < start + length else { return false }
            let b = data.bytes[i]
            if b >= 0x80 { return TextFolding.fold(data.string(airlineOffset(index))).split(separator: " ").joined(separator: " ").utf8.starts(with: folded) }
            let f: UInt8 = (b >= 65 && b <= 90) ? b + 32 : ((b >= 97 && b <= 122) || (b >= 48 && b <= 57)) ? b : 32
            i += 1
            if f == 32 {
                if lastWasSpace { continue }
                lastWasSpace = true
            } else {
                lastWasSpace = false
            }
            if f != folded[k] { return false }
            k += 1
        }
        return true
    }

    /// Name, codes and whether it flies, without decoding hubs and fleet.
    public func airlineSummary(at index: Int) -> (name: String, iata: String?, icao: String?, isActive: Bool) {
        let o = airlineOffset(index)
        let iata = data.ascii(o + 12, 2), icao = data.ascii(o + 14, 3)
        return (data.string(o), iata.isEmpty ? nil : iata, icao.isEmpty ? nil : icao, data.u8(o + 17) != 0)
    }
}
