import SkyKit
import Testing

@Suite("Units")
struct UnitTests {
    @Test func lengthsConvert() {
        #expect(Distance(1, .nauticalMiles).meters == 1852)
        #expect(Height(1000, .feet).meters == 304.8)
        #expect(abs(Distance(10, .kilometers).statuteMiles - 6.213711922) < 1e-9)
        #expect(Height.flightLevel(350).feet == 35_000)
        #expect((Distance(meters: 3) + Distance(meters: 4)).meters == 7)
        #expect(Distance(meters: 3) < Distance(meters: 4))
    }

    @Test func speedsConvert() {
        #expect(abs(Speed(100, .knots).value(in: .kilometersPerHour) - 185.2) < 1e-9)
        #expect(abs(Speed(metersPerSecond: 1).value(in: .milesPerHour) - 2.2369362921) < 1e-9)
    }

    @Test func anglesNormalize() {
        #expect(Angle(degrees: -90).normalizedBearing.degrees == 270)
        #expect(Angle(degrees: 720).normalizedBearing.degrees == 0)
        #expect(Angle(degrees: 270).signedTurn.degrees == -90)
        #expect(Angle(degrees: 180).signedTurn.degrees == 180)
        #expect(abs(Angle(radians: .pi).degrees - 180) < 1e-12)
    }

    @Test func compassPoints() {
        #expect(CompassPoint(bearing: Angle(degrees: 67)) == .ENE)
        #expect(CompassPoint(bearing: Angle(degrees: 355)) == .N)
        #expect(CompassPoint(bearing: Angle(degrees: 348.74)) == .NNW)
        #expect(CompassPoint.ENE.words == "east-north-east")
        #expect(CompassPoint.NE.words == "northeast")
        #expect(CompassPoint.S.words == "south")
        #expect(CompassPoint.WSW.bearing.degrees == 247.5)
    }

    @Test func coordinatesValidateAndWrap() {
        #expect(Coordinate(latitude: 91, longitude: 0) == nil)
        #expect(Coordinate(latitude: .nan, longitude: 0) == nil)
        #expect(Coordinate(latitude: 0, longitude: 190)?.longitude == -170)
        #expect(Coordinate(latitude: 0, longitude: -540)?.longitude == -180)
        #expect(Coordinate(latitude: 0, longitude: 180)?.longitude == -180)
    }
}
