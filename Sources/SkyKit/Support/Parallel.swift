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

    /// Storage the workers write, each only its own part of it.
    struct SharedPointer<T>: @unchecked Sendable {
        let base: UnsafeMutablePointer<T>
    }

    private struct Shared<T>: @unchecked Sendable {
        let work: (Int) -> T
    }
}
