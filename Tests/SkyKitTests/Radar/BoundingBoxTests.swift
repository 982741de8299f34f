import SkyKit
import Testing

/// The OpenSky request box: rounding for privacy, latitude-corrected spans, the antimeridian.
@Suite("OpenSky bounding boxes")
struct BoundingBoxTests {
    @Test func theObserverIsRoundedToATenthOfADegree() {
        #expect(OpenSkyFeed.rounded(Coordinate(validLatitude: 48.8566, longitude: 2.3522)) == Coordinate(validLatitude: 48.9, longitude: 2.4))
        #expect(OpenSkyFeed.rounded(Coordinate(validLatitude: -33.8688, longitude: 151.2093)) == Coordinate(validLatitude: -33.9, longitude: 151.2))
        // Two observers in the same 0.1° cell send the same request.
        let a = OpenSkyFeed.boxes(around: Coordinate(validLatitude: 48.861, longitude: 2.351), range: Distance(50, .kilometers))
        let b = OpenSkyFeed.boxes(around: Coordinate(validLatitude: 48.889, longitude: 2.449), range: Distance(50, .kilometers))
        #expect(a == b)
    }

    @Test func spansAreCorrectedForLatitudeAndWidenedByTheRounding() throws {
        let box = try #require(OpenSkyFeed.boxes(around: Coordinate(validLatitude: 60, longitude: 10), range: Distance(100, .kilometers)).first)
        // 100 km is 0.898° of latitude and 1.792° of longitude at 60°N; plus 0.05° each side.
        #expect(abs((box.lamax - box.lamin) / 2 - 0.9476) < 0.0005)
        #expect(abs((box.lomax - box.lomin) / 2 - 1.8421) < 0.0005)
        #expect(box.description == "lamin=59.0524&lomin=8.1579&lamax=60.9476&lomax=11.8421")
    }

    @Test func aBoxAcrossTheAntimeridianIsSplitInTwo() {
        let boxes = OpenSkyFeed.boxes(around: Coordinate(validLatitude: -17.75, longitude: 179.9), range: Distance(100, .kilometers))
        #expect(boxes.count == 2)
        #expect(boxes[0].lomax == 180 && boxes[1].lomin == -180)
        #expect(boxes[0].lomin > 178 && boxes[1].lomax < -178)
        let west = OpenSkyFeed.boxes(around: Coordinate(validLatitude: 52, longitude: -179.95), range: Distance(50, .kilometers))
        #expect(west.count == 2 && west[0].lomax == 180 && west[1].lomin == -180)
    }

    @Test func nearThePoleTheBoxTakesEveryLongitude() {
        let boxes = OpenSkyFeed.boxes(around: Coordinate(validLatitude: 89.5, longitude: 40), range: Distance(100, .kilometers))
        #expect(boxes == [BoundingBox(lamin: boxes[0].lamin, lomin: -180, lamax: 90, lomax: 180)])
    }
}
