/// Bisection over positions 0..<count that a condition splits in two — where it holds, then
/// where it does not (sorted records and a key: "comes before the key"): the first position
/// where it does not hold, `count` when it holds everywhere. The one binary search of the
/// catalog's sections, the runways, the satellite sets, the zone transitions and the recordings.
public enum PartitionPoint {
    public static func first(in count: Int, where holds: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = low + (high - low) / 2
            if holds(mid) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The last position where `holds` is true (they come first), nil when it holds nowhere: the
    /// last record at or before a moment.
    public static func last(in count: Int, where holds: (Int) -> Bool) -> Int? {
        let end = first(in: count, where: holds)
        return end > 0 ? end - 1 : nil
    }

    /// In positions sorted by key, the one whose key is the one sought: `order(k)` is negative
    /// when position k's key comes before it, zero when it is it. nil when no key is.
    public static func exact(in count: Int, order: (Int) -> Int) -> Int? {
        let k = first(in: count) { order($0) < 0 }
        return k < count && order(k) == 0 ? k : nil
    }
}
