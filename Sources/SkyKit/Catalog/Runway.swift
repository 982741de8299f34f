import FoundationEssentials
import Glibc

/// One runway of an airport (OurAirports), seen from both of its ends: "09L" and "27R" are the
/// two ends of one strip.
public struct Runway: Hashable, Sendable {
    /// The low end's designator ("09L") and the high end's ("27R"); the high end may be empty.
    public var lowEnd: String, highEnd: String
    /// The thresholds, when the data places them.
    public var lowThreshold: Coordinate?, highThreshold: Coordinate?
    /// The true heading of a landing or take-off towards the high end, from the low end.
    public var heading: Angle
    public var length: Distance?

    public init(lowEnd: String, highEnd: String, lowThreshold: Coordinate?, highThreshold: Coordinate?, heading: Angle, length: Distance?) {
        self.lowEnd = lowEnd
        self.highEnd = highEnd
        self.lowThreshold = lowThreshold
        self.highThreshold = highThreshold
        self.heading = heading
        self.length = length
    }

    /// "09L/27R"
    public var name: String { highEnd.isEmpty ? lowEnd : lowEnd + "/" + highEnd }

    /// The two ways the runway is used: taking off or landing on the low end's number heads
    /// along `heading`, from the low threshold.
    public var directions: [RunwayDirection] {
        var list = [RunwayDirection(designator: lowEnd, heading: heading.normalizedBearing, threshold: lowThreshold, farEnd: highThreshold)]
        if !highEnd.isEmpty {
            list.append(
                RunwayDirection(designator: highEnd, heading: (heading + Angle(degrees: 180)).normalizedBearing, threshold: highThreshold, farEnd: lowThreshold)
            )
        }
        return list
    }
}

/// A runway used one way: "27R", landing or taking off heading 265°, from its threshold.
public struct RunwayDirection: Hashable, Sendable {
    public var designator: String
    public var heading: Angle
    /// Where the landing runway starts (nil when the data has no thresholds).
    public var threshold: Coordinate?
    /// The other end.
    public var farEnd: Coordinate?
}

extension Catalog {
    static let runwayRecordSize = 32

    /// The runways of an airport whose direction is known (thresholds or a true heading).
    public func runways(of airport: Airport) -> [Runway] {
        let range = data.section("runways")
        let count = range.count / Catalog.runwayRecordSize
        func airportIndex(_ k: Int) -> Int { Int(data.u16(range.lowerBound + k * Catalog.runwayRecordSize)) }
        // The records are sorted by airport: the first one of this airport, then the run.
        var list: [Runway] = []
        var k = PartitionPoint.first(in: count) { airportIndex($0) < airport.rank }
        while k < count, airportIndex(k) == airport.rank {
            let o = range.lowerBound + k * Catalog.runwayRecordSize
            func point(_ at: Int) -> Coordinate? {
                let lat = data.i32(at), lon = data.i32(at + 4)
                return lat == Int32.min ? nil : Coordinate(validLatitude: Double(lat) / 1e6, longitude: Double(lon) / 1e6)
            }
            let length = data.u16(o + 2)
            list.append(
                Runway(
                    lowEnd: data.ascii(o + 4, 4), highEnd: data.ascii(o + 8, 4), lowThreshold: point(o + 12), highThreshold: point(o + 20),
                    heading: Angle(degrees: Double(data.u16(o + 28)) / 100), length: length > 0 ? Distance(Double(length), .feet) : nil))
            k += 1
        }
        return list
    }
}
