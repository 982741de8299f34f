import Foundation
import SkyTestSupport
import Testing

@testable import SkyKit

/// The viewshed's definition of visible is the exact sight line of `los check`: a fine sweep
/// must agree with path checks to random points on real terrain.
@Suite("Viewshed agrees with path checks")
struct AgreementTests {
    @Test func aFineSweepAgreesWithPathChecksOnTheEmbeddedTile() throws {
        let terrain = Terrain(tiles: [try #require(Terrain.embeddedTile)])
        let origin = Coordinate(validLatitude: 44.45, longitude: -71.45)
        let observer = LOSHeight(Height(33, .feet), .agl), target = LOSHeight(Height(meters: 150), .agl)
        let request = ViewshedRequest(
            origin: origin, observer: observer, target: target, range: 40_000, earth: .radio,
            azimuthStep: 0.25, rangeStep: 90, lookBudget: ViewshedRequest.explicitLookBudget)
        let v = try #require(Viewshed.sweep(request, terrain: terrain))
        var rng = SplitMix64(seed: 7)
        var agree = 0, visible = 0, unknown = 0
        let count = 1_000
        for _ in 0..<count {
            // Uniform over the disc (area-weighted distances), not on top of the observer.
            let distance = 40_000 * max(0.02, rng.unit().squareRoot()) * 0.999
            let azimuth = 360 * rng.unit()
            let point = Geodesic.wgs84.direct(from: origin, azimuth: Angle(degrees: azimuth), distance: Distance(meters: distance)).coordinate
            let check = try #require(PathCheck.run(terrain: terrain, origin: origin, observer: observer, target: point, targetHeight: target, earth: .radio))
            // Both say visible, hidden or — off the tile — unknown.
            let line = Geodesic.wgs84.inverse(origin, point)
            let swept = try #require(v.visibility(distance: line.distance.meters, azimuth: line.initialAzimuth.normalizedBearing.degrees))
            let expected: Viewshed.Visibility = check.verdict == .clear ? .visible : check.verdict == .blocked ? .hidden : .unknown
            if swept == expected { agree += 1 }
            if check.verdict == .clear { visible += 1 }
            if check.verdict == .unknown { unknown += 1 }
        }
        let share = Double(agree) / Double(count)
        // Real answers both ways, not a disc that is all hidden or all in sight.
        #expect(visible > 100 && visible < 900, "\(visible) of \(count) visible")
        #expect(unknown > 10, "the disc crosses the tile's east edge: \(unknown) points unknown")
        #expect(share >= 0.995, "agreement \(share)")
        print("viewshed/check agreement at 0.25°/90 m over 40 km: \(share * 100)% (\(visible) of \(count) points visible)")
    }
}

extension AgreementTests {
    /// Mount Washington's summit, 10 m AGL observer and target, 40 km, true Earth: the share of
    /// 1,000 random points where the sweep and the path check give the same answer.
    static func agreement(
        azimuthStep: Double, rangeStep: Double, lookBudget: Int = ViewshedRequest.automaticLookBudget, seed: UInt64 = 11, onRays: Bool = false,
        count: Int = 1_000
    ) throws -> (Double, Int) {
        let terrain = Terrain(tiles: [try #require(Terrain.embeddedTile)])
        let origin = Coordinate(validLatitude: 44.2706, longitude: -71.3033)
        let observer = LOSHeight(Height(meters: 10), .agl), target = LOSHeight(Height(meters: 10), .agl)
        let request = ViewshedRequest(
            origin: origin, observer: observer, target: target, range: 40_000, earth: .trueEarth, azimuthStep: azimuthStep, rangeStep: rangeStep,
            lookBudget: lookBudget)
        let v = try #require(Viewshed.sweep(request, terrain: terrain))
        var rng = SplitMix64(seed: seed)
        var agree = 0, visible = 0
        for _ in 0..<count {
            let distance = 40_000 * max(0.02, rng.unit().squareRoot()) * 0.999
            let azimuth = onRays ? (360 * rng.unit() / azimuthStep).rounded() * azimuthStep : 360 * rng.unit()
            let point = Geodesic.wgs84.direct(from: origin, azimuth: Angle(degrees: azimuth), distance: Distance(meters: distance)).coordinate
            let check = try #require(
                PathCheck.run(terrain: terrain, origin: origin, observer: observer, target: point, targetHeight: target, earth: .trueEarth))
            let line = Geodesic.wgs84.inverse(origin, point)
            let swept = v.visibility(distance: line.distance.meters, azimuth: line.initialAzimuth.normalizedBearing.degrees)
            let expected: Viewshed.Visibility = check.verdict == .clear ? .visible : check.verdict == .blocked ? .hidden : .unknown
            if swept == expected { agree += 1 }
            if check.verdict == .clear { visible += 1 }
        }
        return (Double(agree) / Double(count), visible)
    }

    /// Ground-level targets are the hard case: sight lines graze the terrain. Along its rays
    /// the sweep looks at the ground every SRTM3 cell or closer, so on the rays it agrees with
    /// the path checks almost everywhere; between rays the margin is linear between the looks
    /// around, so the agreement follows the rays' spacing: the default fan (rays one range step
    /// apart at the range), the fine steps as the command sweeps them (rays one range step
    /// apart at the range and three looks per step, within the explicit budget), and a 1° fan
    /// swept exactly as asked. 4,000 points for the default and the fine steps (±0.1 %
    /// sampling noise), 2,000 for the others; the fine steps' and the default's bounds are the
    /// goals, the others a little under what was measured.
    @Test func groundLevelTargetsFromTheSummitAgreeAsMeasured() throws {
        func percent(_ share: Double) -> String { String(format: "%.2f%%", share * 100) }
        let automatic = ViewshedRequest.automaticAzimuthStep(range: 40_000, rangeStep: 250)
        #expect(abs(automatic - 0.358) < 0.001, "the default fan for 40 km: \(automatic)°")
        let (standard, visible) = try Self.agreement(azimuthStep: automatic, rangeStep: 250, count: 4_000)
        #expect(visible > 600 && visible < 3_400)
        #expect(standard >= 0.98, "default steps: \(standard)")
        let (fine, _) = try Self.agreement(azimuthStep: 0.25, rangeStep: 90, lookBudget: ViewshedRequest.explicitLookBudget, count: 4_000)
        #expect(fine >= 0.995, "fine steps: \(fine)")
        let (degree, _) = try Self.agreement(azimuthStep: 1, rangeStep: 250, lookBudget: 0, count: 2_000)
        #expect(degree >= 0.959, "1° × 250 m: \(degree)")
        let (onRays, _) = try Self.agreement(azimuthStep: 1, rangeStep: 250, lookBudget: 0, onRays: true, count: 2_000)
        #expect(onRays >= 0.99, "1° × 250 m, points on the rays: \(onRays)")
        print(
            "viewshed/check agreement, 10 m AGL target from the summit over 40 km (true Earth): \(percent(standard)) at the default steps "
                + "(\(String(format: "%.3f", automatic))° × 250 m), \(percent(fine)) at 0.25°/90 m, \(percent(degree)) at 1°/250 m,"
                + " \(percent(onRays)) on its rays"
        )
    }
}

/// skyshell's viewshed against GDAL's gdal_viewshed (Wang, Robinson & White reference planes on
/// the tile resampled to a UTM grid), from committed vectors (Scripts/data/viewshed-reference).
@Suite("Viewshed against GDAL")
struct GDALAgreementTests {
    @Test func theSweepAgreesWithGDALOnMostCells() throws {
        let rows = try Fixtures.csv("los/gdal-viewshed.csv").dropFirst()
        #expect(rows.count == 2000)
        let terrain = Terrain(tiles: [try #require(Terrain.embeddedTile)])
        let request = ViewshedRequest(
            origin: Coordinate(validLatitude: 44.45, longitude: -71.45), observer: LOSHeight(Height(meters: 10), .agl),
            target: LOSHeight(Height(meters: 150), .agl), range: 40_000, earth: .radio, azimuthStep: 0.25, rangeStep: 90,
            lookBudget: ViewshedRequest.explicitLookBudget)
        let v = try #require(Viewshed.sweep(request, terrain: terrain))
        var agree = 0, gdalVisible = 0, bothVisible = 0
        for row in rows {
            let point = Coordinate(validLatitude: Double(row[0])!, longitude: Double(row[1])!)
            let gdal = row[2] == "1"
            // Off the tile skyshell knows nothing (GDAL's grid ends there too): counted as not visible.
            let ours = v.isVisible(point) == true
            if ours == gdal { agree += 1 }
            if gdal { gdalVisible += 1 }
            if gdal && ours { bothVisible += 1 }
        }
        let share = Double(agree) / Double(rows.count)
        print(
            "viewshed vs gdal_viewshed at 0.25°/90 m: \(share * 100)% of cells agree; of GDAL's \(gdalVisible) visible "
                + "cells \(bothVisible) are visible here")
        #expect(gdalVisible > 200 && gdalVisible < 1800)
        #expect(share >= 0.983, "agreement with GDAL \(share)")
        #expect(Double(bothVisible) / Double(gdalVisible) >= 0.98)
    }
}

/// The exported GeoJSON is what the viewshed answers: the same random points, tested inside the
/// file's polygons, get the same answers as `visibility` and the same agreement with `los check`
/// (the fine steps, with the budget the command gives explicit steps).
@Suite("Viewshed GeoJSON answers as the sweep")
struct GeoJSONAgreementTests {
    /// Every ring (shells and holes) of the polygons of one feature, as longitude/latitude pairs.
    static func rings(_ collection: [String: Any], name: String) throws -> [[(Double, Double)]] {
        let features = try #require(collection["features"] as? [[String: Any]])
        let feature = try #require(features.first { ($0["properties"] as? [String: Any])?["name"] as? String == name })
        let geometry = try #require(feature["geometry"] as? [String: Any])
        let polygons = try #require(geometry["coordinates"] as? [[[[Double]]]])
        return polygons.flatMap { $0.map { $0.map { ($0[0], $0[1]) } } }
    }

    /// The edges of some rings bucketed by the 0.001° bands of latitude they span, for the
    /// even-odd test (a point is inside when a line from it to the east crosses an odd number
    /// of edges: inside a shell and in none of its holes).
    struct RingIndex {
        var bands: [Int: [((Double, Double), (Double, Double))]] = [:]
        let count: Int

        static func band(_ lat: Double) -> Int { Int((lat * 1000).rounded(.down)) }

        init(_ rings: [[(Double, Double)]]) {
            count = rings.count
            for ring in rings {
                for i in 0..<(ring.count - 1) {
                    let a = ring[i], b = ring[i + 1]
                    for k in Self.band(min(a.1, b.1))...Self.band(max(a.1, b.1)) { bands[k, default: []].append((a, b)) }
                }
            }
        }

        func contains(_ c: Coordinate) -> Bool {
            let (x, y) = (c.longitude, c.latitude)
            var inside = false
            for (a, b) in bands[Self.band(y)] ?? [] where (a.1 > y) != (b.1 > y) && x < a.0 + (y - a.1) * (b.0 - a.0) / (b.1 - a.1) {
                inside.toggle()
            }
            return inside
        }
    }

    @Test func theExportedPolygonsAnswerAsTheSweepAndAsPathChecks() throws {
        let terrain = Terrain(tiles: [try #require(Terrain.embeddedTile)])
        let origin = Coordinate(validLatitude: 44.2706, longitude: -71.3033)
        let observer = LOSHeight(Height(meters: 10), .agl), target = LOSHeight(Height(meters: 10), .agl)
        let request = ViewshedRequest(
            origin: origin, observer: observer, target: target, range: 40_000, earth: .trueEarth, azimuthStep: 0.25, rangeStep: 90,
            lookBudget: ViewshedRequest.explicitLookBudget)
        let v = try #require(Viewshed.sweep(request, terrain: terrain))
        let text = JSONWriter.compact(v.geoJSON())
        let collection = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let visible = RingIndex(try Self.rings(collection, name: "visible")), unknown = RingIndex(try Self.rings(collection, name: "unknown"))
        var rng = SplitMix64(seed: 11)
        var same = 0, agree = 0
        let count = 4_000
        for _ in 0..<count {
            let distance = 40_000 * max(0.02, rng.unit().squareRoot()) * 0.999
            let point = Geodesic.wgs84.direct(from: origin, azimuth: Angle(degrees: 360 * rng.unit()), distance: Distance(meters: distance)).coordinate
            let file: Viewshed.Visibility = visible.contains(point) ? .visible : unknown.contains(point) ? .unknown : .hidden
            let line = Geodesic.wgs84.inverse(origin, point)
            if file == v.visibility(distance: line.distance.meters, azimuth: line.initialAzimuth.normalizedBearing.degrees) { same += 1 }
            let check = try #require(
                PathCheck.run(terrain: terrain, origin: origin, observer: observer, target: point, targetHeight: target, earth: .trueEarth))
            let expected: Viewshed.Visibility = check.verdict == .clear ? .visible : check.verdict == .blocked ? .hidden : .unknown
            if file == expected { agree += 1 }
        }
        print(
            "viewshed GeoJSON (\(text.utf8.count / 1_000_000) MB, \(visible.count) visible rings): \(same) of \(count) points answer as the "
                + "sweep; \(agree) agree with los check"
        )
        // The file's vertices are 0.1 m apart at most from the sweep's geometry.
        #expect(same >= count - 2, "the file and the sweep differ at \(count - same) points")
        // The goal: 99.5 % for ground-level targets on rugged terrain at the fine steps.
        #expect(Double(agree) / Double(count) >= 0.995, "the file agrees with los check at \(agree) of \(count)")
    }
}
