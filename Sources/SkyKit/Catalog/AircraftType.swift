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
    /// For a family known only by its IATA code ("777" Boeing 777), the designators of the
    /// types it may be; empty for a type.
    public var variants: [String] = []

    /// True for a family: the flight was on one of `variants`, which one is not known.
    public var isFamily: Bool { !variants.isEmpty }

    /// The name as shown in lists and cards: a family says that its variant is unknown.
    public var label: String { isFamily ? name + " (variant unknown)" : name }
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

    /// Every manufacturer Doc 8643 names for the type at a catalog position, the usual one first.
    public func aircraftManufacturers(at index: Int) -> [String] {
        let makers = data.section("acmakers")
        guard makers.count >= (index + 1) * 6 else { return [aircraftMaker(at: index).manufacturer] }
        return data.strings(makers.lowerBound + index * 6, separatedBy: Array("; ".utf8))
    }

    /// The names the type at a catalog position had before its current one ("Bombardier CS300"
    /// for the Airbus A220-300), the latest first; empty for a family or a type never renamed.
    public func aircraftFormerNames(at index: Int) -> [String] {
        let former = data.section("acformer")
        guard index < aircraftCount, former.count >= (index + 1) * 6 else { return [] }
        return data.strings(former.lowerBound + index * 6, separatedBy: Array("; ".utf8))
    }

    /// The designator and manufacturer of the type at a catalog position, without decoding the rest.
    public func aircraftMaker(at index: Int) -> (designator: String, manufacturer: String) {
        let o = aircraftOffset(index)
        return (data.ascii(o, 4), data.string(o + 10))
    }

    /// The type with this ICAO designator, or the family with this IATA family code (what a
    /// logbook stores for either).
    public func aircraftType(designator: String) -> AircraftType? {
        let key = Array(designator.uppercased().utf8)
        return data.lookup("acicao", key: key, codeOf: { aircraftOffset($0) }, width: 4).map(aircraftType(at:)) ?? aircraftFamily(code: designator)
    }

    static let familyRecordSize = 20

    /// How many families the catalog knows.
    public var familyCount: Int { data.section("acfamily").count / Catalog.familyRecordSize }

    /// The family with this IATA family code ("777", "340", "E75").
    public func aircraftFamily(code: String) -> AircraftType? {
        let key = Array(code.uppercased().utf8)
        guard key.count <= 4 else { return nil }
        let base = data.section("acfamily").lowerBound
        return PartitionPoint.exact(in: familyCount) { data.compareCode(base + $0 * Catalog.familyRecordSize, width: 4, key) }
            .map(aircraftFamily(at:))
    }

    /// The family at a position of the family list: its code and name, its members, what they
    /// all share (manufacturer, kind, engines, wake category), and the airline routes that name
    /// only the family.
    public func aircraftFamily(at index: Int) -> AircraftType {
        let o = data.section("acfamily").lowerBound + index * Catalog.familyRecordSize
        let start = Int(data.u32(o + 10)), count = Int(data.u8(o + 14))
        let members = (0..<count).map { aircraftType(at: listValue(start + $0)) }
        func shared<T: Equatable>(_ value: (AircraftType) -> T?) -> T? {
            let first = members.first.flatMap(value)
            return members.allSatisfy { value($0) == first } ? first : nil
        }
        let code = data.ascii(o, 4)
        // Flag 1: the code is skyshell's own ("220" for the A220), which IATA does not publish.
        let ownCode = data.u8(o + 15) & 1 != 0
        return AircraftType(
            rank: aircraftCount + index, designator: code, name: data.string(o + 4), manufacturer: shared(\.manufacturer) ?? "",
            models: [], iataCodes: ownCode ? [] : [code], description: shared(\.description) ?? .unknown, engineType: shared(\.engineType),
            engineCount: shared(\.engineCount), wakeCategory: shared(\.wakeCategory), routeCount: Int(data.u16(o + 16)),
            variants: members.map(\.designator))
    }

    /// Every family of the catalog.
    public var aircraftFamilies: [AircraftType] { (0..<familyCount).map(aircraftFamily(at:)) }

    /// The type an IATA aircraft code stands for (the most flown, when several share it).
    public func aircraftType(iata: String) -> AircraftType? {
        aircraftIndices(iata: iata).first.map(aircraftType(at:))
    }

    /// The positions of the types an IATA aircraft code stands for (E7W is the E175 with long
    /// and with short wings), most flown first.
    func aircraftIndices(iata: String) -> [Int] {
        let code = Array(iata.uppercased().utf8)
        guard code.count == 3 else { return [] }
        var found: [Int] = []
        for index in 0..<aircraftCount {
            let (start, length) = data.stringRange(aircraftOffset(index) + 22)
            guard length >= 3 else { continue }
            if data.bytes[start..<(start + length)].split(separator: UInt8(ascii: " ")).contains(where: { $0.elementsEqual(code) }) {
                found.append(index)
            }
        }
        return found
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
