import Foundation
import Testing

@testable import SkyKit

/// `next`'s predictions: exact on a recording (checked against the recording read every
/// second), and on straight flight equal to the closed-form closest approach.
@Suite("Pass prediction")
struct PassPredictionTests {
    static let lfpg = Coordinate(validLatitude: 49.0128, longitude: 2.55)
    static let geometry = RadarGeometry(observer: lfpg, height: Height(meters: 119.48))
    /// 13:05 UTC on the Paris sample's day: the radar time of the transcripts.
    static let t0 = 1_633_611_900.0

    func window(from start: Double, seconds: Double) -> TrafficWindow {
        let feed = SampleFeed(.paris)
        return feed.window(from: start, to: start + seconds)!
    }

    /// The recording read every second: each aircraft's nearest straight-line distance and
    /// when, and its elevations.
    func bruteForce(seconds: Double) -> [String: [(t: Double, range: Double, elevation: Double, onGround: Bool)]] {
        var found: [String: [(t: Double, range: Double, elevation: Double, onGround: Bool)]] = [:]
        for t in stride(from: Self.t0, through: Self.t0 + seconds, by: 1) {
            for a in SampleTraffic.paris.snapshot(at: t).aircraft {
                let s = Self.geometry.sight(a)
                guard let enu = s.enu else { continue }
                found[a.icao24, default: []].append((t, enu.range, enu.elevation, a.onGround))
            }
        }
        return found
    }

    @Test func closestApproachesMatchTheRecordingReadEverySecond() throws {
        let predictor = PassPredictor(Self.geometry)
        let passes = try predictor.passes(
            window(from: Self.t0, seconds: 600), kind: .closest, after: Self.t0, until: Self.t0 + 600, within: Distance(50, .kilometers))
        #expect(passes.count >= 10)
        let truth = bruteForce(seconds: 600)
        var worstRange = 0.0, worstAtTime = 0.0
        for p in passes {
            let samples = try #require(truth[p.icao24])
            let nearest = try #require(samples.min { $0.range < $1.range })
            // The prediction follows the recording's own points with straight flight between
            // them: read every second, the recording is never nearer, and at most a second's
            // flight farther; at the predicted second it is where the prediction says.
            worstRange = max(worstRange, nearest.range - p.slantRange.meters)
            #expect(p.slantRange.meters <= nearest.range + 1, "\(p.name): \(p.slantRange.meters) m against \(nearest.range) m")
            let then = try #require(samples.min { abs($0.t - p.time) < abs($1.t - p.time) })
            worstAtTime = max(worstAtTime, abs(then.range - p.slantRange.meters))
        }
        #expect(worstRange <= 60, "worst distance difference \(worstRange) m")
        #expect(worstAtTime <= 60, "worst difference at the predicted second \(worstAtTime) m")
        // In time order, all after the radar time, none on the ground.
        #expect(passes.map(\.time) == passes.map(\.time).sorted())
        #expect(passes.allSatisfy { $0.time > Self.t0 && !$0.aircraft.onGround })
        // The nearest of them: SWR63M and AFR054 pass within about 2 km of Charles de Gaulle.
        let nearest = try #require(passes.min { $0.slantRange < $1.slantRange })
        #expect(nearest.slantRange.meters < 2_500)
    }

    @Test func risesAboveAnElevationAreWhereTheRecordingCrossesIt() throws {
        let predictor = PassPredictor(Self.geometry)
        let passes = try predictor.passes(
            window(from: Self.t0, seconds: 600), kind: .above(Angle(degrees: 30)), after: Self.t0, until: Self.t0 + 600, within: Distance(50, .kilometers))
        #expect(passes.count >= 2)
        let truth = bruteForce(seconds: 600)
        for p in passes {
            #expect(abs(p.elevation.degrees - 30) < 0.01)
            let samples = try #require(truth[p.icao24])
            // A second before, it was below 30°; a second after, above (within the 0.1° the
            // interpolated recording allows).
            let before = try #require(samples.last { $0.t <= p.time - 1 })
            let after = try #require(samples.first { $0.t >= p.time + 1 })
            #expect(before.elevation < 30.1 && after.elevation > 29.9, "\(p.name) at \(p.time): \(before.elevation)° then \(after.elevation)°")
            #expect(p.highest.degrees >= 30)
        }
    }

    @Test func theHighestPointIsTheRecordingsHighest() throws {
        let predictor = PassPredictor(Self.geometry)
        let passes = try predictor.passes(
            window(from: Self.t0, seconds: 600), kind: .overhead, after: Self.t0, until: Self.t0 + 600, within: Distance(50, .kilometers))
        let truth = bruteForce(seconds: 600)
        for p in passes {
            let highest = try #require(truth[p.icao24]?.max { $0.elevation < $1.elevation })
            #expect(abs(highest.elevation - p.elevation.degrees) < 0.3, "\(p.name): \(p.elevation.degrees)° against \(highest.elevation)°")
        }
    }

    /// An observer at 47° N 8° E, 400 m up, and an aircraft east of them at 2,000 m, 100 m/s.
    static let swiss = Coordinate(validLatitude: 47, longitude: 8)
    let swissGeometry = RadarGeometry(observer: swiss, height: Height(meters: 400))
    func east(_ meters: Double, track: Double) -> AircraftState {
        let start = Geodesic.wgs84.direct(from: Self.swiss, azimuth: Angle(degrees: 90), distance: Distance(meters: meters)).coordinate
        return AircraftState(icao24: "a", coordinate: start, baroAltitude: Height(meters: 2_000), groundSpeed: Speed(metersPerSecond: 100), track: track)
    }

    @Test func straightFlightMatchesTheClosedFormClosestApproach() throws {
        // An airliner 20 km east and 8 km north of the observer at 3,000 m, flying 250° at 130 m/s,
        // descending 4 m/s.
        let geometry = swissGeometry
        let start = Geodesic.wgs84.direct(from: Self.swiss, azimuth: Angle(degrees: 68.2), distance: Distance(meters: 21_541)).coordinate
        let plane = AircraftState(
            icao24: "abc123", callsign: "TEST1", coordinate: start, baroAltitude: Height(meters: 3_000), groundSpeed: Speed(metersPerSecond: 130),
            track: 250, verticalRate: -4)
        let now = 1_700_000_000.0
        let window = TrafficWindow.extrapolating(TrafficSnapshot(time: now, aircraft: [plane]), for: 600, step: 5)
        #expect(window.extrapolated)
        let pass = try #require(
            try PassPredictor(geometry).passes(window, kind: .closest, after: now, until: now + 600, within: Distance(50, .kilometers)).first)
        let motion = try #require(RelativeMotion(geometry.sight(plane)))
        let t = motion.timeToClosest
        #expect(t > 0)
        // The closed form flies a straight line in the local frame; the prediction a geodesic
        // over the curved Earth: they agree to a second and a few tens of metres over 20 km.
        #expect(abs(pass.time - now - t) < 2, "prediction \(pass.time - now) s, closed form \(t) s")
        #expect(abs(pass.slantRange.meters - motion.offset(after: t).range) < 50)
    }

    /// Leaving out the aircraft that cannot reach the observer, and reading a flown aircraft's
    /// samples coarse first (every √count, 1, 5, 40 or 100 samples), changes no pass — not its moment,
    /// its distance nor its highest point — from reading every sample of every aircraft:
    /// 2,000 aircraft drawn at random (a fixed seed) from 0 to 3,000 km away, fast and slow,
    /// climbing and descending, a third flying towards the observer, over half an hour and
    /// over ten minutes, for every kind of pass — and most are left out on the way.
    @Test func aircraftOutOfReachAreLeftOutWithoutChangingAPass() throws {
        var seed: UInt64 = 20_261_207
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let now = 1_700_000_000.0
        var aircraft: [AircraftState] = []
        for k in 0..<2_000 {
            let bearing = next() * 360, away = 3_000_000 * next() * next()
            let place = Geodesic.wgs84.direct(from: Self.lfpg, azimuth: Angle(degrees: bearing), distance: Distance(meters: away)).coordinate
            // A third head for the observer, within 20° of the way to it.
            let track = k % 3 == 0 ? (bearing + 180 + 40 * (next() - 0.5)).truncatingRemainder(dividingBy: 360) : next() * 360
            aircraft.append(
                AircraftState(
                    icao24: String(format: "%06x", 0x400000 + k), coordinate: place, baroAltitude: Height(meters: 300 + 12_000 * next()),
                    groundSpeed: Speed(metersPerSecond: k % 7 == 0 ? 0 : 60 + 250 * next()), track: track, verticalRate: 20 * (next() - 0.5)))
        }
        let everySample = PassPredictor(Self.geometry, reading: .all)
        var walked: [Int] = []
        for (seconds, reach) in [(1_800.0, 50.0), (600.0, 150.0)] {
            let window = TrafficWindow.extrapolating(TrafficSnapshot(time: now, aircraft: aircraft), for: seconds, step: 5)
            for kind in [PassKind.closest, .overhead, .above(Angle(degrees: 30))] {
                let within = Distance(reach, .kilometers)
                let all = try everySample.passes(window, kind: kind, after: now, until: now + seconds, within: within, prune: false)
                #expect(!all.isEmpty, "the test has passes to lose")
                for reading in [SampleReading.balanced, .coarse(every: 1), .coarse(every: 5), .coarse(every: 40), .coarse(every: 100)] {
                    let found = try PassPredictor(Self.geometry, reading: reading).passes(
                        window, kind: kind, after: now, until: now + seconds, within: within)
                    func same(_ a: PredictedPass, _ b: PredictedPass) -> Bool {
                        (a.icao24, a.time, a.slantRange.meters, a.elevation.degrees, a.highest.degrees)
                            == (b.icao24, b.time, b.slantRange.meters, b.elevation.degrees, b.highest.degrees)
                    }
                    #expect(found.count == all.count && zip(found, all).allSatisfy(same), "\(kind) over \(seconds) s, \(reading)")
                }
            }
            walked.append((0..<window.count).count { window.mayReach($0, Self.lfpg, within: Distance(reach, .kilometers)) })
        }
        #expect(walked[0] < 1_500 && walked[1] < 1_000, "most aircraft are left out: \(walked) walked of 2,000 each time")
    }

    /// The bound that spares the golden-section search is one: no point of a segment, read
    /// every thousandth of it, is higher (segments above and below the observer, across it).
    @Test func noPointOfASegmentIsAboveItsElevationBound() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            func point() -> ENU {
                ENU(
                    east: Double.random(in: -20_000...20_000, using: &generator), north: Double.random(in: -20_000...20_000, using: &generator),
                    up: Double.random(in: -2_000...12_000, using: &generator))
            }
            let a = point(), b = point()
            let bound = PassPredictor.elevationBound(a, b)
            let top = (0...1_000).map { PassPredictor.mix(a, b, Double($0) / 1_000).elevation }.max()!
            #expect(top <= bound + 1e-9, "\(a) → \(b): \(top)° above the bound \(bound)°")
        }
    }

    @Test func anAircraftFlyingAwayHasNoPassAhead() throws {
        let away = east(5_000, track: 90)
        let window = TrafficWindow.extrapolating(TrafficSnapshot(time: 0, aircraft: [away]), for: 300, step: 5)
        #expect(try PassPredictor(swissGeometry).passes(window, kind: .closest, after: 0, until: 300, within: Distance(50, .kilometers)).isEmpty)
        #expect((RelativeMotion(swissGeometry.sight(away))?.timeToClosest ?? 0) < 0)
    }

    @Test func anAircraftStillComingNearerWhenTheWindowEndsHasNoPassYet() throws {
        let coming = east(30_000, track: 270)
        // 300 s at 100 m/s: still coming at the end of 2 minutes, overhead after 5.
        let short = TrafficWindow.extrapolating(TrafficSnapshot(time: 0, aircraft: [coming]), for: 120, step: 5)
        #expect(try PassPredictor(swissGeometry).passes(short, kind: .closest, after: 0, until: 120, within: Distance(50, .kilometers)).isEmpty)
        let long = TrafficWindow.extrapolating(TrafficSnapshot(time: 0, aircraft: [coming]), for: 600, step: 5)
        let pass = try #require(try PassPredictor(swissGeometry).passes(long, kind: .closest, after: 0, until: 600, within: Distance(50, .kilometers)).first)
        #expect(abs(pass.time - 300) < 1 && abs(pass.slantRange.meters - 1_600) < 20)
        // Rising through 30° is a moment, not a peak: it is found even in the short window
        // when it happens inside it.
        let rising = try PassPredictor(swissGeometry).passes(long, kind: .above(Angle(degrees: 30)), after: 0, until: 600, within: Distance(50, .kilometers))
        #expect(rising.count == 1 && rising[0].time < 300)
    }

    @Test func extrapolationFliesAlongTheTrack() {
        let a = AircraftState(
            icao24: "a", coordinate: Coordinate(validLatitude: 45, longitude: 5), baroAltitude: Height(meters: 1_000), groundSpeed: Speed(metersPerSecond: 200),
            track: 30, verticalRate: 10)
        let b = a.extrapolated(by: 60)
        let g = Geodesic.wgs84.inverse(a.coordinate, b.coordinate)
        #expect(abs(g.distance.meters - 12_000) < 0.01)
        #expect(abs(g.initialAzimuth.degrees - 30) < 1e-6)
        #expect(abs((b.baroAltitude?.meters ?? 0) - 1_600) < 1e-9)
        // Without a speed it stays where it is.
        let parked = AircraftState(icao24: "b", coordinate: Coordinate(validLatitude: 45, longitude: 5))
        #expect(parked.extrapolated(by: 60).coordinate == parked.coordinate)
    }

    @Test func lookDirectionsMeasureTheAngleBetweenSightLines() {
        // Along one compass direction the angle is the difference in elevation; across the sky
        // on the horizon, 180°; from the zenith every direction at elevation e is 90° − e away.
        #expect(abs(LookDirection.separation(Angle(degrees: 40), Angle(degrees: 10), Angle(degrees: 40), Angle(degrees: 35)).degrees - 25) < 1e-9)
        #expect(abs(LookDirection.separation(Angle(degrees: 0), Angle(degrees: 0), Angle(degrees: 180), Angle(degrees: 0)).degrees - 180) < 1e-9)
        #expect(abs(LookDirection.separation(Angle(degrees: 0), Angle(degrees: 90), Angle(degrees: 123), Angle(degrees: 20)).degrees - 70) < 1e-9)
        // Without an elevation, only the turn counts.
        let g = RadarGeometry(observer: Coordinate(validLatitude: 48, longitude: 2), height: Height(meters: 0))
        let east = g.sight(AircraftState(icao24: "e", coordinate: Coordinate(validLatitude: 48, longitude: 2.2), baroAltitude: Height(meters: 3000)))
        let north = g.sight(AircraftState(icao24: "n", coordinate: Coordinate(validLatitude: 48.2, longitude: 2), baroAltitude: Height(meters: 9000)))
        let parked = g.sight(AircraftState(icao24: "p", coordinate: Coordinate(validLatitude: 48, longitude: 2.1), onGround: true))
        let look = LookDirection(azimuth: Angle(degrees: 80))
        #expect(look.nearest([north, east, parked]).map(\.sighting.aircraft.icao24) == ["e", "n"])
        #expect(abs((look.offset(east)?.degrees ?? 0) - 10) < 0.2)
    }
}
