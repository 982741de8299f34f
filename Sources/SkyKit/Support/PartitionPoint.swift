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
}
