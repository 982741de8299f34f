import FoundationEssentials
import Glibc

/// When the sky is dark enough to see satellites: the Sun 6° or more below the horizon
/// (civil twilight's end).
public enum Twilight {
    /// The Sun's elevation that starts the dark, degrees.
    public static let dark = -6.0

    /// The next dark stretch from `start` (from `start` itself when it is dark then) within a
    /// day, to its end (at most a day later): found every 5 minutes, then to the second. Nil
    /// when the Sun stays higher all day (a summer night near the poles).
    public static func night(after start: Date, at observer: Coordinate, height: Double = 0) -> (start: Date, end: Date)? {
        let frame = LocalFrame(latitude: observer.latitude, longitude: observer.longitude, height: height)
        func isDark(_ t: Double) -> Bool {
            let jd = JulianDate.of(Date(timeIntervalSince1970: t))
            return Sun.elevation(of: Sun.position(julianDate: jd), from: frame, julianDate: jd) <= dark
        }
        func edge(_ a: Double, _ b: Double) -> Double {
            var lo = a, hi = b
            let target = isDark(b)
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if isDark(mid) == target { hi = mid } else { lo = mid }
            }
            return hi
        }
        let t0 = start.timeIntervalSince1970
        var from: Double?
        var t = t0
        if isDark(t0) { from = t0 }
        while from == nil, t < t0 + 86_400 {
            let next = t + 300
            if isDark(next) { from = edge(t, next) }
            t = next
        }
        guard let begin = from else { return nil }
        t = begin
        while t < begin + 86_400 {
            let next = t + 300
            if !isDark(next) { return (Date(timeIntervalSince1970: begin), Date(timeIntervalSince1970: edge(t, next))) }
            t = next
        }
        return (Date(timeIntervalSince1970: begin), Date(timeIntervalSince1970: begin + 86_400))
    }
}
