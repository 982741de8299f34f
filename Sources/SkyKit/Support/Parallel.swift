import Dispatch
import FoundationEssentials
import Glibc

/// Work shared between the processor's cores: `parts` pieces, each computed on its own and
/// returned in order. Each worker writes only its own slot.
public enum Parallel {
    /// How many cores there are to share work between.
    public static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// `work(0) … work(parts - 1)`, run at the same time, in order: one piece per run.
    static func map<T>(_ parts: Int, _ work: (Int) -> T) -> [T] { array(count: parts, run: 1, work) }

    /// `[work(0), …, work(count - 1)]`, each result written once, straight into its place, the
    /// indices shared between the cores as `runs` shares them.
    static func array<T>(count: Int, run: Int, _ work: (Int) -> T) -> [T] {
        Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            guard count > 0 else { return }
            let slots = SharedPointer(base: buffer.baseAddress!)
            runs(count: count, run: run) { range in
                for i in range { (slots.base + i).initialize(to: work(i)) }
            }
            initialized = count
        }
    }

    /// `body` over the indices 0..<count in runs of `run`, which the cores take in turn, so a
    /// core that starts late (a sleeping one can take milliseconds to wake) takes fewer runs
    /// instead of holding up the rest. One run, or one core, and it is a plain loop.
    static func runs(count: Int, run requested: Int, _ body: (Range<Int>) -> Void) {
        let run = max(1, requested)
        let runs = (count + run - 1) / run
        guard runs > 1, cores > 1 else {
            if count > 0 { body(0..<count) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let shared = Shared(work: body)
            DispatchQueue.concurrentPerform(iterations: runs) { r in shared.work((r * run)..<min(count, (r + 1) * run)) }
        }
    }

    /// Storage the workers write, each only its own part of it.
    struct SharedPointer<T>: @unchecked Sendable {
        let base: UnsafeMutablePointer<T>
    }

    /// A closure the cores call at the same time.
    private struct Shared<Work>: @unchecked Sendable {
        let work: Work
    }
}
