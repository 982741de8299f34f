import Glibc

/// Waiting without Foundation's `Thread`.
public enum Pause {
    /// Sleeps for `seconds` (nothing for zero, a negative or a non-finite value), resuming
    /// early only when a signal arrives.
    public static func sleep(seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        let whole = min(seconds.rounded(.down), Double(Int32.max))
        var wait = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
        _ = nanosleep(&wait, nil)
    }
}
