import Foundation
import SkyKit

extension Bench {
    /// Viewsheds on the embedded tile from Mount Washington's summit (33 ft up, a target 33 ft
    /// above the ground, 4/3 Earth, 1° × 250 m as SkyQuant asks), at several ranges.
    static func viewshed() {
        let terrain = Terrain(tiles: Terrain.embeddedTile.map { [$0] } ?? [])
        let origin = Coordinate(validLatitude: 44.27056, longitude: -71.30333)
        for km in [50.0, 100, 200, 350, 500] {
            let request = ViewshedRequest(
                origin: origin, observer: LOSHeight(Height(33, .feet), .agl), target: LOSHeight(Height(33, .feet), .agl),
                range: km * 1000, earth: .radio)
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
                "viewshed_\(Int(km))km_ms \(String(format: "%.3f", quantile(times, 0.5) * 1000)) ms samples=\(request.rayCount * request.samplesPerRay) visible=\(String(format: "%.4f", share))"
            )
        }
    }
}
