import Synchronization

/// A value made on first use, once, by any thread; once made it is read without a lock.
public final class Once<Value>: @unchecked Sendable {
    private let make: () -> Value
    private let lock = Mutex<Void>(())
    private let ready = Atomic<Bool>(false)
    /// Written once, under the lock, before `ready` is set; read only once `ready` is seen.
    private var stored: Value?

    public init(_ make: @escaping () -> Value) { self.make = make }

    public var value: Value {
        if ready.load(ordering: .acquiring) { return stored.unsafelyUnwrapped }
        return lock.withLock { _ in
            if let stored { return stored }
            let made = make()
            stored = made
            ready.store(true, ordering: .releasing)
            return made
        }
    }
}
