import Foundation
import SkyKit

extension Bench {
    /// Viewsheds on the embedded tile from Mount Washington's summit (33 ft up, a target 33 ft
    /// above the ground, 4/3 Earth, the default steps: 250 m and the automatic azimuth step),
    /// at several ranges.
    static func viewshed() {
        let terrain = Terrain(tiles: Terrain.embeddedTile.map { [$0] } ?? [])
        let origin = Coordinate(validLatitude: 44.27056, longitude: -71.30333)
        for km in [50.0, 100, 200, 350, 500] {
            let request = ViewshedRequest(
                origin: origin, observer: LOSHeight(Height(33, .feet), .agl), target: LOSHeight(Height(33, .feet), .agl),
                range: km * 1000, earth: .radio,
                azimuthStep: ViewshedRequest.automaticAzimuthStep(range: km * 1000, rangeStep: 250), rangeStep: 250)
            var times: [Double] = []
            var share = 0.0
            for _ in 0..<(km > 200 ? 9 : 15) {
                let t0 = now()
                guard let v = Viewshed.sweep(request, terrain: terrain) else { fatalError("the sweep stopped") }
                times.append(now() - t0)
                share = v.visibleArea / v.discArea
            }
            times.sort()
            print(
                "viewshed_\(Int(km))km_ms \(String(format: "%.3f", quantile(times, 0.5) * 1000)) ms "
                    + "looks=\(request.plan.rays * request.samplesPerRay * request.plan.looksPerStep) az=\(String(format: "%.2f", request.azimuthStep)) "
                    + "visible=\(String(format: "%.4f", share))"
            )
        }
    }

    /// A 350 km viewshed over a folder of tiles (SKYBENCH_TILES, from Scripts/bench/gen-tiles.py)
    /// from 43° N 72° W, at the default steps and at 0.25° × 90 m: the first sweep (which reads
    /// the tiles it crosses) and the median of later ones.
    static func viewshedTiles() {
        guard let folder = ProcessInfo.processInfo.environment["SKYBENCH_TILES"] else {
            FileHandle.standardError.write(Data("skybench viewshed-tiles needs SKYBENCH_TILES=<folder of tiles>\n".utf8))
            exit(64)
        }
        let terrain = Terrain.load(directory: folder)
        let origin = Coordinate(validLatitude: 43, longitude: -72)
        let automatic = ViewshedRequest.automaticAzimuthStep(range: 350_000, rangeStep: 250)
        for (name, azimuthStep, rangeStep) in [("default", automatic, 250.0), ("fine", 0.25, 90.0)] {
            let request = ViewshedRequest(
                origin: origin, observer: LOSHeight(Height(33, .feet), .agl), target: LOSHeight(Height(33, .feet), .agl), range: 350_000,
                earth: .radio, azimuthStep: azimuthStep, rangeStep: rangeStep)
            var times: [Double] = []
            var unknown = 0.0
            for _ in 0..<7 {
                let t0 = now()
                guard let v = Viewshed.sweep(request, terrain: terrain) else { fatalError("the sweep stopped") }
                times.append(now() - t0)
                unknown = v.unknownShare
            }
            let first = times[0]
            let later = Array(times.dropFirst()).sorted()
            print(
                "viewshed_tiles_\(name)_ms \(String(format: "%.3f", quantile(later, 0.5) * 1000)) ms first=\(String(format: "%.1f", first * 1000)) "
                    + "looks=\(request.plan.rays * request.samplesPerRay * request.plan.looksPerStep) unknown=\(String(format: "%.4f", unknown))"
            )
        }
    }
}
