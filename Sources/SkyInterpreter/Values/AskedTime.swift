/// A time asked of something that places it itself: a UTC clock time, or an instant.
public enum AskedTime: Sendable, Equatable {
    /// Seconds into a UTC day: the next such time is meant, as the asked thing places it.
    case clock(Double)
    /// Seconds since 1970.
    case instant(Double)
}
