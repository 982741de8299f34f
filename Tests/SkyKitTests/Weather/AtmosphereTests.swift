import Foundation
import SkyTestSupport
import Testing

@testable import SkyKit

/// Humidity, pressure and density altitude, and the altimeter's reading from a pressure
/// altitude, against published figures: the ICAO standard atmosphere (Doc 7488) and the
/// rules of thumb pilots check them with.
@Suite("Atmosphere")
struct AtmosphereTests {
    @Test func relativeHumidityFromTheDewPoint() {
        // Saturation: 100%; the WMO's tables give 52.6% at 20 °C with a 10 °C dew point and
        // 73.9% at 25/20.
        #expect(Atmosphere.relativeHumidity(temperature: 15, dewPoint: 15) == 100)
        #expect(abs(Atmosphere.relativeHumidity(temperature: 20, dewPoint: 10) - 52.6) < 0.3)
        #expect(abs(Atmosphere.relativeHumidity(temperature: 25, dewPoint: 20) - 73.8) < 0.3)
        #expect(abs(Atmosphere.relativeHumidity(temperature: -10, dewPoint: -15) - 66.5) < 1.5)
    }

    @Test func pressureAltitude() {
        let sea = Height(0, .feet)
        #expect(abs(Atmosphere.pressureAltitude(elevation: sea, qnh: Pressure(hectopascals: 1013.25)).feet) < 0.5)
        // About 27 ft per hPa near sea level: 10 hPa below standard is 273 ft up.
        #expect(abs(Atmosphere.pressureAltitude(elevation: sea, qnh: Pressure(hectopascals: 1003.25)).feet - 273) < 3)
        // Denver (5,434 ft) with 30.42 inHg: the altimeter's equation solved for the pressure
        // altitude, PA = (h − c(1 − r)) / r with r = (1013.25 / QNH)^0.190263, gives 4,994 ft;
        // the pilots' rule of thumb (1,000 ft per inch) 4,934 ft.
        let denver = Atmosphere.pressureAltitude(elevation: Height(5434, .feet), qnh: Pressure(inches: 30.42))
        let r = pow(1013.25 / Pressure(inches: 30.42).hectopascals, 0.190263)
        let exact = (Height(5434, .feet).meters - 44_330.8 * (1 - r)) / r
        #expect(abs(denver.meters - exact) < 0.5 && abs(denver.feet - 4934) < 70)
    }

    @Test func densityAltitude() {
        // ISA at 5,000 ft is 5.1 °C; at 30 °C the rule of thumb adds 120 ft per degree: about 8,000 ft.
        let hot = Atmosphere.densityAltitude(elevation: Height(5000, .feet), qnh: Pressure(inches: 29.92), temperature: 30, dewPoint: nil)
        #expect(abs(hot.feet - 8_000) < 200)
        // The standard day gives the field's height.
        let standard = Atmosphere.densityAltitude(elevation: Height(0, .feet), qnh: Pressure(hectopascals: 1013.25), temperature: 15, dewPoint: nil)
        #expect(abs(standard.feet) < 20)
        // Moist air is lighter: a dew point raises the density altitude.
        let moist = Atmosphere.densityAltitude(elevation: Height(0, .feet), qnh: Pressure(hectopascals: 1013.25), temperature: 30, dewPoint: 25)
        let dry = Atmosphere.densityAltitude(elevation: Height(0, .feet), qnh: Pressure(hectopascals: 1013.25), temperature: 30, dewPoint: nil)
        #expect(moist.feet > dry.feet + 200)
    }

    @Test func theAltimetersReadingFromAPressureAltitude() {
        // With the standard setting it reads the pressure altitude.
        #expect(abs(Atmosphere.altimeterReading(pressureAltitude: Height(10_000, .feet), qnh: 1013.25).feet - 10_000) < 0.01)
        // The altimeter's own equation for 1003 hPa: the 1003 hPa level is 277 ft above the
        // standard one, so an aircraft at 2,000 ft pressure altitude is 1,723 ft above the sea.
        let low = Atmosphere.altimeterReading(pressureAltitude: Height(2000, .feet), qnh: 1003)
        #expect(abs(low.feet - (2000 - 277)) < 8)
        // In the standard atmosphere it is exactly the height where the pressure is: check by
        // the pressure at that height with sea level at the QNH.
        for (pa, qnh) in [(0.0, 990.0), (5000, 1030), (35_000, 1003)] {
            let h = Atmosphere.altimeterReading(pressureAltitude: Height(pa, .feet), qnh: qnh).meters
            let p = 1013.25 * pow(1 - Height(pa, .feet).meters / 44_330.8, 1 / 0.190263)
            let expected = 44_330.8 * (1 - pow(p / qnh, 0.190263))
            #expect(abs(h - expected) < 0.01)
        }
    }
}
