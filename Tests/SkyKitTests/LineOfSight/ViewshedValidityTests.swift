import Foundation
import SkyKit
import SkyTestSupport
import Testing

/// The viewshed's GeoJSON is valid OGC geometry, as an independent implementation judges it:
/// GEOS, through GDAL's `ogrinfo` (SQLite dialect, `ST_IsValid`). Scripts/setup installs
/// gdal-bin; without it the test fails rather than skipping.
@Suite("Viewshed polygons are valid geometry")
struct ViewshedValidityTests {
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let origin: (Double, Double), observer: Double, target: Double, range: Double, step: (Double, Double)?
        var description: String { name }
    }

    static let cases = [
        // The hard case: Mount Washington's summit, 40 km at 0.25° × 90 m, a 10 m AGL target
        // (before: 77,061 polygons, 47 of them crossing themselves, 12 MB).
        Case(name: "summit, fine steps, 10 m target", origin: (44.27056, -71.30333), observer: 10, target: 10, range: 40_000, step: (0.25, 90)),
        // Targets on the ground: many corners exactly at the zero margin.
        Case(name: "summit, ground targets", origin: (44.27056, -71.30333), observer: 10, target: 0, range: 40_000, step: nil),
        Case(name: "valley, ground targets, fine", origin: (44.05, -71.95), observer: 2, target: 0, range: 40_000, step: (0.25, 90)),
        // Most of the disc off the tile: the unknown area is large and ragged.
        Case(name: "near the tile's corner, 100 km", origin: (44.9, -71.05), observer: 10, target: 150, range: 100_000, step: nil),
    ]

    @Test(arguments: cases)
    func everyFeatureIsValid(_ c: Case) throws {
        let terrain = Terrain(tiles: [try #require(Terrain.embeddedTile)])
        let origin = Coordinate(validLatitude: c.origin.0, longitude: c.origin.1)
        let observer = LOSHeight(Height(meters: c.observer), .agl), target = LOSHeight(Height(meters: c.target), .agl)
        // Steps as the command takes them: given, with the budget it gives explicit steps; or its defaults.
        let request =
            c.step.map {
                ViewshedRequest(
                    origin: origin, observer: observer, target: target, range: c.range, earth: .radio, azimuthStep: $0.0, rangeStep: $0.1,
                    lookBudget: ViewshedRequest.explicitLookBudget)
            } ?? ViewshedRequest(origin: origin, observer: observer, target: target, range: c.range, earth: .radio)
        let v = try #require(Viewshed.sweep(request, terrain: terrain))
        let dir = TemporaryDirectory("viewshed-valid")
        let path = dir.path + "/v.geojson"
        let text = JSONWriter.compact(v.geoJSON())
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let sql = "SELECT name, ST_IsValid(geometry) AS ok, ST_IsValidReason(geometry) AS why, ST_NumGeometries(geometry) AS n FROM v"
        let r = ProcessRunner.run("/usr/bin/ogrinfo", ["-q", "-dialect", "SQLite", "-sql", sql, path], environment: ["PATH": "/usr/bin:/bin"], timeout: 120)
        #expect(r.status == 0, "ogrinfo (gdal-bin, which Scripts/setup installs): \(r.stderr)")
        let fields = r.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let names = fields.filter { $0.hasPrefix("name (String) = ") }.map { $0.dropFirst(16) }
        let verdicts = fields.filter { $0.hasPrefix("why (String) = ") }.map { String($0.dropFirst(15)) }
        #expect(names == ["visible", "unknown", "range", "origin"], "\(r.stdout)")
        #expect(verdicts == Array(repeating: "Valid Geometry", count: 4), "\(c): \(verdicts)")
        let counts = fields.filter { $0.hasPrefix("n (Integer) = ") }.compactMap { Int($0.dropFirst(14)) }
        print("viewshed \(c): \(counts.first ?? -1) visible polygons, \(text.utf8.count / 1000) kB, \(verdicts.first ?? "")")
        #expect((counts.first ?? .max) < 2_000, "merged into areas, not a polygon per strip")
    }
}
