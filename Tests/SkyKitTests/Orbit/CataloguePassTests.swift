import Foundation
import SkyTestSupport
import Testing

@testable import SkyKit

/// The whole-catalogue pass search: a sample of 40 sets drawn at random from the benchmark's
/// 10,000-set catalogue against skyfield (Scripts/data/catalogue-pass-reference), and highly
/// eccentric orbits against a brute-force elevation scan, so the jumps of the search never skip a pass.
@Suite("Catalogue passes")
struct CataloguePassTests {
    static let start = Date(timeIntervalSince1970: 1_762_732_800)  // 2025-11-10T00:00Z

    /// Within 0.3 s (the issue asked for 2 s; measured worst 0.24 s).
    @Test func aRandomSampleAgreesWithSkyfieldWithinAThirdOfASecond() throws {
        let text = try String(contentsOfFile: Fixtures.directory + "/orbit/catalogue-sample.3le", encoding: .utf8)
        let file = try ElementSetFile.read(Array(text.utf8))
        #expect(file.sets.count == 40 && file.problems.isEmpty)
        let sats = try file.sets.map { try SGP4($0) }
        let rows = try Fixtures.csv("orbit/catalogue-passes.csv").dropFirst()
        var compared = 0, worst = 0.0
        for observer in Set(rows.map { $0[0] }).sorted() {
            let expected = rows.filter { $0[0] == observer }
            let place = Coordinate(validLatitude: Double(expected[0][1])!, longitude: Double(expected[0][2])!)
            let finder = PassFinder(observer: place, height: Double(expected[0][3])!)
            let found = try #require(finder.passes(of: sats, from: Self.start, until: Self.start.addingTimeInterval(86_400)))
            for (sat, result) in zip(sats, found) {
                guard case .passes(let passes) = result else {
                    Issue.record("\(sat.tle.satelliteNumber) could not be followed")
                    continue
                }
                // skyfield lists passes that both rise and set inside the day.
                let complete = passes.filter { $0.rise > Self.start && $0.set.timeIntervalSince1970 < Self.start.timeIntervalSince1970 + 86_400 }
                let reference = expected.filter { $0[4] == String(sat.tle.satelliteNumber) }
                #expect(complete.count == reference.count, "\(observer) \(sat.tle.name ?? ""): \(complete.count) passes, skyfield \(reference.count)")
                for (pass, row) in zip(complete, reference) {
                    let rise = abs(pass.rise.timeIntervalSince1970 - Double(row[5])!), set = abs(pass.set.timeIntervalSince1970 - Double(row[6])!)
                    worst = max(worst, rise, set)
                    #expect(rise <= 0.3 && set <= 0.3, "\(observer) \(sat.tle.name ?? ""): rise off \(rise) s, set off \(set) s")
                    compared += 1
                }
            }
        }
        print("catalogue sample vs skyfield: \(compared) passes, worst \(worst) s")
        #expect(compared == rows.count)
    }

    /// Every pass a scan of the elevation every 2 s finds (Molniya, GTO and a geosynchronous
    /// drifter from the Vallado suite), the search finds too, rise and set within the scan's step.
    @Test func eccentricOrbitsLoseNoPassToTheJumps() throws {
        let suite = try String(contentsOfFile: Fixtures.directory + "/orbit/SGP4-VER.TLE", encoding: .utf8)
        let file = ElementSetFile.tle(suite)
        for number in [8195, 9880, 21897, 22674, 23333, 28129] {
            let tle = try #require(file.sets.first { $0.satelliteNumber == number })
            let sat = try SGP4(tle)
            for place in [Coordinate(validLatitude: 48.85, longitude: 2.35), Coordinate(validLatitude: -33.87, longitude: 151.2)] {
                let finder = PassFinder(observer: place, height: 0)
                let start = tle.epoch
                let passes = try #require(try finder.passes(of: sat, from: start, until: start.addingTimeInterval(2 * 86_400)))
                var scan: [(Double, Double)] = [], rise: Double?, previous = try finder.above(sat, at: start.timeIntervalSince1970).f
                if previous >= 0 { rise = start.timeIntervalSince1970 }
                var t = start.timeIntervalSince1970
                while t < start.timeIntervalSince1970 + 2 * 86_400 {
                    t += 2
                    let f = try finder.above(sat, at: t).f
                    if previous < 0, f >= 0 { rise = t }
                    if previous >= 0, f < 0, let r = rise {
                        scan.append((r, t))
                        rise = nil
                    }
                    previous = f
                }
                let searched = passes.filter { $0.set.timeIntervalSince1970 < t }
                #expect(searched.count == scan.count, "\(number): \(searched.count) passes found, the scan \(scan.count)")
                for (p, s) in zip(searched, scan) {
                    #expect(abs(p.rise.timeIntervalSince1970 - s.0) <= 2 && abs(p.set.timeIntervalSince1970 - s.1) <= 2, "\(number): \(p.rise) vs \(s.0)")
                }
            }
        }
    }

    @Test func brightnessFollowsDistanceAndPhase() {
        // At 1,000 km with the Sun square to the line of sight, the standard magnitude itself.
        let observer = ECEF(x: 0, y: 0, z: 0)
        let sat = ECEF(x: 1_000_000, y: 0, z: 0)
        #expect(abs(Brightness.magnitude(standard: -1.8, satellite: sat, sun: ECEF(x: 1_000_000, y: 1.5e14, z: 0), observer: observer) + 1.8) < 1e-6)
        // Twice as far: 5·log10(2) = 1.505 fainter; fully lit (Sun behind the observer): 2.5·log10(π) = 1.243 brighter.
        #expect(
            abs(
                Brightness.magnitude(standard: -1.8, satellite: ECEF(x: 2_000_000, y: 0, z: 0), sun: ECEF(x: 2_000_000, y: 1.5e14, z: 0), observer: observer)
                    - (-1.8 + 1.50515)) < 1e-4)
        #expect(abs(Brightness.magnitude(standard: -1.8, satellite: sat, sun: ECEF(x: -1.5e14, y: 0, z: 0), observer: observer) - (-1.8 - 1.24285)) < 1e-4)
    }
}
