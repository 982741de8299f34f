import FoundationEssentials
import Glibc

/// A path's samples as offsets from the observer, each worked out the first time it is read,
/// and bounds on where the aircraft can be between two coarse samples: a flown aircraft bends
/// away from the straight line between two of its points t seconds apart by at most
/// bend·t²/8 (`TrackPath.bendBound`; under 6 m for a minute at 500 kt), so every sample
/// between coarse samples a and b is within that of the segment a–b, and every point of the
/// segment between two such samples within twice that.
struct PathSamples {
    let path: TrackPath
    let geometry: RadarGeometry
    let count: Int
    /// The samples read first, the first and the last among them.
    let coarse: [Int]
    /// The samples from one coarse sample to the next, both included.
    let stretches: [ClosedRange<Int>]
    /// The path's bend bound (m/s²); nil when nothing bounds it and every stretch is read.
    private let bend: Double?
    private var offsets: [ENU]
    /// Per sample: 0 not read yet, 1 read, 2 read and without an altitude.
    private var read: [UInt8]

    init(_ path: TrackPath, _ geometry: RadarGeometry, reading: SampleReading) {
        self.path = path
        self.geometry = geometry
        count = path.times.count
        bend = reading == .all ? nil : path.bendBound
        let every: Int
        switch reading {
        case _ where bend == nil: every = max(count - 1, 1)
        case .coarse(let n): every = max(1, n)
        default: every = max(1, Int(Double(count).squareRoot()))
        }
        coarse = count == 0 ? [] : Array(Swift.stride(from: 0, to: count - 1, by: every)) + [count - 1]
        stretches = count == 1 ? [0...0] : zip(coarse, coarse.dropFirst()).map { $0...$1 }
        offsets = Array(repeating: ENU(east: 0, north: 0, up: 0), count: count)
        read = Array(repeating: 0, count: count)
    }

    /// Sample `i`'s offset (nil without an altitude), worked out now if it was not yet.
    subscript(i: Int) -> ENU? {
        mutating get {
            if read[i] == 0 {
                let s = path.place(i)
                if let height = s.onGround ? geometry.observerHeight : s.altitude {
                    offsets[i] = geometry.frame.enu(latitude: s.coordinate.latitude, longitude: s.coordinate.longitude, height: height.meters)
                    read[i] = 1
                } else {
                    read[i] = 2
                }
            }
            return read[i] == 1 ? offsets[i] : nil
        }
    }

    /// Sample `i`'s offset if it was read and has one.
    func known(_ i: Int) -> ENU? { read[i] == 1 ? offsets[i] : nil }

    /// The sample after `i`, when the aircraft is taken to fly straight to it (no gap between).
    mutating func next(_ i: Int) -> ENU? {
        i + 1 < count && path.times[i + 1] - path.times[i] <= SampleTraffic.maximumGap ? self[i + 1] : nil
    }

    /// How far (metres) any sample of stretch `j`, or a point of the segment between two of
    /// them, can be from the straight segment between its ends (nil when nothing bounds it or
    /// an end has no offset), and those ends.
    private func ends(_ j: Int) -> (a: ENU, b: ENU, margin: Double)? {
        let ends = stretches[j]
        guard let bend, let a = known(ends.lowerBound), let b = known(ends.upperBound) else { return nil }
        let t = path.times[ends.upperBound] - path.times[ends.lowerBound]
        return (a, b, 2 * bend * t * t / 8 + 0.01)
    }

    /// No point of stretch `j` (its samples and the segments between them) is nearer the
    /// observer than this (metres): the nearest point of the segment between its ends, less
    /// the margin. −∞ when unbounded.
    func nearBound(_ j: Int) -> Double {
        guard let (a, b, margin) = ends(j) else { return -.infinity }
        return PassPredictor.mix(a, b, PassPredictor.nearestFraction(a, b)).range - margin
    }

    /// No point of stretch `j`, nor `PassPredictor.elevationBound` of any segment in it, is
    /// higher in the sky than this (degrees): the bound of the segment between its ends, with
    /// the margin. 90 when unbounded.
    func highBound(_ j: Int) -> Double {
        guard let (a, b, margin) = ends(j) else { return 90 }
        return PassPredictor.elevationBound(a, b, margin: margin)
    }
}
