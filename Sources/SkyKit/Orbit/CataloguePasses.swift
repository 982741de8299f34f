import FoundationEssentials
import Glibc

/// What the search found for one satellite of a catalogue.
public enum SatellitePasses: Sendable {
    case passes([SatellitePass])
    /// SGP4 could not follow it over the whole window (it decays, or its elements break down).
    case failed(SGP4Error)
}

extension PassFinder {
    /// The passes of every satellite of a catalogue, the satellites shared between the cores in
    /// batches; `progress` is told how many are done after each batch (on the calling thread).
    /// Nil when cancelled.
    public func passes(
        of satellites: [SGP4], from start: Date, until end: Date, magnitudes: [Int: Double] = Brightness.standardMagnitudes,
        progress: (Int) -> Void = { _ in }, cancelled: () -> Bool = { false }
    ) -> [SatellitePasses]? {
        var results: [SatellitePasses] = []
        results.reserveCapacity(satellites.count)
        let batch = 256
        let parts = max(1, Parallel.cores)
        var from = 0
        while from < satellites.count {
            let to = min(satellites.count, from + batch)
            let chunk = Parallel.map(parts) { part -> [SatellitePasses]? in
                var found: [SatellitePasses] = []
                for i in stride(from: from + part, to: to, by: parts) {
                    let sat = satellites[i]
                    do throws(SGP4Error) {
                        guard
                            let passes = try self.passes(of: sat, from: start, until: end, magnitude: magnitudes[sat.tle.satelliteNumber], cancelled: cancelled)
                        else { return nil }
                        found.append(.passes(passes))
                    } catch {
                        found.append(.failed(error))
                    }
                }
                return found
            }
            // Put the interleaved parts back in catalogue order.
            var merged = [SatellitePasses?](repeating: nil, count: to - from)
            for (part, list) in chunk.enumerated() {
                guard let list else { return nil }
                for (k, item) in list.enumerated() { merged[part + k * parts] = item }
            }
            results += merged.map { $0! }
            from = to
            progress(from)
            if cancelled() { return nil }
        }
        return results
    }
}
