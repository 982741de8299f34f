import Foundation
import SkyKit
import Testing

@testable import SkyInterpreter

/// The radar list's words for numbers, against the C library's printf as the reference.
@Suite("Radar text")
struct RadarTextTests {
    /// Every tenth and every half of a degree round the circle, and the edges: three digits as
    /// `%03.0f` writes them (halves to even), 360 written 000, then the compass point.
    @Test func aBearingIsThreeDigitsRoundedAsPrintfRoundsThem() {
        var samples = stride(from: 0.0, to: 360.0, by: 0.1).map { $0 } + stride(from: 0.5, to: 360.0, by: 1.0).map { $0 }
        samples += [359.4999, 359.5, 359.9, 0.49, 1e-9]
        for degrees in samples {
            let angle = Angle(degrees: degrees)
            let b = angle.normalizedBearing.degrees
            let printf = String(format: "%03.0f", b)
            let expected = (printf == "360" ? "000" : printf) + "° " + CompassPoint(bearing: angle.normalizedBearing).rawValue
            #expect(RadarText.bearing(angle) == expected, "\(degrees)°")
        }
    }

    /// A cell whose words are made when read shows what the words made at once show, equals
    /// such a cell, and takes new words like any other.
    @Test func lateWordsAreTheWordsOfTheFormatTheyName() {
        let cases: [(LateText, String)] = [
            (.distance(Distance(meters: 12_345), .metric), Format.distance(Distance(meters: 12_345), .metric)),
            (.height(Height(3_200, .feet), .aviation, pressure: true), Format.height(Height(3_200, .feet), .aviation) + "*"),
            (.speed(Speed(metersPerSecond: 120), .aviation), Format.speed(Speed(metersPerSecond: 120), .aviation)),
            (.degrees(Angle(degrees: 4.25), decimals: 1, hidden: true), Format.degrees(Angle(degrees: 4.25), decimals: 1) + " hidden"),
            (.compassBearing(Angle(degrees: 67.4)), "067° ENE"), (.clock(3), "3 o'clock"),
        ]
        for (late, words) in cases {
            var cell = Cell(.number(1), late: late)
            #expect(cell.text == words)
            #expect(cell == Cell(.number(1), text: words))
            cell.text = "other"
            #expect(cell.text == "other")
        }
    }
}
