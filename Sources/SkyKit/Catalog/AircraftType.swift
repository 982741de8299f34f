/// An aircraft type: an ICAO Doc 8643 designator with its names and characteristics.
public struct AircraftType: Hashable, Sendable {
    /// How the aircraft flies.
    public enum Description: String, Sendable {
        case landplane = "landplane", helicopter, amphibian, gyrocopter, seaplane, tiltrotor, unknown
    }

    /// Position in the catalog, most flown on airline routes first.
    public var rank: Int
    public var designator: String
    /// Display name ("Boeing 737-800").
    public var name: String
    public var manufacturer: String
    /// Model names registered under the designator.
    public var models: [String]
    /// IATA aircraft codes that map to it ("738", "73H").
    public var iataCodes: [String]
    public var description: Description
    /// Piston, Turboprop/Turboshaft, Jet, Electric, Rocket; nil when unknown.
    public var engineType: String?
    public var engineCount: Int?
    /// ICAO wake turbulence category: L, M, H, J (super) or L/M.
    public var wakeCategory: String?
    /// Airline routes flown with it in the OpenFlights route table.
    public var routeCount: Int
}

extension Catalog {
    static let aircraftRecordSize = 36
    static let descriptions: [AircraftType.Description] = [.landplane, .helicopter, .amphibian, .gyrocopter, .seaplane, .tiltrotor]
    static let engineTypes = ["Piston", "Turboprop/Turboshaft", "Jet", "Electric", "Rocket"]
    static let wakeCategories = ["L", "M", "H", "J", "L/M"]

    @inline(__always) func aircraftOffset(_ index: Int) -> Int { aircraftBase + index * Catalog.aircraftRecordSize }

    /// The aircraft type at a catalog position.
    public func aircraftType(at index: Int) -> AircraftType {
        let o = aircraftOffset(index)
        let description = Int(data.u8(o + 28)), engine = Int(data.u8(o + 29)), engines = Int(data.u8(o + 30)), wake = Int(data.u8(o + 31))
        return AircraftType(
            rank: index, designator: data.ascii(o, 4), name: data.string(o + 4), manufacturer: data.string(o + 10),
            models: data.strings(o + 16, separatedBy: Array("; ".utf8)), iataCodes: data.strings(o + 22, separatedBy: [UInt8(ascii: " ")]),
            description: description < Catalog.descriptions.count ? Catalog.descriptions[description] : .unknown,
            engineType: engine < Catalog.engineTypes.count ? Catalog.engineTypes[engine] : nil,
            engineCount: engines > 0 ? engines : nil,
            wakeCategory: wake < Catalog.wakeCategories.count ? Catalog.wakeCategories[wake] : nil,
            routeCount: Int(data.u16(o + 32)))
    }

    /// The designator and manufacturer of the type at a catalog position, without decoding the rest.
    public func aircraftMaker(at index: Int) -> (designator: String, manufacturer: String) {
        let o = aircraftOffset(index)
        return (data.ascii(o, 4), data.string(o + 10))
    }

    /// The type with this ICAO designator.
    public func aircraftType(designator: String) -> AircraftType? {
        data.lookup("acicao", key: Array(designator.uppercased().utf8), codeOf: { aircraftOffset($0) }, width: 4).map(aircraftType(at:))
    }

    /// The type an IATA aircraft code stands for.
    public func aircraftType(iata: String) -> AircraftType? {
        let code = iata.uppercased()
        for index in 0..<aircraftCount {
            let (start, length) = data.stringRange(aircraftOffset(index) + 22)
            guard length > 0 else { continue }
            let codes = String(decoding: data.bytes[start..<(start + length)], as: UTF8.self)
            if codes.split(separator: " ").contains(where: { $0 == code }) { return aircraftType(at: index) }
        }
        return nil
    }

    /// Types matching `text`: a designator (B738), an IATA code (738), or words of the name,
    /// manufacturer and models (737-800, Boeing 737-800), most flown first.
    public func searchAircraft(_ text: String, limit: Int = 20) -> [AircraftType] {
        let trimmed = text.trimmingSpaces
        var found: [Int] = []
        var seen = Set<Int>()
        if let t = aircraftType(designator: trimmed), seen.insert(t.rank).inserted { found.append(t.rank) }
        if trimmed.count == 3, let t = aircraftType(iata: trimmed), seen.insert(t.rank).inserted { found.append(t.rank) }
        let words = TextFolding.words(text, keepLast: true)
        if !words.isEmpty {
            for index in data.allWordsMatch("acwords", words, total: aircraftCount) where seen.insert(index).inserted {
                found.append(index)
                if found.count == limit { break }
            }
        }
        return found.prefix(limit).map(aircraftType(at:))
    }

    /// Types whose designator starts with `prefix`, most flown first.
    public func aircraft(withCodePrefix prefix: String, limit: Int) -> [AircraftType] {
        let key = Array(prefix.uppercased().utf8)
        guard !key.isEmpty, key.count <= 4 else { return [] }
        let range = data.prefixRange("acicao", prefix: key, codeOf: { aircraftOffset($0) }, width: 4)
        return data.bestRecords("acicao", start: range.start, count: range.count, limit: limit, total: aircraftCount).map(aircraftType(at:))
    }
}
