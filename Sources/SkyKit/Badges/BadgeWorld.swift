/// What badge definitions are checked against and compiled with: airports, airlines, types,
/// hubs and manufacturers. Built from the catalog; tests may change a part (a hub list).
public struct BadgeWorld: Sendable {
    /// The ICAO code of an airport given by ICAO or IATA code.
    public var airport: @Sendable (String) -> String?
    /// The code a logbook stores for an airline given by ICAO or IATA code.
    public var airline: @Sendable (String) -> String?
    /// The designator of an aircraft type, if it is one.
    public var aircraft: @Sendable (String) -> String?
    /// The hubs (ICAO codes) of an airline, by its stored code.
    public var hubs: @Sendable (String) -> [String]
    /// The designators of every type built by a manufacturer (compared case-blind).
    public var typesBuilt: @Sendable (String) -> [String]
    /// The variants of each family a logbook may store (777: B772, B773…).
    public var families: [String: [String]]

    public init(
        airport: @escaping @Sendable (String) -> String?, airline: @escaping @Sendable (String) -> String?,
        aircraft: @escaping @Sendable (String) -> String?, hubs: @escaping @Sendable (String) -> [String],
        typesBuilt: @escaping @Sendable (String) -> [String], families: [String: [String]] = [:]
    ) {
        self.airport = airport
        self.airline = airline
        self.aircraft = aircraft
        self.hubs = hubs
        self.typesBuilt = typesBuilt
        self.families = families
    }

    /// The world of the embedded catalog.
    public static func of(_ catalog: Catalog) -> BadgeWorld {
        var makers: [String: [String]] = [:]
        for i in 0..<catalog.aircraftCount {
            let (designator, manufacturer) = catalog.aircraftMaker(at: i)
            makers[TextFolding.fold(manufacturer), default: []].append(designator)
        }
        let built = makers
        return BadgeWorld(
            airport: { catalog.airport(code: $0.uppercased())?.icao },
            airline: { catalog.airline(code: $0.uppercased())?.storedCodeInCatalog },
            aircraft: { catalog.aircraftType(designator: $0.uppercased())?.designator },
            hubs: { code in catalog.airline(code: code)?.hubIndices.map { catalog.airport(at: $0).icao } ?? [] },
            typesBuilt: { built[TextFolding.fold($0)] ?? [] },
            families: Dictionary(uniqueKeysWithValues: catalog.aircraftFamilies.map { ($0.designator, $0.variants) })
        )
    }
}
