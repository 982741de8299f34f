import Foundation
import SkyKit

extension Bench {
    /// SGP4 propagations per second: the built-in ISS elements (near Earth) and a Molniya
    /// orbit (deep space, 12-hour resonance), 200,000 times each over three days.
    static func sgp4() {
        let molniya = try! TLE.parse(
            line1: "1 08195U 75081A   06176.33215444  .00000099  00000-0  11873-3 0   813",
            line2: "2 08195  64.1586 279.0717 6877146 264.7651  20.2257  2.00491383225656", checksums: false)
        for (name, tle) in [("near_earth", TLE.builtInISS), ("deep_space", molniya)] {
            guard let p = try? SGP4(tle) else { fatalError("cannot initialise \(name)") }
            let n = 200_000
            var best = Double.infinity
            var checksum = 0.0
            for _ in 0..<5 {
                let t0 = now()
                for k in 0..<n {
                    if let s = try? p.propagate(minutes: Double(k) * 4320 / Double(n)) { checksum += s.position.x }
                }
                best = min(best, now() - t0)
            }
            print("sgp4_\(name)_per_s \(String(format: "%.0f", Double(n) / best)) props/s n=\(n) check=\(String(format: "%.3f", checksum))")
        }
    }
}
