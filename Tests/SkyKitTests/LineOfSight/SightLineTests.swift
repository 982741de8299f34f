import Foundation
import Testing

@testable import SkyKit

/// The line-of-sight rules on hand-built terrain, where the answer is known in closed form.
@Suite("Line of sight")
struct SightLineTests {
    let origin = Coordinate(validLatitude: 10.5, longitude: 10.5)

    /// Where the visible part of the ray at `azimuth` ends, metres.
    func visibleEnd(_ v: Viewshed, azimuth: Double) -> Double {
        let ray = v.stretches(toward: azimuth)
        return ray.isEmpty ? 0 : v.extent(ray[0]).1
    }

    @Test(arguments: EarthModel.allCases)
    func overFlatGroundTheHorizonIsAtSquareRootOf2kRh(_ earth: EarthModel) throws {
        let terrain = try SyntheticTerrain.terrain { _, _ in 0 }
        let h = 100.0
        let request = ViewshedRequest(
            origin: origin, observer: LOSHeight(Height(meters: h), .agl), target: LOSHeight(Height(meters: 0), .agl),
            range: 80_000, earth: earth, azimuthStep: 45, rangeStep: 50)
        let v = try #require(Viewshed.sweep(request, terrain: terrain))
        let horizon = earth.horizon(height: h)  // 35.7 km, or 41.2 km with k = 4/3
        #expect(abs(horizon - (earth == .trueEarth ? 35_700 : 41_200)) < 100)
        for azimuth in [0.0, 90, 225] {
            #expect(v.stretches(toward: azimuth).count == 1)
            #expect(abs(visibleEnd(v, azimuth: azimuth) - horizon) <= 75, "\(azimuth)°: \(visibleEnd(v, azimuth: azimuth)) m vs \(horizon) m")
        }
        // The sight line to a point just past the horizon grazes the ground.
        let beyond = Geodesic.wgs84.direct(from: origin, azimuth: Angle(degrees: 90), distance: Distance(meters: horizon + 2_000)).coordinate
        let within = Geodesic.wgs84.direct(from: origin, azimuth: Angle(degrees: 90), distance: Distance(meters: horizon - 2_000)).coordinate
        let observer = LOSHeight(Height(meters: h), .agl), target = LOSHeight(Height(meters: 0), .agl)
        #expect(
            try #require(PathCheck.run(terrain: terrain, origin: origin, observer: observer, target: beyond, targetHeight: target, earth: earth)).isClear
                == false)
        #expect(try #require(PathCheck.run(terrain: terrain, origin: origin, observer: observer, target: within, targetHeight: target, earth: earth)).isClear)
    }

    @Test func aRidgeBlocksExactlyTheGroundBehindIt() throws {
        // A 400 m wall across the ray to the north, 0.1° (11.06 km) out, one sample thick.
        let terrain = try SyntheticTerrain.terrain { lat, _ in abs(lat - 10.6) < 0.0005 ? 400 : 0 }
        let earth = EarthModel.trueEarth
        let observer = LOSHeight(Height(meters: 10), .agl), target = LOSHeight(Height(meters: 10), .agl)
        let request = ViewshedRequest(origin: origin, observer: observer, target: target, range: 60_000, earth: earth, azimuthStep: 90, rangeStep: 30)
        let v = try #require(Viewshed.sweep(request, terrain: terrain))
        let ridge = Geodesic.wgs84.inverse(origin, Coordinate(validLatitude: 10.6, longitude: 10.5)).distance.meters
        // Behind the wall a target at 10 m shows again where the sight line over the top comes
        // down to it: (t - drop(d) - h) / d = (H - drop(D) - h) / D.
        let top = (400 - earth.drop(ridge) - 10) / ridge
        var shadowEnd = ridge
        while (10 - earth.drop(shadowEnd) - 10) / shadowEnd < top, shadowEnd < 60_000 { shadowEnd += 1 }
        let north = v.stretches(toward: 0)
        #expect(north.count == 1, "\(north)")
        // With the curvature drop, a 10 m target 11 km behind a 400 m wall stays hidden out to
        // the end of the range: everything behind the wall is blocked, everything before visible.
        #expect(shadowEnd >= 60_000)
        let (_, end) = v.extent(north[0])
        #expect(abs(end - ridge) <= 45, "visible to \(end) m, ridge at \(ridge) m")
        // The other rays see out to where two 10 m horizons meet: 2 √(2R · 10 m) = 22.6 km.
        for azimuth in [90.0, 180, 270] {
            let ray = v.stretches(toward: azimuth)
            #expect(ray.count == 1)
            #expect(abs(v.extent(ray[0]).1 - 2 * earth.horizon(height: 10)) <= 45)
        }
        // The path check agrees, and finds the wall.
        let behind = Coordinate(validLatitude: 10.7, longitude: 10.5)
        let check = try #require(PathCheck.run(terrain: terrain, origin: origin, observer: observer, target: behind, targetHeight: target, earth: earth))
        let hit = try #require(check.firstObstruction)
        #expect(abs(hit.distance - ridge) < 100 && hit.clearance < -100)
        let before = Coordinate(validLatitude: 10.59, longitude: 10.5)
        #expect(try #require(PathCheck.run(terrain: terrain, origin: origin, observer: observer, target: before, targetHeight: target, earth: earth)).isClear)
    }

    @Test func aRidgeBetweenTwoRangeStepsStillHidesTheGroundBehindIt() throws {
        // A 200 m wall one grid row wide 0.05° north (~5.5 km), between the 5 km and 6 km
        // steps of a 1 km sweep: the sweep looks at the ground every ~91 m, so it stops there.
        let terrain = try SyntheticTerrain.terrain { lat, _ in abs(lat - 10.55) < 0.0005 ? 200 : 0 }
        let request = ViewshedRequest(
            origin: origin, observer: LOSHeight(Height(meters: 10), .agl), target: LOSHeight(Height(meters: 10), .agl), range: 20_000,
            earth: .radio, azimuthStep: 90, rangeStep: 1_000)
        #expect(request.plan.looksPerStep == 11)
        let v = try #require(Viewshed.sweep(request, terrain: terrain))
        let wall = Geodesic.wgs84.inverse(origin, Coordinate(validLatitude: 10.55, longitude: 10.5)).distance.meters
        let north = v.stretches(toward: 0)
        #expect(north.count == 1)
        #expect(abs(v.extent(north[0]).1 - wall) <= 100, "visible to \(north), wall at \(wall) m")
        #expect(v.isVisible(distance: 8_000, azimuth: 0) == false)
        // East, with no wall, the same sweep sees out to where the two 10 m horizons meet.
        #expect(v.isVisible(distance: 8_000, azimuth: 90) == true)
    }

    @Test func theDefaultFanIsOneRangeStepApartAtTheRangeWithinItsBudget() {
        // 2π · 40 km / 250 m = 1,006 rays; 5 km would need only 126, so 360; 350 km would need
        // 8,797 but 1.6 million looks afford 380 rays of 1,400 steps looked at three times each.
        #expect(abs(ViewshedRequest.automaticAzimuthStep(range: 40_000, rangeStep: 250) - 360.0 / 1_006) < 1e-9)
        #expect(ViewshedRequest.automaticAzimuthStep(range: 5_000, rangeStep: 250) == 1)
        #expect(abs(ViewshedRequest.automaticAzimuthStep(range: 350_000, rangeStep: 250) - 360.0 / 380) < 1e-9)
        #expect(ViewshedRequest.automaticAzimuthStep(range: 500_000, rangeStep: 250) == 1)
        // The default fan is already its own plan.
        for range in [5_000.0, 40_000, 350_000, 500_000] {
            let request = ViewshedRequest(
                origin: origin, observer: LOSHeight(Height(meters: 10), .agl), target: LOSHeight(Height(meters: 10), .agl), range: range,
                earth: .radio, azimuthStep: ViewshedRequest.automaticAzimuthStep(range: range, rangeStep: 250))
            #expect(request.plan == .init(rays: request.rayCount, looksPerStep: 3), "\(range) m")
        }
    }

    @Test func explicitFineStepsGetRaysOneRangeStepApartAndThreeLooksPerStepWithinTheirBudget() {
        func plan(_ range: Double, _ azimuthStep: Double, _ rangeStep: Double, budget: Int = ViewshedRequest.explicitLookBudget) -> ViewshedRequest.Plan {
            ViewshedRequest(
                origin: origin, observer: LOSHeight(Height(meters: 10), .agl), target: LOSHeight(Height(meters: 10), .agl), range: range,
                earth: .radio, azimuthStep: azimuthStep, rangeStep: rangeStep, lookBudget: budget
            ).plan
        }
        // 0.25° × 90 m over 40 km: 2π · 40 km / 90 m = 2,793 rays of 444 steps looked at three
        // times each: 3.7 million looks, within 4 million.
        #expect(plan(40_000, 0.25, 90) == .init(rays: 2_793, looksPerStep: 3))
        // Over 350 km the steps asked for already need 5.6 million looks: swept as asked.
        #expect(plan(350_000, 0.25, 90) == .init(rays: 1_440, looksPerStep: 1))
        // A coarse fan is filled in as far as the budget goes: 4 M / (160 × 3) = 8,333 > 1,006.
        #expect(plan(40_000, 1, 250) == .init(rays: 1_006, looksPerStep: 3))
        // No budget: exactly the rays and looks asked for.
        #expect(plan(40_000, 0.25, 90, budget: 0) == .init(rays: 1_440, looksPerStep: 1))
    }

    @Test func groundRisingBehindARidgeComesBackIntoSightWhereTheGeometrySays() throws {
        // A flat-topped 200 m wall 0.05° north (three grid rows), then from 0.1° north a slope
        // rising 15 m per 0.001°: hidden behind the wall, the slope shows again where it rises
        // above the line grazing the wall's near edge.
        func ground(_ lat: Double) -> Double {
            if abs(lat - 10.55) < 0.0009 { return 200 }
            return lat > 10.6 ? (lat - 10.6) * 15_000 : 0
        }
        let terrain = try SyntheticTerrain.terrain { lat, _ in Int16(ground(lat).rounded()) }
        let earth = EarthModel.radio
        let observer = LOSHeight(Height(meters: 2), .agl), target = LOSHeight(Height(meters: 0), .agl)
        let request = ViewshedRequest(origin: origin, observer: observer, target: target, range: 30_000, earth: earth, azimuthStep: 90, rangeStep: 25)
        let v = try #require(Viewshed.sweep(request, terrain: terrain))
        let wall = Geodesic.wgs84.inverse(origin, Coordinate(validLatitude: 10.55 - 1.0 / 1200, longitude: 10.5)).distance.meters
        let top = (200 - earth.drop(wall) - 2) / wall
        var reappear = wall + 500  // past the wall itself
        while true {
            let lat = Geodesic.wgs84.direct(from: origin, azimuth: Angle(degrees: 0), distance: Distance(meters: reappear)).coordinate.latitude
            if (ground(lat) - earth.drop(reappear) - 2) / reappear >= top { break }
            reappear += 1
        }
        let north = v.stretches(toward: 0)
        #expect(north.count == 2, "\(north)")
        #expect(abs(v.extent(north[0]).1 - wall) <= 40)
        #expect(abs(v.extent(north[1]).0 - reappear) <= 60, "reappears at \(v.extent(north[1]).0) m, expected \(reappear) m; \(north) wall \(wall)")
    }

    @Test func fromTheBottomOfABowlShapedValleyEverySlopeIsInSight() throws {
        // The ground rises as 5 m × (distance in km)² all round the observer — more curved
        // than the Earth — so a target 2 m above it is in sight everywhere (heights are whole
        // metres, as in SRTM).
        let terrain = try SyntheticTerrain.terrain { lat, lon in
            let x = (lon - 10.5) * 109_500, y = (lat - 10.5) * 110_600
            return Int16(min(8000, 5e-6 * (x * x + y * y)).rounded())
        }
        let request = ViewshedRequest(
            origin: origin, observer: LOSHeight(Height(meters: 2), .agl), target: LOSHeight(Height(meters: 2), .agl),
            range: 20_000, earth: .trueEarth, azimuthStep: 30, rangeStep: 50)
        let v = try #require(Viewshed.sweep(request, terrain: terrain))
        for ray in v.stretches { #expect(ray == [0...request.range]) }
        #expect(abs(v.visibleArea / v.discArea - 1) < 0.01)
        #expect(v.missingSamples == 0)
        // From the rim the near side of the valley floor hides under the rim's own slope only
        // when the ground is convex; this bowl is concave, so a check across it is clear too.
        let across = Coordinate(validLatitude: 10.6, longitude: 10.6)
        #expect(
            try #require(
                PathCheck.run(
                    terrain: terrain, origin: across, observer: LOSHeight(Height(meters: 2), .agl), target: origin,
                    targetHeight: LOSHeight(Height(meters: 2), .agl), earth: .trueEarth)
            ).isClear)
    }

    @Test func samplesOutsideTheTerrainAreUnknownAndKnownSeaIsSeaLevel() throws {
        let terrain = try SyntheticTerrain.terrain { _, _ in 0 }
        // From the tile's east edge, half of every ray's ground is off the tile.
        let edge = Coordinate(validLatitude: 10.5, longitude: 10.9999)
        let request = ViewshedRequest(
            origin: edge, observer: LOSHeight(Height(meters: 1000), .agl), target: LOSHeight(Height(meters: 0), .agl),
            range: 20_000, earth: .radio, azimuthStep: 1, rangeStep: 100)
        let v = try #require(Viewshed.sweep(request, terrain: terrain))
        #expect(abs(v.missingShare - 0.5) < 0.02)
        #expect(abs(v.unknownShare - 0.5) < 0.02, "no terrain is neither visible nor hidden: \(v.unknownShare)")
        #expect(abs(v.visibleArea / v.discArea - 0.5) < 0.02)
        #expect(v.visibility(distance: 10_000, azimuth: 90) == .unknown && v.isVisible(distance: 10_000, azimuth: 90) == nil)
        #expect(v.visibility(distance: 10_000, azimuth: 270) == .visible)
        // The exported GeoJSON carries the unknown area as its own feature, and its share.
        guard case .object(let collection) = v.geoJSON(), case .list(let features)? = collection.first(where: { $0.0 == "features" })?.1 else {
            Issue.record("not a FeatureCollection")
            return
        }
        let names = features.compactMap { $0["properties"]?["name"]?.string }
        #expect(names == ["visible", "unknown", "range", "origin"])
        #expect(features[1]["properties"]?["visibility"]?.string == "unknown")
        // The eastern half, merged from its rays' sectors into one polygon whose edge follows them.
        #expect(features[1]["geometry"]?["coordinates"]?.list?.count == 1, "one area")
        #expect((features[1]["geometry"]?["coordinates"]?.list?.first?.list?.first?.list?.count ?? 0) >= 170, "its outline steps round every eastern ray")
        #expect(features[0]["properties"]?["unknown_share"] == .number(Viewshed.rounded(v.unknownShare, 4)))
        // The same square east of the tile recorded as known sea: sea level, all in sight.
        let withSea = Terrain(tiles: [try SyntheticTerrain.tile(south: 10, west: 10) { _, _ in 0 }], sea: [TileCorner(south: 10, west: 11)])
        let sea = try #require(Viewshed.sweep(request, terrain: withSea))
        #expect(sea.missingShare == 0 && sea.unknownShare == 0)
        #expect(abs(sea.visibleArea / sea.discArea - 1) < 0.02)
    }

    @Test func aPathOverMissingTerrainSaysNothingOfItsClearance() throws {
        // A ridge of 2,000 m on the tile, then a square with no terrain at all.
        let terrain = try SyntheticTerrain.terrain { _, lon in lon > 10.5 ? 2_000 : 0 }
        let origin = Coordinate(validLatitude: 10.5, longitude: 10.1), beyond = Coordinate(validLatitude: 10.5, longitude: 11.9)
        let low = LOSHeight(Height(meters: 10), .agl), high = LOSHeight(Height(meters: 10_000), .msl)
        // Known terrain blocks: blocked, the obstruction where it is known.
        let blocked = try #require(PathCheck.run(terrain: terrain, origin: origin, observer: low, target: beyond, targetHeight: high, earth: .radio))
        #expect(blocked.verdict == .blocked && blocked.firstObstruction?.terrain == 2_000)
        // Nothing known blocks, part is unknown: unknown, and the lowest clearance is over the known part only.
        let over = try #require(
            PathCheck.run(terrain: terrain, origin: origin, observer: LOSHeight(Height(meters: 9_000), .msl), target: beyond, targetHeight: high, earth: .radio)
        )
        #expect(over.verdict == .unknown)
        #expect(over.minimumClearance.map { $0.terrain != nil && $0.coordinate.longitude < 11 } == true)
        #expect(over.points.filter { $0.terrain == nil }.allSatisfy { $0.knownClearance == nil })
        // All of it unknown: no clearance to give, no obstruction to name.
        let nowhere = try #require(
            PathCheck.run(
                terrain: terrain, origin: Coordinate(validLatitude: 10.5, longitude: 11.2), observer: LOSHeight(Height(meters: 10), .msl), target: beyond,
                targetHeight: LOSHeight(Height(meters: 5), .msl), earth: .radio))
        #expect(nowhere.verdict == .unknown && nowhere.minimumClearance == nil && nowhere.firstObstruction == nil)
    }

    @Test func aSweepStopsWhenCancelledAndReportsProgress() throws {
        let terrain = try SyntheticTerrain.terrain { _, _ in 0 }
        let request = ViewshedRequest(
            origin: origin, observer: LOSHeight(Height(meters: 10), .agl), target: LOSHeight(Height(meters: 0), .agl),
            range: 50_000, earth: .radio)
        var seen: [Double] = []
        #expect(Viewshed.sweep(request, terrain: terrain, progress: { seen.append($0) }, cancelled: { seen.count > 3 }) == nil)
        var all: [Double] = []
        _ = Viewshed.sweep(request, terrain: terrain, progress: { all.append($0) })
        #expect(all.first == 0 && all.last == 1 && all == all.sorted())
    }

    @Test func theProfileFollowsTheCurvedEarthSightLine() throws {
        // Over a flat sea the sight line between two 100 m masts 40 km apart sags by the bulge
        // d(D - d) / (2kR) in the middle: 31.4 m with the true Earth.
        let terrain = try SyntheticTerrain.terrain { _, _ in 0 }
        let target = Geodesic.wgs84.direct(from: origin, azimuth: Angle(degrees: 0), distance: Distance(meters: 40_000)).coordinate
        let check = try #require(
            PathCheck.run(
                terrain: terrain, origin: origin, observer: LOSHeight(Height(meters: 100), .agl), target: target,
                targetHeight: LOSHeight(Height(meters: 100), .msl), earth: .trueEarth, samples: 501))
        let middle = try #require(check.point(at: 20_000))
        #expect(abs(middle.sightLine - (100 - 20_000.0 * 20_000 / (2 * EarthModel.radius))) < 0.01)
        #expect(check.isClear)
        #expect(abs(try #require(check.minimumClearance).clearance - middle.clearance) < 0.01)
        #expect(check.points.count == 501 && check.points.last?.coordinate == target)
        // A target given above sea level but under a hill is blocked at the target.
        let hill = try SyntheticTerrain.terrain { _, _ in 500 }
        let buried = try #require(
            PathCheck.run(
                terrain: hill, origin: origin, observer: LOSHeight(Height(meters: 10), .agl), target: target,
                targetHeight: LOSHeight(Height(meters: 100), .msl), earth: .radio))
        #expect(!buried.isClear)
        #expect(
            PathCheck.run(
                terrain: hill, origin: origin, observer: LOSHeight(Height(meters: 10), .agl), target: origin,
                targetHeight: LOSHeight(Height(meters: 100), .msl), earth: .radio) == nil)
    }
}
