import Foundation
import Testing

@testable import SkyKit

/// Passes over the real skyline: from a valley the ISS rises when it clears the mountains, not
/// the 0° line — checked second by second against the look angle and the skyline itself.
@Suite("Passes over the terrain's skyline")
struct TerrainHorizonPassTests {
    @Test func riseAndSetAreWhereTheSatelliteClearsTheSkyline() throws {
        let terrain = Terrain(tiles: [try #require(Terrain.embeddedTile)])
        // Littleton, New Hampshire, in the valley west of the White Mountains, eyes 2 m up.
        let place = Coordinate(validLatitude: 44.3062, longitude: -71.7701)
        let ground = try #require(terrain.height(place))
        let skyline = Skyline.compute(terrain: terrain, origin: place, observerMSL: ground + 2)
        #expect((skyline.angles.max() ?? 0) > 3, "the valley has a skyline above 3°")
        let sgp4 = try SGP4(TLE.builtInISS)
        let start = TLE.builtInISS.epoch
        let flat = try #require(try sgp4.passes(observer: place, height: ground + 2, from: start, days: 2))
        let over = try #require(try sgp4.passes(observer: place, height: ground + 2, from: start, days: 2, horizon: skyline.elevation(towards:)))
        #expect(!over.isEmpty && over.count <= flat.count)
        let frame = LocalFrame(latitude: place.latitude, longitude: place.longitude, height: ground + 2)
        func above(_ date: Date) throws -> Bool {
            let look = try sgp4.look(from: frame, at: date)
            return look.elevation >= skyline.elevation(towards: look.azimuth)
        }
        var later = 0
        for pass in over {
            // Brute force: above the skyline one second after rise and before set, below one
            // second before rise and after set.
            let (afterRise, beforeSet) = (try above(pass.rise.addingTimeInterval(1)), try above(pass.set.addingTimeInterval(-1)))
            let (beforeRise, afterSet) = (try above(pass.rise.addingTimeInterval(-1)), try above(pass.set.addingTimeInterval(1)))
            #expect(afterRise && beforeSet && !beforeRise && !afterSet, "\(pass.rise) – \(pass.set)")
            var t = pass.rise.addingTimeInterval(1)
            while t < pass.set.addingTimeInterval(-1) {
                #expect(try above(t), "above the skyline throughout, \(t)")
                t = t.addingTimeInterval(5)
            }
            if let same = flat.first(where: { abs($0.culmination.timeIntervalSince(pass.culmination)) < 60 }) {
                #expect(pass.rise >= same.rise && pass.set <= same.set)
                if pass.rise.timeIntervalSince(same.rise) > 10 { later += 1 }
            }
        }
        #expect(later >= over.count / 2, "most passes rise later over the mountains: \(later) of \(over.count)")
        // The radar's marker: a moment the ISS is above 0° but behind the skyline is no sighting.
        let observer = Observer(place: Place(coordinate: place, name: "Littleton"), altitude: Height(meters: ground + 2))
        var behind: Date?
        var t = start
        while t < start.addingTimeInterval(2 * 86_400), behind == nil {
            let look = try sgp4.look(from: frame, at: t)
            if look.elevation > 0.5, look.elevation < skyline.elevation(towards: look.azimuth) - 0.5 { behind = t }
            t = t.addingTimeInterval(10)
        }
        let hidden = try #require(behind, "some moment of two days puts the ISS behind the mountains")
        #expect(sgp4.sighting(at: hidden, from: observer) != nil)
        #expect(sgp4.sighting(at: hidden, from: observer, horizon: skyline.elevation(towards:)) == nil)
    }
}
