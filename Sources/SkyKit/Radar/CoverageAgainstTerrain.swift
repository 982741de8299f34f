import FoundationEssentials
import Glibc

/// What a receiver heard against what the terrain lets it hear: per sector and altitude band,
/// the farthest position heard beside the terrain's reach (`RangeRings`) at the band's floor
/// and ceiling. Heard farther than an aircraft at the ceiling could be is beyond the terrain
/// (ducting, or bad positions); heard less far than one at the floor could be is short of it
/// (the antenna, its cable, an obstruction near it) — when traffic was there to hear.
public struct CoverageAgainstTerrain: Sendable {
    public enum Verdict: String, Sendable {
        /// Between the reach at the band's floor and at its ceiling.
        case within
        /// Less far than an aircraft at the band's floor could be heard.
        case short
        /// Farther than an aircraft at the band's ceiling could be heard.
        case beyond
        /// Farther than the known terrain reaches (a missing tile): no verdict.
        case unknown
        /// Nothing heard in the cell.
        case unheard
    }

    public struct Entry: Sendable, Equatable {
        /// Metres: the farthest heard; the least reach at the floor over the sector's bearings
        /// (nil for the lowest band, whose floor is the ground); the greatest at the ceiling.
        public var heard: Double?
        public var floor: Double?
        public var ceiling: Double
        public var verdict: Verdict
    }

    /// `entries[sector][band]`.
    public var entries: [[Entry]]

    /// The altitudes whose rings the comparison needs: each band's floor above the ground and
    /// ceiling (10,000, 25,000 and 60,000 ft).
    public static let altitudes = ReceptionCoverage.Band.allCases.map(\.altitudes.upperBound)

    /// How far a verdict's distances must be apart: one look at the ground (an SRTM3 cell).
    static let tolerance = ViewshedRequest.groundSpacing

    /// Compares `coverage` with `rings` (of `altitudes`, around the same station).
    public init(_ coverage: ReceptionCoverage, _ rings: RangeRings) {
        // Each ring's reaches by the sector their bearing is in.
        let bySector = rings.rings.map { ring in
            Dictionary(grouping: ring.reaches) { coverage.sector(of: $0.azimuth) }
        }
        entries = (0..<coverage.sectors).map { sector in
            ReceptionCoverage.Band.allCases.map { band in
                let top = bySector[band.rawValue][sector] ?? []
                let floor = band == .low ? nil : bySector[band.rawValue - 1][sector]?.map(\.distance).min()
                let ceiling = top.max { $0.distance < $1.distance }
                let heard = coverage.cells[sector][band.rawValue].farthest?.distance
                let verdict: Verdict
                if let heard {
                    if let ceiling, heard > ceiling.distance + Self.tolerance {
                        verdict = top.contains { $0.limit == .noTerrain } ? .unknown : .beyond
                    } else if let floor, heard < floor - Self.tolerance {
                        verdict = .short
                    } else {
                        verdict = .within
                    }
                } else {
                    verdict = .unheard
                }
                return Entry(heard: heard, floor: floor, ceiling: ceiling?.distance ?? 0, verdict: verdict)
            }
        }
    }

    /// How many cells have a verdict.
    public func count(_ verdict: Verdict) -> Int { entries.joined().filter { $0.verdict == verdict }.count }
}
