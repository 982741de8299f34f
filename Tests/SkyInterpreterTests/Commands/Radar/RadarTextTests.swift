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
}
