import FoundationEssentials
import Glibc
import Synchronization

/// The embedded aviation catalog: airports, airlines and aircraft types, read straight from
/// the bytes linked into the binary (no parsing at start-up).
public final class Catalog: @unchecked Sendable {
    let data: BinaryCatalog
    /// Where the record sections start, resolved once (hot paths index records directly).
    let airportsBase: Int, airlinesBase: Int, aircraftBase: Int, listsBase: Int, timeZonesBase: Int
    /// The names of aircraft types and families, made on first use (`aircraftNames`).
    let aircraftNameIndex = Mutex<AircraftNames?>(nil)
    /// OpenFlights ids by airport position, made on first use (`openFlightsID(ofAirportAt:)`).
    let airportOpenFlightsIDs = Mutex<[Int: Int]?>(nil)
    /// The airports in order of latitude, made on first use: a search near a point reads only
    /// the band of latitudes it can reach (`airports(near:within:limit:)`).
    let airportsByLatitude: Once<AirportLatitudes>
    /// `airportsVersion`, found on first use.
    let airportsDigest: Once<String>

    /// The catalog embedded in this binary.
    public static let embedded = Catalog(data: .embedded)

    init(data: BinaryCatalog) {
        self.data = data
        airportsBase = data.section("airports").lowerBound
        airlinesBase = data.section("airlines").lowerBound
        aircraftBase = data.section("aircraft").lowerBound
        listsBase = data.section("lists").lowerBound
        timeZonesBase = data.section("tz").lowerBound
        let (base, count) = (airportsBase, data.section("airports").count / Catalog.airportRecordSize)
        airportsByLatitude = Once { AirportLatitudes(data, base: base, count: count) }
        let airports = data.section("airports")
        airportsDigest = Once { "records64:" + String(data.digest(airports), radix: 16) }
    }

    /// A catalog from bytes in memory (which must outlive it); nil when they are not one.
    public convenience init?(bytes: UnsafeRawBufferPointer) {
        guard let data = BinaryCatalog(bytes) else { return nil }
        self.init(data: data)
    }

    /// What identifies the airports' positions of this catalog (a 64-bit digest of its airport
    /// records, in hex): lengths measured with another catalog are measured again.
    public var airportsVersion: String { airportsDigest.value }

    public var airportCount: Int { data.section("airports").count / Catalog.airportRecordSize }
    public var airlineCount: Int { data.section("airlines").count / Catalog.airlineRecordSize }
    public var aircraftCount: Int { data.section("aircraft").count / Catalog.aircraftRecordSize }

    /// The English name of an ISO 3166-1 alpha-2 country code.
    public func countryName(_ code: String) -> String? {
        let range = data.section("country")
        let key = Array(code.utf8)
        guard let k = PartitionPoint.exact(in: range.count / 8, order: { data.compareCode(range.lowerBound + 8 * $0, width: 2, key) }) else {
            return nil
        }
        return data.string(range.lowerBound + 8 * k + 2)
    }

    /// The ISO 3166-1 alpha-2 code of a country named in English, without regard to case
    /// ("mongolia" → MN), or nil.
    public func countryCode(named name: String) -> String? {
        let range = data.section("country")
        let wanted = name.lowercased()
        for k in 0..<(range.count / 8) where data.string(range.lowerBound + 8 * k + 2).lowercased() == wanted {
            return String(decoding: data.bytes[(range.lowerBound + 8 * k)..<(range.lowerBound + 8 * k + 2)], as: UTF8.self)
        }
        return nil
    }

    func timeZoneName(_ index: Int) -> String { data.string(timeZonesBase + 6 * index) }
}
