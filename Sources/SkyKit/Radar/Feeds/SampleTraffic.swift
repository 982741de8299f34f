import CSkyData

/// Real ADS-B traffic recorded over a place, embedded in the binary (see Docs/DATA.md), that
/// can be replayed at any moment of its time span: positions between two recorded points are
/// interpolated. (Unchecked Sendable: it only reads read-only data linked into the binary.)
public struct SampleTraffic: @unchecked Sendable {
    /// The recordings that ship with skyshell.
    public enum Name: String, CaseIterable, Sendable, Codable {
        case paris, zurich
    }

    public let name: Name
    /// The place the recording is about ("Paris").
    public let place: String
    public let centre: Coordinate
    /// First and last moments (Unix seconds).
    public let start: Double
    public let end: Double
    /// The minute with the most aircraft in the air: where replays start.
    public let busiest: Double
    let bytes: UnsafeRawBufferPointer
    let trackCount: Int
    let tracksOffset = 52
    let pointsOffset: Int

    /// Tracks and points may leave gaps this long (seconds) and still be interpolated across.
    static let maximumGap = 60.0

    public static let paris = SampleTraffic(.paris)
    public static let zurich = SampleTraffic(.zurich)

    public static func named(_ name: Name) -> SampleTraffic { name == .paris ? paris : zurich }

    /// The recording whose centre is nearest to a place (found from the headers: no recording
    /// is unpacked).
    public static func nearest(to c: Coordinate) -> SampleTraffic {
        named(Name.allCases.min { Geodesic.wgs84.inverse(c, $0.centre).distance < Geodesic.wgs84.inverse(c, $1.centre).distance }!)
    }

    init(_ name: Name) {
        let header = name.header
        func u32(_ o: Int) -> UInt32 { header.loadUnaligned(fromByteOffset: o, as: UInt32.self).littleEndian }
        bytes = name.unpacked()
        self.name = name
        start = Double(u32(8))
        end = Double(u32(8)) + Double(u32(12))
        trackCount = Int(u32(16))
        centre = name.centre
        place = name.place
        busiest = Double(u32(8)) + Double(u32(48))
        pointsOffset = 52 + Int(u32(16)) * 24
    }

    @inline(__always) func u16(_ o: Int) -> UInt16 { bytes.loadUnaligned(fromByteOffset: o, as: UInt16.self).littleEndian }
    @inline(__always) func i16(_ o: Int) -> Int16 { bytes.loadUnaligned(fromByteOffset: o, as: Int16.self).littleEndian }
    @inline(__always) func u32(_ o: Int) -> UInt32 { bytes.loadUnaligned(fromByteOffset: o, as: UInt32.self).littleEndian }
    @inline(__always) func i32(_ o: Int) -> Int32 { bytes.loadUnaligned(fromByteOffset: o, as: Int32.self).littleEndian }

    /// One recorded point.
    struct Point {
        var t: Double, lat: Double, lon: Double
        var altitude: Double?, speed: Double?, track: Double?, rate: Double?
        var onGround: Bool
    }

    func point(_ index: Int) -> Point {
        let o = pointsOffset + index * 20
        let alt = i16(o + 10), gs = u16(o + 12), track = u16(o + 14), rate = i16(o + 16)
        return Point(
            t: Double(u16(o)), lat: Double(i32(o + 2)) / 1e6, lon: Double(i32(o + 6)) / 1e6,
            altitude: alt == Int16.min ? nil : Double(alt) * 2, speed: gs == UInt16.max ? nil : Double(gs) / 10,
            track: track == UInt16.max ? nil : Double(track) / 100, rate: rate == Int16.min ? nil : Double(rate),
            onGround: bytes[o + 18] & 1 != 0)
    }

    /// Every aircraft in the air (or on the ground) at `time`, Unix seconds.
    public func snapshot(at time: Double) -> TrafficSnapshot {
        TrafficSnapshot(time: time, aircraft: (0..<trackCount).compactMap { state(track: $0, at: time - start) })
    }

    /// Every aircraft's path between two moments, as recorded: its state where each moment
    /// cuts its track (interpolated) and its recorded points in between — the recording
    /// itself, for following aircraft through a stretch of time.
    public func tracks(from startTime: Double, to endTime: Double) -> [AircraftTrack] {
        let a = startTime - start, b = endTime - start
        var list: [AircraftTrack] = []
        for k in 0..<trackCount {
            let o = tracksOffset + k * 24
            let first = Double(u16(o + 20)), last = Double(u16(o + 22))
            guard last >= a, first <= b else { continue }
            let base = Int(u32(o)), count = Int(u32(o + 4))
            var moments: [Double] = a >= first ? [a] : []
            for i in 0..<count {
                let t = Double(u16(pointsOffset + (base + i) * 20))
                if t > a, t < b { moments.append(t) }
            }
            if b <= last, b > a { moments.append(b) }
            var track: AircraftTrack?
            for t in moments {
                guard let s = state(track: k, at: t) else { continue }
                if track == nil { track = AircraftTrack(icao24: s.icao24, times: [], states: []) }
                track!.times.append(start + t)
                track!.states.append(s)
            }
            if let track { list.append(track) }
        }
        return list
    }

    /// The state of track `k` at `t` seconds after the start, interpolated between its two
    /// recorded points; nil outside the track or across a gap.
    func state(track k: Int, at t: Double) -> AircraftState? {
        let o = tracksOffset + k * 24
        let first = Double(u16(o + 20)), last = Double(u16(o + 22))
        guard t >= first, t <= last else { return nil }
        let base = Int(u32(o)), count = Int(u32(o + 4))
        // The last point at or before t (the first is: t is not before it).
        let lo = PartitionPoint.last(in: count) { Double(u16(pointsOffset + (base + $0) * 20)) <= t } ?? 0
        let a = point(base + lo)
        let b = lo + 1 < count ? point(base + lo + 1) : a
        guard b.t - a.t <= SampleTraffic.maximumGap else { return nil }
        let f = b.t > a.t ? (t - a.t) / (b.t - a.t) : 0
        func mix(_ x: Double?, _ y: Double?) -> Double? {
            guard let x else { return y }
            guard let y else { return x }
            return x + (y - x) * f
        }
        let near = f < 0.5 ? a : b
        let callsign = String(decoding: bytes[(o + 12)..<(o + 20)], as: UTF8.self).trimmedSpaces
        return AircraftState(
            icao24: String(u32(o + 8), radix: 16).leftPadded(to: 6),
            callsign: callsign.isEmpty ? nil : callsign,
            coordinate: Coordinate(validLatitude: a.lat + (b.lat - a.lat) * f, longitude: a.lon + (b.lon - a.lon) * f),
            baroAltitude: near.onGround ? nil : mix(a.altitude, b.altitude).map { Height($0, .feet) },
            onGround: near.onGround,
            groundSpeed: (near.speed ?? a.speed).map { Speed($0, .knots) },
            track: near.track ?? a.track,
            verticalRate: near.rate.map { $0 * LengthUnit.feet.meters / 60 })
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}

extension SampleTraffic.Name {
    /// The recording as linked into the binary: `SKYTRAF1` and the recording, or `SKYTRAFZ`,
    /// the same 52-byte header and the whole recording gzipped (the larger one: it is unpacked
    /// the first time it is replayed).
    var linked: UnsafeRawBufferPointer {
        var length: UInt = 0
        let blob = self == .paris ? sky_data_traffic_paris(&length) : sky_data_traffic_zurich(&length)
        let raw = UnsafeRawBufferPointer(start: blob, count: Int(length))
        let magic = raw.count >= 52 ? String(decoding: raw[0..<8], as: UTF8.self) : ""
        precondition(magic == "SKYTRAF1" || magic == "SKYTRAFZ", "embedded traffic is damaged")
        return raw
    }

    /// The 52 bytes of the header.
    var header: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: linked[0..<52]) }

    /// The place the recording is about ("Zurich"), from its header.
    public var place: String { String(decoding: header[32..<48].prefix { $0 != 0 }, as: UTF8.self) }

    /// The centre of the recording, from its header.
    public var centre: Coordinate {
        func i32(_ o: Int) -> Int32 { header.loadUnaligned(fromByteOffset: o, as: Int32.self).littleEndian }
        return Coordinate(validLatitude: Double(i32(24)) / 1e6, longitude: Double(i32(28)) / 1e6)
    }

    /// The whole recording: as linked, or unpacked into memory kept for the process's life
    /// (each call unpacks again: `SampleTraffic.init`, run once per recording, is the caller).
    func unpacked() -> UnsafeRawBufferPointer {
        let raw = linked
        guard String(decoding: raw[0..<8], as: UTF8.self) == "SKYTRAFZ" else { return raw }
        guard let unpacked = try? Gzip.decompress(Array(raw[52...]), limit: 64 << 20), unpacked.count >= 52,
            unpacked.starts(with: Array("SKYTRAF1".utf8))
        else { preconditionFailure("embedded traffic is damaged") }
        let kept = UnsafeMutableRawBufferPointer.allocate(byteCount: unpacked.count, alignment: 8)
        kept.copyBytes(from: unpacked)
        return UnsafeRawBufferPointer(kept)
    }
}
