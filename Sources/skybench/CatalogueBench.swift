import Foundation
import SkyKit

/// A catalogue like the published one of active satellites, made up with a fixed seed: the
/// shells of the large constellations, sun-synchronous and other low orbits, navigation
/// satellites, geostationary ones and a few highly eccentric orbits.
enum SyntheticCatalogue {
    /// The moment the sets' epochs lead up to (2025-11-10 00:00 UTC).
    static let reference = Date(timeIntervalSince1970: 1_762_732_800)

    /// (count, name, inclination range, height range km or mean motion, eccentricity range)
    struct Family {
        var count: Int, name: String, inclination: ClosedRange<Double>, meanMotion: ClosedRange<Double>, eccentricity: ClosedRange<Double>,
            bstar: ClosedRange<Double>
    }

    static let families: [Family] = [
        Family(
            count: 4_400, name: "STARLINK", inclination: 53.0...53.2, meanMotion: Kepler.meanMotion(height: 560)...Kepler.meanMotion(height: 540),
            eccentricity: 0.0001...0.0003, bstar: 1e-4...6e-4),
        Family(
            count: 1_500, name: "STARLINK", inclination: 43.0...43.1, meanMotion: Kepler.meanMotion(height: 545)...Kepler.meanMotion(height: 525),
            eccentricity: 0.0001...0.0003, bstar: 1e-4...6e-4),
        Family(
            count: 600, name: "STARLINK", inclination: 97.6...97.7, meanMotion: Kepler.meanMotion(height: 570)...Kepler.meanMotion(height: 555),
            eccentricity: 0.0001...0.0003, bstar: 1e-4...6e-4),
        Family(
            count: 640, name: "ONEWEB", inclination: 87.8...87.9, meanMotion: Kepler.meanMotion(height: 1_210)...Kepler.meanMotion(height: 1_190),
            eccentricity: 0.0001...0.0004, bstar: 1e-5...1e-4),
        Family(
            count: 900, name: "SSO", inclination: 97.2...98.8, meanMotion: Kepler.meanMotion(height: 800)...Kepler.meanMotion(height: 480),
            eccentricity: 0.0001...0.003,
            bstar: 1e-5...3e-4),
        Family(
            count: 1_150, name: "LEO", inclination: 0...100, meanMotion: Kepler.meanMotion(height: 1_500)...Kepler.meanMotion(height: 320),
            eccentricity: 0.0001...0.02,
            bstar: 1e-5...8e-4),
        Family(count: 160, name: "GNSS", inclination: 54...65, meanMotion: 1.70...2.13, eccentricity: 0.0005...0.02, bstar: 0...1e-5),
        Family(count: 560, name: "GEO", inclination: 0...15, meanMotion: 1.0025...1.0029, eccentricity: 0.0001...0.001, bstar: 0...1e-5),
        Family(count: 70, name: "MOLNIYA", inclination: 62.8...64.5, meanMotion: 2.005...2.007, eccentricity: 0.65...0.74, bstar: 0...1e-4),
        Family(count: 20, name: "GTO", inclination: 5...28, meanMotion: 2.2...2.4, eccentricity: 0.70...0.73, bstar: 1e-4...1e-3),
    ]

    /// The catalogue: 10,000 sets, epochs up to three days before `reference`.
    static func make() -> [TLE] {
        var random = SplitMix64(seed: 20_251_110)
        var sets: [TLE] = []
        var number = 40_000
        let (year, dayStart) = (25, 314.0)  // 2025-11-10 is day 314
        for family in families {
            for k in 0..<family.count {
                number += 1
                let epochDay = dayStart - random.uniform(0.05, 3)
                let values = (
                    inclination: random.uniform(family.inclination.lowerBound, family.inclination.upperBound),
                    node: random.uniform(0, 360), eccentricity: random.uniform(family.eccentricity.lowerBound, family.eccentricity.upperBound),
                    perigee: random.uniform(0, 360), anomaly: random.uniform(0, 360),
                    meanMotion: random.uniform(family.meanMotion.lowerBound, family.meanMotion.upperBound),
                    bstar: random.uniform(family.bstar.lowerBound, family.bstar.upperBound)
                )
                let lines = try! TLE.lines(
                    satelliteNumber: number, classification: "U", internationalDesignator: "25\(String(format: "%03d", k % 1000))A", epochYear: year,
                    epochDay: epochDay, meanMotionDot: values.bstar * 0.1, meanMotionDotDot: 0, bstar: values.bstar, elementSetNumber: 999,
                    inclination: values.inclination, rightAscension: values.node, eccentricity: values.eccentricity, argumentOfPerigee: values.perigee,
                    meanAnomaly: values.anomaly, meanMotion: values.meanMotion, revolutionNumber: 1)
                sets.append(try! TLE.parse(line1: lines.0, line2: lines.1, name: "\(family.name)-\(k + 1)"))
            }
        }
        return sets
    }
}

extension Bench {
    /// Passes of every object of a 10,000-set catalogue over Paris for 24 hours, best of three;
    /// with a path, the catalogue is also written there as 3LE (for the Python anchors).
    static func cataloguePasses() {
        let sets = SyntheticCatalogue.make()
        if let path = CommandLine.arguments.dropFirst(2).first {
            try! SatelliteCatalog(sets).text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let sats = sets.compactMap { try? SGP4($0) }
        let finder = PassFinder(observer: Coordinate(validLatitude: 48.8566, longitude: 2.3522), height: 35)
        let start = SyntheticCatalogue.reference
        var best = Double.infinity, count = 0, visible = 0, failed = 0
        for _ in 0..<3 {
            let t0 = now()
            let found = finder.passes(of: sats, from: start, until: start.addingTimeInterval(86_400))!
            best = min(best, now() - t0)
            count = 0
            visible = 0
            failed = 0
            for item in found {
                switch item {
                case .passes(let list):
                    count += list.count
                    visible += list.filter(\.visible).count
                case .failed: failed += 1
                }
            }
        }
        print(
            "catalogue_passes_s \(String(format: "%.3f", best)) s sets=\(sats.count) passes=\(count) visible=\(visible) failed=\(failed) "
                + "cores=\(Parallel.cores)"
        )
    }
}
