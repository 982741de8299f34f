import Foundation
import SkyInterpreter
import SkyKit

/// The in-process benchmarks.
enum Bench {
    /// Monotonic seconds.
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// The median time in seconds of `runs` runs of `body` (`prepare` before each, untimed),
    /// and what the runs returned added up: a result the work cannot be optimised away from.
    static func medianTime(runs: Int, prepare: () -> Void = {}, _ body: () -> Double) -> (seconds: Double, sum: Double) {
        var times: [Double] = []
        var sum = 0.0
        for _ in 0..<runs {
            prepare()
            let t0 = now()
            sum += body()
            times.append(now() - t0)
        }
        return (quantile(times.sorted(), 0.5), sum)
    }

    /// The `p` quantile (0…1) of sorted samples.
    static func quantile(_ sorted: [Double], _ p: Double) -> Double {
        sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    /// A fixed pseudo-random sequence (SplitMix64), so every run measures the same work.
    /// Completion latency over the whole catalog: code and name prefixes of airports, airline
    /// names and codes, aircraft designators, command names.
    static func completion() {
        let shell = Shell.standard()
        let completer = Completer(shell: shell)
        let catalog = shell.catalog
        var rng = SplitMix64(seed: 20_251_110)
        var lines: [String] = []
        for _ in 0..<3000 {
            let a = catalog.airport(at: rng.next(catalog.airportCount))
            let n = 1 + rng.next(4)
            lines.append("airport " + String(a.icao.prefix(n)))
            if let iata = a.iata { lines.append("distance KSFO " + String(iata.prefix(1 + rng.next(3)))) }
            if let word = TextFolding.words(a.name, stopWords: TextFolding.airportStopWords).first {
                lines.append("observer " + String(word.prefix(2 + rng.next(4))))
            }
        }
        for _ in 0..<1500 {
            let al = catalog.airline(at: rng.next(catalog.airlineCount))
            lines.append("airline " + String(al.name.prefix(1 + rng.next(6))).replacingAll(" ", with: ""))
            if let code = al.icao { lines.append("airline " + String(code.prefix(1 + rng.next(3)))) }
        }
        for _ in 0..<1000 {
            let t = catalog.aircraftType(at: rng.next(catalog.aircraftCount))
            lines.append("aircraft " + String(t.designator.prefix(1 + rng.next(4))))
        }
        for name in ["he", "st", "a", "air", "ob", ""] { lines.append(name) }
        for line in lines.prefix(200) { _ = completer.complete(line) }  // warm up
        var timed: [(Double, String)] = []
        timed.reserveCapacity(lines.count)
        var candidates = 0
        for line in lines {
            let start = now()
            candidates += completer.complete(line).candidates.count
            timed.append(((now() - start) * 1e6, line))
        }
        if ProcessInfo.processInfo.environment["SKYBENCH_SLOWEST"] != nil {
            for (t, line) in timed.sorted(by: { $0.0 > $1.0 }).prefix(15) { print("slow \(String(format: "%.0f", t)) us  \(line)") }
        }
        let samples = timed.map(\.0).sorted()
        print("completion_p50 \(String(format: "%.1f", quantile(samples, 0.5))) us n=\(samples.count)")
        print("completion_p99 \(String(format: "%.1f", quantile(samples, 0.99))) us max=\(String(format: "%.1f", samples.last ?? 0)) candidates=\(candidates)")
    }
}
