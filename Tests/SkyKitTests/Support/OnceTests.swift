import Dispatch
import SkyKit
import Synchronization
import Testing

@Suite("Once")
struct OnceTests {
    /// Many threads asking at the same moment get the same value, made once.
    @Test func concurrentReadersShareOneMaking() {
        let makings = Atomic<Int>(0)
        let once = Once<[Int]> {
            makings.add(1, ordering: .relaxed)
            return Array(0..<1_000)
        }
        let sums = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 2_000) { _ in
            let sum = once.value.reduce(0, +)
            sums.withLock { $0.append(sum) }
        }
        #expect(makings.load(ordering: .relaxed) == 1)
        #expect(sums.withLock { $0.count == 2_000 && Set($0) == [499_500] })
    }
}
