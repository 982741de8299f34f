import Foundation
import Testing

@testable import SkyKit

/// The coverage of what a receiver heard, against a computation written apart: every position
/// measured on the ellipsoid, binned by its bearing, the farthest of each cell kept.
@Suite("Reception coverage")
struct ReceptionCoverageTests {
    static let station = Coordinate(validLatitude: 49.0128, longitude: 2.55)

    @Test func aSectorIsCentredOnItsBearingAndTheBandsSplitAtTenAndTwentyFiveThousandFeet() {
        let c = ReceptionCoverage(station: Self.station, sectors: 36)
        #expect(c.sector(of: 0) == 0 && c.sector(of: 4.99) == 0 && c.sector(of: 355.01) == 0)
        #expect(c.sector(of: 5) == 1 && c.sector(of: 354.99) == 35 && c.sector(of: 180) == 18)
        #expect(c.bearings(of: 0) == (-5, 5) && c.bearings(of: 18) == (175, 185))
        #expect(ReceptionCoverage.Band.of(meters: 3_047.9) == .low && ReceptionCoverage.Band.of(meters: 3_048) == .middle)
        #expect(ReceptionCoverage.Band.of(meters: 7_619.9) == .middle && ReceptionCoverage.Band.of(meters: 7_620) == .high)
    }

    @Test func aPositionWithoutAltitudeIsCountedApartAndOneOnTheGroundIsLow() {
        var c = ReceptionCoverage(station: Self.station, sectors: 8)
        c.add(AircraftState(icao24: "a", coordinate: Coordinate(validLatitude: 49.5, longitude: 2.55)), at: 1_700_000_000)
        c.add(AircraftState(icao24: "b", coordinate: Coordinate(validLatitude: 49.5, longitude: 2.55), onGround: true), at: 1_700_000_010)
        #expect(c.withoutAltitude == 1 && c.positions == 1 && c.aircraft == 1)
        #expect(c.cells[0][0].count == 1 && c.span == 1_700_000_010...1_700_000_010)
    }

    /// Random positions around the station (out to 450 km, every altitude, some on the ground,
    /// many near the edge of their cell's reach), put in as a receiver hears them.
    @Test(arguments: [8, 36, 360])
    func theFarthestOfEveryCellIsTheFarthestOnTheEllipsoid(_ sectors: Int) {
        var rng = SystemRandomNumberGenerator()
        var coverage = ReceptionCoverage(station: Self.station, sectors: sectors)
        var states: [AircraftState] = []
        for n in 0..<20_000 {
            let distance = Double.random(in: 0...450_000, using: &rng).squareRoot() * 450_000.squareRoot() * (n % 3 == 0 ? 1 : 0.999)
            let point = Geodesic.wgs84.direct(
                from: Self.station, azimuth: Angle(degrees: Double.random(in: 0..<360, using: &rng)), distance: Distance(meters: distance))
            let altitude = Double.random(in: -300...14_000, using: &rng)
            states.append(
                AircraftState(
                    icao24: String(format: "%06x", n % 500), coordinate: point.coordinate, baroAltitude: n % 7 == 0 ? nil : Height(meters: altitude),
                    geoAltitude: Height(meters: altitude + 50), onGround: n % 50 == 0))
        }
        for (n, s) in states.enumerated() { coverage.add(s, at: 1_700_000_000 + Double(n)) }
        // Apart: each position's exact distance; its sector by its bearing on the sphere (the
        // engine's documented bin), its band by pressure altitude, else geometric; ground is low.
        var best = [[Double]](repeating: [-1, -1, -1], count: sectors), counts = [[Int]](repeating: [0, 0, 0], count: sectors)
        let width = 360.0 / Double(sectors)
        for s in states {
            let altitude = s.onGround ? 0 : (s.baroAltitude ?? s.geoAltitude)!.meters
            let band = altitude < 3_048 ? 0 : altitude < 7_620 ? 1 : 2
            let (p1, p2) = (Self.station.latitude * .pi / 180, s.coordinate.latitude * .pi / 180)
            let dl = (s.coordinate.longitude - Self.station.longitude) * .pi / 180
            let bearing = (atan2(sin(dl) * cos(p2), cos(p1) * sin(p2) - sin(p1) * cos(p2) * cos(dl)) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
            let sector = Int(((bearing + width / 2) / width).rounded(.down)) % sectors
            counts[sector][band] += 1
            best[sector][band] = max(best[sector][band], Geodesic.wgs84.inverse(Self.station, s.coordinate).distance.meters)
        }
        for k in 0..<sectors {
            for b in 0..<3 {
                #expect(coverage.cells[k][b].count == counts[k][b], "sector \(k) band \(b)")
                #expect((coverage.cells[k][b].farthest?.distance ?? -1) == best[k][b], "sector \(k) band \(b)")
            }
        }
        #expect(coverage.positions == states.count && coverage.aircraft == 500)
    }
}

/// Heard against the terrain: per cell, farther than an aircraft at the band's ceiling could be
/// is beyond, less far than one at its floor is short, past missing terrain no verdict.
@Suite("Coverage against the terrain")
struct CoverageAgainstTerrainTests {
    static let station = Coordinate(validLatitude: 44.45, longitude: -71.45)

    /// Rings every 10° whose reach at 10,000, 25,000 and 60,000 ft is `reach(bearing, ring)`.
    static func rings(_ reach: (Double, Int) -> (Double, RangeRings.Limit)) -> RangeRings {
        let altitudes = CoverageAgainstTerrain.altitudes
        return RangeRings(
            origin: station, ground: 845, antennaMSL: 855, range: 200_000, azimuthStep: 10, rangeStep: 92.6, earth: .radio,
            rings: altitudes.indices.map { r in
                RangeRings.Ring(
                    altitude: altitudes[r],
                    reaches: stride(from: 0.0, to: 360, by: 10).map { b in
                        let (d, limit) = reach(b, r)
                        return RangeRings.Reach(azimuth: b, distance: d, limit: limit, point: station)
                    })
            })
    }

    /// One heard position `distance` out along `bearing` at `altitude`.
    static func heard(_ coverage: inout ReceptionCoverage, _ bearing: Double, _ distance: Double, _ altitude: Double) {
        let p = Geodesic.wgs84.direct(from: station, azimuth: Angle(degrees: bearing), distance: Distance(meters: distance)).coordinate
        coverage.add(AircraftState(icao24: "abc123", coordinate: p, baroAltitude: Height(meters: altitude)), at: 1_700_000_000)
    }

    @Test func eachCellIsWithinShortOrBeyondTheTerrainsReach() {
        // A ridge hides the east (50–140°, the whole east sector): every altitude reaches only
        // 20, 30, 40 km there; elsewhere 100, 150, 200 km; from 220° the terrain is missing
        // beyond 80 km.
        let rings = Self.rings { b, r in
            if b >= 220 { return (80_000, .noTerrain) }
            return ((b >= 50 && b <= 140 ? [20_000, 30_000, 40_000] : [100_000, 150_000, 200_000])[r], .horizon)
        }
        var c = ReceptionCoverage(station: Self.station, sectors: 4)
        Self.heard(&c, 0, 99_000, 2_000)  // north, low: within (under 100 km)
        Self.heard(&c, 0, 120_000, 5_000)  // north, middle: floor 100 km, ceiling 150 km: within
        Self.heard(&c, 0, 60_000, 9_000)  // north, high: floor 150 km: short
        Self.heard(&c, 90, 35_000, 2_000)  // east, low: ceiling 20 km: beyond
        Self.heard(&c, 90, 30_000, 5_000)  // east, middle: floor 20 km, ceiling 30 km: within
        Self.heard(&c, 180, 100_050, 2_000)  // south, low: within one look of the ceiling
        Self.heard(&c, 270, 90_000, 2_000)  // west, low: past known terrain
        let compared = CoverageAgainstTerrain(c, rings)
        let verdicts = compared.entries.map { $0.map(\.verdict) }
        #expect(verdicts[0] == [.within, .within, .short])
        #expect(verdicts[1] == [.beyond, .within, .unheard])
        #expect(verdicts[2] == [.within, .unheard, .unheard])
        #expect(verdicts[3] == [.unknown, .unheard, .unheard])
        // The floor is the least reach over the sector's bearings, the ceiling the greatest
        // (the north sector's 320–40° holds ridge-free bearings only; the south's 140° is ridge).
        #expect(compared.entries[1][1].floor == 20_000 && compared.entries[1][1].ceiling == 30_000)
        #expect(compared.entries[0][0].floor == nil)
        #expect(compared.count(.unheard) == 5 && compared.count(.within) == 4)
    }
}
