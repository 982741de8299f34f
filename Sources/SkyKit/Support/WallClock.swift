/// What a reading of a zone's wall clock stands for: one instant, two in the hour repeated when
/// the clocks go back, or none in the hour skipped when they go forward (as `date` and the
/// `fold` of Python's zoneinfo tell them apart).
public enum WallClockReading: Equatable, Sendable {
    case once(Double)
    /// The repeated hour: the earlier instant (the offset before the change) and the later.
    case twice(Double, Double)
    /// The skipped hour: the reading taken with the offset before the change, and with the
    /// one after (neither is a moment when the clock showed it).
    case skipped(withOffsetBefore: Double, withOffsetAfter: Double)
}

extension ZoneOffsets {
    /// The instants at which the clock of `zone` reads `wallClock` (the reading as seconds
    /// since 1970, as if it were UTC); nil for an unknown zone. The offsets a day before and a
    /// day after give the candidates, and a candidate stands when the zone's offset at it is
    /// the one it was read with (zones change at most once in two days).
    public static func reading(zone: String, wallClock: Double) -> WallClockReading? {
        guard let before = seconds(zone: zone, at: wallClock - 86_400), let after = seconds(zone: zone, at: wallClock + 86_400) else { return nil }
        let early = wallClock - Double(before), late = wallClock - Double(after)
        if before == after { return .once(early) }
        let earlyStands = seconds(zone: zone, at: early) == before, lateStands = seconds(zone: zone, at: late) == after
        switch (earlyStands, lateStands) {
        case (true, true): return .twice(min(early, late), max(early, late))
        case (true, false): return .once(early)
        case (false, true): return .once(late)
        case (false, false): return .skipped(withOffsetBefore: early, withOffsetAfter: late)
        }
    }
}
