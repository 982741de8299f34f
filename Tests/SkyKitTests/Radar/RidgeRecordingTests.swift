import Foundation
import SkyTestSupport
import Testing

@testable import SkyKit

/// The coverage of a recording made by Scripts/data/ridge-recording: a receiver 10 m above a
/// hillside at 44.50 N 71.80 W, aircraft at 1,500 and 3,500 m along every 5° radial, kept only
/// where an exact sight line (written apart, in Python) clears the terrain, and a fault put in
/// on the radials 40–55° (nothing heard beyond 8 km). The coverage must find the hills' shadow
/// to the south and the comparison with the terrain must blame the terrain for it and the
/// receiver for the fault.
@Suite("Coverage of a recording behind a ridge")
struct RidgeRecordingTests {
    static let station = Coordinate(validLatitude: 44.50, longitude: -71.80)

    static func coverage() throws -> ReceptionCoverage {
        var c = ReceptionCoverage(station: station, sectors: 72)
        _ = try c.add(recordingAt: Fixtures.directory + "/radar/ridge.jsonl")
        return c
    }

    @Test func theFarthestOfEachRadialIsWhatTheRecordingHolds() throws {
        let c = try Self.coverage()
        var checked = 0
        for row in try Fixtures.csv("radar/ridge-expected.csv").dropFirst() {
            guard let bearing = Int(row[0]), let altitude = Double(row[1]), let expected = Double(row[2]) else { continue }
            let band = ReceptionCoverage.Band.of(meters: altitude).rawValue
            let farthest = try #require(c.cells[bearing / 5][band].farthest)
            // The script measures along the geodesic it walked; the coverage on the ellipsoid.
            #expect(abs(farthest.distance - expected) < 2, "\(bearing)° at \(Int(altitude)) m: \(farthest.distance) vs \(expected)")
            checked += 1
        }
        #expect(checked == 144)
    }

    @Test func theSouthernShadowIsFoundAndBlamedOnTheTerrainTheFaultOnTheReceiver() throws {
        let c = try Self.coverage()
        let low = ReceptionCoverage.Band.low.rawValue, middle = ReceptionCoverage.Band.middle.rawValue
        let heard = { (bearing: Int) in (c.cells[bearing / 5][low].farthest?.distance ?? 0) / 1000 }
        // The hills to the south: never beyond 21 km from 155° to 215°; 40 km and more in the
        // open north and east (the fault's radials aside).
        #expect(stride(from: 155, through: 215, by: 5).allSatisfy { heard($0) < 21 })
        #expect((stride(from: 0, through: 35, by: 5).map { $0 } + stride(from: 60, through: 145, by: 5).map { $0 }).allSatisfy { heard($0) >= 40 })
        let rings = RangeRings.compute(
            origin: Self.station, antenna: LOSHeight(Height(meters: 10), .agl), altitudes: CoverageAgainstTerrain.altitudes, range: 120_000,
            azimuthStep: 1, rangeStep: ViewshedRequest.groundSpacing, earth: .radio, terrain: Terrain(tiles: [try #require(Terrain.embeddedTile)]))!
        let compared = CoverageAgainstTerrain(c, rings)
        for sector in 0..<72 {
            let bearing = sector * 5
            // The shadow is the terrain's: within what it allows, in both bands.
            #expect(compared.entries[sector][low].verdict == .within, "\(bearing)° low")
            let expected: CoverageAgainstTerrain.Verdict = (40...55).contains(bearing) ? .short : .within
            #expect(compared.entries[sector][middle].verdict == expected, "\(bearing)° middle: \(compared.entries[sector][middle])")
        }
        #expect(compared.count(.short) == 4 && compared.count(.beyond) == 0)
    }
}
