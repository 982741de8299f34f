import Foundation

/// Work shared between the processor's cores: `parts` pieces, each computed on its own and
/// returned in order. Each worker writes only its own slot.
public enum Parallel {
    /// How many cores there are to share work between.
    public static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// `work(0) … work(parts - 1)`, run at the same time, in order.
    static func map<T>(_ parts: Int, _ work: (Int) -> T) -> [T] {
        guard parts > 1 else { return (0..<parts).map(work) }
        var results = [T?](repeating: nil, count: parts)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = SharedPointer(base: buffer.baseAddress!)
            withoutActuallyEscaping(work) { work in
                let shared = Shared(work: work)
                DispatchQueue.concurrentPerform(iterations: parts) { n in slots.base[n] = shared.work(n) }
            }
        }
        return results.map { $0! }
    }

    /// `[work(0), …, work(count - 1)]`, the indices shared between the cores in runs of `run`
    /// taken in turn, so a core that starts late (a sleeping one can take milliseconds to wake)
    /// takes fewer runs instead of holding up the rest. Each result is written once, straight
    /// into its place.
    static func array<T>(count: Int, run requested: Int, _ work: (Int) -> T) -> [T] {
        let run = max(1, requested)
        let runs = (count + run - 1) / run
        guard runs > 1, cores > 1 else { return (0..<count).map(work) }
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = SharedPointer(base: buffer.baseAddress!)
            withoutActuallyEscaping(work) { work in
                let shared = Shared(work: work)
                DispatchQueue.concurrentPerform(iterations: runs) { r in
                    for i in (r * run)..<min(count, (r + 1) * run) { (slots.base + i).initialize(to: shared.work(i)) }
                }
            }
            initialized = count
        }
    }

    /// Storage the workers write, each only its own part of it.
    struct SharedPointer<T>: @unchecked Sendable {
        let base: UnsafeMutablePointer<T>
    }

    private struct Shared<T>: @unchecked Sendable {
        let work: (Int) -> T
    }
}
