import SkyKit

extension MomentText {
    /// The instant at which this clock reads `wall` (a reading as seconds since 1970, as if it
    /// were UTC): itself in UTC. A reading in the hour the clocks skip, or in the hour they
    /// repeat, is an error naming both instants it could be, and how to write the one meant.
    func instant(wallClock wall: Double) throws(ValueError) -> Double {
        guard let zone, let reading = ZoneOffsets.reading(zone: zone, wallClock: wall) else { return wall }
        let written = String(CivilTime(wall).text.prefix(16))
        /// The reading with the offset `wall - instant`, and that instant in UTC.
        func read(_ instant: Double) -> (offset: String, utc: String) {
            let t = CivilTime(instant, offset: Int(wall - instant))
            return (t.offsetText.replacingAll("-", with: "−"), TimeText.utc(instant))
        }
        func iso(_ instant: Double) -> String {
            written.replacingAll(" ", with: "T") + CivilTime(instant, offset: Int(wall - instant)).offsetText
        }
        switch reading {
        case .once(let t): return t
        case .twice(let a, let b):
            let (x, y) = (read(a), read(b))
            throw ValueError(
                "\(written) happens twice on the clock of \(zone) (the clocks go back): at \(x.offset) it is \(x.utc), at \(y.offset) "
                    + "\(y.utc) — write the time with its offset (\(iso(a)) or \(iso(b)))")
        case .skipped(let a, let b):
            let (x, y) = (read(a), read(b))
            throw ValueError(
                "\(written) does not exist on the clock of \(zone) (the clocks go forward past it): read at \(x.offset) it would be "
                    + "\(x.utc), at \(y.offset) \(y.utc) — write the time with its offset (\(iso(a)) or \(iso(b)))")
        }
    }

    /// The first instant of the day that holds `seconds` on this clock: its midnight, or when
    /// the clocks skip midnight the change itself, or when they repeat it the first of the two.
    func startOfDay(containing seconds: Double) -> Double {
        let offset = Double(local(seconds)?.offset ?? 0)
        let midnight = ((seconds + offset) / 86_400).rounded(.down) * 86_400
        guard let zone, let reading = ZoneOffsets.reading(zone: zone, wallClock: midnight) else { return midnight - offset }
        switch reading {
        case .once(let t), .twice(let t, _): return t
        case .skipped(let before, _): return before
        }
    }

    /// The instant at `clock` seconds after midnight on the day that holds `seconds` on this clock.
    func instant(clock: Double, onTheDayOf seconds: Double) throws(ValueError) -> Double {
        let offset = Double(local(seconds)?.offset ?? 0)
        return try instant(wallClock: ((seconds + offset) / 86_400).rounded(.down) * 86_400 + clock)
    }
}
